// `lectern call` counts with UTF-8 byte lengths and keeps that answer only when exact o200k counts
// would have decided every budget alike. Property: whenever it keeps it, the answer is the exact
// answer but for the token figures — for any file, any read and any budget settings.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { answerOnce, OneShotTokens } from '../../../src/cli/oneShotTokens';
import { loadTokenCounter, type TokenCounter } from '../../../src/core/ground/tokens';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ToolResponse } from '../../../src/core/ground/contract';
import { Lectern } from '../../../src/core/engine';
import type { Settings } from '../../../src/core/ground/settings';
import { createNodeHost, rootsOf } from '../../../src/node/nodeHost';
import { tempDir, write } from '../helpers';

/** The answer without its token figures (an upper bound in one, exact in the other). */
function withoutTokens(response: ToolResponse): unknown {
  return JSON.parse(
    JSON.stringify(response, (key, value) =>
      key === 'token_estimate' || key === 'tokens_served' || key === 'tokens_saved' ? undefined : value,
    ),
  );
}

const line = fc.oneof(
  fc.string({ maxLength: 80 }),
  fc.constantFrom('export function f(x: number): number {', '  return x * 2;', '}', '// ünïcödé ✓ 漢字', ''),
);

const read = fc.oneof(
  fc.record({ head: fc.integer({ min: 1, max: 400 }) }),
  fc.record({ tail: fc.integer({ min: 1, max: 400 }) }),
  fc
    .record({ start_line: fc.integer({ min: 1, max: 300 }), end_line: fc.integer({ min: 1, max: 600 }) })
    .filter((r) => r.start_line <= r.end_line),
  fc.constant({}),
  fc.constant({ outline: true }),
  fc.constant({ tool: 'lectern_search', query: 'return' }),
  fc.constant({ mode: 'symbol', target: 'f' }),
  fc.record({
    mode: fc.constant('snippet'),
    start_line: fc.integer({ min: 1, max: 50 }),
    expand: fc.constantFrom('none', 'block'),
  }),
);

const settings: fc.Arbitrary<Partial<Settings>> = fc.record({
  contextTokens: fc.integer({ min: 1000, max: 200_000 }),
  maxReadShare: fc.double({ min: 0.02, max: 1, noNaN: true }),
  maxPreviewChars: fc.integer({ min: 100, max: 20_000 }),
});

describe('cli: one-shot token counts', function () {
  this.timeout(120_000);

  it('a kept answer is the exact answer but for its token figures (any file, read and budgets)', async () => {
    const root = tempDir('lectern-oneshot-');
    let kept = 0;
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(line, { minLength: 0, maxLength: 500 }),
        read,
        settings,
        fc.constantFrom('a.ts', 'b.txt'),
        async (lines, input, given, name) => {
          const file = `${runs++}-${name}`;
          write(root, file, lines.join('\n'));
          const { tool = 'lectern_read', ...rest } = input as { tool?: string } & Record<string, unknown>;
          const call = rest.mode === 'symbol' ? { ...rest, path: file } : { target: file, ...rest };
          const tokens = new OneShotTokens(given);
          const bounded = await new Lectern(
            createNodeHost(() => rootsOf([root]), { tokenCounter: tokens.counter }),
            () => given,
          ).invoke(tool, call);
          const exact = await new Lectern(
            createNodeHost(() => rootsOf([root])),
            () => given,
          ).invoke(tool, call);
          if (!tokens.decidedAlike) return;
          kept++;
          assert.deepEqual(withoutTokens(bounded), withoutTokens(exact));
          assert.ok(bounded.meta.token_estimate >= exact.meta.token_estimate, 'an upper bound');
        },
      ),
      { numRuns: 200 },
    );
    assert.ok(kept > 20, `only ${kept} answers were kept: the property was hardly tested`);
  });

  it('stat and small reads are kept; a read near the cap is not', async () => {
    const root = tempDir('lectern-oneshot-');
    write(root, 'small.ts', 'export const a = 1;\n');
    write(root, 'big.txt', 'some words on a line\n'.repeat(20_000));
    const unguarded: Partial<Settings> = { sessionGuard: false };
    const run = async (input: Record<string, unknown>, tool = 'lectern_read') => {
      const tokens = new OneShotTokens(unguarded);
      await new Lectern(
        createNodeHost(() => rootsOf([root]), { tokenCounter: tokens.counter }),
        () => unguarded,
      ).invoke(tool, input);
      return tokens.decidedAlike;
    };
    assert.equal(await run({ target: 'small.ts' }, 'lectern_stat'), true);
    assert.equal(await run({ target: 'small.ts', head: 5 }), true);
    // 63 KB of lines, more bytes than the token cap: the engine counts them, and that decides.
    assert.equal(await run({ target: 'big.txt', start_line: 1, end_line: 3000 }), false);
  });

  it('a kept answer reports an o200k estimate of its text (within 25% of the exact count), not its bytes', async () => {
    const root = tempDir('lectern-oneshot-');
    // Real code none of these tests wrote: a module of an installed package.
    const source = fs.readFileSync(path.resolve(__dirname, '../../../node_modules/picomatch/lib/parse.js'), 'utf8');
    // Small enough that the byte-counted run is kept (its bytes stay far below every budget).
    write(root, 'parse.js', source.split('\n').slice(0, 80).join('\n'));
    const exact: TokenCounter = await loadTokenCounter();
    const engine = (tokenCounter?: TokenCounter) =>
      new Lectern(
        createNodeHost(() => rootsOf([root]), tokenCounter ? { tokenCounter } : {}),
        () => ({}),
      );
    for (const input of [
      { target: 'parse.js', head: 12 },
      { target: 'parse.js', start_line: 30, end_line: 50 },
      { target: 'parse.js', outline: true },
    ]) {
      const response = await answerOnce(
        { tool: 'lectern_read', input, allowOutside: false, settings: {}, exact: false },
        engine,
      );
      const truth = exact(response.text);
      const reported = response.meta.token_estimate;
      assert.ok(
        reported >= truth * 0.75 && reported <= truth * 1.25,
        `${JSON.stringify(input)}: reported ${reported}, exact ${truth}, ${Buffer.byteLength(response.text)} bytes`,
      );
    }
  });
});
