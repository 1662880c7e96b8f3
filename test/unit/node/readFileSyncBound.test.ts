// The Node file system's synchronous whole-file read keeps one buffer, grown to the largest file read.
// The bound a call gives holds whatever an earlier call grew it to: a file over it answers its size,
// never its bytes (a references scan parsed a file past its limit once a search had grown the buffer).
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { nodeFileSystem } from '../../../src/node/nodeFileSystem';
import { tempDir, write } from '../helpers';

describe('nodeFileSystem.readFileSync', () => {
  it('answers bytes only for a file within the bound it is given, after any earlier reads', () => {
    const root = tempDir('lectern-readsync-');
    const read = nodeFileSystem.readFileSync!;
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 300_000 }), fc.integer({ min: 1, max: 300_000 })), {
          minLength: 1,
          maxLength: 8,
        }),
        (calls) => {
          calls.forEach(([size, bound], i) => {
            const file = write(root, `f${i}.txt`, 'x'.repeat(size));
            const answer = read(file, bound);
            if (size > bound) assert.ok(!('bytes' in answer), `${size} bytes under a bound of ${bound}`);
            else assert.ok('bytes' in answer && answer.bytes.length === size, `${size} bytes, bound ${bound}`);
          });
        },
      ),
      {
        numRuns: 40,
        examples: [
          [
            [
              [200_000, 300_000],
              [80_000, 64 * 1024],
            ],
          ],
        ],
      },
    );
  });
});
