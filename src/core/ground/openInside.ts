// Opens a file on disk, race-proof: the opened file is checked to be the regular file inside the
// workspace folders that its path was judged to be, or the open is refused with a clear error.
import { LecternError } from './contract';
import type { FileHandle, FileSystemPort, OpenedStat } from './fileSystemPort';
import { insideRoots, type FileIdentity, type ResolvedPath } from './paths';
import { TOOL } from './tools';

function changedUnderUs(path: ResolvedPath): LecternError {
  return new LecternError(
    'OUTSIDE_WORKSPACE',
    `${path.display} changed while it was being opened and now leads outside the workspace folders.`,
    'Nothing was read. If the file is being replaced, call again in a moment.',
  );
}

function movedUnderUs(path: ResolvedPath): LecternError {
  return new LecternError(
    'READ_FAILED',
    `${path.display} changed while it was being opened: it now leads to another file.`,
    'Nothing was read; call again in a moment.',
  );
}

function openFailure(path: ResolvedPath, error: unknown): LecternError {
  if (error instanceof LecternError) return error;
  const code = (error as { code?: string })?.code;
  if (code === 'EISDIR') {
    return new LecternError(
      'IS_DIRECTORY',
      `${path.display} is a directory, not a file.`,
      `Pass a file path inside it; ${TOOL.stat} shows what a path is.`,
    );
  }
  if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'ENAMETOOLONG') {
    return new LecternError(
      'NOT_FOUND',
      `${path.display} does not exist.`,
      `Check the spelling; ${TOOL.stat} tells whether a path exists.`,
    );
  }
  if (code === 'EACCES' || code === 'EPERM') {
    return new LecternError(
      'READ_FAILED',
      `${path.display} cannot be read: permission denied.`,
      'Check the file and folder permissions.',
    );
  }
  if (code === 'ELOOP') {
    return new LecternError(
      'READ_FAILED',
      `${path.display} became a symbolic link while it was being opened.`,
      'Nothing was read; call again in a moment.',
    );
  }
  return new LecternError(
    'READ_FAILED',
    `${path.display} could not be opened (${code ?? 'error'}).`,
    'Check the file permissions.',
  );
}

/**
 * The one way the engine opens a file on disk, race-proof: resolve the real path, check it, open
 * it without following a symlink and without blocking, then verify the opened file — a regular
 * file (fstat), the same device and inode as the checked path (the identity resolve saw there, or
 * else the path asked again after the open), and (where the host names the file behind a handle)
 * a real path inside a workspace folder. A path resolved as outside (the user approved it) is
 * only held to the first two.
 */
export async function openInside(
  fs: FileSystemPort,
  path: ResolvedPath,
): Promise<{ handle: FileHandle; stat: OpenedStat }> {
  if (path.real !== undefined && path.realId !== undefined && !path.outside) {
    const opened = await openChecked(fs, path, path.real, path.realId);
    if (opened) return opened;
    // Not the file resolve saw there (replaced since, as an editor saves): what resolve remembered
    // is stale. The path is asked again, and opened as if nothing had been remembered, provided it
    // still leads to the real path that was judged.
    path.stale?.();
    let again: string;
    try {
      again = await fs.realpath(path.absolute);
    } catch (error) {
      throw openFailure(path, error);
    }
    if (again !== path.real) throw movedUnderUs(path);
  }
  return (await openChecked(fs, path, path.real, undefined))!;
}

/** Opens `real` (or the real path of `path`) and checks it; undefined only when `expected` is given and the opened file is not it. */
async function openChecked(
  fs: FileSystemPort,
  path: ResolvedPath,
  known: string | undefined,
  expected: FileIdentity | undefined,
): Promise<{ handle: FileHandle; stat: OpenedStat } | undefined> {
  let real: string;
  let handle: FileHandle;
  try {
    real = known ?? (await fs.realpath(path.absolute));
    if (!path.outside && path.realRoots && !insideRoots(path.realRoots, real)) throw changedUnderUs(path);
    handle = await fs.open(real);
  } catch (error) {
    throw openFailure(path, error);
  }
  try {
    // The checks of the opened file at once: one round trip to the file system, not three.
    const [stat, checked, opened] = await Promise.all([
      handle.stat(),
      path.outside || expected ? undefined : fs.lstat(real),
      path.outside ? undefined : handle.realPath?.(),
    ]);
    refuseUnlessFile(path.display, stat.kind);
    if (!path.outside) {
      if (expected && (expected.dev !== stat.dev || expected.ino !== stat.ino)) {
        await handle.close().catch(() => undefined);
        return undefined;
      }
      if (checked?.dev !== undefined && (checked.dev !== stat.dev || checked.ino !== stat.ino))
        throw changedUnderUs(path);
      if (opened !== undefined && path.realRoots && !insideRoots(path.realRoots, opened)) throw changedUnderUs(path);
    }
    return { handle, stat };
  } catch (error) {
    await handle.close().catch(() => undefined);
    throw openFailure(path, error);
  }
}

/** A stat's kind, refused unless it is a regular file: IS_DIRECTORY for a folder, READ_FAILED for anything else. */
export function refuseUnlessFile(display: string, kind: string): void {
  if (kind === 'directory')
    throw new LecternError(
      'IS_DIRECTORY',
      `${display} is a directory, not a file.`,
      `Pass a file path inside it; ${TOOL.stat} shows what a path is.`,
    );
  if (kind !== 'file')
    throw new LecternError('READ_FAILED', `${display} is not a regular file.`, 'Only regular files can be read.');
}
