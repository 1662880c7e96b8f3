// The Node hosts' file system: every wrapper keeps the port's promises (folder versions, which let a
// resident engine replay walks), and only a resident host without a replay log answers stats from
// watched memory (the log notes every stat a call takes).
import { strict as assert } from 'node:assert';
import { createNodeHost, rootsOf } from '../../../src/node/nodeHost';
import { tempDir } from '../helpers';

describe('node host file system', () => {
  const roots = () => rootsOf([tempDir('lectern-host-')]);

  for (const options of [{}, { recordFiles: true }, { watch: true }, { watch: true, recordFiles: true }]) {
    it(`promises folder versions (${JSON.stringify(options)})`, async () => {
      const host = createNodeHost(roots, options);
      try {
        assert.equal(host.fs.folderVersions, true);
        const watched = options.watch === true && !('recordFiles' in options) && process.platform === 'linux';
        assert.equal(host.fs.settle !== undefined, watched);
      } finally {
        await host.dispose();
      }
    });
  }
});
