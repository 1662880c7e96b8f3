// Parsing a git status of tens of thousands of changes (each untracked file is one) and merging them
// by path gives the host turns: a stat on another session would otherwise wait out the whole parse
// (100-600 ms for 33,000 records at the bench's load: `npm run bench:event-loop`, diff_preview rows).
import { strict as assert } from 'node:assert';
import * as nodePath from 'node:path';
import fc from 'fast-check';
import { mergeChanges } from '../../../src/core/diff/gitChanges';
import { parseStatusV2 } from '../../../src/node/gitOutput';
import { longestStall } from '../../shared/longestStall';

const RECORDS = 200_000;

function bigStatus(): string {
  const records = ['# branch.oid 1234', '# branch.head main'];
  for (let i = 0; i < RECORDS; i++)
    records.push(i % 3 ? `? new/dir${i % 50}/file${i}.txt` : `1 .M N... 100644 100644 100644 aaa bbb src/f${i}.ts`);
  return records.join('\0') + '\0';
}

describe('hardening: a git status of many changes lets the host run', function () {
  this.timeout(120_000);

  it('parses and merges 200,000 records with the host turning meanwhile', async () => {
    const output = bigStatus();
    await parseStatusV2('? warm.txt\0', '/repo'); // module and pacer warm
    const { stallMs, result } = await longestStall(async () =>
      mergeChanges((await parseStatusV2(output, '/repo')).changes),
    );
    assert.equal(result.size, RECORDS);
    assert.equal(result.get('/repo/src/f0.ts')?.unstaged, 'modified');
    // A behaviour bound, not a speed figure: the whole parse and merge in one slice takes far longer.
    assert.ok(stallMs < 250, `the host's thread was held ${Math.round(stallMs)} ms`);
  });

  it("makes git's paths absolute exactly as path.join does", async () => {
    const segment = fc.stringMatching(/^[a-zA-Z0-9 _.-]{1,8}$/).filter((s) => s !== '.' && s !== '..');
    const rel = fc.array(segment, { minLength: 1, maxLength: 5 }).map((parts) => parts.join('/'));
    const root = fc.constantFrom('/repo', '/repo/', '/', '/a b/c');
    await fc.assert(
      fc.asyncProperty(root, rel, async (r, p) => {
        const status = await parseStatusV2(`? ${p}\0`, r);
        assert.equal(status.changes[0]!.path, nodePath.join(r, ...p.split('/')));
      }),
    );
  });
});
