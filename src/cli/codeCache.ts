// Node before 22.1 has no module.enableCompileCache: there the launcher compiles the CLI bundle itself
// with V8's code cache, kept in the user cache folder, so a cold call deserializes the bundle's code
// (the functions the last call ran included) instead of compiling it. V8 refuses cached data made by
// another V8 or for another text (then the bundle compiles as usual and the cache is written again).
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { Script } from 'node:vm';
import { fnv1aHex } from '../core/ground/fnv1a';

type CommonJsWrapper = (
  exports: object,
  require: NodeJS.Require,
  module: { exports: object },
  filename: string,
  dirname: string,
) => void;

/** Runs the CommonJS file `filename` as `require` would, compiled with the code cache kept in `cacheDir`. */
export function requireWithCodeCache(filename: string, cacheDir: string): void {
  const source = readFileSync(filename, 'utf8');
  const { size, mtimeMs } = statSync(filename);
  // One file per bundle: named by its path, and by the Node and the bundle's version that made it.
  const prefix = `${basename(filename, '.js')}-${fnv1aHex(filename)}-`;
  const cacheFile = join(
    cacheDir,
    `${prefix}${fnv1aHex(`${process.version}\0${process.arch}\0${size}\0${mtimeMs}`)}.bin`,
  );
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    cachedData = undefined; // none yet
  }
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename,
    ...(cachedData ? { cachedData } : {}),
  });
  // Made at exit, so it holds the functions this call compiled as it ran.
  if (!cachedData || script.cachedDataRejected) process.once('exit', () => keep(script, cacheDir, cacheFile, prefix));
  const module = { exports: {} };
  const wrapper: CommonJsWrapper = script.runInThisContext();
  wrapper.call(module.exports, module.exports, createRequire(filename), module, filename, dirname(filename));
}

/** Writes the cache (a temporary file renamed: a concurrent call reads a whole one or none) and drops older ones. */
function keep(script: Script, cacheDir: string, cacheFile: string, prefix: string): void {
  try {
    mkdirSync(cacheDir, { recursive: true });
    const temporary = `${cacheFile}.${process.pid}.tmp`;
    writeFileSync(temporary, script.createCachedData());
    renameSync(temporary, cacheFile);
    for (const name of readdirSync(cacheDir))
      if (name.startsWith(prefix) && join(cacheDir, name) !== cacheFile && name.endsWith('.bin'))
        rmSync(join(cacheDir, name), { force: true });
  } catch {
    // A cache that cannot be written costs only time.
  }
}
