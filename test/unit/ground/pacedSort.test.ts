// pacedSort orders as Array.prototype.sort does (stable), whatever the length, and gives the host turns.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { pacedSort } from '../../../src/core/ground/pacedSort';

describe('pacedSort', () => {
  const byKey = (a: [number, number], b: [number, number]) => a[0] - b[0];

  it('gives the order Array.sort gives, ties in input order', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 0, max: 50 }), { maxLength: 5_000, size: 'max' }), async (keys) => {
        const items = keys.map((key, i): [number, number] => [key, i]);
        const expected = [...items].sort(byKey);
        let turns = 0;
        const sorted = await pacedSort(items, byKey, async () => void turns++);
        assert.deepEqual(sorted, expected);
        assert.equal(sorted, items, 'sorted in place');
        if (items.length > 2_048) assert.ok(turns > 2, `${turns} turns`);
      }),
      { numRuns: 40 },
    );
  });
});
