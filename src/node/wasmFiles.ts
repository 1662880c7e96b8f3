// Where the .wasm files are: dist/grammars next to the bundle, or the npm packages in development.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { GRAMMARS, PARSER_RUNTIME } from '../core/ground/languages';

/** The npm package that ships a .wasm file, by the language registry (for runs from source). */
function packageOf(file: string): string {
  return [PARSER_RUNTIME, ...GRAMMARS].find((entry) => entry.wasm === file)?.package ?? file.replace(/\.wasm$/, '');
}

function wasmPath(file: string, bundleDir: string = __dirname): string {
  const shipped = join(bundleDir, 'grammars', file);
  if (existsSync(shipped)) return shipped;
  // Running from source: find node_modules/<package>/<file> above the bundle dir or the cwd.
  for (const start of [bundleDir, process.cwd()]) {
    for (let dir = start; ; dir = dirname(dir)) {
      const candidate = join(dir, 'node_modules', packageOf(file), file);
      if (existsSync(candidate)) return candidate;
      if (dirname(dir) === dir) break;
    }
  }
  return shipped; // reading it fails with a clear ENOENT naming the expected place
}

export function createWasmLoader(bundleDir?: string): (file: string) => Promise<Uint8Array> {
  return async (file) => new Uint8Array(await readFile(wasmPath(file, bundleDir)));
}
