// Host.outlineWorkers on Node: a small pool of worker threads (one per core, at most four) that parse
// files for the symbol index in batches, so a cold index builds on every core and the calling thread
// (VS Code's extension host) stays free. Workers start on first use and stay for the next build;
// they do not keep the process alive while idle.
import os from 'node:os';
import type { Worker } from 'node:worker_threads';
import { realpath } from 'node:fs/promises';
import type { CancellationSignal, OutlineWorkersPort, WorkspaceRoot } from '../core/ground/ports';
import type { ParsedOutline } from '../core/ground/workerMessages';
import { startWorkerThread } from './workerThread';

/** What a worker (src/workers/outlineWorker.ts) is sent: a batch of files to outline, or languages to load. */
export interface OutlineJob {
  files: string[];
  maxFileBytes: number;
  /** The workspace folders' real paths: a file whose opened real path lies elsewhere is not indexed. */
  roots?: string[];
  /** Files whose languages to load now (runtime, grammar, query); no answer is sent for such a job. */
  warm?: string[];
}

/** Files per message: large enough to amortize messaging, small enough to balance the workers. */
const BATCH = 24;

export interface OutlineWorkers extends OutlineWorkersPort {
  prepare(files: readonly string[]): void;
  dispose(): Promise<void>;
}

/** Batches a worker may hold at once: the next is queued before the last is answered, so no worker waits for the calling thread. */
const IN_FLIGHT = 2;

/** A worker and the answers it owes, in the order its batches were sent. */
interface PoolWorker {
  worker: Worker;
  waiting: { resolve: (results: ParsedOutline[]) => void; reject: (error: Error) => void }[];
}

export function createOutlineWorkers(
  bundleDir: string = __dirname,
  size = Math.max(1, Math.min(os.availableParallelism?.() ?? os.cpus().length, 4)),
  /** The workspace folders: a file whose opened real path is not in one of them is not indexed. */
  roots?: () => readonly WorkspaceRoot[],
): OutlineWorkers {
  let pool: PoolWorker[] = [];
  const leave = (member: PoolWorker, error: Error) => {
    pool = pool.filter((m) => m !== member);
    for (const waiter of member.waiting.splice(0)) waiter.reject(error);
  };
  const start = () => {
    if (pool.length === 0) {
      pool = Array.from({ length: size }, () => {
        const worker = startWorkerThread(bundleDir, 'outlineWorker', { workerData: { bundleDir } });
        const member: PoolWorker = { worker, waiting: [] };
        // Answers come in the order the batches were sent (the worker runs them one after another).
        worker.on('message', (results: ParsedOutline[]) => {
          member.waiting.shift()?.resolve(results);
          if (member.waiting.length === 0) worker.unref();
        });
        // A worker that fails leaves the pool and fails the batches it held.
        worker.on('error', (error: Error) => leave(member, error));
        worker.on('exit', (code: number) => leave(member, new Error(`an outline worker exited (${code})`)));
        worker.unref();
        return member;
      });
    }
    return pool;
  };
  /** Sends one batch to `member`; resolves with its outlines. */
  const run = (member: PoolWorker, job: OutlineJob) =>
    new Promise<ParsedOutline[]>((resolve, reject) => {
      member.waiting.push({ resolve, reject });
      member.worker.ref(); // busy: keep the process alive until it answers
      member.worker.postMessage(job);
    });

  return {
    prepare(files: readonly string[]) {
      // One file per language: each worker loads the runtime, those grammars and their queries (no answer is sent).
      const byEnding = new Map<string, string>();
      for (const file of files) byEnding.set(file.slice(file.lastIndexOf('.')), file);
      for (const member of start())
        member.worker.postMessage({ files: [], maxFileBytes: 0, warm: [...byEnding.values()] } satisfies OutlineJob);
    },
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
      const feed = (member: PoolWorker) => {
        if (stopped || failure || signal?.isCancellationRequested || next >= files.length) return;
        const batch = files.slice(next, next + BATCH);
        next += batch.length;
        running++;
        run(member, { files: batch, maxFileBytes, ...(realRoots ? { roots: realRoots } : {}) }).then(
          (results) => {
            running--;
            ready.push(results);
            feed(member);
            notify();
          },
          (error: Error) => {
            running--;
            failure = error;
            notify();
          },
        );
      };
      for (let i = 0; i < IN_FLIGHT; i++) for (const member of workers) feed(member);
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
      const members = pool;
      pool = [];
      await Promise.all(members.map((m) => m.worker.terminate()));
    },
  };
}
