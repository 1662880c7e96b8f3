// The core's file-system port on Node's fs (used by the CLI and by the VS Code extension host).
import { closeSync, fstatSync, openSync, promises as fs, readdirSync, readSync, type Dirent, type Stats } from 'node:fs';
import type { DirectoryEntry, EntryKind, EntryStat, FileHandle, FileSystemPort } from '../core/ground/ports';

function kindOf(stats: Stats): EntryKind {
  if (stats.isFile()) return 'file';
  if (stats.isDirectory()) return 'directory';
  if (stats.isSymbolicLink()) return 'symlink';
  return 'other';
}

function toEntry(stats: Stats): EntryStat {
  return { kind: kindOf(stats), size: stats.size, mtimeMs: stats.mtimeMs };
}

async function maybe(get: () => Promise<Stats>): Promise<EntryStat | undefined> {
  try {
    return toEntry(await get());
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'ELOOP') return undefined;
    throw error;
  }
}

/**
 * readFileSync reads into one buffer it reuses (grown to the largest file read, at most its
 * maxBytes): a buffer per file would be memory outside the heap that V8 answers with full
 * garbage collections.
 */
let scratch: Buffer = Buffer.allocUnsafeSlow(64 * 1024);

function readFileSync(path: string, maxBytes: number): { bytes: Uint8Array } | { size: number } {
  const fd = openSync(path, 'r');
  try {
    const head = readSync(fd, scratch, 0, scratch.length, 0);
    if (head < scratch.length) return { bytes: scratch.subarray(0, head) };
    const size = fstatSync(fd).size;
    if (size > maxBytes) return { size };
    if (size > scratch.length) {
      const grown = Buffer.allocUnsafeSlow(Math.max(size, Math.min(maxBytes, 2 ** Math.ceil(Math.log2(size)))));
      scratch.copy(grown, 0, 0, head);
      scratch = grown;
    }
    let filled = head;
    while (filled < size) {
      const n = readSync(fd, scratch, filled, size - filled, filled);
      if (n === 0) break;
      filled += n;
    }
    return { bytes: scratch.subarray(0, filled) };
  } finally {
    closeSync(fd);
  }
}

const entryOf = (entry: Dirent): DirectoryEntry => ({
  name: entry.name,
  kind: entry.isFile() ? 'file' : entry.isDirectory() ? 'directory' : entry.isSymbolicLink() ? 'symlink' : 'other',
});

export const nodeFileSystem: FileSystemPort = {
  readFileSync,
  readdirSync(path) {
    try {
      return readdirSync(path, { withFileTypes: true }).map(entryOf);
    } catch {
      return [];
    }
  },
  stat: (path) => maybe(() => fs.stat(path)),
  lstat: (path) => maybe(() => fs.lstat(path)),
  realpath: (path) => fs.realpath(path),
  async open(path): Promise<FileHandle> {
    const handle = await fs.open(path, 'r');
    return {
      read: async (buffer, offset, length, position) => (await handle.read(buffer, offset, length, position)).bytesRead,
      close: () => handle.close(),
      // Not zero-filled: every byte handed out is one the read filled.
      allocate: (size) => Buffer.allocUnsafe(size),
    };
  },
  async readdir(path): Promise<DirectoryEntry[]> {
    try {
      const entries = await fs.readdir(path, { withFileTypes: true });
      return entries.map((entry) => ({
        name: entry.name,
        kind: entry.isFile() ? 'file' : entry.isDirectory() ? 'directory' : entry.isSymbolicLink() ? 'symlink' : 'other',
      }));
    } catch {
      return [];
    }
  },
};
