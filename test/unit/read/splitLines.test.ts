// splitLines turns a slice's bytes into lines whose byte lengths add up to the slice and each cover
// exactly that line's bytes and its newline: for ASCII slices (counted from the text) as for any other.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { cutLongLines, renderedBytes, renderNumbered, splitLines } from '../../../src/core/read/shape';

describe('splitLines', () => {
  it('gives each line the bytes it covers, ASCII or not, with or without a final newline', () => {
    const encoder = new TextEncoder();
    const piece = fc.oneof(
      fc.constantFrom('\n', '\r\n', 'a', '  x = 1;', '', '\ufeff', 'é', '€', '😀'),
      fc.string({ unit: 'grapheme-ascii' }),
      fc.string({ unit: 'grapheme' }),
    );
    const text = fc.array(piece, { maxLength: 40 }).map((parts) => parts.join('').replace(/\0/g, ' '));
    fc.assert(
      fc.property(text, (t) => {
        const bytes = encoder.encode(t);
        const lines = splitLines(bytes, 'f');
        assert.equal(
          lines.reduce((sum, line) => sum + line.byteLength, 0),
          bytes.length,
        );
        let at = 0;
        for (const line of lines) {
          const own = encoder.encode(line.raw).length;
          assert.ok(
            line.byteLength === own + 1 || (line.byteLength === own && at + own === bytes.length),
            JSON.stringify(t),
          );
          assert.equal(line.shown, line.raw.endsWith('\r') ? line.raw.slice(0, -1) : line.raw);
          at += line.byteLength;
        }
        assert.deepEqual(lines.map((l) => l.raw).join('\n') + (t.endsWith('\n') ? '\n' : ''), t);
      }),
      { numRuns: 3000 },
    );
  });

  it('renderedBytes is the UTF-8 length of any run of the lines as rendered, cut lines included', () => {
    const encoder = new TextEncoder();
    const piece = fc.oneof(
      fc.constantFrom('\n', '\r\n', 'a', '  x = 1;', '', '\ufeff', 'é', '€', '😀', '10\tx'),
      fc.string({ unit: 'grapheme' }),
    );
    const text = fc.array(piece, { maxLength: 40 }).map((parts) => parts.join('').replace(/\0/g, ' '));
    const run = fc.record({
      from: fc.nat(),
      length: fc.nat(),
      cutAt: fc.option(fc.integer({ min: 1, max: 12 })),
      first: fc.option(fc.integer({ min: 1, max: 2000 })),
      every: fc.boolean(),
    });
    fc.assert(
      fc.property(text, run, (t, r) => {
        const bytes = encoder.encode(t);
        const all = splitLines(bytes, 'f');
        if (r.cutAt !== null) cutLongLines(all, r.cutAt);
        const from = all.length === 0 ? 0 : r.from % all.length;
        const lines = all.slice(from, from + 1 + (r.length % Math.max(1, all.length)));
        const rendered = renderNumbered(lines, r.first, r.every ? 'every' : 'sparse');
        assert.equal(
          renderedBytes(rendered, lines, all[all.length - 1], bytes[bytes.length - 1] === 10),
          encoder.encode(rendered).length,
          JSON.stringify(t),
        );
      }),
      { numRuns: 3000 },
    );
  });
});
