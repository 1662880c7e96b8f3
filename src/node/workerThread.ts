// The worker threads of src/workers/: the bundled dist/NAME.js beside the bundle, or the TypeScript source
// under tsx (tests, benches). `--import tsx` does not reach worker threads on every Node version: tsx's
// require hook does.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** A new thread running src/workers/`name`.ts, from `bundleDir` when it holds the bundled script. */
export function startWorkerThread(bundleDir: string, name: string, options: WorkerOptions = {}): Worker {
  const bundled = join(bundleDir, `${name}.js`);
  if (existsSync(bundled)) return new Worker(bundled, options);
  const tsx = require.resolve('tsx/cjs', { paths: [bundleDir, __dirname] });
  const source = join(__dirname, '../workers', `${name}.ts`);
  return new Worker(`require(${JSON.stringify(tsx)}); require(${JSON.stringify(source)});`, { ...options, eval: true });
}
