// The token estimate without the tokenizer: within 25% of the exact o200k count on real text (the
// sources of the packages in node_modules, cut at random places and lengths), and on Lectern's own
// answers to real calls.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { estimateO200k } from '../../../src/core/ground/tokenEstimate';
import { loadTokenCounter, type TokenCounter } from '../../../src/core/ground/tokens';

/** Real files of several kinds from installed packages (none written for these tests). */
function realTexts(): string[] {
  const root = path.resolve(__dirname, '../../../node_modules');
  const picks = [
    'typescript/lib/lib.dom.d.ts',
    'typescript/README.md',
    'diff/README.md',
    'picomatch/lib/parse.js',
    'fast-check/README.md',
    'mocha/lib/runner.js',
    'esbuild/package.json',
    'tree-sitter-python/grammar.js',
    'tree-sitter-rust/src/node-types.json',
    '@modelcontextprotocol/sdk/dist/cjs/server/index.js',
  ];
  return picks
    .map((file) => path.join(root, file))
    .filter((file) => fs.existsSync(file))
    .map((file) => fs.readFileSync(file, 'utf8').slice(0, 400_000));
}

describe('token estimate without the tokenizer', () => {
  let exact: TokenCounter;
  const texts = realTexts();
  before(async () => {
    exact = await loadTokenCounter();
  });

  it('is within 25% of the exact o200k count on real text, cut anywhere (whole, long and short pieces)', () => {
    assert.ok(texts.length >= 8, `only ${texts.length} real files found`);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: texts.length - 1 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 400, max: 60_000 }),
        (which, where, length) => {
          const text = texts[which]!;
          const start = Math.floor(where * Math.max(0, text.length - length));
          const piece = text.slice(start, start + length);
          const truth = exact(piece);
          const estimate = estimateO200k(piece);
          assert.ok(
            estimate >= truth * 0.75 && estimate <= truth * 1.25,
            `estimate ${estimate}, exact ${truth} (${(estimate / truth).toFixed(2)}) for ${piece.length} characters`,
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it("is within 25% on the pieces near a file's end, which the property draws most: a README's table of contributors", () => {
    const readme = texts.find((text) => text.includes('all-contributors'));
    assert.ok(readme, 'fast-check/README.md, with its contributors table, is installed');
    let worst = Infinity;
    for (let length = 20_000; length <= 42_000; length += 499)
      for (const where of [0.95, 0.99, 0.994, 1]) {
        const start = Math.floor(where * Math.max(0, readme.length - length));
        const piece = readme.slice(start, start + length);
        worst = Math.min(worst, estimateO200k(piece) / exact(piece));
      }
    assert.ok(worst >= 0.75, `worst estimate / exact ${worst.toFixed(3)}`);
  });

  it('counts nothing as nothing, and any text as at least one token', () => {
    assert.equal(estimateO200k(''), 0);
    fc.assert(fc.property(fc.string({ minLength: 1 }), (text) => assert.ok(estimateO200k(text) >= 1)));
  });
});
