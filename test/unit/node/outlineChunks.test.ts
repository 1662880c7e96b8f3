// An outline crosses from the outline thread whole when small, in serialized pieces when large; the
// host reads the pieces back one at a time, with a turn between, into the same symbols.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import type { OutlineSymbol, TextOutline } from '../../../src/core/ground/symbolTypes';
import { PIECE_SYMBOLS, packOutline, unpackOutline } from '../../../src/node/outlineChunks';

const symbolArb: fc.Memo<OutlineSymbol> = fc.memo((depth) =>
  fc.record(
    {
      name: fc.string(),
      kind: fc.constantFrom('class', 'function', 'method', 'variable'),
      startLine: fc.nat(),
      endLine: fc.nat(),
      contextStartLine: fc.nat(),
      signature: fc.string(),
      bodyStartLine: fc.option(fc.nat(), { nil: null }),
      children: depth > 1 ? fc.array(symbolArb(depth - 1), { maxLength: 4 }) : fc.constant([]),
      scope: fc.option(fc.string(), { nil: undefined }),
      declaration: fc.boolean(),
    },
    {
      noNullPrototype: true,
      requiredKeys: [
        'name',
        'kind',
        'startLine',
        'endLine',
        'contextStartLine',
        'signature',
        'bodyStartLine',
        'children',
      ],
    },
  ),
);

const outlineOf = (symbols: OutlineSymbol[]): TextOutline => ({
  symbols,
  parseFailed: false,
  cut: 0,
  shallow: true,
  nodes: 7,
  wrapper: { startLine: 1, endLine: 9 },
});

const flat = (i: number): OutlineSymbol => ({
  name: `f${i}`,
  kind: 'function',
  startLine: i,
  endLine: i,
  contextStartLine: i,
  signature: `function f${i}()`,
  bodyStartLine: i,
  children: [],
  ...(i % 3 === 0 ? { scope: undefined } : {}),
});

describe('outline pieces between the outline thread and the host', () => {
  it('any outline comes back with the same symbols, in order, and the same facts', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(symbolArb(3), { maxLength: 40 }),
        fc.integer({ min: 0, max: 3 }),
        async (symbols, copies) => {
          // Copies push some outlines past PIECE_SYMBOLS, so both ways are taken.
          const many = Array.from({ length: copies * 700 + 1 }, () => symbols).flat();
          const outline = outlineOf(many);
          const back = await unpackOutline(structuredClone(packOutline(outline)), async () => undefined);
          assert.deepStrictEqual(back, outline);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('a small outline is sent as it is; a large one in pieces of about PIECE_SYMBOLS, read back one per turn', async () => {
    const small = outlineOf(Array.from({ length: PIECE_SYMBOLS }, (_, i) => flat(i)));
    assert.equal(packOutline(small), small);

    const large = outlineOf(Array.from({ length: 5 * PIECE_SYMBOLS + 1 }, (_, i) => flat(i)));
    const sent = packOutline(large);
    assert.ok('pieces' in sent && !('symbols' in sent), 'sent in pieces');
    assert.equal(sent.pieces.length, 6);
    let turns = 0;
    const back = await unpackOutline(structuredClone(sent), async () => void turns++);
    assert.equal(turns, 6);
    assert.deepStrictEqual(back, large);
    assert.ok('scope' in back.symbols[3]! && back.symbols[3]!.scope === undefined, 'a key without a value kept');
  });

  it('a declaration with many members stays whole in one piece', async () => {
    const members = Array.from({ length: 3 * PIECE_SYMBOLS }, (_, i) => flat(i + 2));
    const big: OutlineSymbol = { ...flat(1), kind: 'class', children: members };
    const outline = outlineOf([flat(0), big, flat(99_999)]);
    const sent = packOutline(outline);
    assert.ok('pieces' in sent);
    assert.equal(sent.pieces.length, 2);
    assert.deepStrictEqual(await unpackOutline(sent, async () => undefined), outline);
  });
});
