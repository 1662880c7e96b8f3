// The symbol index's listing (symbols/indexListing.ts) made again on every query where no watcher
// invalidates it: a replay of the same finished walk gives the listing it was made from, not a copy
// built file by file, and any folder changed since gives a new listing that holds the change.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Host } from '../../../src/core/ground/ports';
import { WalkCache } from '../../../src/core/ground/walkCache';
import { listIndexable } from '../../../src/core/symbols/indexListing';
import { nodeFileSystem } from '../../../src/node/nodeFileSystem';
import { tempDir, write } from '../helpers';

const LIMITS = { maxFiles: 1_000, countMs: 2_000 };
const isSource = (name: string) => name.endsWith('.ts');

/** Everything under `dir` modified an hour ago: settled, so that a walk of it is kept. */
function settle(dir: string): void {
  const when = (Date.now() - 3_600_000) / 1000;
  for (const entry of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }))
    fs.utimesSync(path.join(dir, entry), when, when);
  fs.utimesSync(dir, when, when);
}

describe('symbol index: the listing made again on every query', () => {
  it('is the same listing while the walk replays unchanged, and a new one holding a new file after', async () => {
    const dir = tempDir('lectern-listing-');
    write(dir, 'src/a.ts', 'export const a = 1;\n');
    write(dir, 'src/b/c.ts', 'export const c = 1;\n');
    write(dir, 'README.md', '# x\n');
    settle(dir);
    const root = { name: 'ws', path: dir };
    const host: Host = { fs: nodeFileSystem, roots: () => [root] };
    const walks = new WalkCache();
    const list = (previous?: Awaited<ReturnType<typeof listIndexable>>) =>
      listIndexable(host, [{ root, start: '' }], isSource, LIMITS, walks, Date.now, previous);
    const names = (l: Awaited<ReturnType<typeof listIndexable>>) => l.files.map((f) => f.relative).sort();
    // An engine's first walk is not kept; the second is, and the third replays it.
    const first = await list();
    const second = await list(first);
    const third = await list(second);
    assert.deepEqual(names(third), ['src/a.ts', 'src/b/c.ts']);
    assert.ok(third.steps, 'a replayed listing names the walk it came from');
    assert.equal(await list(third), third);
    // A file added: its folder changed, the recording is dropped, and the listing holds the file.
    write(dir, 'src/b/new.ts', 'export const n = 1;\n');
    const after = await list(third);
    assert.notEqual(after, third);
    assert.deepEqual(names(after), ['src/a.ts', 'src/b/c.ts', 'src/b/new.ts']);
  });
});
