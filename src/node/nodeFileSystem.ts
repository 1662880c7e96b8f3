// The core's file-system port on Node's fs (used by the CLI and by the VS Code extension host).
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  promises as fs,
  read as readAsync,
  readdirSync,
  readlinkSync,
  readSync,
  realpathSync,
  statSync,
  type Dirent,
  type Stats,
} from 'node:fs';
import type {
  DirectoryEntry,
  EntryKind,
  EntryStat,
  FileHandle,
  FileSystemPort,
  FileVersion,
  OpenedStat,
  SyncRead,
} from '../core/ground/fileSystemPort';

/**
 * Every open: read-only, no symlink followed at the last component (the caller opens the real
 * path), never blocking (a FIFO swapped in opens at once and its reads fail instead of waiting).
 */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/** Reads up to this size are synchronous: from the page cache they take microseconds, less than a thread-pool round trip (a read's look-back and window, a tail's last chunk). */
const SYNC_READ_BYTES = 128 * 1024;

/** Linux names the file behind a descriptor; elsewhere the path is re-checked against fstat. */
const PROC_FD = process.platform === 'linux' ? '/proc/self/fd/' : undefined;

function notRegular(stats: Stats): Error {
  const error = new Error(`not a regular file (${kindOf(stats)})`) as NodeJS.ErrnoException;
  error.code = stats.isDirectory() ? 'EISDIR' : 'ENOTREG';
  return error;
}

/** The real path of the file open as `fd` (opened from `path`), or undefined when it cannot be verified. */
function realOfFd(fd: number, path: string, stats: Stats): string | undefined {
  if (PROC_FD) {
    try {
      return readlinkSync(PROC_FD + fd);
    } catch {
      // no /proc (a container without it): the check below
    }
  }
  try {
    const real = realpathSync(path);
    const now = lstatSync(real);
    return now.dev === stats.dev && now.ino === stats.ino ? real : undefined;
  } catch {
    return undefined;
  }
}

function kindOf(stats: Stats): EntryKind {
  if (stats.isFile()) return 'file';
  if (stats.isDirectory()) return 'directory';
  if (stats.isSymbolicLink()) return 'symlink';
  return 'other';
}

export function toEntry(stats: Stats): EntryStat {
  return {
    kind: kindOf(stats),
    size: stats.size,
    mtimeMs: stats.mtimeMs,
    dev: stats.dev,
    ino: stats.ino,
    ctimeMs: stats.ctimeMs,
  };
}

/** Errors of a stat that mean nothing is there (a name too long for the file system names nothing that exists). */
export const NOTHING_THERE = new Set(['ENOENT', 'ENOTDIR', 'ELOOP', 'ENAMETOOLONG']);

const NO_THROW = { throwIfNoEntry: false } as const;

/**
 * A stat, undefined where nothing is there. ENOENT comes back as undefined without an exception
 * (throwIfNoEntry: false): a thrown error captures a stack, which costs more than the stat, and a
 * missing path is an everyday answer (a folder without a .gitignore, asked on every guarded read).
 */
function maybe(get: () => Stats | undefined): EntryStat | undefined {
  try {
    const stats = get();
    return stats && toEntry(stats);
  } catch (error) {
    if (NOTHING_THERE.has((error as NodeJS.ErrnoException).code ?? '')) return undefined;
    throw error;
  }
}

/**
 * Opens `path` as every read does (no symlink followed at the last component, never blocking) and
 * tells what was opened: its fstat and its real path (undefined when it cannot be verified).
 * Throws when it is not a regular file; the caller closes `fd`.
 */
export function openRegularSync(path: string): { fd: number; stats: Stats; real: string | undefined } {
  const fd = openSync(path, OPEN_FLAGS);
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw notRegular(stats);
    return { fd, stats, real: realOfFd(fd, path, stats) };
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}

/** The version of the file open as `fd` now (an entry's stat holds every field of one). */
const versionOf = (fd: number): FileVersion => toEntry(fstatSync(fd));

/**
 * readFileSync reads into one buffer it reuses (grown to the largest file read, at most its
 * maxBytes): a buffer per file would be memory outside the heap that V8 answers with full
 * garbage collections.
 */
let scratch: Buffer = Buffer.allocUnsafeSlow(64 * 1024);

function readFileSync(path: string, maxBytes: number): SyncRead {
  const fd = openSync(path, OPEN_FLAGS);
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw notRegular(stats);
    const real = realOfFd(fd, path, stats);
    const head = readSync(fd, scratch, 0, scratch.length, 0);
    // The version is taken after the bytes are read: a write that lands while they are read gives a
    // version of its own (a newer change time), never the one an earlier read of other bytes had.
    if (head < scratch.length) {
      // The buffer may have grown past this call's bound for an earlier one: the bound still holds.
      if (head > maxBytes) return { size: head, real, version: versionOf(fd) };
      return { bytes: scratch.subarray(0, head), real, version: versionOf(fd) };
    }
    const size = fstatSync(fd).size;
    if (size > maxBytes) return { size, real, version: versionOf(fd) };
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
    return { bytes: scratch.subarray(0, filled), real, version: versionOf(fd) };
  } finally {
    closeSync(fd);
  }
}

/** Entries an asynchronous listing reads at a time. */
const READDIR_BATCH = 1024;

const entryOf = (entry: Dirent): DirectoryEntry => ({
  name: entry.name,
  kind: entry.isFile() ? 'file' : entry.isDirectory() ? 'directory' : entry.isSymbolicLink() ? 'symlink' : 'other',
});

export const nodeFileSystem: FileSystemPort = {
  folderVersions: true,
  readFileSync,
  readdirSync(path) {
    try {
      return readdirSync(path, { withFileTypes: true }).map(entryOf);
    } catch {
      return [];
    }
  },
  statSync: (path) => maybe(() => statSync(path, NO_THROW)),
  // The calls that only name or describe a file (stat, lstat, realpath, open, fstat, readlink, close)
  // run synchronously: each takes microseconds, while a thread-pool round trip (and a promise
  // FileHandle) cost more than the call itself, several times per read. So do reads of up to
  // SYNC_READ_BYTES (a range's, a small window's); longer reads and scans stay asynchronous.
  stat: async (path) => maybe(() => statSync(path, NO_THROW)),
  lstat: async (path) => maybe(() => lstatSync(path, NO_THROW)),
  realpath: async (path) => realpathSync.native(path),
  async open(path): Promise<FileHandle> {
    const fd = openSync(path, OPEN_FLAGS);
    let open = true;
    return {
      read: (buffer, offset, length, position) =>
        length <= SYNC_READ_BYTES
          ? new Promise((resolve) => resolve(readSync(fd, buffer, offset, length, position)))
          : new Promise((resolve, reject) =>
              readAsync(fd, buffer, offset, length, position, (error, bytesRead) =>
                error ? reject(error) : resolve(bytesRead),
              ),
            ),
      stat: async (): Promise<OpenedStat> => {
        const stats = fstatSync(fd);
        return { ...toEntry(stats), dev: stats.dev, ino: stats.ino };
      },
      realPath: PROC_FD
        ? async () => {
            try {
              return readlinkSync(PROC_FD + fd);
            } catch {
              return undefined;
            }
          }
        : undefined,
      close: async () => {
        if (open) closeSync(fd);
        open = false;
      },
      // Not zero-filled: every byte handed out is one the read filled.
      allocate: (size) => Buffer.allocUnsafe(size),
    };
  },
  async readdir(path): Promise<DirectoryEntry[]> {
    // Read a batch at a time: a folder of 60,000 entries read whole turns them into entries on the
    // thread in one piece (100-200 ms); batches let the host run between them.
    try {
      const entries: DirectoryEntry[] = [];
      for await (const entry of await fs.opendir(path, { bufferSize: READDIR_BATCH })) entries.push(entryOf(entry));
      return entries;
    } catch {
      return [];
    }
  },
};
