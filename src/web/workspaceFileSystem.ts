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
} from '../core/ground/fileSystemPort';

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

/** SHA-256 of `bytes` as hex: the identity of a version where workspace.fs tells no change time or inode. */
async function contentHash(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  let hex = '';
  for (const byte of digest) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/**
 * A file opened for reading: read whole on its first use (workspace.fs reads no part of a file), once per
 * open. Its stat carries a hash of those bytes: workspace.fs's `ctime` is the creation time (it does not
 * change when the file is rewritten) and it has no inode, so size and modification time are all it says
 * of a version, and a rewrite that keeps both (`cp -p`, `tar x`) would pass for the old one. The core's
 * caches key a version on the hash instead (ground/fileIdentity.ts); no bytes are kept between opens.
 */
class WholeFile implements FileHandle {
  private bytes: Promise<Uint8Array> | undefined;
  private opened: Promise<OpenedStat> | undefined;

  constructor(
    private readonly uri: vscode.Uri,
    private readonly listed: OpenedStat,
  ) {}

  private whole(): Promise<Uint8Array> {
    this.bytes ??= Promise.resolve(vscode.workspace.fs.readFile(this.uri)).catch((error: unknown) => {
      throw withCode(error);
    });
    return this.bytes;
  }

  stat(): Promise<OpenedStat> {
    // Not a file (a folder, a device): said as it is, nothing read.
    if (this.listed.kind !== 'file') return Promise.resolve(this.listed);
    this.opened ??= this.whole().then(async (bytes) => ({
      ...this.listed,
      size: bytes.length,
      contentHash: await contentHash(bytes),
    }));
    return this.opened;
  }

  async read(buffer: Uint8Array, offset: number, length: number, position: number): Promise<number> {
    const bytes = await this.whole();
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
  const rawStat = async (path: string): Promise<vscode.FileStat | undefined> => {
    try {
      return await vscode.workspace.fs.stat(uriOf(path));
    } catch {
      return undefined;
    }
  };
  // No ctimeMs: workspace.fs's ctime is the creation time, which a rewrite leaves as it was.
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
      return new WholeFile(uriOf(path), { ...entry(stat, kindOf(stat.type)), dev: 0, ino: 0 });
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
