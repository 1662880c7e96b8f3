// An untrusted repository must not run code because an agent asked what changed: the git port
// neutralises the repository's executable configuration (fsmonitor, hooks, external diff and
// textconv drivers, ssh command, pager).
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { tempDir } from '../helpers';
import { diffWorkspace, Repo } from '../diff/gitRepo';

function markerScript(dir: string, marker: string): string {
  const script = path.join(dir, 'evil.sh');
  fs.writeFileSync(script, `#!/bin/sh\necho ran >> '${marker}'\nexit 0\n`, { mode: 0o755 });
  return script;
}

describe('hardening: untrusted repositories', () => {
  it('diff_preview never runs core.fsmonitor, a textconv or external diff driver, nor a hook', async function () {
    if (process.platform === 'win32') this.skip();
    const outside = tempDir('lectern-evil-');
    const marker = path.join(outside, 'marker');
    const script = markerScript(outside, marker);
    const repo = Repo.init();
    repo.write('a.txt', 'one\n').write('.gitattributes', '*.txt diff=evil\n').commitAll();
    repo.git('config', 'core.fsmonitor', script);
    repo.git('config', 'diff.evil.textconv', script);
    repo.git('config', 'diff.external', script);
    repo.git('config', 'core.pager', script);
    repo.write('b.dat', 'filtered\n').write('.gitattributes', '*.txt diff=evil\n*.dat filter=evil\n').commitAll();
    repo.git('config', 'filter.evil.clean', script);
    repo.git('config', 'filter.evil.process', script);
    repo.git('config', 'core.hooksPath', outside);
    fs.copyFileSync(script, path.join(outside, 'post-index-change'));
    fs.chmodSync(path.join(outside, 'post-index-change'), 0o755);
    fs.rmSync(marker, { force: true }); // the commit above may have run the hook
    repo.write('a.txt', 'two\n').write('b.dat', 'changed\n');
    const ws = diffWorkspace(repo.root);
    const summary = await ws.preview({});
    assert.ok(summary.ok, summary.text);
    assert.match(summary.text, /a\.txt/);
    const file = await ws.preview({ target: 'a.txt' });
    assert.ok(file.ok, file.text);
    assert.equal(
      fs.existsSync(marker),
      false,
      `a repository command ran: ${fs.existsSync(marker) ? fs.readFileSync(marker, 'utf8') : ''}`,
    );
  });
});
