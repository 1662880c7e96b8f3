// Glob matching that cannot stall the host: a glob with many wildcards runs on RE2 (linear time)
// and must answer exactly as picomatch does on the paths the walker produces; the glob that made
// picomatch's backtracking RegExp take 52 s on a 40-character name answers at once.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import picomatch from 'picomatch';
import { globMatcher } from '../../../src/core/ground/globMatch';
import { Lectern } from '../../../src/core/engine';
import { nodeFileSystem } from '../../../src/node/nodeFileSystem';
import { fails, ok, tempDir, workspace, write } from '../helpers';

/** A path as the walker lists it: relative, no empty, `.` or `..` segment. */
const segment = fc
  .array(fc.constantFrom('a', 'b', 'ab', '.', '.ts', 'x', '-'), { minLength: 1, maxLength: 4 })
  .map((parts) => parts.join(''))
  .filter((s) => s !== '.' && s !== '..');
const walkerPath = fc.array(segment, { minLength: 1, maxLength: 4 }).map((segments) => segments.join('/'));

/** Globs with at least three wildcards (the ones that run on RE2). */
const manyWildcards = fc
  .array(fc.constantFrom('*', '**/', '?', 'a', 'b', '.ts', '/', '{a,b}', '[ab]', '*(a)', '+(b)', '@(a|x)', 'x'), {
    minLength: 3,
    maxLength: 10,
  })
  .map((tokens) => ['*', ...tokens, '*a*'].join(''))
  .filter((glob) => !glob.includes('//'));

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
