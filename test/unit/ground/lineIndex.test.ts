// The sparse line index against an independent count, with chunks small enough that every
// boundary case (newline at a chunk edge, empty chunks of newlines, a BOM base) comes up.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { LineIndex } from '../../../src/core/ground/lineIndex';
import { memorySource } from '../../../src/core/ground/byteSource';
import { FileModel } from '../helpers';

const bytesArb = fc
  .tuple(fc.array(fc.constantFrom(10, 13, 97, 0xc3, 0xa9), { maxLength: 120 }), fc.boolean())
  .map(([body, bom]) => new Uint8Array(bom ? [0xef, 0xbb, 0xbf, ...body] : body));

describe('LineIndex', () => {
  it('lineStart, totalLines and newlinesBefore agree with a plain count, at any chunk size', async () => {
    await fc.assert(
      fc.asyncProperty(
        bytesArb,
        fc.integer({ min: 1, max: 17 }),
        fc.array(fc.nat(140), { maxLength: 12 }),
        async (bytes, chunk, probes) => {
          const model = new FileModel(bytes);
          const source = memorySource(bytes);
          const index = new LineIndex(model.base, bytes.length, chunk);
          // Probes in random order, so later calls reuse what earlier ones learned.
          for (const p of probes) {
            const line = p + 1;
            assert.equal(await index.lineStart(source, line), model.starts[line - 1], `lineStart(${line})`);
            const byte = Math.min(model.base + p, bytes.length);
            let newlines = 0;
            for (let i = model.base; i < byte; i++) if (bytes[i] === 10) newlines++;
            assert.equal(await index.newlinesBefore(source, byte, Infinity), newlines, `newlinesBefore(${byte})`);
            // With the bytes from there on in hand (a window's), counted back from the next boundary where nearer.
            assert.equal(
              await index.newlinesBefore(source, byte, Infinity, undefined, bytes.subarray(byte, byte + (p % 5) * 3)),
              newlines,
              `newlinesBefore(${byte}) holding bytes`,
            );
            // The bytes read to find a line's start are the file's bytes from there.
            const found = await index.lineStartWithBytes(source, line, undefined, p % 7);
            assert.equal(found?.start, model.starts[line - 1]);
            if (found)
              assert.deepEqual(found.following, bytes.subarray(found.start, found.start + found.following.length));
          }
          assert.equal(await index.totalLines(source, Infinity), model.totalLines);
          for (let line = 1; line <= model.totalLines + 1; line++) {
            assert.equal(
              await index.lineStart(source, line),
              model.starts[line - 1],
              `lineStart(${line}) after a full scan`,
            );
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('totalLines answers undefined when counting would read more than the budget', async () => {
    const bytes = new TextEncoder().encode('a\n'.repeat(100));
    const index = new LineIndex(0, bytes.length, 16);
    assert.equal(await index.totalLines(memorySource(bytes), 32), undefined);
    assert.equal(await index.totalLines(memorySource(bytes), Infinity), 100);
    assert.equal(index.knownTotalLines(), true);
  });
});
