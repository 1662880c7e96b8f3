// mode "diff_preview" on one file, in real temp git repositories: every state the issue lists, each
// checked against git's own diff of the same repository, hunk for hunk and line for line.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ToolResponse } from '../../../src/core/ground/contract';
import { tempDir } from '../helpers';
import { assertSameHunks, diffWorkspace, gitLoose, hunksOf, Repo } from './gitRepo';

const lines = (n: number, label = 'line') => Array.from({ length: n }, (_, i) => `${label} ${i + 1}`);
const text = (xs: string[]) => xs.join('\n') + '\n';

function diffMeta(r: ToolResponse): Record<string, unknown> {
  return r.meta.diff as Record<string, unknown>;
}

const SOURCE = text([
  "import { readFile } from 'node:fs/promises';",
  '',
  'export interface Config {',
  '  name: string;',
  '  retries: number;',
  '}',
  '',
  'export async function load(path: string): Promise<Config> {',
  "  const raw = await readFile(path, 'utf8');",
  '  const parsed = JSON.parse(raw);',
  '  return { name: parsed.name, retries: parsed.retries ?? 3 };',
  '}',
  '',
  'export function describe(config: Config): string {',
  '  return `${config.name} (${config.retries} retries)`;',
  '}',
  '',
  ...lines(30, '// filler'),
  '',
  'export function last(): number {',
  '  return 42;',
  '}',
]);

describe('diff_preview: one file against git', () => {
  it('a modified file (unstaged) has the hunks of git diff HEAD, at every context size', async () => {
    const repo = Repo.init().write('src/config.ts', SOURCE).commitAll();
    const edited = SOURCE.replace('retries ?? 3', 'retries ?? 5')
      .replace('  return 42;', '  return 43;')
      .replace('export interface Config {', 'export interface Config {\n  verbose?: boolean;');
    repo.write('src/config.ts', edited);
    const ws = diffWorkspace(repo.root);
    for (const context of [undefined, 0, 1, 10]) {
      const r = await ws.preview({
        target: 'src/config.ts',
        ...(context === undefined ? {} : { context_lines: context }),
      });
      assertSameHunks(r, repo.git('diff', `-U${context ?? 3}`, 'HEAD', '--', 'src/config.ts'));
      assert.match(r.text, /^src\/config\.ts · modified \(unstaged\) · against HEAD · \+3 -2 · \d hunks?/);
      assert.equal(diffMeta(r).status, 'modified');
      assert.equal(diffMeta(r).added, 3);
      assert.equal(diffMeta(r).removed, 2);
    }
    // The hunk header carries git's function context.
    const r = await ws.preview({ target: 'src/config.ts' });
    assert.match(r.text, /^@@ -8,7 \+9,7 @@ export interface Config \{$/m);
    assert.match(r.content, /^--- a\/src\/config\.ts\n\+\+\+ b\/src\/config\.ts\n@@/);
  });

  it('staged and unstaged changes: HEAD shows both (git diff HEAD), INDEX the unstaged ones (git diff)', async () => {
    const repo = Repo.init().write('a.ts', SOURCE).commitAll();
    repo.write('a.ts', SOURCE.replace('name: string;', 'name: string; // staged')).git('add', 'a.ts');
    repo.write('a.ts', SOURCE.replace('name: string;', 'name: string; // staged').replace('return 42', 'return 7'));
    const ws = diffWorkspace(repo.root);
    const head = await ws.preview({ target: 'a.ts' });
    assertSameHunks(head, repo.git('diff', 'HEAD', '--', 'a.ts'));
    assert.match(head.text, /modified \(staged and unstaged\) · against HEAD/);
    const index = await ws.preview({ target: 'a.ts', against: 'INDEX' });
    assertSameHunks(index, repo.git('diff', '--', 'a.ts'));
    assert.match(index.text, /modified \(unstaged\) · against the index · \+1 -1/);
  });

  it('a staged-only change: HEAD equals git diff --cached; INDEX is unchanged and says where to look', async () => {
    const repo = Repo.init().write('a.ts', SOURCE).commitAll();
    repo.write('a.ts', SOURCE.replace('describe', 'describeConfig')).git('add', 'a.ts');
    const ws = diffWorkspace(repo.root);
    const head = await ws.preview({ target: 'a.ts' });
    assertSameHunks(head, repo.git('diff', '--cached', '--', 'a.ts'));
    assert.match(head.text, /modified \(staged\)/);
    const index = await ws.preview({ target: 'a.ts', against: 'INDEX' });
    assert.ok(index.ok);
    assert.match(index.text, /^a\.ts · unchanged against the index: the file on disk matches the index\./);
    assert.match(
      index.text,
      /Its staged changes show against HEAD: lectern_read \{"mode":"diff_preview","target":"a\.ts"\}/,
    );
    assert.equal(diffMeta(index).status, 'unchanged');
  });

  it('an unchanged file says so', async () => {
    const repo = Repo.init().write('a.ts', SOURCE).commitAll();
    const r = await diffWorkspace(repo.root).preview({ target: 'a.ts' });
    assert.match(r.text, /^a\.ts · unchanged against HEAD: the file on disk matches HEAD\./);
    assert.equal(r.content, '');
  });

  it('an untracked file is all added (git diff --no-index /dev/null), against HEAD and the index', async () => {
    const repo = Repo.init().write('keep.txt', 'x\n').commitAll();
    repo.write('notes/new.md', text(lines(12)));
    const ws = diffWorkspace(repo.root);
    for (const against of ['HEAD', 'INDEX']) {
      const r = await ws.preview({ target: 'notes/new.md', against });
      assertSameHunks(r, gitLoose(repo.root, 'diff', '--no-index', '--', '/dev/null', 'notes/new.md'));
      assert.match(
        r.text,
        /^notes\/new\.md · untracked · against (HEAD|the index) · \+12 -0 · all 12 lines new · 1 hunk/,
      );
      assert.match(r.text, /untracked \(git does not know it yet\): every line is new/);
      assert.match(r.content, /^--- \/dev\/null\n\+\+\+ b\/notes\/new\.md\n@@ -0,0 \+1,12 @@\n/);
    }
  });

  it('a new file staged with git add is "added": git diff --cached', async () => {
    const repo = Repo.init().write('keep.txt', 'x\n').commitAll();
    repo.write('lib/add.py', 'def add(a, b):\n    return a + b\n').git('add', 'lib/add.py');
    const r = await diffWorkspace(repo.root).preview({ target: 'lib/add.py' });
    assertSameHunks(r, repo.git('diff', '--cached', '--', 'lib/add.py'));
    assert.match(r.text, /^lib\/add\.py · added \(staged\) · against HEAD · \+2 -0/);
  });

  it('a deleted file is all removed (git diff HEAD); a staged deletion too, and the index no longer has it', async () => {
    const repo = Repo.init()
      .write('gone.txt', text(lines(5)))
      .write('rm.txt', text(lines(3)))
      .commitAll();
    repo.remove('gone.txt');
    repo.git('rm', '-q', 'rm.txt');
    const ws = diffWorkspace(repo.root);
    const gone = await ws.preview({ target: 'gone.txt' });
    assertSameHunks(gone, repo.git('diff', 'HEAD', '--', 'gone.txt'));
    assert.match(gone.text, /^gone\.txt · deleted \(unstaged\) · against HEAD · \+0 -5 · all 5 lines removed/);
    assert.match(gone.content, /^--- a\/gone\.txt\n\+\+\+ \/dev\/null\n/);
    assert.equal(gone.meta.total_lines, null);
    const rm = await ws.preview({ target: 'rm.txt' });
    assertSameHunks(rm, repo.git('diff', 'HEAD', '--', 'rm.txt'));
    assert.match(rm.text, /deleted \(staged\)/);
    const index = await ws.preview({ target: 'rm.txt', against: 'INDEX' });
    assert.ok(index.ok);
    assert.match(
      index.text,
      /no difference against INDEX: it is neither in the index nor on disk \(its deletion is staged; against HEAD shows it\)/,
    );
  });

  it('a rename (git mv, then edited) compares with the old path at HEAD, like git diff -M HEAD; the old path leads to it', async () => {
    const repo = Repo.init().write('src/old-name.ts', SOURCE).commitAll();
    repo.git('mv', 'src/old-name.ts', 'src/new-name.ts');
    repo.write('src/new-name.ts', SOURCE.replace('return 42', 'return 24'));
    const ws = diffWorkspace(repo.root);
    const r = await ws.preview({ target: 'src/new-name.ts' });
    assertSameHunks(r, repo.git('diff', '-M', 'HEAD', '--', 'src/old-name.ts', 'src/new-name.ts'));
    assert.match(
      r.text,
      /^src\/new-name\.ts \(renamed from src\/old-name\.ts\) · renamed \(staged and unstaged\) · against HEAD · \+1 -1/,
    );
    assert.equal(diffMeta(r).old_path, 'src/old-name.ts');
    assert.match(r.content, /^--- a\/src\/old-name\.ts\n\+\+\+ b\/src\/new-name\.ts\n/);
    const viaOld = await ws.preview({ target: 'src/old-name.ts' });
    assert.equal(viaOld.content, r.content);
    assert.match(
      viaOld.text,
      /\[src\/old-name\.ts was renamed to src\/new-name\.ts \(staged\); this is the diff of src\/new-name\.ts\.\]/,
    );
    // A pure rename: no content change.
    const pure = Repo.init().write('a.txt', 'same\n').commitAll();
    pure.git('mv', 'a.txt', 'b.txt');
    const p = await diffWorkspace(pure.root).preview({ target: 'b.txt' });
    assert.match(
      p.text,
      /^b\.txt \(renamed from a\.txt\) · renamed \(staged\) · against HEAD · content unchanged \(\+0 -0\): only the path changed\./,
    );
  });

  it('a binary file says binary with both sizes, never bytes (git: "Binary files differ")', async () => {
    const repo = Repo.init()
      .write('logo.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]))
      .commitAll();
    repo.write('logo.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3, 4, 5, 6]));
    assert.match(repo.git('diff', 'HEAD', '--', 'logo.png'), /Binary files a\/logo\.png and b\/logo\.png differ/);
    const r = await diffWorkspace(repo.root).preview({ target: 'logo.png' });
    assert.ok(r.ok, r.text);
    assert.equal(
      r.text,
      'logo.png · modified (unstaged) · against HEAD · binary: HEAD 8 bytes → now 11 bytes, contents differ; lines are not shown.',
    );
    assert.equal(diffMeta(r).binary, true);
    assert.equal(r.content, '');
    // An untracked binary file too.
    repo.write('blob.bin', new Uint8Array([0, 0, 0]));
    const blob = await diffWorkspace(repo.root).preview({ target: 'blob.bin' });
    assert.match(
      blob.text,
      /^blob\.bin · untracked · against HEAD · binary: HEAD absent → now 3 bytes, contents differ/,
    );
  });

  it('CRLF vs LF: only line endings changed is said in one line, not 40 changed lines (git diff shows them all)', async () => {
    const repo = Repo.init()
      .write('eol.txt', text(lines(40)))
      .commitAll();
    repo.write('eol.txt', lines(40).join('\r\n') + '\r\n');
    const gitSays = repo.git('diff', 'HEAD', '--', 'eol.txt');
    assert.equal(hunksOf(gitSays).filter((l) => l.startsWith('-')).length, 40);
    assert.equal(repo.git('diff', '--ignore-cr-at-eol', 'HEAD', '--', 'eol.txt'), '');
    const r = await diffWorkspace(repo.root).preview({ target: 'eol.txt' });
    assert.ok(r.ok, r.text);
    assert.match(
      r.text,
      /^eol\.txt · modified \(unstaged\) · against HEAD · only line endings differ: HEAD has LF, now CRLF \(40 lines\); no other change\./,
    );
    assert.equal(diffMeta(r).line_endings, 'only');
    assert.equal(r.content, '');
  });

  it('CRLF vs LF with a real edit: the hunks are those of git diff --ignore-cr-at-eol, and the note says why', async () => {
    const repo = Repo.init()
      .write('eol.txt', text(lines(40)))
      .commitAll();
    const edited = lines(40);
    edited[19] = 'line 20 edited';
    repo.write('eol.txt', edited.join('\r\n') + '\r\n');
    const r = await diffWorkspace(repo.root).preview({ target: 'eol.txt' });
    assertSameHunks(r, repo.git('diff', '--ignore-cr-at-eol', 'HEAD', '--', 'eol.txt'), { stripCr: true });
    assert.match(r.text, /\+1 -1 · 1 hunk/);
    assert.match(
      r.text,
      /Line endings also changed on every line \(HEAD LF, now CRLF\); the hunks compare content with line endings ignored/,
    );
  });

  it('one line whose ending alone changed (mixed endings) is shown as git shows it, with a note', async () => {
    const repo = Repo.init()
      .write('mixed.txt', text(lines(10)))
      .commitAll();
    const edited = lines(10);
    edited[4] = 'line 5\r';
    repo.write('mixed.txt', text(edited));
    const r = await diffWorkspace(repo.root).preview({ target: 'mixed.txt' });
    assertSameHunks(r, repo.git('diff', 'HEAD', '--', 'mixed.txt'));
    assert.match(r.text, /\[@@ -2,7 \+2,7 @@: only line endings changed there \(CRLF vs LF; CRs are not shown\)\.\]/);
    assert.doesNotMatch(r.text, /\r/);
  });

  it('a final newline added or removed shows "\\ No newline at end of file" exactly as git', async () => {
    const repo = Repo.init().write('a.txt', 'one\ntwo\nthree').write('b.txt', 'one\ntwo\nthree\n').commitAll();
    repo.write('a.txt', 'one\ntwo\nthree\n').write('b.txt', 'one\ntwo\nTHREE');
    const ws = diffWorkspace(repo.root);
    for (const file of ['a.txt', 'b.txt']) {
      const r = await ws.preview({ target: file });
      assertSameHunks(r, repo.git('diff', 'HEAD', '--', file));
      assert.match(r.text, /^\\ No newline at end of file$/m);
    }
  });

  it('a repository without commits: against HEAD everything is new; INDEX compares with what is staged', async () => {
    const repo = Repo.init();
    repo.write('staged.ts', text(lines(4))).git('add', 'staged.ts');
    repo.write('staged.ts', text([...lines(4), 'line 5']));
    repo.write('loose.ts', 'x\n');
    const ws = diffWorkspace(repo.root);
    const head = await ws.preview({ target: 'staged.ts' });
    assertSameHunks(head, gitLoose(repo.root, 'diff', '--no-index', '--', '/dev/null', 'staged.ts'));
    assert.match(head.text, /^staged\.ts · added \(staged and unstaged\) · against HEAD · \+5 -0/);
    assert.match(
      head.text,
      /\[The repository has no commits yet: against HEAD everything is new\. against "INDEX" compares with what is staged\.\]/,
    );
    assert.equal(diffMeta(head).no_commits, true);
    const index = await ws.preview({ target: 'staged.ts', against: 'INDEX' });
    assertSameHunks(index, repo.git('diff', '--', 'staged.ts'));
    const loose = await ws.preview({ target: 'loose.ts' });
    assert.match(loose.text, /^loose\.ts · untracked · against HEAD · \+1 -0/);
  });

  it('a file git ignores is all new, and the answer says git does not track it', async () => {
    const repo = Repo.init().write('.gitignore', '*.log\n').commitAll();
    repo.write('debug.log', 'a\nb\n');
    const r = await diffWorkspace(repo.root).preview({ target: 'debug.log' });
    assert.match(r.text, /^debug\.log · ignored · against HEAD · \+2 -0/);
    assert.match(r.text, /not tracked by git \(ignored, e\.g\. by \.gitignore\)/);
  });

  it('a file in a nested repository is diffed in that repository (git -C inner diff HEAD)', async () => {
    const outer = Repo.init().write('top.txt', 'top\n').commitAll();
    const inner = Repo.init(path.join(outer.root, 'vendor', 'inner'));
    inner.write('lib.c', text(lines(8))).commitAll();
    inner.write('lib.c', text(lines(8)).replace('line 4', 'line four'));
    const r = await diffWorkspace(outer.root).preview({ target: 'vendor/inner/lib.c' });
    assertSameHunks(r, inner.git('diff', 'HEAD', '--', 'lib.c'));
    assert.equal(diffMeta(r).repository, 'vendor/inner');
    assert.match(r.content, /^--- a\/lib\.c\n/);
  });

  it('a file in a submodule is diffed in the submodule', async () => {
    const upstream = Repo.init()
      .write('mod.txt', text(lines(6)))
      .commitAll();
    const parent = Repo.init().write('main.txt', 'main\n').commitAll();
    parent.git('submodule', '--quiet', 'add', upstream.root, 'deps/mod');
    parent.commitAll('add submodule');
    const sub = new Repo(parent.path('deps/mod'));
    sub.write('mod.txt', text(lines(6)).replace('line 2', 'line two'));
    const r = await diffWorkspace(parent.root).preview({ target: 'deps/mod/mod.txt' });
    assertSameHunks(r, sub.git('diff', 'HEAD', '--', 'mod.txt'));
    assert.equal(diffMeta(r).repository, 'deps/mod');
  });

  it('a merge conflict: against HEAD equals git diff HEAD (markers included); INDEX has no single version and says so', async () => {
    const repo = Repo.init()
      .write('c.txt', text(lines(5)))
      .commitAll();
    repo.git('checkout', '-q', '-b', 'other');
    repo.write('c.txt', text(lines(5)).replace('line 3', 'line 3 other')).commitAll('other');
    repo.git('checkout', '-q', 'main');
    repo.write('c.txt', text(lines(5)).replace('line 3', 'line 3 main')).commitAll('main');
    gitLoose(repo.root, 'merge', '-q', 'other');
    const ws = diffWorkspace(repo.root);
    const head = await ws.preview({ target: 'c.txt' });
    assertSameHunks(head, repo.git('diff', 'HEAD', '--', 'c.txt'));
    assert.match(head.text, /^c\.txt · conflicted · against HEAD/);
    assert.match(head.text, /^\+<<<<<<< HEAD$/m);
    const index = await ws.preview({ target: 'c.txt', against: 'INDEX' });
    assert.equal(index.content, head.content);
    assert.match(
      index.text,
      /has a merge conflict: the index holds the conflicting versions \(stages 1-3\), not one version, so this compares with HEAD/,
    );
  });

  it('adding a function between two others is placed as git places it (indent heuristic)', async () => {
    const before = text(['function a() {', '  return 1;', '}', '', 'function b() {', '  return 2;', '}']);
    const after = text([
      'function a() {',
      '  return 1;',
      '}',
      '',
      'function between() {',
      '  return 1.5;',
      '}',
      '',
      'function b() {',
      '  return 2;',
      '}',
    ]);
    const repo = Repo.init().write('f.js', before).commitAll();
    repo.write('f.js', after);
    const r = await diffWorkspace(repo.root).preview({ target: 'f.js' });
    assertSameHunks(r, repo.git('diff', 'HEAD', '--', 'f.js'));
    assert.match(r.text, /^\+function between\(\) \{\n\+  return 1\.5;\n\+\}\n\+$/m);
  });

  it('outside any repository: NOT_A_REPOSITORY with a hint; WORKTREE needs no git', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'plain.txt'), 'plain\n');
    const ws = diffWorkspace(dir);
    const r = await ws.preview({ target: 'plain.txt' });
    assert.equal(r.ok, false);
    assert.equal(r.error!.code, 'NOT_A_REPOSITORY');
    assert.equal(
      r.error!.message,
      'plain.txt is not inside a git repository, so there is no HEAD or index to compare with.',
    );
    assert.match(r.error!.hint, /lectern_read \{"mode":"diff_preview","target":"plain\.txt","against":"WORKTREE"\}/);
    ws.buffers.set(path.join(dir, 'plain.txt'), 'plain\nmore\n');
    const worktree = await ws.preview({ target: 'plain.txt', against: 'WORKTREE' });
    assert.ok(worktree.ok, worktree.text);
    assert.match(worktree.text, /^plain\.txt · unsaved changes · against the file on disk · \+1 -0/);
  });

  it('a missing file answers NOT_FOUND with a summary call', async () => {
    const repo = Repo.init().write('a.txt', 'a\n').commitAll();
    const r = await diffWorkspace(repo.root).preview({ target: 'nope.txt' });
    assert.equal(r.error?.code, 'NOT_FOUND');
    assert.match(r.error!.message, /nope\.txt does not exist on disk and is not in HEAD\./);
  });

  it('git missing: GIT_UNAVAILABLE says so', async () => {
    const repo = Repo.init().write('a.txt', 'a\n').commitAll();
    const r = await diffWorkspace(repo.root, { gitPath: path.join(repo.root, 'no-such-git') }).preview({
      target: 'a.txt',
    });
    assert.equal(r.error?.code, 'GIT_UNAVAILABLE');
    assert.match(r.error!.message, /git could not be run \(".*no-such-git" was not found\)/);
    const hostless = await diffWorkspace(repo.root, { noGit: true }).preview({ target: 'a.txt' });
    assert.equal(hostless.error?.code, 'GIT_UNAVAILABLE');
  });
});

describe('diff_preview: unsaved editor buffers', () => {
  it('against HEAD the current content is the unsaved buffer, and the answer says so', async () => {
    const repo = Repo.init().write('a.ts', SOURCE).commitAll();
    const ws = diffWorkspace(repo.root);
    const buffer = SOURCE.replace('return 42', 'return 99');
    ws.buffers.set(repo.path('a.ts'), buffer);
    const r = await ws.preview({ target: 'a.ts' });
    // git sees only the disk: compare with git after writing the buffer to disk.
    const expected = (() => {
      repo.write('a.ts', buffer);
      const patch = repo.git('diff', 'HEAD', '--', 'a.ts');
      repo.write('a.ts', SOURCE);
      return patch;
    })();
    assertSameHunks(r, expected);
    assert.match(r.text, /^a\.ts · modified \(unsaved editor buffer\) · against HEAD · \+1 -1/);
    assert.equal(r.meta.source, 'buffer');
    assert.equal(diffMeta(r).unsaved, true);
  });

  it('WORKTREE: the buffer against the file on disk (git diff --no-index), and "no unsaved changes" when clean', async () => {
    const repo = Repo.init().write('a.ts', SOURCE).commitAll();
    repo.write('a.ts', SOURCE.replace('retries ?? 3', 'retries ?? 4'));
    const ws = diffWorkspace(repo.root);
    const clean = await ws.preview({ target: 'a.ts', against: 'WORKTREE' });
    assert.ok(clean.ok);
    assert.match(
      clean.text,
      /^a\.ts · no unsaved changes \(no unsaved editor buffer: what the editor shows is the file on disk\)\./,
    );
    const buffer = SOURCE.replace('retries ?? 3', 'retries ?? 4').replace(
      'export function last',
      'export function final',
    );
    ws.buffers.set(repo.path('a.ts'), buffer);
    const r = await ws.preview({ target: 'a.ts', against: 'WORKTREE' });
    const scratch = tempDir();
    fs.writeFileSync(path.join(scratch, 'buffer.ts'), buffer);
    assertSameHunks(r, gitLoose(scratch, 'diff', '--no-index', '--', repo.path('a.ts'), 'buffer.ts'));
    assert.match(r.text, /^a\.ts · unsaved changes · against the file on disk · \+1 -1 · 1 hunk/);
    // HEAD sees disk and buffer changes together.
    const head = await ws.preview({ target: 'a.ts' });
    assert.match(head.text, /modified \(unstaged, unsaved editor buffer\) · against HEAD · \+2 -2/);
  });
});

describe('diff_preview: bounded answers', () => {
  it("over the token cap whole hunks are kept and the next call pages on; following it covers git's hunks exactly once", async () => {
    const base = lines(400);
    const repo = Repo.init().write('big.txt', text(base)).commitAll();
    const edited = base.map((l, i) => (i % 20 === 10 ? `${l} changed with a longer tail to cost some tokens` : l));
    repo.write('big.txt', text(edited));
    const gitHunks = hunksOf(repo.git('diff', 'HEAD', '--', 'big.txt'));
    const ws = diffWorkspace(repo.root, { settings: { contextTokens: 3000, maxReadShare: 0.2 } }); // 600 tokens an answer
    const collected: string[] = [];
    let input: Record<string, unknown> | null = { mode: 'diff_preview', target: 'big.txt' };
    let pages = 0;
    while (input) {
      const r: ToolResponse = await ws.lectern.invoke('lectern_read', input);
      assert.ok(r.ok, r.text);
      assert.ok(r.meta.token_estimate <= 600, `page ${pages} has ${r.meta.token_estimate} tokens`);
      const hunks = hunksOf(r.content);
      assert.ok(hunks.length > 0 && hunks[0]!.startsWith('@@'));
      collected.push(...hunks);
      pages++;
      if (r.meta.next) {
        assert.equal(r.meta.preview_degraded, true);
        assert.match(r.text, /\[Next: lectern_read \{"mode":"diff_preview","target":"big\.txt","hunk_offset":\d+\}\]$/);
        assert.match(r.text, /^big\.txt · modified \(unstaged\) · against HEAD · \+20 -20 · hunks \d+-\d+ of 20$/m);
      }
      input = r.meta.next;
    }
    assert.ok(pages > 2, `only ${pages} pages`);
    assert.deepEqual(collected, gitHunks);
  });

  it('a hunk larger than one answer shows its first lines, says so, and names a read for the rest', async () => {
    const repo = Repo.init().write('keep.txt', 'k\n').commitAll();
    repo.write('huge.txt', text(lines(3000, 'a fairly long line of generated text number')));
    const ws = diffWorkspace(repo.root, { settings: { contextTokens: 10000, maxReadShare: 0.2 } });
    const r = await ws.preview({ target: 'huge.txt' });
    assert.ok(r.ok, r.text);
    assert.ok(r.meta.token_estimate <= 2000, String(r.meta.token_estimate));
    const m =
      /\[Hunk 1 alone is larger than one answer \(2,000 tokens\): showing its first ([\d,]+) lines of 3,000\. The rest of its new text: lectern_read (\{.*?\})\./.exec(
        r.text,
      );
    assert.ok(m, r.text.slice(-600));
    const rest = JSON.parse(m[2]!);
    assert.deepEqual(rest, {
      mode: 'file',
      target: 'huge.txt',
      start_line: Number(m[1]!.replace(/,/g, '')) + 1,
      end_line: 3000,
    });
    assert.equal(r.meta.next, null);
    assert.equal(r.meta.preview_degraded, true);
  });

  it('hunk_offset past the end answers OUT_OF_RANGE; paging fields of the other target kind are refused', async () => {
    const repo = Repo.init()
      .write('a.txt', text(lines(5)))
      .commitAll();
    repo.write('a.txt', text(lines(6)));
    const ws = diffWorkspace(repo.root);
    const past = await ws.preview({ target: 'a.txt', hunk_offset: 3 });
    assert.equal(past.error?.code, 'OUT_OF_RANGE');
    assert.match(past.error!.message, /hunk_offset 3 is past the end: the diff of a\.txt has 1 hunk\./);
    const folderHunk = await ws.preview({ target: '.', hunk_offset: 1 });
    assert.equal(folderHunk.error?.code, 'INVALID_ARGS');
    assert.match(folderHunk.error!.message, /hunk_offset pages the diff of one file; \. is a folder/);
    const fileFiles = await ws.preview({ target: 'a.txt', file_offset: 1 });
    assert.equal(fileFiles.error?.code, 'INVALID_ARGS');
    assert.match(fileFiles.error!.hint, /"hunk_offset":1/);
  });
});
