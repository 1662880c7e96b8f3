// Where a workspace's daemon listens, and whether a path there may be trusted: a Unix socket in the
// user cache folder (made 0700, refused when another user's: node/cacheFolder.ts), named by a hash
// of what its answers depend on (the roots, the settings, --allow-outside, the version), so calls with
// other settings get a daemon of their own. A socket there that is another user's, or not a socket,
// is refused, never connected to nor removed.
import { createHash } from 'node:crypto';
import { lstatSync } from 'node:fs';
import { join } from 'node:path';
import { refusedCacheFolder } from '../node/cacheFolder';
import { userCacheDir } from '../node/userCacheDir';

/** Unix socket paths longer than this do not bind on Linux (108 bytes with the final NUL) nor macOS (104). */
const MAX_SOCKET_PATH = 100;

export interface DaemonKey {
  roots: readonly string[];
  settings: unknown;
  allowOutside: boolean;
  version: string;
}

export type SocketPlace = { path: string } | { refused: string };

/** The socket of the daemon for `key`, its folder made private first; or why there is none. */
export function socketPlace(key: DaemonKey): SocketPlace {
  const top = userCacheDir();
  const dir = join(top, 'daemons');
  const refused = refusedCacheFolder(top, dir, key.roots);
  if (refused) return { refused };
  const name = createHash('sha256').update(JSON.stringify(key)).digest('hex').slice(0, 16);
  const path = join(dir, `${name}.sock`);
  if (path.length > MAX_SOCKET_PATH)
    return {
      refused: `the socket path ${path} is longer than ${MAX_SOCKET_PATH} bytes (set LECTERN_CACHE_DIR to a shorter folder)`,
    };
  return { path };
}

const uid = typeof process.getuid === 'function' ? process.getuid() : undefined;

/** 'none' when nothing is at `path`, 'ours' for a socket of this user's, else why it is refused. */
export function socketAt(path: string): 'none' | 'ours' | { refused: string } {
  let stats;
  try {
    stats = lstatSync(path);
  } catch {
    return 'none';
  }
  if (!stats.isSocket()) return { refused: `${path} is not a socket` };
  if (uid !== undefined && stats.uid !== uid) return { refused: `${path} belongs to another user (uid ${stats.uid})` };
  return 'ours';
}
