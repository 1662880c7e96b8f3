// Node before 22.1 has no module.enableCompileCache: there the launcher compiles the CLI bundle itself
// with V8's code cache, kept in the user cache folder, so a cold call deserializes the bundle's code
// (the functions the last call ran included) instead of compiling it.
// V8 checks cached data against the text's length only, not its content: data made from any other
// text of the same length is taken, and runs that text's code. So the cache is kept only in a folder
// that is this user's alone and outside the workspace (cacheFolder.ts), its file named by the SHA-256
// of the text it caches (with Node's version and architecture) and starting with that hash, written
// 0600 and read only when it is a regular file of this user's that nobody else can write.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { Script } from 'node:vm';
import { fnv1aHex } from '../core/ground/fnv1a';
import { readPrivateFile, refusedCacheFolder, warnCacheRefused, writePrivateFileSync } from '../node/cacheFolder';

type CommonJsWrapper = (
  exports: object,
  require: NodeJS.Require,
  module: { exports: object },
  filename: string,
  dirname: string,
) => void;

/** Where a code cache may be kept: the user cache folder `top`, its folder `dir`, and the workspace folders. */
export interface CodeCacheFolder {
  top: string;
  dir: string;
  roots: readonly string[];
}

/** Larger cache files are not read (the CLI bundle's is about 2 MB). */
const MAX_CACHE_BYTES = 64 * 1024 * 1024;

/** Runs the CommonJS file `filename` as `require` would, compiled with the code cache kept in `cache.dir`. */
export function requireWithCodeCache(filename: string, cache: CodeCacheFolder): void {
  const source = `(function (exports, require, module, __filename, __dirname) {${readFileSync(filename, 'utf8')}\n})`;
  const key = createHash('sha256').update(`${process.version}\0${process.arch}\0${filename}\0`).update(source).digest();
  const refused = refusedCacheFolder(cache.top, cache.dir, cache.roots);
  if (refused) warnCacheRefused(refused);
  // One file per bundle: named by its path, and by the hash of what it caches.
  const prefix = `${basename(filename, '.js')}-${fnv1aHex(filename)}-`;
  const cacheFile = join(cache.dir, `${prefix}${key.toString('hex')}.bin`);
  const stored = refused ? undefined : readPrivateFile(cacheFile, MAX_CACHE_BYTES);
  const cachedData = stored && stored.subarray(0, key.length).equals(key) ? stored.subarray(key.length) : undefined;
  const script = new Script(source, { filename, ...(cachedData ? { cachedData } : {}) });
  // Made at exit, so it holds the functions this call compiled as it ran.
  if (!refused && (!cachedData || script.cachedDataRejected))
    process.once('exit', () => keep(script, key, cache.dir, cacheFile, prefix));
  const module = { exports: {} };
  const wrapper: CommonJsWrapper = script.runInThisContext();
  wrapper.call(module.exports, module.exports, createRequire(filename), module, filename, dirname(filename));
}

/** Writes the cache (0600, a temporary file renamed: a concurrent call reads a whole one or none) and drops older ones. */
function keep(script: Script, key: Buffer, cacheDir: string, cacheFile: string, prefix: string): void {
  try {
    writePrivateFileSync(cacheFile, Buffer.concat([key, script.createCachedData()]));
    for (const name of readdirSync(cacheDir))
      if (name.startsWith(prefix) && join(cacheDir, name) !== cacheFile && name.endsWith('.bin'))
        rmSync(join(cacheDir, name), { force: true });
  } catch {
    // A cache that cannot be written costs only time.
  }
}
