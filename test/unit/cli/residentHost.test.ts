// The Node hosts' file system, as calls see it: whatever the host keeps (stats remembered while
// watched, walks replayed while a folder's version holds), a file changed on disk is answered as it
// now is, and a file added to a folder is found by the next search.
import { strict as assert } from 'node:assert';
import { Lectern } from '../../../src/core/engine';
import { createNodeHost, rootsOf } from '../../../src/node/nodeHost';
import type { WatchedFileSystem } from '../../../src/node/watchedStats';
import { tempDir, write } from '../helpers';

const OPTIONS = [{}, { recordFiles: true }, { watch: true }, { watch: true, recordFiles: true }];

describe('node host file system', () => {
  for (const options of OPTIONS) {
    it(`answers a changed file and a new file at once (${JSON.stringify(options)})`, async () => {
      const dir = tempDir('lectern-host-');
      write(dir, 'src/a.ts', 'export const a = 1;\n');
      const host = createNodeHost(() => rootsOf([dir]), options);
      const lectern = new Lectern(host, () => ({ sessionGuard: false }));
      const stat = async () => (await lectern.invoke('lectern_stat', { target: 'src/a.ts' })).text;
      const search = async () => (await lectern.invoke('lectern_search', { query: 'needle', target: 'src' })).text;
      try {
        assert.match(await stat(), /· 1 line\b/);
        assert.doesNotMatch(await search(), /b\.ts/);
        // A watched host now answers these stats from memory: the changes below must reach it.
        await (host.fs as Partial<WatchedFileSystem>).whenIdle?.();
        write(dir, 'src/a.ts', 'export const a = 1;\nexport const b = 2;\nexport const c = 3;\n');
        write(dir, 'src/b.ts', 'export const needle = 1;\n');
        assert.match(await stat(), /· 3 lines\b/);
        assert.match(await search(), /src\/b\.ts/);
      } finally {
        await host.dispose();
      }
    });
  }
});
