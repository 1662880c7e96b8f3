// Fitting a map to its token budget (src/core/navigate/mapBudget.ts), with the real tokenizer on
// random maps (fast-check): the text never counts more than the budget, and one declaration more
// would not fit (or every declaration is shown).
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { loadTokenCounter } from '../../../src/core/ground/tokens';
import { renderMap, type MapFrame, type MapItem } from '../../../src/core/navigate/mapAnswer';
import { fitMap } from '../../../src/core/navigate/mapBudget';

const FOLDERS = ['src/', 'src/core/', 'lib/util/', 'test/'];

const maps = fc.record({
  files: fc.array(fc.record({ folder: fc.constantFrom(...FOLDERS), base: fc.stringMatching(/^[a-z]{1,12}$/) }), {
    minLength: 1,
    maxLength: 30,
  }),
  declarations: fc.array(
    fc.record({
      file: fc.nat(),
      name: fc.stringMatching(/^[A-Za-z_]{1,20}$/),
      params: fc.array(fc.stringMatching(/^[a-z]{1,10}$/), { maxLength: 6 }),
      line: fc.integer({ min: 1, max: 5000 }),
    }),
    { maxLength: 200 },
  ),
  budget: fc.integer({ min: 50, max: 3000 }),
});

type Spec = typeof maps extends fc.Arbitrary<infer T> ? T : never;

function frameOf(spec: Spec) {
  const files = spec.files.map((file, i) => ({ display: `${file.folder}${file.base}${i}.ts` }));
  const items: MapItem[] = spec.declarations.map((d) => ({
    file: d.file % files.length,
    symbol: {
      path: [d.name],
      symbol: {
        name: d.name,
        kind: 'function',
        startLine: d.line,
        endLine: d.line,
        contextStartLine: d.line,
        signature: `function ${d.name}(${d.params.join(', ')})`,
        bodyStartLine: null,
        children: [],
      },
    },
  }));
  const frame: MapFrame = {
    label: 'the workspace',
    ranked: true,
    files,
    totalSymbols: items.length,
    call: { mode: 'map', max_tokens: spec.budget },
    maxTokens: spec.budget,
    notes: [],
  };
  return { frame, items };
}

const shownOf = (text: string) => Number(/, (\d+) of \d+ declarations?\./.exec(text)?.[1]);

describe('map budget', () => {
  it('never goes over the budget, and shows as many declarations as fit', async () => {
    const count = await loadTokenCounter();
    await fc.assert(
      fc.asyncProperty(maps, async (spec) => {
        const { frame, items } = frameOf(spec);
        const text = await fitMap(count, frame, items, spec.budget);
        const shown = shownOf(text);
        assert.equal(text, renderMap(frame, items.slice(0, shown)));
        if (count(renderMap(frame, [])) > spec.budget) return assert.equal(shown, 0);
        assert.ok(count(text) <= spec.budget, `${count(text)} tokens against ${spec.budget}`);
        if (shown < items.length)
          assert.ok(count(renderMap(frame, items.slice(0, shown + 1))) > spec.budget, `${shown + 1} would fit too`);
      }),
      { numRuns: 150 },
    );
  });

  it('counts texts near the budget only, not half of a long list', async () => {
    const count = await loadTokenCounter();
    const { frame, items } = frameOf({
      files: [{ folder: 'src/', base: 'big' }],
      declarations: Array.from({ length: 20_000 }, (_, i) => ({
        file: 0,
        name: `name${i}`,
        params: ['a'],
        line: i + 1,
      })),
      budget: 500,
    });
    // Texts are counted in pieces (the host gets turns between them): what is measured is all it counted.
    let counted = 0;
    const text = await fitMap(
      (t) => {
        counted += t.length;
        return count(t);
      },
      frame,
      items,
      500,
    );
    assert.ok(count(text) <= 500);
    // Doubling up to twice the map, then halving: some twenty texts near its size, not one of half the list.
    assert.ok(counted < 30 * text.length, `counted ${counted} characters for a map of ${text.length}`);
  });
});
