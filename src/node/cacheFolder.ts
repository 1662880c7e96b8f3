// What a user cache folder must be before Lectern keeps anything in it. Outlines copy file text (a
// secret in a 0600 file included), so another local user must not read them; and what is read back
// is served (a planted outline) or run (a planted V8 code cache), so nobody else may write them. On
// POSIX each folder Lectern uses is created 0700 or, existing, must be a folder of this user's (a
// looser one is tightened to 0700), and each file is written 0600 through a temporary file and a
// rename. A folder inside a workspace folder is never used: the workspace's content may come from
// anyone (a cloned repository). Imports nothing heavy: the launcher loads it before the CLI bundle.
import {
  chmodSync,
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { open, rename, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

const uid = process.platform !== 'win32' && typeof process.getuid === 'function' ? process.getuid() : undefined;

const codeOf = (error: unknown) => (error as NodeJS.ErrnoException).code ?? String(error);

/** Why `folder` may not hold a cache (after creating it 0700 when missing), or undefined when it is private. */
function privateOne(folder: string, top: boolean): string | undefined {
  try {
    mkdirSync(folder, { mode: 0o700 });
  } catch (error) {
    if (codeOf(error) !== 'EEXIST') return `${folder} cannot be created (${codeOf(error)})`;
  }
  if (uid === undefined) return undefined; // Windows: the profile's folders are the user's alone
  let stats = lstatSync(folder);
  if (stats.isSymbolicLink()) {
    // A link the user made for the top folder (a cache on another disk) is followed; one below it was planted.
    if (!top || (stats.uid !== uid && stats.uid !== 0))
      return `${folder} is a symbolic link another user could have made`;
    stats = statSync(folder);
  }
  if (!stats.isDirectory()) return `${folder} is not a folder`;
  if (stats.uid !== uid) return `${folder} belongs to another user (uid ${stats.uid})`;
  if ((stats.mode & 0o077) === 0) return undefined;
  // A shared folder (`/tmp` as $LECTERN_CACHE_DIR) is not made private: that would lock the others out.
  if (stats.mode & 0o1000) return `${folder} is a shared folder (sticky bit)`;
  try {
    chmodSync(folder, 0o700);
    return undefined;
  } catch (error) {
    return `${folder} is open to other users (mode ${(stats.mode & 0o777).toString(8)}) and cannot be tightened (${codeOf(error)})`;
  }
}

const isInside = (path: string, folder: string) => {
  const rel = relative(folder, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
};

const realOr = (path: string) => {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
};

/**
 * The workspace folder of `roots` that `folder` lies in. A root holding the home folder (`/`, `~`: an
 * MCP client's default current folder) is the user's whole account, not a project's files: not counted.
 */
function rootHolding(folder: string, roots: readonly string[]): string | undefined {
  const home = realOr(homedir());
  return roots.find(
    (root) =>
      !isInside(home, realOr(root)) &&
      (isInside(realOr(folder), realOr(root)) || isInside(resolve(folder), resolve(root))),
  );
}

/**
 * Makes the folders from `top` (the user cache folder) down to `dir` private, creating what is
 * missing (the folders above `top` too, 0700), and answers why the cache may not be kept there, or
 * undefined when it may: every one of them this user's own and closed to others, none inside one of
 * `roots` (the workspace folders).
 */
export function refusedCacheFolder(top: string, dir: string, roots: readonly string[]): string | undefined {
  try {
    const below = relative(top, dir);
    if (below.startsWith('..') || isAbsolute(below)) return `${dir} is not inside ${top}`;
    for (const folder of [top, dir]) {
      const root = rootHolding(folder, roots);
      if (root !== undefined) return `${folder} is inside the workspace folder ${root}`;
    }
    mkdirSync(dirname(resolve(top)), { recursive: true, mode: 0o700 });
    let folder = resolve(top);
    const refused = privateOne(folder, true);
    if (refused) return refused;
    for (const name of below.split(sep).filter(Boolean)) {
      folder = join(folder, name);
      const why = privateOne(folder, false);
      if (why) return why;
    }
    return undefined;
  } catch (error) {
    return `${dir} cannot be checked (${codeOf(error)})`;
  }
}

let warned = false;

/** Says once per process that the persistent cache is not used, and why (stderr: the CLI's and MCP's log). */
export function warnCacheRefused(
  reason: string,
  write: (line: string) => void = (line) => process.stderr.write(line),
): void {
  if (warned) return;
  warned = true;
  write(`lectern: the cache folder is not used (${reason}); working without a persistent cache.\n`);
}

/** For tests: the next refusal is said again. */
export function resetCacheWarning(): void {
  warned = false;
}

/**
 * The bytes of the cache file `path`, or undefined when it is missing, not a regular file (a link
 * is not followed), another user's, writable by others, or larger than `maxBytes` (it is not read).
 */
export function readPrivateFile(path: string, maxBytes: number): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
  } catch {
    return undefined;
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile() || stats.size > maxBytes) return undefined;
    if (uid !== undefined && (stats.uid !== uid || (stats.mode & 0o022) !== 0)) return undefined;
    const bytes = readFileSync(fd);
    return bytes.length <= maxBytes ? bytes : undefined;
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/** readPrivateFile without holding the thread. */
export async function readPrivateFileAsync(path: string, maxBytes: number): Promise<Buffer | undefined> {
  const handle = await open(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0)).catch(
    () => undefined,
  );
  if (!handle) return undefined;
  try {
    const stats = await handle.stat();
    if (!stats.isFile() || stats.size > maxBytes) return undefined;
    if (uid !== undefined && (stats.uid !== uid || (stats.mode & 0o022) !== 0)) return undefined;
    const bytes = await handle.readFile();
    return bytes.length <= maxBytes ? bytes : undefined;
  } catch {
    return undefined;
  } finally {
    await handle.close();
  }
}

const temporaryOf = (path: string) => `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;

/** Replaces `path` with `data`: a new file of mode 0600, renamed over it (a reader sees a whole file or none). */
export function writePrivateFileSync(path: string, data: string | Uint8Array): void {
  const temporary = temporaryOf(path);
  try {
    writeFileSync(temporary, data, { mode: 0o600, flag: 'wx' });
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/** writePrivateFileSync without holding the thread. */
export async function writePrivateFile(path: string, data: string | Uint8Array): Promise<void> {
  const temporary = temporaryOf(path);
  try {
    await writeFile(temporary, data, { mode: 0o600, flag: 'wx' });
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
