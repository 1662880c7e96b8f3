// Host.outlineWorkers on Node: a small pool of worker threads (one per core, at most four) that parse
// files for the symbol index in batches, so a cold index builds on every core and the calling thread
// (VS Code's extension host) stays free. Workers start on first use and stay for the next build;
// they do not keep the process alive while idle.
import { existsSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { realpath } from 'node:fs/promises';
import type { CancellationSignal, OutlineWorkersPort, ParsedOutline, WorkspaceRoot } from '../core/ground/ports';
import type { OutlineJob } from './outlineWorker';

/** Files per message: large enough to amortize messaging, small enough to balance the workers. */
const BATCH = 24;

export interface OutlineWorkers extends OutlineWorkersPort {
  dispose(): Promise<void>;
}

/** The worker script: the bundled dist/outlineWorker.js, or the TypeScript source under tsx (tests, benches). */
function workerScript(bundleDir: string): { file: string; eval?: boolean } {
  const bundled = join(bundleDir, 'outlineWorker.js');
  if (existsSync(bundled)) return { file: bundled };
  // `--import tsx` does not reach worker threads on every Node version: tsx's require hook does.
  const tsx = require.resolve('tsx/cjs', { paths: [__dirname] });
  return { file: `require(${JSON.stringify(tsx)}); require(${JSON.stringify(join(__dirname, 'outlineWorker.ts'))});`, eval: true };
}

export function createOutlineWorkers(
  bundleDir: string = __dirname,
  size = Math.max(1, Math.min(os.availableParallelism?.() ?? os.cpus().length, 4)),
  /** The workspace folders: a file whose opened real path is not in one of them is not indexed. */
  roots?: () => readonly WorkspaceRoot[],
): OutlineWorkers {
  let pool: Worker[] = [];
  const script = workerScript(bundleDir);
  const start = () => {
    if (pool.length === 0) {
      pool = Array.from({ length: size }, () => {
        const worker = new Worker(script.file, { workerData: { bundleDir }, ...(script.eval ? { eval: true } : {}) });
        // An idle worker that fails leaves the pool (a busy one also fails its batch, see run).
        const leave = () => (pool = pool.filter((w) => w !== worker));
        worker.on('error', leave);
        worker.on('exit', leave);
        worker.unref();
        return worker;
      });
    }
    return pool;
  };
  /** Sends one batch to `worker`; resolves with its outlines. */
  const run = (worker: Worker, job: OutlineJob) =>
    new Promise<ParsedOutline[]>((resolve, reject) => {
      const done = () => {
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        worker.unref();
      };
      const onMessage = (results: ParsedOutline[]) => (done(), resolve(results));
      const onError = (error: Error) => (done(), reject(error));
      const onExit = (code: number) => (done(), reject(new Error(`an outline worker exited (${code})`)));
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.ref(); // busy: keep the process alive until it answers
      worker.postMessage(job);
    });

  return {
    async *outline(files: readonly string[], maxFileBytes: number, signal?: CancellationSignal) {
      const workers = start();
      const realRoots = roots ? await Promise.all(roots().map((r) => realpath(r.path).catch(() => r.path))) : undefined;
      let next = 0;
      let stopped = false;
      const ready: ParsedOutline[][] = [];
      let failure: Error | undefined;
      let wake: (() => void) | undefined;
      const notify = () => {
        wake?.();
        wake = undefined;
      };
      let running = 0;
      const feed = (worker: Worker) => {
        if (stopped || failure || signal?.isCancellationRequested || next >= files.length) return;
        const batch = files.slice(next, next + BATCH);
        next += batch.length;
        running++;
        run(worker, { files: batch, maxFileBytes, ...(realRoots ? { roots: realRoots } : {}) }).then(
          (results) => {
            running--;
            ready.push(results);
            feed(worker);
            notify();
          },
          (error: Error) => {
            running--;
            failure = error;
            pool = pool.filter((w) => w !== worker);
            notify();
          },
        );
      };
      for (const worker of workers) feed(worker);
      try {
        while (true) {
          const results = ready.shift();
          if (results) {
            yield* results;
            continue;
          }
          if (failure) throw failure;
          if (running === 0) return;
          await new Promise<void>((resolve) => (wake = resolve));
        }
      } finally {
        stopped = true; // the consumer stopped (budget, cancellation): no new batches
      }
    },
    async dispose() {
      const workers = pool;
      pool = [];
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}
