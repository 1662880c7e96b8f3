// mode "diff_preview" on a folder or the whole workspace: a summary of every changed file in scope
// (status, +/- counts, staged or not), each with the exact input that previews it.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ToolResponse } from '../../../src/core/ground/contract';
import { Lectern } from '../../../src/core/engine';
import { nodeFileSystem } from '../../../src/node/nodeFileSystem';
import { createGitCli } from '../../../src/node/gitCli';
import { tempDir } from '../helpers';
import { diffWorkspace, hunksOf, Repo } from './gitRepo';

interface Entry {
  path: string;
  status: string;
  old_path: string | null;
  staged: boolean;
  unstaged: boolean;
  unsaved: boolean;
  added: number | null;
  removed: number | null;
  binary: boolean;
  input: Record<string, unknown>;
}

const entriesOf = (r: ToolResponse) => (r.meta.diff as { entries: Entry[] }).entries;
const byPath = (r: ToolResponse) => Object.fromEntries(entriesOf(r).map((e) => [e.path, e]));
const text = (n: number, label = 'line') => Array.from({ length: n }, (_, i) => `${label} ${i + 1}\n`).join('');

/** `git diff --numstat` as a map path → [added, removed]. */
function numstat(repo: Repo, ...args: string[]): Record<string, [number, number]> {
  const out: Record<string, [number, number]> = {};
  const records = repo.git('diff', '--numstat', '-z', ...args).split('\0');
  for (let i = 0; i < records.length; i++) {
    const [a, r, p] = records[i]!.split('\t');
    if (r === undefined) continue;
    const name = p === '' ? records[(i += 2)]! : p!; // a rename: "a\tr\t\0old\0new"
    out[name] = [Number(a), Number(r)];
  }
  return out;
}

function everyState(): Repo {
  const repo = Repo.init();
  repo
    .write('src/app.ts', text(30))
    .write('src/both.ts', text(20))
    .write('src/staged.ts', text(10))
    .write('docs/gone.md', text(4))
    .write('old/name.txt', text(6))
    .write('img/logo.bin', new Uint8Array([1, 0, 2, 0]))
    .write('clean.txt', 'clean\n')
    .commitAll();
  repo.write('src/app.ts', text(30).replace('line 7\n', 'line seven\n').replace('line 20\n', 'line 20\nline 20b\n'));
  repo.write('src/both.ts', text(20).replace('line 1\n', 'line one\n')).git('add', 'src/both.ts');
  repo.write('src/both.ts', text(20).replace('line 1\n', 'line one\n').replace('line 15\n', ''));
  repo.write('src/staged.ts', text(11)).git('add', 'src/staged.ts');
  repo.write('src/added.ts', text(3)).git('add', 'src/added.ts');
  repo.remove('docs/gone.md');
  fs.mkdirSync(repo.path('new'));
  repo.git('mv', 'old/name.txt', 'new/name.txt');
  repo.write('img/logo.bin', new Uint8Array([1, 0, 3, 0, 4]));
  repo.write('notes/todo.md', text(2));
  return repo;
}

describe('diff_preview: summaries', () => {
  it('lists every changed file against HEAD with status, staging, counts equal to git diff --numstat, and a working input', async () => {
    const repo = everyState();
    const ws = diffWorkspace(repo.root);
    const r = await ws.preview({});
    assert.ok(r.ok, r.text);
    const name = path.basename(repo.root);
    assert.equal(r.text.split('\n')[1], `${name} · git repository, branch main`);
    const e = byPath(r);
    assert.deepEqual(Object.keys(e).sort(), [
      'docs/gone.md',
      'img/logo.bin',
      'new/name.txt',
      'notes/todo.md',
      'src/added.ts',
      'src/app.ts',
      'src/both.ts',
      'src/staged.ts',
    ]);
    const expectStatus: Record<string, [string, boolean, boolean]> = {
      'src/app.ts': ['modified', false, true],
      'src/both.ts': ['modified', true, true],
      'src/staged.ts': ['modified', true, false],
      'src/added.ts': ['added', true, false],
      'docs/gone.md': ['deleted', false, true],
      'new/name.txt': ['renamed', true, false],
      'img/logo.bin': ['modified', false, true],
      'notes/todo.md': ['untracked', false, false],
    };
    for (const [p, [status, staged, unstaged]] of Object.entries(expectStatus)) {
      assert.equal(e[p]!.status, status, p);
      assert.equal(e[p]!.staged, staged, `${p} staged`);
      assert.equal(e[p]!.unstaged, unstaged, `${p} unstaged`);
    }
    // git's counts without rename pairing (git diff HEAD would pair the unstaged deletion of
    // docs/gone.md with the staged new src/added.ts); the rename is checked on its own.
    const git = numstat(repo, 'HEAD', '--no-renames');
    for (const [p, [added, removed]] of Object.entries(git)) {
      if (p === 'img/logo.bin' || p.includes('name.txt')) continue;
      assert.deepEqual([e[p]!.added, e[p]!.removed], [added, removed], p);
    }
    assert.deepEqual(numstat(repo, '--cached', '-M')['new/name.txt'], [0, 0]);
    assert.deepEqual([e['new/name.txt']!.added, e['new/name.txt']!.removed], [0, 0]);
    assert.equal(e['img/logo.bin']!.binary, true);
    assert.deepEqual([e['notes/todo.md']!.added, e['notes/todo.md']!.removed], [2, 0]);
    assert.equal(e['new/name.txt']!.old_path, 'old/name.txt');
    assert.match(
      r.text,
      /^  renamed new\/name\.txt \(from old\/name\.txt\) \+0 -0 \(staged\) → lectern_read \{"mode":"diff_preview","target":"new\/name\.txt"\}$/m,
    );
    assert.match(
      r.text,
      /^  modified src\/both\.ts \+1 -2 \(staged, unstaged\) → lectern_read \{"mode":"diff_preview","target":"src\/both\.ts"\}$/m,
    );
    assert.match(r.text, /^  untracked notes\/todo\.md \+2 -0 → /m);
    assert.match(r.text, /^  modified img\/logo\.bin binary \(unstaged\) → /m);
    assert.match(r.text, /^Changes against HEAD in the workspace · 8 files · \+\d+ -\d+ · 1 binary file$/m);
    // Every input previews its file, and the file's own counts agree with the summary.
    for (const entry of entriesOf(r)) {
      const one = await ws.lectern.invoke('lectern_read', entry.input);
      assert.ok(one.ok, `${entry.path}: ${one.text}`);
      const d = one.meta.diff as { added: number | null; removed: number | null; status: string };
      if (!entry.binary) assert.deepEqual([d.added, d.removed], [entry.added, entry.removed], entry.path);
      assert.equal(d.status, entry.status, entry.path);
      if (!entry.binary && entry.path !== 'new/name.txt') {
        const patch = repo.git('diff', 'HEAD', '-M', '--', entry.path, ...(entry.old_path ? [entry.old_path] : []));
        if (entry.status !== 'untracked') assert.deepEqual(hunksOf(one.content), hunksOf(patch), entry.path);
      }
    }
  });

  it('against INDEX lists only what differs from the index: unstaged changes and untracked files (git diff --numstat)', async () => {
    const repo = everyState();
    const r = await diffWorkspace(repo.root).preview({ against: 'INDEX' });
    assert.ok(r.ok, r.text);
    const e = byPath(r);
    assert.deepEqual(Object.keys(e).sort(), [
      'docs/gone.md',
      'img/logo.bin',
      'notes/todo.md',
      'src/app.ts',
      'src/both.ts',
    ]);
    for (const [p, [added, removed]] of Object.entries(numstat(repo))) {
      if (p === 'img/logo.bin') continue;
      assert.deepEqual([e[p]!.added, e[p]!.removed], [added, removed], p);
    }
    assert.match(r.text, /^Changes against the index \(unstaged\) in the workspace · 5 files/);
    assert.deepEqual(e['src/app.ts']!.input, { mode: 'diff_preview', target: 'src/app.ts', against: 'INDEX' });
  });

  it('a folder target narrows the summary to that folder', async () => {
    const repo = everyState();
    const r = await diffWorkspace(repo.root).preview({ target: 'src', context_lines: 1 });
    assert.deepEqual(Object.keys(byPath(r)).sort(), ['src/added.ts', 'src/app.ts', 'src/both.ts', 'src/staged.ts']);
    assert.match(r.text, /^Changes against HEAD in src · 4 files/);
    assert.deepEqual(byPath(r)['src/app.ts']!.input, { mode: 'diff_preview', target: 'src/app.ts', context_lines: 1 });
    assert.equal(r.target, 'src');
  });

  it('a clean repository says nothing differs', async () => {
    const repo = Repo.init().write('a.txt', 'a\n').commitAll();
    const r = await diffWorkspace(repo.root).preview({});
    assert.ok(r.ok);
    assert.match(
      r.text,
      /^Changes against HEAD in the workspace · 0 files · \+0 -0\n.* · git repository, branch main: no changes\n\[Nothing differs from HEAD in the workspace: no staged, unstaged or untracked changes\.\]$/,
    );
  });

  it('an unsaved buffer of a file git sees as clean is listed; one equal to HEAD is not', async () => {
    const repo = Repo.init().write('a.txt', text(5)).write('b.txt', text(5)).commitAll();
    const ws = diffWorkspace(repo.root);
    ws.buffers.set(repo.path('a.txt'), text(6));
    ws.buffers.set(repo.path('b.txt'), text(5));
    const r = await ws.preview({});
    const e = byPath(r);
    assert.deepEqual(Object.keys(e), ['a.txt']);
    assert.equal(e['a.txt']!.unsaved, true);
    assert.deepEqual([e['a.txt']!.added, e['a.txt']!.removed], [1, 0]);
    assert.match(r.text, /^  modified a\.txt \+1 -0 \(unsaved editor buffer\) → /m);
  });

  it('a repository without commits: staged files are added, the rest untracked, and the header says so', async () => {
    const repo = Repo.init();
    repo.write('a.txt', text(3)).git('add', 'a.txt');
    repo.write('b.txt', text(2));
    const r = await diffWorkspace(repo.root).preview({});
    assert.match(r.text, /· git repository, branch main, no commits yet$/m);
    const e = byPath(r);
    assert.equal(e['a.txt']!.status, 'added');
    assert.equal(e['b.txt']!.status, 'untracked');
    assert.deepEqual([e['a.txt']!.added, e['b.txt']!.added], [3, 2]);
  });

  it('nested repositories and submodules: a pointer in the outer list, and their own changes in their own section', async () => {
    const upstream = Repo.init().write('m.txt', text(3)).commitAll();
    const outer = Repo.init().write('top.txt', text(2)).commitAll();
    outer.git('submodule', '--quiet', 'add', upstream.root, 'deps/mod');
    outer.commitAll('submodule');
    const inner = Repo.init(outer.path('tools/inner'));
    inner.write('i.txt', text(2)).commitAll();
    inner.write('i.txt', text(3));
    new Repo(outer.path('deps/mod')).write('m.txt', text(4));
    outer.write('top.txt', text(1));
    const r = await diffWorkspace(outer.root).preview({});
    assert.ok(r.ok, r.text);
    const e = byPath(r);
    assert.equal(e['top.txt']!.status, 'modified');
    assert.equal(e['deps/mod']!.status, 'submodule');
    assert.deepEqual(e['deps/mod']!.input, { mode: 'diff_preview', target: 'deps/mod' });
    assert.equal(e['tools/inner']!.status, 'nested repository');
    assert.equal(e['deps/mod/m.txt']!.status, 'modified');
    assert.equal(e['tools/inner/i.txt']!.status, 'modified');
    assert.match(
      r.text,
      /^  submodule deps\/mod \(modified content\) → lectern_read \{"mode":"diff_preview","target":"deps\/mod"\}$/m,
    );
    assert.match(
      r.text,
      /^  nested repository tools\/inner\/ \(untracked here; its own changes are listed under it\) → /m,
    );
    assert.match(r.text, /^deps\/mod · git repository/m);
    assert.match(r.text, /^tools\/inner · git repository, branch main$/m);
    const repos = (r.meta.diff as { repositories: { root: string }[] }).repositories.map((x) => x.root);
    assert.deepEqual(repos, [path.basename(outer.root), 'deps/mod', 'tools/inner']);
    // The pointer's input summarizes the submodule alone.
    const sub = await diffWorkspace(outer.root).preview({ target: 'deps/mod' });
    assert.deepEqual(Object.keys(byPath(sub)), ['deps/mod/m.txt']);
  });

  it('a multi-root workspace with two repositories (and a folder without one) lists each, with folder-prefixed inputs that work', async () => {
    const base = tempDir();
    const api = Repo.init(path.join(base, 'api'));
    api.write('server.ts', text(4)).commitAll();
    api.write('server.ts', text(5));
    const web = Repo.init(path.join(base, 'web'));
    web.write('page.tsx', text(3)).commitAll();
    web.write('page.tsx', text(2)).write('new.css', 'a {}\n');
    fs.mkdirSync(path.join(base, 'notes'));
    const ws = diffWorkspace([
      { name: 'api', path: api.root },
      { name: 'web', path: web.root },
      { name: 'notes', path: path.join(base, 'notes') },
    ]);
    const r = await ws.preview({});
    assert.ok(r.ok, r.text);
    assert.match(r.text, /^Changes against HEAD in the workspace \(api, web, notes\) · 3 files · \+2 -1$/m);
    assert.match(
      r.text,
      /^api · git repository, branch main\n  modified server\.ts \+1 -0 \(unstaged\) → lectern_read \{"mode":"diff_preview","target":"api\/server\.ts"\}$/m,
    );
    assert.match(r.text, /^web · git repository, branch main$/m);
    assert.match(r.text, /\[notes: not in a git repository\.\]/);
    for (const entry of entriesOf(r)) {
      const one = await ws.lectern.invoke('lectern_read', entry.input);
      assert.ok(one.ok, one.text);
      assert.match(one.text, new RegExp(`^${entry.path} · `));
    }
    const apiOnly = await ws.preview({ target: 'api' });
    assert.deepEqual(Object.keys(byPath(apiOnly)), ['api/server.ts']);
  });

  it('outside any repository: NOT_A_REPOSITORY with a hint; WORKTREE still lists unsaved buffers', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'x.txt'), 'x\n');
    const ws = diffWorkspace(dir);
    const r = await ws.preview({});
    assert.equal(r.error?.code, 'NOT_A_REPOSITORY');
    assert.match(r.error!.message, /The workspace folder is not inside a git repository and holds none\./);
    assert.match(r.error!.hint, /\{"mode":"diff_preview","against":"WORKTREE"\}/);
    ws.buffers.set(path.join(dir, 'x.txt'), 'x\ny\n');
    const w = await ws.preview({ against: 'WORKTREE' });
    assert.ok(w.ok, w.text);
    assert.match(
      w.text,
      /^Unsaved changes in the workspace · 1 file · \+1 -0\n  unsaved changes x\.txt \+1 -0 → lectern_read \{"mode":"diff_preview","target":"x\.txt","against":"WORKTREE"\}/,
    );
  });

  it('WORKTREE on a host without editor buffers (the CLI) says there are none', async () => {
    const repo = Repo.init().write('a.txt', 'a\n').commitAll();
    const lectern = new Lectern({
      fs: nodeFileSystem,
      roots: () => [{ name: 'r', path: repo.root }],
      git: createGitCli(),
    });
    const r = await lectern.invoke('lectern_read', { mode: 'diff_preview', against: 'WORKTREE' });
    assert.ok(r.ok);
    assert.match(r.text, /This host has no editor buffers \(the CLI reads files from disk\), so nothing is unsaved\./);
    const one = await lectern.invoke('lectern_read', { mode: 'diff_preview', target: 'a.txt', against: 'WORKTREE' });
    assert.match(
      one.text,
      /^a\.txt · no unsaved changes \(this host has no editor buffers; the CLI reads files from disk\)\./,
    );
  });

  it('over the token cap the list pages by file_offset; following next lists every file exactly once', async () => {
    const repo = Repo.init();
    for (let i = 0; i < 60; i++) repo.write(`pkg/file-${String(i).padStart(2, '0')}.ts`, text(3));
    repo.commitAll();
    for (let i = 0; i < 60; i++) repo.write(`pkg/file-${String(i).padStart(2, '0')}.ts`, text(4));
    const ws = diffWorkspace(repo.root, { settings: { contextTokens: 5000, maxReadShare: 0.2 } });
    const seen: string[] = [];
    let input: Record<string, unknown> | null = { mode: 'diff_preview', target: 'pkg' };
    let pages = 0;
    while (input) {
      const r: ToolResponse = await ws.lectern.invoke('lectern_read', input);
      assert.ok(r.ok, r.text);
      assert.ok(r.meta.token_estimate <= 1000, String(r.meta.token_estimate));
      seen.push(...entriesOf(r).map((e) => e.path));
      if (r.meta.next)
        assert.match(r.text, /\[Next: lectern_read \{"mode":"diff_preview","target":"pkg","file_offset":\d+\}\]$/);
      input = r.meta.next;
      pages++;
    }
    assert.ok(pages > 1);
    assert.deepEqual(
      seen,
      Array.from({ length: 60 }, (_, i) => `pkg/file-${String(i).padStart(2, '0')}.ts`),
    );
    const past = await ws.preview({ target: 'pkg', file_offset: 60 });
    assert.equal(past.error?.code, 'OUT_OF_RANGE');
  });
});

describe('diff_preview: input and the legacy wrapper', () => {
  it('target is optional for diff_preview only; the other modes still require it with the same message', async () => {
    const repo = Repo.init().write('a.txt', 'a\n').commitAll();
    const ws = diffWorkspace(repo.root);
    const missing = await ws.lectern.invoke('lectern_read', {});
    assert.equal(missing.error?.message, 'Missing required parameter "target".');
    const symbol = await ws.lectern.invoke('lectern_read', { mode: 'symbol' });
    assert.equal(symbol.error?.message, 'Missing required parameter "target".');
    assert.ok((await ws.lectern.invoke('lectern_read', { mode: 'diff_preview' })).ok);
    const list = await ws.lectern.invoke('lectern_read', { mode: 'diff_preview', target: ['a.txt', 'b.txt'] });
    assert.equal(list.error?.code, 'INVALID_ARGS');
    assert.match(list.error!.message, /A list of targets is only valid for mode='file'\./);
  });

  it('diff_preview fields are refused in other modes, and a bad value keeps diff_preview in the corrected example', async () => {
    const repo = Repo.init().write('a.txt', 'a\n').commitAll();
    const ws = diffWorkspace(repo.root);
    const wrongMode = await ws.lectern.invoke('lectern_read', { target: 'a.txt', against: 'INDEX' });
    assert.equal(wrongMode.error?.message, "against is only valid for mode='diff_preview'. Remove it or switch mode.");
    assert.equal(wrongMode.error?.hint, 'Example: {"target":"a.txt","mode":"diff_preview"}');
    const badAgainst = await ws.lectern.invoke('lectern_read', { mode: 'diff_preview', against: 'HEAD~1' });
    assert.equal(badAgainst.error?.message, 'against must be one of "HEAD", "INDEX", "WORKTREE", got "HEAD~1".');
    assert.equal(badAgainst.error?.hint, 'Example: {"mode":"diff_preview","against":"HEAD"}');
    const badContext = await ws.lectern.invoke('lectern_read', {
      mode: 'diff_preview',
      target: 'a.txt',
      context_lines: -1,
    });
    assert.equal(badContext.error?.hint, 'Example: {"target":"a.txt","mode":"diff_preview","context_lines":10}');
    const clamped = await ws.lectern.invoke('lectern_read', {
      mode: 'diff_preview',
      target: 'a.txt',
      context_lines: 900,
    });
    assert.ok(clamped.ok);
    assert.match(clamped.text, /\[context_lines 900 is above its maximum; used 200\.\]/);
  });

  it('dry_run_diff answers the legacy shape over the same core', async () => {
    const repo = Repo.init().write('a.txt', text(5)).commitAll();
    repo.write('a.txt', text(6));
    const ws = diffWorkspace(repo.root);
    const run = await ws.lectern.run('dry_run_diff', { path: 'a.txt', context_lines: 1 });
    const direct = await ws.preview({ target: 'a.txt', context_lines: 1 });
    assert.equal(run.primary?.content, direct.content);
    const legacy = JSON.parse(run.response.text);
    assert.deepEqual(legacy, {
      success: true,
      operation: 'dry_run_diff',
      path: 'a.txt',
      start_line: 5,
      end_line: 6,
      line_count: 6,
      truncated: false,
      content: direct.content,
    });
    const all = JSON.parse((await ws.lectern.run('dry_run_diff', {})).response.text);
    assert.equal(all.success, true);
    assert.match(all.content, /modified a\.txt \+1 -0 \(unstaged\)/);
  });
});
