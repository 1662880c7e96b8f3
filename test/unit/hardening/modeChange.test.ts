// A mode-only change (chmod +x) is a change: the diff summary and the file preview name it.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import { parseStatusV2 } from '../../../src/node/gitOutput';
import { diffWorkspace, Repo } from '../diff/gitRepo';

describe('hardening: mode-only changes', () => {
  it('parses the modes of porcelain v2 records', async () => {
    const status = await parseStatusV2('1 .M N... 100644 100644 100755 aaa aaa run.sh\0', '/repo');
    assert.equal(
      (await parseStatusV2('1 .M N... 100644 100644 100644 aaa aaa same.sh\0', '/repo')).changes[0]!.mode,
      undefined,
    );
    assert.deepEqual(status.changes[0]!.mode, { head: '100644', index: '100644', worktree: '100755' });
  });

  it('chmod +x is named in the summary and in the file preview', async function () {
    if (process.platform === 'win32') this.skip();
    const repo = Repo.init();
    repo.write('run.sh', 'echo hi\n').commitAll();
    fs.chmodSync(repo.path('run.sh'), 0o755);
    const ws = diffWorkspace(repo.root);
    const summary = await ws.preview({});
    assert.ok(summary.ok, summary.text);
    assert.match(summary.text, /run\.sh.*mode 100644 → 100755/);
    const file = await ws.preview({ target: 'run.sh' });
    assert.ok(file.ok, file.text);
    assert.match(file.text, /mode 100644 → 100755/);
    assert.doesNotMatch(file.text, /unchanged against HEAD/);
  });
});
