// The npm package's installed size: every doc that states it says the same "about N MB" (decimal, as npm and
// scripts/check-npm-package.mjs print it); the check fails when the measured size drifts a megabyte from it.
import { strict as assert } from 'node:assert';
import { megabytes, readSizeDocs, sizeProblems, statedSizes } from '../../../scripts/install-size.mjs';

describe('the installed size the docs state', () => {
  it('is one figure in every doc that states it', () => {
    assert.deepEqual(sizeProblems(readSizeDocs()), []);
  });

  it('names two figures, a doc without one, and a figure far from the measured size', () => {
    const docs = new Map([
      ['a.md', 'installs offline (about 28 MB installed: 26.7 MiB)'],
      ['b.md', 'no dependencies (about 27.6 MB installed)'],
      ['c.md', 'nothing said'],
    ]);
    const problems = sizeProblems(docs, 25_000_000);
    assert.ok(problems.includes('c.md states no installed size'), problems.join('\n'));
    assert.ok(problems.includes('the docs state 2 installed sizes: 28, 27.6 MB'), problems.join('\n'));
    assert.ok(problems.some((p) => p.startsWith('the docs say about 28 MB installed, the check measured 25.0 MB')));
    assert.deepEqual(sizeProblems(new Map([['b.md', 'about 27.6 MB installed']]), 27_640_000), []);
    assert.deepEqual(
      statedSizes('about 27.6 MB installed, about 400 MB of downloads, about 3 MB installed'),
      [27.6, 3],
    );
    assert.equal(megabytes(27_640_000), '27.6 MB');
  });
});
