// What the core needs from its host (VS Code, the CLI, tests). Small on purpose.

export type EntryKind = 'file' | 'directory' | 'symlink' | 'other';

export interface EntryStat {
  kind: EntryKind;
  size: number;
  mtimeMs: number;
}

export interface FileHandle {
  /** Reads up to `length` bytes at file `position` into `buffer` at `offset`; returns how many were read. */
  read(buffer: Uint8Array, offset: number, length: number, position: number): Promise<number>;
  close(): Promise<void>;
}

export interface FileSystemPort {
  /** Follows symlinks. `undefined` when nothing is there. */
  stat(path: string): Promise<EntryStat | undefined>;
  /** Does not follow symlinks. */
  lstat(path: string): Promise<EntryStat | undefined>;
  realpath(path: string): Promise<string>;
  open(path: string): Promise<FileHandle>;
}

/** An editor buffer with unsaved changes. */
export interface DirtyDocument {
  text: string;
  version: number;
  languageId?: string;
}

export interface DocumentsPort {
  /** The unsaved buffer for an absolute path, if one is open and dirty. */
  dirty(path: string): DirtyDocument | undefined;
}

export interface WorkspaceRoot {
  name: string;
  path: string;
}

/** Host cancellation, checked between chunks of work. */
export interface CancellationSignal {
  readonly isCancellationRequested: boolean;
}

export interface Host {
  fs: FileSystemPort;
  documents?: DocumentsPort;
  roots(): readonly WorkspaceRoot[];
}
