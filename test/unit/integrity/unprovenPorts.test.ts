// A port that cannot tell the change time or the inode (the web host's workspace.fs) proves a version by a
// hash of the bytes, or not at all: a same-size rewrite with its modification time put back is read again.
import { strict as assert } from 'node:assert';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Lectern } from '../../../src/core/engine';
import type { EntryStat, FileSystemPort } from '../../../src/core/ground/fileSystemPort';
import type { Host } from '../../../src/core/ground/ports';
import { nodeFileSystem } from '../../../src/node/nodeFileSystem';
import { createWasmLoader } from '../../../src/node/wasmFiles';
import { ok, tempDir } from '../helpers';
import { MTIME_S } from './world';

/** Size and modification time only, as workspace.fs's stat gives them. */
const bare = <T extends EntryStat | undefined>(stat: T): T =>
  stat && ({ kind: stat.kind, size: stat.size, mtimeMs: stat.mtimeMs } as T);

/** nodeFileSystem without change times and inodes; `hashed`: an opened file's stat carries a hash of its bytes. */
function portWithout(hashed: boolean): FileSystemPort {
  return {
    stat: async (p) => bare(await nodeFileSystem.stat(p)),
    lstat: async (p) => bare(await nodeFileSystem.lstat(p)),
    realpath: (p) => nodeFileSystem.realpath(p),
    readdir: (p) => nodeFileSystem.readdir(p),
    async open(p) {
      const handle = await nodeFileSystem.open(p);
      return {
        ...handle,
        async stat() {
          const { kind, size, mtimeMs } = await handle.stat();
          const hash = hashed ? { contentHash: createHash('sha256').update(fs.readFileSync(p)).digest('hex') } : {};
          return { kind, size, mtimeMs, dev: 0, ino: 0, ...hash };
        },
      };
    },
  };
}

const OLD = 'export function alpha(): number {\n  return 1; // OLD_TEXT\n}\n';
const NEW = 'export class Bravo {\n  go() { return 2; } // NEW_TEXT\n}\n//-\n';

describe('ports without change times and inodes', function () {
  this.timeout(60_000);
  for (const hashed of [true, false]) {
    it(`${hashed ? 'a hash of the bytes' : 'nothing'} proves the version: a same-size rewrite is read again`, async () => {
      assert.equal(OLD.length, NEW.length);
      const root = tempDir('lectern-unproven-');
      const file = path.join(root, 'a.ts');
      const put = (text: string) => {
        fs.writeFileSync(file, text);
        fs.utimesSync(file, MTIME_S, MTIME_S);
      };
      put(OLD);
      const host: Host = {
        fs: portWithout(hashed),
        roots: () => [{ name: 'ws', path: root }],
        loadWasm: createWasmLoader(),
      };
      const lectern = new Lectern(host, () => ({ sessionGuard: false }));
      const reads = [
        { target: 'a.ts', outline: true },
        { mode: 'symbol', target: 'alpha', path: 'a.ts' },
        { target: 'a.ts', start_line: 2, end_line: 2 },
      ];
      for (const read of reads) assert.doesNotMatch((await ok(lectern, 'lectern_read', read)).text, /NEW_TEXT|Bravo/);
      put(NEW);
      assert.match((await ok(lectern, 'lectern_read', reads[0])).text, /Bravo/);
      assert.equal((await lectern.invoke('lectern_read', reads[1])).ok, false, 'the old symbol answered');
      assert.match((await ok(lectern, 'lectern_read', reads[2])).content, /NEW_TEXT/);
    });
  }
});
