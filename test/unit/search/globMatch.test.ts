// Glob matching that cannot stall the host: every glob runs on RE2 (linear time) and must answer
// exactly as picomatch does on the paths the walker produces; the glob that made picomatch's
// backtracking RegExp take 52 s on a 40-character name answers at once, in every mode that takes one.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import picomatch from 'picomatch';
import { globMatcher } from '../../../src/core/ground/globMatch';
import { Lectern } from '../../../src/core/engine';
import { nodeFileSystem } from '../../../src/node/nodeFileSystem';
import { fails, ok, tempDir, workspace, write } from '../helpers';
import { navWorkspace } from '../navigate/navHelpers';

/** A path as the walker lists it: relative, no empty, `.` or `..` segment. */
const segment = fc
  .array(fc.constantFrom('a', 'b', 'ab', '.', '.ts', 'x', '-'), { minLength: 1, maxLength: 4 })
  .map((parts) => parts.join(''))
  .filter((s) => s !== '.' && s !== '..');
const walkerPath = fc.array(segment, { minLength: 1, maxLength: 4 }).map((segments) => segments.join('/'));

const tokens = fc.constantFrom('*', '**/', '?', 'a', 'b', '.ts', '/', '{a,b}', '[ab]', '*(a)', '+(b)', '@(a|x)', 'x');

/** Globs with at least three wildcards. */
const manyWildcards = fc
  .array(tokens, { minLength: 3, maxLength: 10 })
  .map((tokens) => ['*', ...tokens, '*a*'].join(''))
  .filter((glob) => !glob.includes('//'));

/** Any glob of those tokens, negated as a whole or not (`!`, `!!`). */
const anyGlob = fc
  .tuple(fc.constantFrom('', '!', '!!'), fc.array(tokens, { minLength: 1, maxLength: 8 }))
  .map(([bang, tokens]) => bang + tokens.join(''))
  .filter((glob) => !glob.includes('//'));

/** The probe's glob, and one without a single `*` that backtracks as badly (each `@(a|aa)` doubles the time). */
const EVIL_GLOBS = [`src/${'*a'.repeat(10)}*b`, `src/${'@(a|aa)'.repeat(30)}b`];

describe('glob matching that cannot blow up', function () {
  this.timeout(60_000);

  it('a glob with many wildcards answers as picomatch does on walker paths', () => {
    fc.assert(
      fc.property(manyWildcards, fc.array(walkerPath, { minLength: 1, maxLength: 8 }), (glob, paths) => {
        const reference = picomatch(glob, { dot: true });
        const linear = globMatcher(glob);
        for (const path of paths) assert.equal(linear(path), reference(path), `${glob} on ${path}`);
      }),
      { numRuns: 400 },
    );
  });

  it('any glob, with few wildcards or many, negated or not, answers as picomatch does on walker paths', () => {
    fc.assert(
      fc.property(anyGlob, fc.array(walkerPath, { minLength: 1, maxLength: 8 }), (glob, paths) => {
        const reference = picomatch(glob, { dot: true });
        const linear = globMatcher(glob);
        for (const path of paths) assert.equal(linear(path), reference(path), `${glob} on ${path}`);
      }),
      { numRuns: 600 },
    );
  });

  it('a last segment that is a bare * matches no empty name, as picomatch has it (a/**/* is not a)', () => {
    for (const glob of ['a/**/*', '*/**/*', '**/*', '*'])
      for (const path of ['a', 'a/b', 'a/b/c'])
        assert.equal(globMatcher(glob)(path), picomatch(glob, { dot: true })(path), `${glob} on ${path}`);
    assert.equal(globMatcher('a/**/*')('a'), false);
  });

  it('a glob without wildcards that backtracks exponentially (@(a|aa) thirty times) answers at once', () => {
    const started = Date.now();
    const match = globMatcher(EVIL_GLOBS[1]!);
    for (const length of [40, 200]) assert.equal(match(`src/${'a'.repeat(length)}`), false);
    assert.ok(Date.now() - started < 2_000, `${Date.now() - started} ms`);
  });

  it("the probe's glob answers map, symbol and references at once on 40- and 200-character names", async () => {
    const files: Record<string, string> = {};
    for (const length of [40, 200]) files[`src/${'a'.repeat(length - 3)}.ts`] = 'export function foo() {}\nfoo();\n';
    const ws = navWorkspace(files);
    // Warm: the grammars, the tokenizer and the index load on the first calls, not on the glob's.
    for (const mode of ['map', 'symbol', 'references'])
      await ws.lectern.invoke('lectern_read', { mode, target: 'foo' });
    for (const glob of EVIL_GLOBS)
      for (const input of [
        { mode: 'map', target: glob },
        { mode: 'symbol', target: 'foo', path: glob },
        { mode: 'references', target: 'foo', path: glob },
      ]) {
        const started = Date.now();
        // The glob matches no file: each mode says so, in well under a second (picomatch took minutes).
        await fails(ws.lectern, 'lectern_read', input, 'NOT_FOUND');
        const ms = Date.now() - started;
        assert.ok(ms < 2_000, `${input.mode} ${glob}: ${ms} ms`);
      }
  });

  it('a negated extglob is refused in a map or symbol path as in a search, with what to do', async () => {
    const ws = navWorkspace({ 'src/a.ts': 'export function foo() {}\n' });
    for (const input of [
      { mode: 'map', target: 'src/!(vendor)/*.ts' },
      { mode: 'symbol', target: 'foo', path: 'src/!(vendor)/*.ts' },
    ]) {
      const r = await fails(ws.lectern, 'lectern_read', input, 'INVALID_ARGS');
      assert.match(r.text, /negated pattern/);
    }
  });

  it('a glob built to backtrack exponentially answers a search at once', async () => {
    const ws = workspace();
    const name = 'a'.repeat(120);
    for (let i = 0; i < 5; i++) ws.write(`d${i}/${name}`, 'needle\n');
    // On picomatch's RegExp this glob needs about C(120, 12) steps per name: years.
    const evil = `${'*a'.repeat(12)}*b`;
    const r = await ok(ws.lectern, 'lectern_search', { query: 'needle', include: evil, exclude: evil });
    assert.equal(r.meta.total_matches, 0);
    const target = await ok(ws.lectern, 'lectern_search', { query: 'needle', target: `**/${evil}` });
    assert.equal(target.meta.total_matches, 0);
  });

  it('a negated glob with many wildcards is refused in a request, and kept (as picomatch has it) in the host settings', async () => {
    const negated = '!(z)*a*b*c';
    const ws = workspace();
    ws.write('xaybzc', 'needle\n');
    await fails(ws.lectern, 'lectern_search', { query: 'needle', include: negated }, 'INVALID_ARGS');
    const root = tempDir();
    write(root, 'xaybzc', 'needle\n');
    write(root, 'other.txt', 'needle\n');
    const lectern = new Lectern(
      { fs: nodeFileSystem, roots: () => [{ name: 'r', path: root }], excludeGlobs: () => [negated, '!(('] },
      () => ({ sessionGuard: false }),
    );
    const r = await ok(lectern, 'lectern_search', { query: 'needle' });
    assert.deepEqual(r.meta.files, ['other.txt']);
  });
});
