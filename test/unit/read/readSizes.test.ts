// Once a file's line index is complete (its first read counted its lines), a range, a head or a
// tail reads only the index chunks its lines lie in, not a guess of their size: a 60-line range
// of 40-byte lines reads at most three 4 KiB chunks, where a guess read 20 KiB and a tail 64 KiB.
import { strict as assert } from 'node:assert';
import { Lectern } from '../../../src/core/engine';
import type { FileSystemPort } from '../../../src/core/ground/fileSystemPort';
import { nodeFileSystem } from '../../../src/node/nodeFileSystem';
import { call, tempDir, write } from '../helpers';

describe('read sizes once the line index is known', () => {
  it('a range, a head and a tail read only the chunks that hold their lines, and answer as a cold read does', async () => {
    const root = tempDir();
    const lines = Array.from({ length: 50_000 }, (_, i) => `line ${String(i + 1).padStart(6, '0')} ${'x'.repeat(24)}`);
    write(root, 'big.txt', lines.join('\n') + '\n');
    let bytesRead = 0;
    const counting: FileSystemPort = {
      ...nodeFileSystem,
      open: async (path) => {
        const handle = await nodeFileSystem.open(path);
        return {
          ...handle,
          read: async (buffer, offset, length, position) => (
            (bytesRead += length),
            handle.read(buffer, offset, length, position)
          ),
        };
      },
    };
    const warm = new Lectern({ fs: counting, roots: () => [{ name: 'ws', path: root }] }, () => ({
      sessionGuard: false,
    }));
    await call(warm, 'lectern_read', { target: 'big.txt', start_line: 1, end_line: 2 }); // counts the lines
    const cases: Array<[Record<string, number>, number]> = [
      [{ start_line: 30_000, end_line: 30_059 }, 3 * 4096],
      [{ head: 200 }, 3 * 4096],
      [{ tail: 200 }, 3 * 4096],
      [{ start_line: 49_990, end_line: 50_100 }, 2 * 4096],
    ];
    for (const [input, most] of cases) {
      bytesRead = 0;
      const answer = await call(warm, 'lectern_read', { target: 'big.txt', ...input });
      assert.ok(bytesRead <= most, `${JSON.stringify(input)} read ${bytesRead} bytes`);
      const cold = await call(
        new Lectern({ fs: nodeFileSystem, roots: () => [{ name: 'ws', path: root }] }, () => ({ sessionGuard: false })),
        'lectern_read',
        { target: 'big.txt', ...input },
      );
      assert.equal(answer.text, cold.text);
      assert.equal(answer.content, cold.content);
    }
  });
});
