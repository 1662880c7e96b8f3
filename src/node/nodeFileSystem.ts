// The core's file-system port on Node's fs (used by the CLI and by the VS Code extension host).
import { promises as fs, type Stats } from 'node:fs';
import type { DirectoryEntry, EntryKind, EntryStat, FileHandle, FileSystemPort } from '../core/ports';

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

export const nodeFileSystem: FileSystemPort = {
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
