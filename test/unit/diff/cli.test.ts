// mode "diff_preview" through the command line (`lectern call` / `lectern session`), git on PATH.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { ToolResponse } from '../../../src/core/ground/contract';
import { Repo } from './gitRepo';

const cli = join(__dirname, '..', '..', '..', 'src', 'cli', 'main.ts');

function lectern(args: string[], input?: string) {
  return spawnSync(process.execPath, ['--import', 'tsx', cli, ...args], { input, encoding: 'utf8' });
}

describe('diff_preview in the CLI', () => {
  it('a summary, then a file preview from its input, in one session; --text prints the model text', () => {
    const repo = Repo.init().write('src/a.ts', 'export const a = 1;\n').commitAll();
    repo.write('src/a.ts', 'export const a = 2;\n').write('b.md', '# b\n');
    const requests = [
      { tool: 'lectern_read', input: { mode: 'diff_preview' } },
      { tool: 'lectern_read', input: { mode: 'diff_preview', target: 'src/a.ts' } },
      { tool: 'dry_run_diff', input: { path: 'b.md' } },
    ];
    const run = lectern(['session', '--root', repo.root], requests.map((r) => JSON.stringify(r)).join('\n') + '\n');
    assert.equal(run.status, 0, run.stderr);
    const [summary, file, legacy] = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line)) as [ToolResponse, ToolResponse, Record<string, unknown>];
    assert.ok(summary.ok, summary.text);
    assert.deepEqual(
      (summary.meta.diff as { entries: { path: string; input: unknown }[] }).entries.map((e) => e.path),
      ['b.md', 'src/a.ts'],
    );
    assert.equal(
      file.content,
      `--- a/src/a.ts\n+++ b/src/a.ts\n${repo.git('diff', 'HEAD', '--', 'src/a.ts').split('\n').slice(4).join('\n')}`,
    );
    assert.equal(legacy.success, true);
    assert.equal(legacy.content, '--- /dev/null\n+++ b/b.md\n@@ -0,0 +1 @@\n+# b\n');
    const text = lectern([
      'call',
      'lectern_read',
      '{"mode":"diff_preview","target":"src/a.ts"}',
      '--root',
      repo.root,
      '--text',
    ]);
    assert.equal(
      text.stdout,
      'src/a.ts · modified (unstaged) · against HEAD · +1 -1 · 1 hunk\n@@ -1 +1 @@\n-export const a = 1;\n+export const a = 2;\n',
    );
  });
});
