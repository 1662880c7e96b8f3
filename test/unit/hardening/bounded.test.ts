// Nothing hangs: a file that shrinks while it is searched (log rotation), special files, and
// pathological content end with an answer within a bound.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Lectern } from '../../../src/core/engine';
import type { FileSystemPort, Host } from '../../../src/core/ground/ports';
import { nodeFileSystem } from '../../../src/node/nodeFileSystem';
import { tempDir, write } from '../helpers';

/** The node port, except that the first read of `victim` truncates it for real (a log rotated mid-search). */
function truncatingFs(victim: string): FileSystemPort {
  return {
    ...nodeFileSystem,
    readFileSync: undefined,
    async open(p) {
      const handle = await nodeFileSystem.open(p);
      let reads = 0;
      return {
        ...handle,
        async read(buffer, offset, length, position) {
          const n = await handle.read(buffer, offset, length, position);
          if (p === victim && reads++ === 1) fs.truncateSync(victim, 0);
          return n;
        },
      };
    },
  };
}

describe('hardening: calls end', function () {
  this.timeout(20_000);

  it('a file truncated while it is searched ends the search with what was found and a note', async () => {
    const root = tempDir();
    const victim = write(root, 'app.log', 'needle here\n'.repeat(400_000)); // 4.8 MB: several chunks
    const host: Host = { fs: truncatingFs(victim), roots: () => [{ name: 'ws', path: root }] };
    const lectern = new Lectern(host, () => ({ sessionGuard: false }));
    const started = Date.now();
    const r = await lectern.invoke('lectern_search', { target: 'app.log', query: 'needle' });
    assert.ok(Date.now() - started < 10_000);
    assert.ok(r.ok, r.text);
    assert.ok(Number(r.meta.total_matches ?? 0) > 0);
    assert.match(r.text, /shrank|changed while/);
  });
});
