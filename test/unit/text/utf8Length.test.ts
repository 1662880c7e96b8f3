// utf8Length counts what TextEncoder would write, for any string: astral pairs, lone surrogates
// (written as U+FFFD), and the plain ASCII most code is.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { utf8Length } from '../../../src/core/text/encoding';

describe('utf8Length', () => {
  it('equals TextEncoder.encode(text).length for any string', () => {
    const encoder = new TextEncoder();
    const lone = fc.constantFrom('\ud800', '\udbff', '\udc00', '\udfff', 'a\ud83d', '\ude00b');
    const text = fc
      .array(fc.oneof(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' }), lone, fc.string()), {
        maxLength: 8,
      })
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, (s) => assert.equal(utf8Length(s), encoder.encode(s).length, JSON.stringify(s))),
      { numRuns: 2000 },
    );
  });

  it('equals TextEncoder.encode(text).length for strings longer than one turn of the encoder', () => {
    const encoder = new TextEncoder();
    const piece = fc.oneof(fc.constantFrom('a', 'é', '€', '😀', '\ud800', '\ude00'), fc.string({ unit: 'grapheme' }));
    const text = fc
      .tuple(fc.array(piece, { minLength: 1, maxLength: 6 }), fc.integer({ min: 1, max: 40_000 }))
      .map(([parts, times]) => parts.join('').repeat(times).slice(0, 200_000));
    fc.assert(
      fc.property(text, (s) => assert.equal(utf8Length(s), encoder.encode(s).length)),
      { numRuns: 60 },
    );
  });
});
