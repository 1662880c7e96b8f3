// formatCount writes a count as en-US does (1,234,567) without Intl for whole counts: the same text
// for any number, whole or not, negative or -0.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { formatCount } from '../../../src/core/ground/format';

describe('formatCount', () => {
  it('equals toLocaleString("en-US") for any number', () => {
    const number = fc.oneof(
      fc.nat(),
      fc.integer(),
      fc.maxSafeNat(),
      fc.double(),
      fc.constantFrom(0, -0, 999, 1000, 999_999, 1_000_000, Number.MAX_SAFE_INTEGER, 2 ** 60, Infinity, NaN),
    );
    fc.assert(
      fc.property(number, (n) => assert.equal(formatCount(n), n.toLocaleString('en-US'), String(n))),
      { numRuns: 5000 },
    );
  });
});
