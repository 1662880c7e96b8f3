// lectern_search without a file target: the workspace, a folder or a glob. Scope, include/exclude,
// .gitignore at every level, default-excluded folders, binary and huge files, ranking and bounds,
// regex errors and RE2 safety, cancellation, multi-root display paths, meta.files.
import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import fc from 'fast-check';
import type { ToolResponse } from '../../../src/core/ground/contract';
import { Lectern } from '../../../src/core/engine';
import type { Host, WorkspaceRoot } from '../../../src/core/ground/ports';
import type { WorkspaceMatch } from '../../../src/core/search/workspaceSearch';
import { nodeFileSystem } from '../../../src/node/nodeFileSystem';
import { fails, ok, tempDir, workspace, write, type Workspace } from '../helpers';

const matchesOf = (r: ToolResponse) => r.meta.matches as WorkspaceMatch[];
const filesOf = (r: ToolResponse) => r.meta.files as string[];
const found = (r: ToolResponse) => matchesOf(r).map((m) => `${m.file}:${m.line}`);
/** File headers in the text, in order: the line after the answer's header or after a blank line, less its counts. */
const groupsOf = (r: ToolResponse) =>
  r.text
    .split('\n')
    .filter((line, i, lines) => i > 0 && (i === 1 || lines[i - 1] === '') && line !== '' && !line.startsWith('['))
    .map((line) => line.replace(/ · (?:showing [\d,]+ of )?[\d,]+ match(?:es)?$/, ''));

describe('lectern_search over the workspace', () => {
  describe('scope', () => {
    let ws: Workspace;
    before(() => {
      ws = workspace();
      ws.write('README.md', 'the needle in the readme\n');
      ws.write('src/app.ts', 'import { needle } from "./lib/needle";\nconst x = needle();\n');
      ws.write('src/lib/needle.ts', 'export function needle() {\n  return 42;\n}\n');
      ws.write('src/lib/needle.test.ts', 'needle();\n');
      ws.write('docs/guide.md', 'no match here\nneedle once\n');
      ws.write('scripts/run.sh', 'echo needle\n');
    });

    it('without a target searches every file; lines are numbered for a follow-up read', async () => {
      const r = await ok(ws.lectern, 'lectern_search', { query: 'needle' });
      assert.equal(r.meta.scope, 'workspace');
      assert.equal(r.meta.total_matches, 7);
      assert.equal(r.meta.total_files, 6);
      assert.equal(r.meta.files_searched, 6);
      assert.match(
        r.text,
        /^Search in the workspace · 7 matches in 6 files \(6 files searched\)\nsrc\/app\.ts\n1\timport/,
      );
      assert.deepEqual(
        found(r).sort(),
        [
          'README.md:1',
          'docs/guide.md:2',
          'scripts/run.sh:1',
          'src/app.ts:1',
          'src/app.ts:2',
          'src/lib/needle.test.ts:1',
          'src/lib/needle.ts:1',
        ].sort(),
      );
      const first = matchesOf(r)[0]!;
      const read = await ok(ws.lectern, 'lectern_read', {
        target: first.file,
        start_line: first.line,
        end_line: first.line,
      });
      assert.equal(read.content.replace(/\n$/, ''), first.text);
      // The numbered lines are the pointers: no read around a match is suggested.
      assert.doesNotMatch(r.text, /lectern_read/);
      assert.deepEqual(r.location, { file: 'src/app.ts', line: 1, end_line: 1 });
    });

    it('a folder target searches inside it only', async () => {
      const r = await ok(ws.lectern, 'lectern_search', { target: 'src/lib', query: 'needle' });
      assert.equal(r.meta.scope, 'folder');
      assert.deepEqual(filesOf(r).sort(), ['src/lib/needle.test.ts', 'src/lib/needle.ts']);
      assert.match(r.text, /^Search in src\/lib\/ · 2 matches in 2 files/);
      const abs = await ok(ws.lectern, 'lectern_search', { target: path.join(ws.root, 'docs'), query: 'needle' });
      assert.deepEqual(filesOf(abs), ['docs/guide.md']);
      const dot = await ok(ws.lectern, 'lectern_search', { target: '.', query: 'needle' });
      assert.equal(dot.meta.total_files, 6);
    });

    it('a glob target: matched against workspace paths; without a slash at any depth', async () => {
      const ts = await ok(ws.lectern, 'lectern_search', { target: 'src/**/*.ts', query: 'needle' });
      assert.equal(ts.meta.scope, 'glob');
      assert.deepEqual(filesOf(ts).sort(), ['src/app.ts', 'src/lib/needle.test.ts', 'src/lib/needle.ts']);
      assert.match(ts.text, /^Search in src\/\*\*\/\*\.ts ·/);
      const md = await ok(ws.lectern, 'lectern_search', { target: '*.md', query: 'needle' });
      assert.deepEqual(filesOf(md).sort(), ['README.md', 'docs/guide.md']);
      const none = await ok(ws.lectern, 'lectern_search', { target: 'nowhere/**', query: 'needle' });
      assert.equal(none.meta.total_matches, 0);
      assert.match(none.text, /no matches \(0 files searched\)/);
    });

    it('include and exclude: comma-separated globs or lists; a bare name is a folder or a file at any depth', async () => {
      const inc = await ok(ws.lectern, 'lectern_search', { query: 'needle', include: 'src/**/*.ts, *.sh' });
      assert.deepEqual(filesOf(inc).sort(), [
        'scripts/run.sh',
        'src/app.ts',
        'src/lib/needle.test.ts',
        'src/lib/needle.ts',
      ]);
      assert.match(inc.text, /in the workspace \(include "src\/\*\*\/\*\.ts", "\*\.sh"\)/);
      const list = await ok(ws.lectern, 'lectern_search', { query: 'needle', include: ['docs', 'README.md'] });
      assert.deepEqual(filesOf(list).sort(), ['README.md', 'docs/guide.md']);
      const exc = await ok(ws.lectern, 'lectern_search', { query: 'needle', exclude: '*.test.ts, lib' });
      assert.deepEqual(filesOf(exc).sort(), ['README.md', 'docs/guide.md', 'scripts/run.sh', 'src/app.ts']);
      const both = await ok(ws.lectern, 'lectern_search', {
        target: 'src',
        query: 'needle',
        include: '**/*.ts',
        exclude: ['**/*.test.ts'],
      });
      assert.deepEqual(filesOf(both).sort(), ['src/app.ts', 'src/lib/needle.ts']);
      const braces = await ok(ws.lectern, 'lectern_search', { query: 'needle', include: '**/*.{md,sh}' });
      assert.deepEqual(filesOf(braces).sort(), ['README.md', 'docs/guide.md', 'scripts/run.sh']);
    });

    it('a file target keeps the single-file search (line order, max_matches), with meta.files', async () => {
      const r = await ok(ws.lectern, 'lectern_search', { target: 'src/app.ts', query: 'needle' });
      assert.match(r.text, /^2 matches\n1\timport/);
      assert.deepEqual(filesOf(r), ['src/app.ts']);
      const none = await ok(ws.lectern, 'lectern_search', { target: 'src/app.ts', query: 'zzz' });
      assert.deepEqual(filesOf(none), []);
      const noted = await ok(ws.lectern, 'lectern_search', { target: 'src/app.ts', query: 'needle', include: '*.ts' });
      assert.match(
        noted.text,
        /\[include and exclude apply to folder and workspace searches; ignored for a file target\.\]/,
      );
      await fails(ws.lectern, 'lectern_search', { target: 'src/missing.ts', query: 'needle' }, 'NOT_FOUND');
    });

    it('a folder outside the workspace needs approval', async () => {
      const outside = tempDir();
      write(outside, 'secret.txt', 'needle\n');
      await fails(ws.lectern, 'lectern_search', { target: outside, query: 'needle' }, 'OUTSIDE_WORKSPACE');
      const r = await ws.lectern.invoke('lectern_search', { target: outside, query: 'needle' }, { allowOutside: true });
      assert.ok(r.ok, r.text);
      assert.deepEqual(filesOf(r), [`${outside.split(path.sep).join('/')}/secret.txt`]);
    });
  });

  describe('what is skipped', () => {
    it('.gitignore at the root and in nested folders, each relative to its folder, deeper files first', async () => {
      const ws = workspace();
      ws.write('.gitignore', '*.log\n/generated/\nbuild-*\n');
      ws.write('app.log', 'needle\n');
      ws.write('generated/a.ts', 'needle\n');
      ws.write('src/generated/b.ts', 'needle\n'); // /generated/ is anchored to the root
      ws.write('src/.gitignore', 'local.ts\n/fixtures\n!keep.log\n');
      ws.write('src/local.ts', 'needle\n');
      ws.write('src/fixtures/f.ts', 'needle\n');
      ws.write('src/deep/fixtures/g.ts', 'needle\n'); // /fixtures is anchored to src/
      ws.write('src/keep.log', 'needle\n'); // re-included by the nested file
      ws.write('src/other.log', 'needle\n');
      ws.write('src/deep/.gitignore', '*.ts\n!wanted.ts\n');
      ws.write('src/deep/unwanted.ts', 'needle\n');
      ws.write('src/deep/wanted.ts', 'needle\n');
      ws.write('build-x/c.ts', 'needle\n');
      ws.write('ok.ts', 'needle\n');
      const r = await ok(ws.lectern, 'lectern_search', { query: 'needle' });
      assert.deepEqual(filesOf(r).sort(), ['ok.ts', 'src/deep/wanted.ts', 'src/generated/b.ts', 'src/keep.log']);
      // With matches, what was left out is in meta only; when nothing matches, the answer names it.
      assert.doesNotMatch(r.text, /Folders not searched/);
      assert.equal((r.meta.skipped as { folders: number }).folders, 3);
      const none = await ok(ws.lectern, 'lectern_search', { query: 'no such needle' });
      assert.match(none.text, /\[Folders not searched: build-x, generated, src\/fixtures \(\.gitignore\)\. /);
      // Named explicitly, an ignored folder is searched (its own rules still apply inside).
      const named = await ok(ws.lectern, 'lectern_search', { target: 'generated', query: 'needle' });
      assert.deepEqual(filesOf(named), ['generated/a.ts']);
      const viaInclude = await ok(ws.lectern, 'lectern_search', { query: 'needle', include: 'src/fixtures/**' });
      assert.deepEqual(filesOf(viaInclude), ['src/fixtures/f.ts']);
    });

    it('vendored, build and hidden folders are skipped and named, unless the target or an include names them', async () => {
      const ws = workspace();
      ws.write('node_modules/pkg/index.js', 'needle\n');
      ws.write('dist/out.js', 'needle\n');
      ws.write('.cache/c.txt', 'needle\n');
      ws.write('.github/workflows/ci.yml', 'needle\n');
      ws.write('src/node_modules/nested.js', 'needle\n');
      ws.write('src/a.ts', 'needle\n');
      ws.write('.env.example', 'needle\n'); // hidden files are searched; hidden folders are not
      const r = await ok(ws.lectern, 'lectern_search', { query: 'needle' });
      assert.deepEqual(filesOf(r).sort(), ['.env.example', 'src/a.ts']);
      assert.equal((r.meta.skipped as { folders: number }).folders, 5);
      const none = await ok(ws.lectern, 'lectern_search', { query: 'no such needle' });
      assert.match(
        none.text,
        /\[Folders not searched: \.cache, \.github \(hidden folder\); dist, node_modules, src\/node_modules \(excluded folder\)\. To search one, pass it as target or in include\.\]/,
      );
      const pkg = await ok(ws.lectern, 'lectern_search', { target: 'node_modules/pkg', query: 'needle' });
      assert.deepEqual(filesOf(pkg), ['node_modules/pkg/index.js']);
      const gh = await ok(ws.lectern, 'lectern_search', { query: 'needle', include: '.github/**' });
      assert.deepEqual(filesOf(gh), ['.github/workflows/ci.yml']);
      const glob = await ok(ws.lectern, 'lectern_search', { target: 'dist/*.js', query: 'needle' });
      assert.deepEqual(filesOf(glob), ['dist/out.js']);
    });

    it("the host's exclusion globs (files.exclude, search.exclude) are skipped; naming a folder lifts them", async () => {
      const root = tempDir();
      const roots: WorkspaceRoot[] = [{ name: 'w', path: root }];
      const asked: string[] = [];
      const host: Host = {
        fs: nodeFileSystem,
        roots: () => roots,
        excludeGlobs: (r, purpose) => {
          asked.push(`${r.name}:${purpose}`);
          return ['**/generated', '**/*.snap'];
        },
      };
      const lectern = new Lectern(host);
      write(root, 'generated/g.ts', 'needle\n');
      write(root, 'src/generated/h.ts', 'needle\n');
      write(root, 'src/a.snap', 'needle\n');
      write(root, 'src/a.ts', 'needle\n');
      const r = await ok(lectern, 'lectern_search', { query: 'needle' });
      assert.deepEqual(filesOf(r), ['src/a.ts']);
      assert.deepEqual(asked, ['w:search']);
      assert.match(
        (await ok(lectern, 'lectern_search', { query: 'no such needle' })).text,
        /generated, src\/generated \(exclude setting\)/,
      );
      const named = await ok(lectern, 'lectern_search', { target: 'src/generated', query: 'needle' });
      assert.deepEqual(filesOf(named), ['src/generated/h.ts']);
    });

    it('binary files and files over 4 MB are skipped and counted; a file target still searches a huge file', async function () {
      this.timeout(20_000);
      const ws = workspace();
      ws.write('image.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x6e, 0x65, 0x65, 0x64, 0x6c, 0x65]));
      ws.write('huge.txt', 'needle\n' + 'x'.repeat(80) + '\n'.repeat(1) + ('y'.repeat(99) + '\n').repeat(45_000));
      ws.write('small.txt', 'needle\n');
      const r = await ok(ws.lectern, 'lectern_search', { query: 'needle' });
      assert.deepEqual(filesOf(r), ['small.txt']);
      assert.deepEqual(r.meta.skipped, { binary: 1, too_large: 1, unreadable: 0, folders: 0, by_rule: 0 });
      assert.equal(r.meta.files_searched, 1);
      // Binaries are named only when nothing matched; a file too large to search always (it can be searched as a target).
      assert.match(r.text, /\[Skipped: 1 file over 4\.0 MB \(huge\.txt, 4\.3 MB: search one with it as target\)\.\]/);
      const none = await ok(ws.lectern, 'lectern_search', { query: 'no such needle' });
      assert.match(
        none.text,
        /\[Skipped: 1 binary file; 1 file over 4\.0 MB \(huge\.txt, 4\.3 MB: search one with it as target\)\.\]/,
      );
      const one = await ok(ws.lectern, 'lectern_search', { target: 'huge.txt', query: 'needle' });
      assert.equal(one.meta.total_matches, 1);
    });

    it('bytes that are not UTF-8 do not make a file binary (only a NUL byte does); they show as U+FFFD', async () => {
      const ws = workspace();
      ws.write('latin1.txt', Buffer.concat([Buffer.from('caf'), Buffer.from([0xe9]), Buffer.from(' needle\nplain\n')]));
      for (const query of ['needle', 'NEEDLE', 'n[e]+dle']) {
        const r = await ok(ws.lectern, 'lectern_search', { query, is_regex: query.includes('[') });
        assert.deepEqual(
          matchesOf(r).map((m) => [m.file, m.line, m.column, m.text]),
          [['latin1.txt', 1, 6, 'caf\uFFFD needle']],
          query,
        );
      }
    });

    it('UTF-16 and BOM files are searched; text in unsaved editor buffers wins over the disk', async () => {
      const dirtyPath = { value: '' };
      const ws = workspace({
        documents: {
          dirty: (p) => (p === dirtyPath.value ? { text: 'unsaved needle\nneedle again\n', version: 3 } : undefined),
          dirtyPaths: () => [dirtyPath.value],
        },
      });
      ws.write('u16.txt', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('first\nsecond needle\n', 'utf16le')]));
      ws.write('bom.txt', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('needle at the start\n')]));
      dirtyPath.value = ws.write('edited.ts', 'nothing on disk\n');
      const r = await ok(ws.lectern, 'lectern_search', { query: '^(second |unsaved )?needle', is_regex: true });
      assert.deepEqual(found(r), ['edited.ts:1', 'edited.ts:2', 'bom.txt:1', 'u16.txt:2']);
    });
  });

  describe('ranking and bounds', () => {
    let ws: Workspace;
    before(() => {
      ws = workspace();
      // f00 … f29, file fNN holding NN+1 matching lines (f29: 30), and noise between them.
      for (let i = 0; i < 30; i++) {
        const lines = Array.from({ length: i + 1 }, (_, k) => `hit ${i}.${k}\nquiet line`).join('\n');
        ws.write(`d${i % 3}/f${String(i).padStart(2, '0')}.txt`, `${lines}\n`);
      }
      ws.write('tie-b.txt', 'hit\n');
      ws.write('sub/tie-a.txt', 'hit\n');
    });

    it('files with the most matching lines first; ties in walk order (shallower first, then by name); meta.files follows the text', async () => {
      const r = await ok(ws.lectern, 'lectern_search', { query: 'hit', max_results: 500 });
      const files = filesOf(r);
      assert.equal(files.length, 32);
      assert.deepEqual(files.slice(0, 3), ['d2/f29.txt', 'd1/f28.txt', 'd0/f27.txt']);
      // Counts never increase down the ranking.
      const counts = r.meta.file_matches as number[];
      for (let i = 1; i < counts.length; i++) assert.ok(counts[i]! <= counts[i - 1]!);
      // Three files with one match: the root file, then by path.
      assert.deepEqual(files.slice(-3), ['tie-b.txt', 'd0/f00.txt', 'sub/tie-a.txt']);
      assert.deepEqual(groupsOf(r), files.slice(0, r.meta.shown_files as number));
      assert.equal(r.meta.total_matches, 467);
      assert.equal(r.meta.shown_matches, 467);
    });

    it('max_results bounds the shown lines, spread over the top files; the rest are counted and the next calls named', async () => {
      const r = await ok(ws.lectern, 'lectern_search', { query: 'hit', max_results: 20 });
      assert.equal(r.meta.shown_matches, 20);
      assert.equal(r.meta.total_matches, 467);
      assert.equal(r.meta.truncated, true);
      // At least three lines per file while they last: 20 lines over 7 files.
      const shown = groupsOf(r);
      assert.deepEqual(shown, [
        'd2/f29.txt',
        'd1/f28.txt',
        'd0/f27.txt',
        'd2/f26.txt',
        'd1/f25.txt',
        'd0/f24.txt',
        'd2/f23.txt',
      ]);
      assert.match(r.text, /^d2\/f23\.txt · showing 2 of 24 matches$/m);
      assert.equal(r.meta.shown_files, 7);
      assert.match(
        r.text,
        /^Search in the workspace · 467 matches in 32 files \(32 files searched\) · showing 20 matches in 7 files\n/,
      );
      assert.match(
        r.text,
        /^d2\/f29\.txt · showing 3 of 30 matches\n1\thit 29\.0\n3\thit 29\.1\n5\thit 29\.2\n\[27 more matches in this file: lectern_search \{"target":"d2\/f29\.txt","query":"hit"\}\]$/m,
      );
      assert.match(
        r.text,
        /\[More files with matches: d1\/f22\.txt \(23\), d0\/f21\.txt \(22\), .*, tie-b\.txt \(1\), d0\/f00\.txt \(1\), sub\/tie-a\.txt \(1\)\.\]/,
      );
      assert.match(
        r.text,
        /\[447 more matches \(25 more files\) not shown\. Raise max_results \(up to 500\), narrow with target, include or exclude, or search one file with target\.\]/,
      );
      // meta.files: the shown files, then the listed ones, in rank order.
      assert.equal(filesOf(r).length, 32);
      assert.deepEqual(filesOf(r).slice(0, 7), shown);
      // The per-file call answers that file's matches in line order.
      const more = await ok(ws.lectern, 'lectern_search', { target: 'd2/f29.txt', query: 'hit' });
      assert.equal(more.meta.total_matches, 30);
    });

    it('few files: each shows all of its lines up to max_results', async () => {
      const r = await ok(ws.lectern, 'lectern_search', {
        target: 'd2',
        query: 'hit 2[0-9]\\.',
        is_regex: true,
        max_results: 200,
      });
      assert.deepEqual(groupsOf(r), ['d2/f29.txt', 'd2/f26.txt', 'd2/f23.txt', 'd2/f20.txt']);
      assert.equal(r.meta.shown_matches, 30 + 27 + 24 + 21);
      // Over max_results: the largest even share that fits (here 28 lines a file at most).
      const even = await ok(ws.lectern, 'lectern_search', {
        target: 'd2',
        query: 'hit 2[0-9]\\.',
        is_regex: true,
        max_results: 100,
      });
      assert.deepEqual(
        (even.meta.files as string[]).map((f, i) => [
          f,
          matchesOf(even).filter((m) => m.file === f).length,
          (even.meta.file_matches as number[])[i],
        ]),
        [
          ['d2/f29.txt', 28, 30],
          ['d2/f26.txt', 27, 27],
          ['d2/f23.txt', 24, 24],
          ['d2/f20.txt', 21, 21],
        ],
      );
      // What the even share leaves over goes to the top files.
      const over = await ok(ws.lectern, 'lectern_search', {
        target: 'd2',
        query: 'hit 2[0-9]\\.',
        is_regex: true,
        max_results: 101,
      });
      assert.equal(matchesOf(over).filter((m) => m.file === 'd2/f29.txt').length, 29);
      assert.equal(over.meta.shown_matches, 101);
    });

    it('context lines before and after, merged within a file', async () => {
      const r = await ok(ws.lectern, 'lectern_search', {
        target: 'd0/f03.txt',
        query: 'hit',
        before: 1,
        after: 1,
        max_matches: 2,
      });
      assert.match(r.text, /1:\thit 3\.0\nquiet line\n3:\thit 3\.1\n4-\tquiet line/);
      const w = await ok(ws.lectern, 'lectern_search', {
        target: 'd0',
        query: 'hit 3\\.[12]',
        is_regex: true,
        before: 1,
        after: 2,
      });
      assert.match(
        w.text,
        /^d0\/f03\.txt · 2 matches\n2-\tquiet line\n3:\thit 3\.1\nquiet line\n5:\thit 3\.2\nquiet line\n7-\thit 3\.3$/m,
      );
    });

    it('the token cap drops whole files from the end and says so', async () => {
      const small = new Lectern(ws.host, () => ({ contextTokens: 2_000, maxReadShare: 0.5 }));
      const r = await ok(small, 'lectern_search', { query: 'hit', max_results: 500 });
      assert.equal(r.meta.preview_degraded, true);
      assert.ok((r.meta.shown_matches as number) < 467);
      assert.match(r.text, /not shown \(token cap of 1,000 tokens\)/);
      assert.ok((r.meta.token_estimate as number) <= 1_000, String(r.meta.token_estimate));
    });
  });

  describe('context of a file that shows some of its matches', () => {
    it('context after the last shown match stops before the first match left out', async () => {
      const ws = workspace();
      ws.write('five.txt', 'hit\nquiet\nhit\nquiet\nhit\nquiet\nquiet\nhit 4\nquiet\nhit 5\n');
      const r = await ok(ws.lectern, 'lectern_search', { query: 'hit', max_results: 3, after: 5 });
      assert.match(
        r.text,
        /^five\.txt · showing 3 of 5 matches\n1:\thit\nquiet\n3:\thit\nquiet\n5:\thit\nquiet\n7-\tquiet\n\[/m,
      );
    });

    it('and so it does in a file whose kept matches were cut as later files ranked above it', async () => {
      const ws = workspace();
      // a.txt ranks first when it is searched, keeping all four of its matches; b.txt and c.txt (five
      // matches each) push it to the third rank, where it keeps three: the fourth is left out.
      ws.write('a.txt', 'hit\nhit\nhit\nhit\nquiet\n');
      ws.write('b.txt', 'hit\nhit\nhit\nhit\nhit\n');
      ws.write('c.txt', 'hit\nhit\nhit\nhit\nhit\n');
      const r = await ok(ws.lectern, 'lectern_search', { query: 'hit', max_results: 9, after: 3 });
      assert.deepEqual(groupsOf(r), ['b.txt', 'c.txt', 'a.txt']);
      assert.match(r.text, /^a\.txt · showing 3 of 4 matches\n1:\thit\n2:\thit\n3:\thit\n\[/m);
    });
  });

  describe('patterns', () => {
    let ws: Workspace;
    before(() => {
      ws = workspace();
      ws.write('a.ts', 'function Alpha() {}\nconst alpha = 1;\n');
      ws.write('crlf.txt', 'one end\r\ntwo\r\n');
    });

    it('INVALID_REGEX before anything is read, with the lookaround hint', async () => {
      const r = await fails(ws.lectern, 'lectern_search', { query: 'foo(', is_regex: true }, 'INVALID_REGEX');
      assert.match(r.error!.message, /^The regular expression "foo\(" does not compile/);
      const look = await fails(ws.lectern, 'lectern_search', { query: 'a(?=b)', is_regex: true }, 'INVALID_REGEX');
      assert.match(look.error!.hint, /no lookaround or backreferences/);
    });

    it('case rules and anchors match as in the single-file search (CRLF: $ before the CR)', async () => {
      assert.equal((await ok(ws.lectern, 'lectern_search', { query: 'alpha' })).meta.total_matches, 2);
      assert.equal(
        (await ok(ws.lectern, 'lectern_search', { query: 'alpha', case_sensitive: true })).meta.total_matches,
        1,
      );
      assert.deepEqual(found(await ok(ws.lectern, 'lectern_search', { query: 'end$', is_regex: true })), [
        'crlf.txt:1',
      ]);
      assert.deepEqual(
        found(await ok(ws.lectern, 'lectern_search', { query: '^const', is_regex: true, case_sensitive: true })),
        ['a.ts:2'],
      );
      assert.deepEqual(found(await ok(ws.lectern, 'lectern_search', { query: '\\Aone', is_regex: true })), [
        'crlf.txt:1',
      ]);
      // A pattern that could span lines still matches line by line.
      assert.equal(
        (await ok(ws.lectern, 'lectern_search', { query: 'Alpha\\(\\) \\{\\}\\s+const', is_regex: true })).meta
          .total_matches,
        0,
      );
    });

    it('a catastrophic-backtracking pattern over many files finishes fast (RE2, linear time)', async function () {
      this.timeout(30_000);
      const redos = workspace();
      for (let i = 0; i < 40; i++) redos.write(`r${i}.txt`, `${'a'.repeat(20_000)}!\n${'a'.repeat(30)}\n`);
      const t = Date.now();
      const r = await ok(redos.lectern, 'lectern_search', { query: '(a+)+$', is_regex: true });
      const nested = await ok(redos.lectern, 'lectern_search', { query: '(a|aa)*b', is_regex: true });
      const elapsed = Date.now() - t;
      assert.equal(r.meta.total_matches, 40);
      assert.equal(nested.meta.total_matches, 0);
      assert.ok(elapsed < 10_000, `took ${elapsed} ms`);
    });

    it('matches equal a line-by-line check, for plain and regex queries', async () => {
      const dir = workspace();
      let n = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.constantFrom('x', 'needle', 'NeedLe y', 'é needle', '', 'needl', '😀needle😀', ' needle\r'), {
            maxLength: 30,
          }),
          fc.constantFrom('\n', '\r\n'),
          fc.boolean(),
          fc.constantFrom(
            { query: 'needle', is_regex: false },
            { query: 'e{2}dle', is_regex: true },
            { query: '^needle$', is_regex: true },
            { query: 'd', is_regex: false },
          ),
          async (lines, eol, caseSensitive, q) => {
            const name = `p${n++}.txt`;
            dir.write(name, lines.join(eol));
            const r = await ok(dir.lectern, 'lectern_search', {
              target: `${name}*`,
              query: q.query,
              is_regex: q.is_regex,
              case_sensitive: caseSensitive,
              max_results: 500,
            });
            const re = q.is_regex ? new RegExp(q.query, caseSensitive ? 'u' : 'iu') : undefined;
            const expected = lines.flatMap((l, i) => {
              const line = l.replace(/\r$/, '');
              const at = re
                ? (re.exec(line)?.index ?? -1)
                : caseSensitive
                  ? line.indexOf(q.query)
                  : line.toLowerCase().indexOf(q.query.toLowerCase());
              return at === -1 ? [] : [`${name}:${i + 1}:${at + 1}:${line}`];
            });
            assert.deepEqual(
              matchesOf(r).map((m) => `${m.file}:${m.line}:${m.column}:${m.text}`),
              expected,
            );
          },
        ),
        { numRuns: 80 },
      );
    });
  });

  describe('hosts without the synchronous fast path', () => {
    it('answer the same through async handles and plain Uint8Arrays', async () => {
      const ws = workspace();
      for (let i = 0; i < 30; i++)
        ws.write(`d${i % 4}/f${i}.ts`, `const é = 1;\n${'needle\n'.repeat(i % 5)}NEEDLE é needle\n`);
      ws.write('big.ts', `${'x'.repeat(70_000)}\nneedle\n`);
      ws.write('bin.dat', Buffer.from([0x6e, 0x00, 0x65]));
      const { readFileSync: _file, readdirSync: _dir, ...asyncOnly } = nodeFileSystem;
      const plain: Host = {
        roots: ws.host.roots,
        fs: {
          ...asyncOnly,
          async open(p) {
            const { allocate: _allocate, ...handle } = await nodeFileSystem.open(p);
            return handle;
          },
        },
      };
      const slow = new Lectern(plain);
      for (const input of [
        { query: 'needle', before: 1 },
        { query: 'needle', case_sensitive: true },
        { query: 'é needle' },
        { query: 'ne+dle$', is_regex: true },
        { query: 'needle', max_results: 7 },
      ]) {
        const expected = await ok(ws.lectern, 'lectern_search', input);
        const actual = await ok(slow, 'lectern_search', input);
        assert.equal(actual.text, expected.text, JSON.stringify(input));
        assert.deepEqual(actual.meta.files, expected.meta.files);
        assert.equal(actual.meta.total_matches, expected.meta.total_matches);
      }
    });
  });

  describe('cancellation', () => {
    it('a cancelled signal answers CANCELLED, before or during the walk', async () => {
      const ws = workspace();
      for (let i = 0; i < 200; i++) ws.write(`d${i % 10}/f${i}.txt`, 'needle\n');
      const before = await ws.lectern.invoke(
        'lectern_search',
        { query: 'needle' },
        { signal: { isCancellationRequested: true } },
      );
      assert.equal(before.error?.code, 'CANCELLED');
      let checks = 0;
      const during = await ws.lectern.invoke(
        'lectern_search',
        { query: 'needle' },
        {
          signal: {
            get isCancellationRequested() {
              return ++checks > 20;
            },
          },
        },
      );
      assert.equal(during.error?.code, 'CANCELLED');
      assert.match(during.text, /The search was cancelled/);
    });
  });

  describe('multi-root', () => {
    let lectern: Lectern;
    before(() => {
      const a = tempDir();
      const b = tempDir();
      write(a, 'src/x.ts', 'needle\nneedle\n');
      write(b, 'src/x.ts', 'needle\n');
      write(b, 'lib/y.ts', 'needle\n');
      const roots = [
        { name: 'alpha', path: a },
        { name: 'beta', path: b },
      ];
      lectern = new Lectern({ fs: nodeFileSystem, roots: () => roots });
    });

    it('display paths carry the folder name, as everywhere else, and read back', async () => {
      const r = await ok(lectern, 'lectern_search', { query: 'needle' });
      assert.deepEqual(filesOf(r), ['alpha/src/x.ts', 'beta/lib/y.ts', 'beta/src/x.ts']);
      const read = await ok(lectern, 'lectern_read', { target: 'beta/lib/y.ts', start_line: 1, end_line: 1 });
      assert.equal(read.content, 'needle\n');
    });

    it('a folder name as target, globs with or without the folder name, include by folder', async () => {
      assert.deepEqual(filesOf(await ok(lectern, 'lectern_search', { target: 'beta', query: 'needle' })), [
        'beta/lib/y.ts',
        'beta/src/x.ts',
      ]);
      assert.deepEqual(filesOf(await ok(lectern, 'lectern_search', { target: 'beta/src', query: 'needle' })), [
        'beta/src/x.ts',
      ]);
      assert.deepEqual(filesOf(await ok(lectern, 'lectern_search', { target: 'src/**', query: 'needle' })), [
        'alpha/src/x.ts',
        'beta/src/x.ts',
      ]);
      assert.deepEqual(filesOf(await ok(lectern, 'lectern_search', { target: 'alpha/**/*.ts', query: 'needle' })), [
        'alpha/src/x.ts',
      ]);
      assert.deepEqual(filesOf(await ok(lectern, 'lectern_search', { query: 'needle', include: 'beta' })), [
        'beta/lib/y.ts',
        'beta/src/x.ts',
      ]);
      assert.deepEqual(filesOf(await ok(lectern, 'lectern_search', { query: 'needle', exclude: 'alpha/src' })), [
        'beta/lib/y.ts',
        'beta/src/x.ts',
      ]);
      await fails(lectern, 'lectern_search', { target: 'src', query: 'needle' }, 'AMBIGUOUS_PATH');
    });
  });
});
