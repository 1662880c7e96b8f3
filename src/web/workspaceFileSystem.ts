// The core's file-system port over vscode.workspace.fs, for the web worker extension host (no Node
// fs there). What it cannot do: read part of a file (a file is read whole, once per open), name the
// file behind a handle, or resolve a symbolic link (workspace.fs never says where one leads): a path
// through a link is refused as not found, so nothing outside the workspace is read through one.
import * as vscode from 'vscode';
import type {
  DirectoryEntry,
  EntryKind,
  EntryStat,
  FileHandle,
  FileSystemPort,
  OpenedStat,
} from '../core/ground/ports';

/** An absolute path's URI: the scheme and authority of the workspace (vscode-remote, vscode-vfs, file). */
export type UriOf = (path: string) => vscode.Uri;

/** A Node-style error code for what workspace.fs reports, so the core's messages are the same. */
function withCode(error: unknown): Error {
  const fsCode = error instanceof vscode.FileSystemError ? error.code : undefined;
  const code =
    fsCode === 'FileNotFound'
      ? 'ENOENT'
      : fsCode === 'FileIsADirectory'
        ? 'EISDIR'
        : fsCode === 'NoPermissions'
          ? 'EACCES'
          : fsCode === 'FileNotADirectory'
            ? 'ENOTDIR'
            : (fsCode ?? 'EIO');
  const wrapped = new Error(error instanceof Error ? error.message : String(error));
  return Object.assign(wrapped, { code });
}

function kindOf(type: vscode.FileType): EntryKind {
  if (type & vscode.FileType.SymbolicLink) return 'symlink';
  if (type & vscode.FileType.File) return 'file';
  if (type & vscode.FileType.Directory) return 'directory';
  return 'other';
}

/** Kind as `stat` (following links) would see it: a link to a file is a file. */
function followedKind(type: vscode.FileType): EntryKind {
  if (type & vscode.FileType.File) return 'file';
  if (type & vscode.FileType.Directory) return 'directory';
  return 'other';
}

/** The folders and the path itself that realpath checks for links: those below the workspace folder holding it (or all). */
function checkedSteps(path: string, roots: readonly string[]): string[] {
  const parts = path.split('/').filter(Boolean);
  const steps = parts.map((_, i) => '/' + parts.slice(0, i + 1).join('/'));
  const root = roots.filter((r) => steps.includes(r)).sort((a, b) => b.length - a.length)[0];
  const below = root === undefined ? steps : steps.slice(steps.indexOf(root) + 1);
  return below.length > 0 ? below : [path];
}

/**
 * The bytes of the last few files read, by URI, size and modification time: a file is read whole
 * over the remote connection, and calls read the same file again and again (a window, then the
 * next). A changed file has another size or time and is read again.
 */
class RecentFiles {
  private static readonly FILES = 8;
  private static readonly MAX_BYTES = 4 * 1024 * 1024;
  private readonly files = new Map<string, { size: number; mtime: number; bytes: Promise<Uint8Array> }>();

  read(uri: vscode.Uri, stat: OpenedStat): Promise<Uint8Array> {
    const key = uri.toString();
    const known = this.files.get(key);
    if (known && known.size === stat.size && known.mtime === stat.mtimeMs) return known.bytes;
    const bytes = Promise.resolve(vscode.workspace.fs.readFile(uri)).catch((error: unknown) => {
      this.files.delete(key);
      throw withCode(error);
    });
    this.files.delete(key);
    if (stat.size <= RecentFiles.MAX_BYTES) {
      this.files.set(key, { size: stat.size, mtime: stat.mtimeMs, bytes });
      if (this.files.size > RecentFiles.FILES) this.files.delete(this.files.keys().next().value!);
    }
    return bytes;
  }
}

/** A file opened for reading: read whole on its first read (workspace.fs reads no part of a file). */
class WholeFile implements FileHandle {
  private bytes: Promise<Uint8Array> | undefined;

  constructor(
    private readonly uri: vscode.Uri,
    private readonly opened: OpenedStat,
    private readonly recent: RecentFiles,
  ) {}

  stat(): Promise<OpenedStat> {
    return Promise.resolve(this.opened);
  }

  async read(buffer: Uint8Array, offset: number, length: number, position: number): Promise<number> {
    this.bytes ??= this.recent.read(this.uri, this.opened);
    const bytes = await this.bytes;
    const piece = bytes.subarray(Math.min(position, bytes.length), Math.min(position + length, bytes.length));
    buffer.set(piece, offset);
    return piece.length;
  }

  close(): Promise<void> {
    this.bytes = undefined;
    return Promise.resolve();
  }
}

/** `roots`: the workspace folders' paths (realpath looks for links only below them). */
export function workspaceFileSystem(uriOf: UriOf, roots: () => readonly string[]): FileSystemPort {
  const recent = new RecentFiles();
  const rawStat = async (path: string): Promise<vscode.FileStat | undefined> => {
    try {
      return await vscode.workspace.fs.stat(uriOf(path));
    } catch {
      return undefined;
    }
  };
  const entry = (stat: vscode.FileStat, kind: EntryKind): EntryStat => ({ kind, size: stat.size, mtimeMs: stat.mtime });
  return {
    async stat(path) {
      const stat = await rawStat(path);
      return stat ? entry(stat, followedKind(stat.type)) : undefined;
    },
    async lstat(path) {
      const stat = await rawStat(path);
      return stat ? entry(stat, kindOf(stat.type)) : undefined;
    },
    // No link is followed (see above): the real path of a path without links is the path itself.
    async realpath(path) {
      const stats = await Promise.all(checkedSteps(path, roots()).map(rawStat));
      const missing = stats.findIndex((stat) => stat === undefined || kindOf(stat.type) === 'symlink');
      if (missing >= 0) throw Object.assign(new Error(`ENOENT: ${path}`), { code: 'ENOENT' });
      return path;
    },
    async open(path) {
      const stat = await rawStat(path);
      if (!stat) throw Object.assign(new Error(`ENOENT: ${path}`), { code: 'ENOENT' });
      if (kindOf(stat.type) === 'symlink') throw Object.assign(new Error(`ELOOP: ${path}`), { code: 'ELOOP' });
      return new WholeFile(uriOf(path), { ...entry(stat, kindOf(stat.type)), dev: 0, ino: 0 }, recent);
    },
    async readdir(path): Promise<DirectoryEntry[]> {
      try {
        const entries = await vscode.workspace.fs.readDirectory(uriOf(path));
        return entries.map(([name, type]) => ({ name, kind: kindOf(type) }));
      } catch {
        return [];
      }
    },
  };
}
