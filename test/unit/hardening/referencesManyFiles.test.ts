// A references read in a workspace of 60,000 files in one folder lists, ranks and tests every file
// before it scans: the large folder is listed off the thread a batch at a time, the listing's and the
// ranking's sorts give the host a turn, so a stat on another session answers meanwhile (the old
// listing and sorts held the host 181-527 ms here on a busy machine; 86-99 ms now).
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Lectern } from '../../../src/core/engine';
import { createNodeHost, type NodeHost } from '../../../src/node/nodeHost';
import { stallWithStats } from '../../shared/longestStall';
import { ok, tempDir, write } from '../helpers';

/** Folders of `count` files each, written directly (the test's setup, not what it measures). */
function files(root: string, folder: string, count: number): void {
  fs.mkdirSync(path.join(root, folder), { recursive: true });
  for (let i = 0; i < count; i++) fs.writeFileSync(path.join(root, folder, `f${i}.ts`), `export const v${i} = ${i};\n`);
}

describe('references in a workspace of 60,000 files lets the host run', function () {
  this.timeout(300_000);
  let host: NodeHost | undefined;
  after(async () => host?.dispose());

  it('the longest hold stays under a bound while a stat on another session answers', async () => {
    const root = tempDir('lectern-refs-many-');
    write(root, 'warm/w.ts', 'export function warmUp() { return 1; }\nwarmUp();\n');
    write(root, 'a.ts', `export function foo() { return 1; }\n${'bar(foo);\n'.repeat(10)}`);
    files(root, 'wide', 60_000);
    host = createNodeHost(() => [{ name: path.basename(root), path: root }], {
      bundleDir: path.join(__dirname, '../../../src/node'),
    });
    const lectern = new Lectern({ ...host, symbolCache: undefined }, () => ({ sessionGuard: false }));
    // Warm: the tokenizer, the grammar and the outline thread load on a first call.
    await ok(lectern, 'lectern_read', { mode: 'references', target: 'warmUp', path: 'warm' });
    await ok(lectern, 'lectern_stat', { target: 'a.ts' });
    const { result, stallMs, statMs } = await stallWithStats(
      () => lectern.invoke('lectern_stat', { target: 'a.ts' }, { sessionId: 'other' }),
      () => lectern.invoke('lectern_read', { mode: 'references', target: 'foo' }, { sessionId: 'refs' }),
    );
    assert.ok(result.ok, result.text);
    assert.match(result.text, /^references foo · 10 uses in 1 file/);
    // Behaviour bounds, not speed claims: the host's thread turns and a stat answers.
    assert.ok(statMs.length > 1, `${statMs.length} stats ran during the call`);
    assert.ok(stallMs < 150, `the host's thread was held ${Math.round(stallMs)} ms`);
  });
});
