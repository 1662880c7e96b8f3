// Where the CLI and the MCP server keep what outlives a process (the symbol index, the launcher's code
// cache). Imports nothing heavy: the launcher loads it before the CLI bundle.
import os from 'node:os';
import { join } from 'node:path';

/** The user cache folder for the CLI: $LECTERN_CACHE_DIR, else $XDG_CACHE_HOME/lectern, else ~/.cache/lectern. */
export function userCacheDir(): string {
  if (process.env.LECTERN_CACHE_DIR) return process.env.LECTERN_CACHE_DIR;
  const base =
    process.env.XDG_CACHE_HOME ||
    (process.platform === 'win32' ? process.env.LOCALAPPDATA : undefined) ||
    join(os.homedir(), '.cache');
  return join(base, 'lectern');
}
