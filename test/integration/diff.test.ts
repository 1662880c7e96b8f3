// mode "diff_preview" in the real extension host through vscode.lm.invokeTool, with the built-in git
// extension's API as the source: previews against HEAD and the index, an unsaved buffer, and a
// multi-root workspace with a repository in each folder (alpha and beta).
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { GitExtension } from '../../src/vscode/git';
import { folder, resultText, writeFile } from './helpers';

async function call(tool: string, input: unknown): Promise<string> {
  const result = await vscode.lm.invokeTool(tool, { input: input as object, toolInvocationToken: undefined });
  return resultText(result);
}

function git(cwd: string, ...args: string[]): string {
  return execFileSync(
    'git',
    [
      '-c',
      'core.autocrlf=false',
      '-c',
      'diff.algorithm=myers',
      '-c',
      'diff.indentHeuristic=true',
      '-c',
      'color.ui=false',
      ...args,
    ],
    {
      cwd,
      encoding: 'utf8',
      env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1' },
    },
  );
}

function initRepo(dir: string, files: Record<string, string>): void {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  git(dir, 'init', '-q', '-b', 'main');
  git(dir, 'config', 'user.name', 'Lectern Test');
  git(dir, 'config', 'user.email', 'test@lectern.invalid');
  git(dir, 'config', 'commit.gpgsign', 'false');
  for (const [rel, text] of Object.entries(files)) writeFile(path.join(dir, rel), text);
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'initial');
}

/** The hunk lines of a model-facing answer (from the first "@@" to the footer) or of git's patch. */
function hunks(text: string): string[] {
  const lines = text.split('\n');
  const first = lines.findIndex((l) => l.startsWith('@@'));
  if (first === -1) return [];
  const rest = lines.slice(first);
  const end = rest.findIndex((l) => l.startsWith('[') || l === '');
  return end === -1 ? rest : rest.slice(0, end);
}

const numbered = (n: number, label: string) =>
  Array.from({ length: n }, (_, i) => `${label} ${i + 1}`).join('\n') + '\n';

describe('diff_preview in the extension host (git extension API)', () => {
  let repoA: string;
  let repoB: string;

  before(async () => {
    await vscode.workspace.getConfiguration('files').update('autoSave', 'off', vscode.ConfigurationTarget.Global);
    repoA = path.join(folder('alpha'), 'diff-repo');
    repoB = path.join(folder('beta'), 'diff-repo');
    initRepo(repoA, {
      'src/server.ts': 'export function start(port: number) {\n  return listen(port);\n}\n\n' + numbered(30, '// line'),
      'src/staged.ts': numbered(12, 'const s'),
    });
    initRepo(repoB, { 'lib/util.py': 'def add(a, b):\n    return a + b\n', 'README.md': '# beta repo\n' });
    // alpha: an unstaged edit, a staged-plus-unstaged file, an untracked file.
    writeFile(
      path.join(repoA, 'src/server.ts'),
      'export function start(port: number, host = "127.0.0.1") {\n  return listen(port, host);\n}\n\n' +
        numbered(30, '// line').replace('// line 20\n', '// line 20 (edited)\n'),
    );
    writeFile(path.join(repoA, 'src/staged.ts'), numbered(12, 'const s').replace('const s 3\n', 'const s 3 = 3;\n'));
    git(repoA, 'add', 'src/staged.ts');
    writeFile(
      path.join(repoA, 'src/staged.ts'),
      numbered(12, 'const s').replace('const s 3\n', 'const s 3 = 3;\n').replace('const s 10\n', 'const s 10 = 10;\n'),
    );
    writeFile(path.join(repoA, 'notes.md'), '# notes\n\n- one\n');
    // beta: a deleted file and a modified one.
    fs.rmSync(path.join(repoB, 'README.md'));
    writeFile(path.join(repoB, 'lib/util.py'), 'def add(a, b):\n    """Sum."""\n    return a + b\n');
  });

  it('previews a file against HEAD with the hunks of git diff HEAD', async () => {
    const text = await call('lectern_read', { mode: 'diff_preview', target: 'alpha/diff-repo/src/server.ts' });
    assert.match(
      text,
      /^alpha\/diff-repo\/src\/server\.ts · modified \(unstaged\) · against HEAD · \+3 -3 · 2 hunks$/m,
    );
    assert.deepEqual(hunks(text), hunks(git(repoA, 'diff', 'HEAD', '--', 'src/server.ts')));
  });

  it('the git extension now has both repositories open (created after startup)', async () => {
    await call('lectern_read', { mode: 'diff_preview', target: 'beta/diff-repo/lib/util.py' });
    const api = vscode.extensions.getExtension<GitExtension>('vscode.git')!.exports.getAPI(1);
    const roots = api.repositories.map((r) => fs.realpathSync(r.rootUri.fsPath));
    assert.ok(roots.includes(fs.realpathSync(repoA)), roots.join(', '));
    assert.ok(roots.includes(fs.realpathSync(repoB)), roots.join(', '));
  });

  it('previews against the index: only the unstaged change (git diff); against HEAD both', async () => {
    const index = await call('lectern_read', {
      mode: 'diff_preview',
      target: 'alpha/diff-repo/src/staged.ts',
      against: 'INDEX',
    });
    assert.match(
      index,
      /^alpha\/diff-repo\/src\/staged\.ts · modified \(unstaged\) · against the index · \+1 -1 · 1 hunk$/m,
    );
    assert.deepEqual(hunks(index), hunks(git(repoA, 'diff', '--', 'src/staged.ts')));
    const head = await call('lectern_read', { mode: 'diff_preview', target: 'alpha/diff-repo/src/staged.ts' });
    assert.match(head, /modified \(staged and unstaged\) · against HEAD · \+2 -2/);
    assert.deepEqual(hunks(head), hunks(git(repoA, 'diff', 'HEAD', '--', 'src/staged.ts')));
  });

  it('an untracked file is all new; a deleted one all removed', async () => {
    const untracked = await call('lectern_read', { mode: 'diff_preview', target: 'alpha/diff-repo/notes.md' });
    assert.match(
      untracked,
      /^alpha\/diff-repo\/notes\.md · untracked · against HEAD · \+3 -0 · all 3 lines new · 1 hunk\n@@ -0,0 \+1,3 @@\n\+# notes\n\+\n\+- one$/m,
    );
    const deleted = await call('lectern_read', { mode: 'diff_preview', target: 'beta/diff-repo/README.md' });
    assert.match(
      deleted,
      /^beta\/diff-repo\/README\.md · deleted \(unstaged\) · against HEAD · \+0 -1 · all 1 line removed · 1 hunk\n@@ -1 \+0,0 @@\n-# beta repo$/m,
    );
  });

  it('an unsaved buffer: WORKTREE shows it against the disk; HEAD includes it; the summary marks it', async () => {
    const file = path.join(repoB, 'lib', 'util.py');
    const document = await vscode.workspace.openTextDocument(file);
    await vscode.window.showTextDocument(document);
    const edit = new vscode.WorkspaceEdit();
    edit.insert(document.uri, new vscode.Position(3, 0), '\ndef sub(a, b):\n    return a - b\n');
    assert.ok(await vscode.workspace.applyEdit(edit));
    assert.ok(document.isDirty);
    try {
      const worktree = await call('lectern_read', {
        mode: 'diff_preview',
        target: 'beta/diff-repo/lib/util.py',
        against: 'WORKTREE',
      });
      assert.match(
        worktree,
        /^beta\/diff-repo\/lib\/util\.py · unsaved changes · against the file on disk · \+3 -0 · 1 hunk\n@@ -1,3 \+1,6 @@\n def add\(a, b\):\n     """Sum\."""\n     return a \+ b\n\+\n\+def sub\(a, b\):\n\+    return a - b$/m,
      );
      const head = await call('lectern_read', { mode: 'diff_preview', target: 'beta/diff-repo/lib/util.py' });
      assert.match(head, /modified \(unstaged, unsaved editor buffer\) · against HEAD · \+4 -0/);
      const unsaved = await call('lectern_read', { mode: 'diff_preview', against: 'WORKTREE' });
      assert.match(
        unsaved,
        /^Unsaved changes in the workspace \(alpha, beta\) · 1 file · \+3 -0\n {2}unsaved changes beta\/diff-repo\/lib\/util\.py \+3 -0 → lectern_read \{"mode":"diff_preview","target":"beta\/diff-repo\/lib\/util\.py","against":"WORKTREE"\}/,
      );
      const summary = await call('lectern_read', { mode: 'diff_preview', target: 'beta' });
      assert.match(summary, /^ {2}modified lib\/util\.py \+4 -0 \(unstaged, unsaved editor buffer\) → /m);
    } finally {
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    }
    const clean = await call('lectern_read', {
      mode: 'diff_preview',
      target: 'beta/diff-repo/lib/util.py',
      against: 'WORKTREE',
    });
    assert.match(clean, /^beta\/diff-repo\/lib\/util\.py · no unsaved changes/);
  });

  it('summarizes the multi-root workspace: one section per repository, folder-prefixed inputs that work', async () => {
    const text = await call('lectern_read', { mode: 'diff_preview' });
    assert.match(text, /^Changes against HEAD in the workspace \(alpha, beta\) · 5 files · \+\d+ -\d+$/m);
    assert.match(
      text,
      /^alpha\/diff-repo · git repository, branch main\n {2}untracked notes\.md \+3 -0 → lectern_read \{"mode":"diff_preview","target":"alpha\/diff-repo\/notes\.md"\}\n {2}modified src\/server\.ts \+3 -3 \(unstaged\) → /m,
    );
    assert.match(text, /^ {2}modified src\/staged\.ts \+2 -2 \(staged, unstaged\) → /m);
    assert.match(
      text,
      /^beta\/diff-repo · git repository, branch main\n {2}deleted README\.md \+0 -1 \(unstaged\) → .*\n {2}modified lib\/util\.py \+1 -0 \(unstaged\) → lectern_read \{"mode":"diff_preview","target":"beta\/diff-repo\/lib\/util\.py"\}$/m,
    );
    const inputs = [...text.matchAll(/→ lectern_read (\{.*\})$/gm)].map((m) => JSON.parse(m[1]!));
    assert.equal(inputs.length, 5);
    for (const input of inputs) {
      const answer = await call('lectern_read', input);
      assert.match(answer, new RegExp(`^${input.target.replace(/[./]/g, '\\$&')} · `), answer);
    }
  });

  it('outside a repository: NOT_A_REPOSITORY with a hint', async () => {
    writeFile(path.join(folder('alpha'), 'plain', 'loose.txt'), 'loose\n');
    const text = await call('lectern_read', { mode: 'diff_preview', target: 'alpha/plain/loose.txt' });
    assert.match(text, /^Error NOT_A_REPOSITORY: alpha\/plain\/loose\.txt is not inside a git repository/);
    assert.match(text, /"against":"WORKTREE"/);
  });
});
