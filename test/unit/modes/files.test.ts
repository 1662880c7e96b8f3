// lectern_read mode "files" through the engine on real files: a folder's tree (directories first,
// the walk's exclusions, secret-looking files counted, not named), a glob's matches, a name part's
// matches ranked by relevance, and (fast-check) over random trees and budgets: nothing listed twice,
// nothing lost (shown + counted = every file in scope), and the continuation calls cover exactly the rest.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { loadTokenCounter } from '../../../src/core/ground/tokens';
import { fails, ok, workspace } from '../helpers';

/** What one answer shows: the files it names (display paths), its collapsed folders and its next page. */
interface Parsed {
  files: string[];
  /** Levels of subfolders shown open (0: none). */
  opened: number;
  collapsed: { path: string; count: number }[];
  next?: Record<string, unknown>;
}

const FOLDER_LINE = /^(\S+)\/(?: \((\d+)\))?$/;

/** Reads a tree answer back: indentation is depth, "name/" a folder, "name/ (N)" a collapsed one, other lines files. */
function parseTree(text: string, base: string): Parsed {
  const lines = text.split('\n').slice(1);
  const parsed: Parsed = { files: [], opened: 0, collapsed: [] };
  const stack: string[] = [];
  for (const line of lines) {
    if (line.startsWith('[')) {
      const next = /Next: lectern_read (\{.*?\})\./.exec(line);
      if (next) parsed.next = JSON.parse(next[1]!) as Record<string, unknown>;
      continue;
    }
    const depth = (line.length - line.trimStart().length) / 2;
    stack.length = depth;
    const body = line.trim();
    const folder = FOLDER_LINE.exec(body);
    const at = base + stack.map((s) => `${s}/`).join('');
    if (folder) {
      if (folder[2] !== undefined) parsed.collapsed.push({ path: `${at}${folder[1]}/`, count: Number(folder[2]) });
      else {
        stack.push(folder[1]!);
        parsed.opened = Math.max(parsed.opened, depth + 1);
      }
    } else parsed.files.push(...body.split(' ').map((name) => at + name));
  }
  return parsed;
}

/** Reads a list answer shown whole back: "dir/ a b" or "a" per line. */
function parseList(text: string): Parsed {
  const parsed: Parsed = { files: [], opened: 0, collapsed: [] };
  for (const line of text.split('\n')) {
    if (line.startsWith('[')) continue;
    const [first, ...names] = line.split(' ');
    if (first!.endsWith('/')) parsed.files.push(...names.map((name) => first + name));
    else parsed.files.push(first!, ...names);
  }
  return parsed;
}

describe('mode files', () => {
  it('lists a folder as a tree, directories first, without what the walk leaves out', async () => {
    const { lectern, write } = workspace();
    write('src/b.ts', '');
    write('src/a/x.ts', '');
    write('src/a/y.ts', '');
    write('src/node_modules/dep/index.js', '');
    write('src/gen/out.ts', '');
    write('src/.gitignore', 'gen/\n');
    write('src/.env', 'KEY=1\n');
    write('README.md', '');
    const r = await ok(lectern, 'lectern_read', { mode: 'files', target: 'src' });
    assert.equal(
      r.text,
      'src/: 4 files\na/\n  x.ts y.ts\n.gitignore b.ts\n[1 secret-looking file not listed; the user can approve them (CLI --allow-secrets on, setting lectern.allowSecrets).]',
    );
    assert.equal(r.meta.files, 4);
    const all = await ok(lectern, 'lectern_read', { mode: 'files' });
    assert.match(
      all.text,
      /^the workspace: 5 files\nsrc\/\n {2}a\/\n {4}x\.ts y\.ts\n {2}\.gitignore b\.ts\nREADME\.md\n/,
    );
  });

  it('collapses folders past the budget with their counts and the call that lists one', async () => {
    const { lectern, write } = workspace();
    for (let i = 0; i < 200; i++) write(`lib/deep/many/file${i}.py`, '');
    write('lib/top.py', '');
    const r = await ok(lectern, 'lectern_read', { mode: 'files', target: 'lib', max_tokens: 200 });
    assert.match(r.text, /^lib\/: 201 files\ndeep\/\n {2}many\/ \(200\)\ntop\.py\n/);
    assert.match(
      r.text,
      /1 of 201 files shown\. A folder "name\/ \(N\)" holds N files not shown: lectern_read \{"mode":"files","target":"lib\/deep\/many\/","max_tokens":200\}/,
    );
  });

  it('opens as many folder levels as depth asks (1: the folder itself, as ls shows it)', async () => {
    const { lectern, write } = workspace();
    write('lib/deep/many/a.py', '');
    write('lib/deep/one.py', '');
    write('lib/top.py', '');
    const one = await ok(lectern, 'lectern_read', { mode: 'files', target: 'lib', depth: 1 });
    assert.match(one.text, /^lib\/: 3 files\ndeep\/ \(2\)\ntop\.py\n\[1 of 3 files shown\. .*"depth":1/);
    const two = await ok(lectern, 'lectern_read', { mode: 'files', target: 'lib', depth: 2 });
    assert.match(two.text, /^lib\/: 3 files\ndeep\/\n {2}many\/ \(1\)\n {2}one\.py\ntop\.py\n/);
    const all = await ok(lectern, 'lectern_read', { mode: 'files', target: 'lib' });
    assert.match(all.text, /^lib\/: 3 files\ndeep\/\n {2}many\/\n {4}a\.py\n {2}one\.py\ntop\.py$/);
  });

  it('finds files by a part of their name, the name itself first', async () => {
    const { lectern, write } = workspace();
    write('src/routers/admin.py', '');
    write('src/app/router_utils.py', '');
    write('src/router.py', '');
    write('test/test_router.py', '');
    write('src/other.py', '');
    const r = await ok(lectern, 'lectern_read', { mode: 'files', target: 'router' });
    assert.deepEqual(parseList(r.text).files, [
      'src/router.py',
      'src/app/router_utils.py',
      'test/test_router.py',
      'src/routers/admin.py',
    ]);
    await fails(lectern, 'lectern_read', { mode: 'files', target: 'nothing_like_this' }, 'NOT_FOUND');
  });

  it("lists a glob's matches in tree order", async () => {
    const { lectern, write } = workspace();
    write('src/z.test.ts', '');
    write('src/a/b.test.ts', '');
    write('src/a/b.ts', '');
    const r = await ok(lectern, 'lectern_read', { mode: 'files', target: 'src/**/*.test.ts' });
    assert.equal(r.text, 'src/a/ b.test.ts\nsrc/ z.test.ts');
  });

  it('shows or counts every file once, and its continuation calls list exactly the rest (fast-check)', async function () {
    /** A name from a number, in the arbitrary's letters. */
    const letters = (n: number) => n.toString(26).replace(/./g, (d) => String.fromCharCode(97 + parseInt(d, 26)));
    const flat = Array.from({ length: 150 }, (_, i) => `${letters(i + 26 * 26)}.f`);
    const deep = [...Array.from({ length: 80 }, (_, i) => `a/bb/c/${letters(i + 26)}.f`), 'top.f'];
    this.timeout(120_000);
    const count = await loadTokenCounter();
    const exercised = { collapsed: 0, paged: 0 };
    // Few folder names (deep trees to collapse), many file names (folders too full to show: pages).
    const dir = fc.stringMatching(/^[a-c]{1,2}$/);
    const file = fc.stringMatching(/^[a-z]{1,8}$/);
    const path = fc
      .tuple(fc.array(dir, { maxLength: 3 }), file)
      .map(([dirs, name]) => [...dirs, `${name}.f`].join('/'));
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(path, { minLength: 1, maxLength: 150, size: 'max' }),
        fc.integer({ min: 200, max: 700 }),
        fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
        async (paths, maxTokens, depth) => {
          const { lectern, write } = workspace();
          for (const p of paths) write(`w/${p}`, '');
          const seen: string[] = [];
          const levels = depth === undefined ? {} : { depth };
          const calls: Record<string, unknown>[] = [{ mode: 'files', target: 'w', max_tokens: maxTokens, ...levels }];
          for (let i = 0; i < calls.length; i++) {
            const input = calls[i]!;
            const r = await ok(lectern, 'lectern_read', input);
            assert.ok(count(r.text) <= maxTokens, `${count(r.text)} tokens over ${maxTokens}:\n${r.text}`);
            const target = String(input.target);
            const parsed = parseTree(r.text, target.endsWith('/') ? target : `${target}/`);
            // depth N opens N - 1 levels of subfolders below the one listed.
            if (depth !== undefined) assert.ok(parsed.opened < depth, `depth ${depth}:\n${r.text}`);
            seen.push(...parsed.files);
            const counted = parsed.collapsed.reduce((sum, f) => sum + f.count, 0);
            const rest = typeof input.skip === 'number' || parsed.next ? undefined : r.meta.files;
            if (rest !== undefined) assert.equal(parsed.files.length + counted, rest, r.text);
            exercised.collapsed += parsed.collapsed.length;
            if (parsed.next) exercised.paged++;
            for (const folder of parsed.collapsed)
              calls.push({ mode: 'files', target: folder.path, max_tokens: maxTokens, ...levels });
            if (parsed.next) calls.push(parsed.next);
          }
          assert.deepEqual([...seen].sort(), paths.map((p) => `w/${p}`).sort());
        },
      ),
      // Two cases run every time, so that both kinds of continuation are always exercised: a folder whose
      // own files outrun the budget (pages), and a deep folder past it (collapsed), at every depth.
      {
        numRuns: 25,
        examples: [
          [flat, 200, undefined],
          [deep, 200, undefined],
          [deep, 300, 2],
        ],
      },
    );
    // The runs went through both kinds of continuation.
    assert.ok(exercised.collapsed > 0 && exercised.paged > 0, JSON.stringify(exercised));
  });
});
