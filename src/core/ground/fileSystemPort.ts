// The file system port: how the core stats, opens, reads and lists files through its host, and what
// identifies a version of a file.

export type EntryKind = 'file' | 'directory' | 'symlink' | 'other';

export interface EntryStat {
  kind: EntryKind;
  size: number;
  mtimeMs: number;
  /** Device and inode, where the host knows them (a race check compares them with the opened file's). */
  dev?: number;
  ino?: number;
  /** When the inode last changed (content, mode, links, rename), where the host knows it. */
  ctimeMs?: number;
}

/** What fstat says about an opened file: its kind and size, and its identity (device, inode). */
export interface OpenedStat extends EntryStat {
  dev: number;
  ino: number;
}

export interface FileHandle {
  /** fstat of the opened file (not of whatever the path names now). */
  stat(): Promise<OpenedStat>;
  /** The real path of the opened file where the platform tells it (Linux /proc/self/fd); else undefined. */
  realPath?(): Promise<string | undefined>;
  /** Reads up to `length` bytes at file `position` into `buffer` at `offset`; returns how many were read. */
  read(buffer: Uint8Array, offset: number, length: number, position: number): Promise<number>;
  close(): Promise<void>;
  /** A buffer for reads: the host's fastest kind (Node's Buffer searches twice as fast). */
  allocate?(size: number): Uint8Array;
}

export interface FileSystemPort {
  /** Follows symlinks. `undefined` when nothing is there. */
  stat(path: string): Promise<EntryStat | undefined>;
  /** Does not follow symlinks. */
  lstat(path: string): Promise<EntryStat | undefined>;
  realpath(path: string): Promise<string>;
  /**
   * Opens for reading without following a symbolic link at the last component (ELOOP) and without
   * blocking (a FIFO opens at once; reads then fail). Callers open through openInside (openInside.ts), which
   * resolves the path, opens it and verifies the opened file.
   */
  open(path: string): Promise<FileHandle>;
  /** Entries of a directory (symlinks reported as 'symlink'); empty when it cannot be read. */
  readdir(path: string): Promise<DirectoryEntry[]>;
  /**
   * Optional fast path for reading many small files (workspace search): the whole file, read
   * synchronously, when it has at most `maxBytes`; else only its size. The bytes may be a view of a
   * buffer the port reuses, valid until the next call. It blocks the thread, so callers yield
   * every few milliseconds. Throws when the file cannot be read.
   */
  readFileSync?(path: string, maxBytes: number): SyncRead;
  /** Optional: readdir, synchronously (the workspace walker's fast path; it yields every few milliseconds). */
  readdirSync?(path: string): DirectoryEntry[];
  /**
   * True when a folder's stat changes whenever an entry is created, deleted or renamed in it (its
   * modification time, as POSIX, Windows and macOS file systems keep it): only then may a resident
   * engine replay a walk while the folders it listed are unchanged (ground/walkCache.ts). A virtual
   * file system that does not promise it leaves this out.
   */
  readonly folderVersions?: boolean;
  /** Optional: stat, synchronously (the symbol index checks thousands of files' versions at once; it yields every few milliseconds). */
  statSync?(path: string): EntryStat | undefined;
  /**
   * Optional: resolves once every change made before the call has reached what the port answers
   * from memory (a watcher's queued events; src/node/watchedStats.ts). A walk awaits it first.
   */
  settle?(): Promise<void>;
}

/**
 * A synchronous read: opened like `open` (no symlink followed at the last component, never
 * blocking); throws when the opened file is not a regular file. `real` is the opened file's real
 * path (verified against its device and inode where the platform cannot tell it directly), or
 * undefined when it could not be verified: the caller then treats the file as outside.
 */
export type SyncRead = ({ bytes: Uint8Array } | { size: number }) & { real?: string; version?: FileVersion };

/** What identifies a version of a file without reading it: what stat says (the opened file's fstat on a read). */
export interface FileVersion {
  size: number;
  mtimeMs: number;
  ino?: number;
  dev?: number;
  /** The inode's change time, where the host tells it: a rewrite that puts the modification time back still changes it. */
  ctimeMs?: number;
  /** A hash of the bytes, from a port that cannot tell the change time or the inode (ground/fileIdentity.ts). */
  contentHash?: string;
}

export interface DirectoryEntry {
  name: string;
  kind: EntryKind;
}
