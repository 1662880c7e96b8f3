// Paced array work (src/core/ground/paced.ts) gives the same results as Array's filter and stable
// sort, however often the host gets a turn: pacing never changes an answer (fast-check).
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { filterPaced, sortPaced } from '../../../src/core/ground/paced';
import { yieldToHost } from '../../../src/core/ground/walk';

interface Entry {
  key: number;
  at: number;
}

/** Up to 9,000 entries (past several runs of 2,048) of few keys: ties everywhere, which a stable sort keeps in input order. */
const entries = fc
  .record({ length: fc.integer({ min: 0, max: 9_000 }), keys: fc.integer({ min: 1, max: 40 }), seed: fc.nat() })
  .map(({ length, keys, seed }) =>
    Array.from({ length }, (_, at): Entry => ({ key: (Math.imul(at + 1, 2654435761 + seed) >>> 0) % keys, at })),
  );

const byKey = (a: Entry, b: Entry) => a.key - b.key;

describe('paced array work', () => {
  it('sorts as Array.prototype.sort does (stable), whether the host gets a turn at every check or none', async () => {
    let turns = 0;
    const everyCheck = async () => {
      turns++;
      await yieldToHost();
    };
    await fc.assert(
      fc.asyncProperty(entries, fc.boolean(), async (list, yielding) => {
        const expected = [...list].sort(byKey);
        const sorted = await sortPaced([...list], byKey, yielding ? everyCheck : async () => undefined);
        assert.deepEqual(sorted, expected);
      }),
      { numRuns: 60 },
    );
    assert.ok(turns > 0, 'the host got turns');
  });

  it('sorts in place, past several merge passes (runs of 2,048)', async () => {
    const list = Array.from({ length: 20_000 }, (_, at): Entry => ({ key: (at * 7919) % 13, at }));
    const expected = [...list].sort(byKey);
    const sorted = await sortPaced(list, byKey, yieldToHost);
    assert.equal(sorted, list);
    assert.deepEqual(sorted, expected);
  });

  it('filters as Array.prototype.filter does', async () => {
    await fc.assert(
      fc.asyncProperty(entries, async (list) => {
        const keep = (e: Entry) => e.key % 3 === 0;
        assert.deepEqual(await filterPaced(list, keep, yieldToHost), list.filter(keep));
      }),
      { numRuns: 60 },
    );
  });
});
