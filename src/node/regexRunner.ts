// Host.regex on Node: regular-expression scans that could run long (RE2 is linear, but a pattern
// like (.*a){50} costs ~10 µs per character) run on a worker thread, so the host's thread never
// blocks, and are stopped at their time limit by terminating the worker (a new one starts on the
// next scan). The worker keeps the process alive only while a scan is pending: a `lectern call`
// exits right after its answer.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { RegexScanPort, RegexScanResult } from '../core/ground/ports';

/** What the worker (src/workers/regexWorker.ts) is sent: one scan. */
export interface ScanRequest {
  id: number;
  query: string;
  caseSensitive: boolean;
  text: string;
  keep: number;
}

/** dist/regexWorker.js next to the bundle; from source (tests, tsx), src/workers/regexWorker.ts through tsx's require hook. */
function newWorker(dir: string): Worker {
  const bundled = join(dir, 'regexWorker.js');
  if (existsSync(bundled)) return new Worker(bundled);
  const tsx = require.resolve('tsx/cjs', { paths: [dir] });
  return new Worker(
    `require(${JSON.stringify(tsx)}); require(${JSON.stringify(join(__dirname, '../workers/regexWorker.ts'))});`,
    {
      eval: true,
    },
  );
}

interface Pending {
  resolve(result: RegexScanResult | undefined): void;
  reject(error: Error): void;
  timer: ReturnType<typeof setTimeout>;
}

export function createRegexRunner(dir: string = __dirname): RegexScanPort {
  let worker: Worker | undefined;
  let nextId = 0;
  const pending = new Map<number, Pending>();

  /** Ends the worker; the scans in flight answer undefined (out of time) or fail with `error` (the worker broke). */
  const stop = (error?: Error) => {
    const stopped = worker;
    worker = undefined;
    void stopped?.terminate();
    for (const [id, p] of pending) {
      clearTimeout(p.timer);
      pending.delete(id);
      if (error) p.reject(error);
      else p.resolve(undefined);
    }
  };

  /** Idle: the worker (and its message port, which a 'message' listener refs) holds no process open. */
  const idleUnlessBusy = () => {
    if (pending.size === 0) worker?.unref();
  };

  const start = (): Worker => {
    const created = newWorker(dir);
    created.on('message', (message: { id: number; result?: RegexScanResult; error?: string }) => {
      const p = pending.get(message.id);
      if (!p) return;
      pending.delete(message.id);
      clearTimeout(p.timer);
      idleUnlessBusy();
      if (message.error !== undefined) p.reject(new Error(message.error));
      else p.resolve(message.result);
    });
    created.on('error', (error) => {
      if (worker === created) stop(error);
    });
    created.on('exit', () => {
      if (worker === created) stop(new Error('the regular-expression worker exited'));
    });
    return created;
  };

  return {
    scan(query, caseSensitive, text, keep, timeoutMs) {
      worker ??= start();
      worker.ref(); // busy: a CLI process waits for this answer
      const id = nextId++;
      return new Promise<RegexScanResult | undefined>((resolve, reject) => {
        // Out of time: the worker is mid-scan and cannot be interrupted otherwise.
        const timer = setTimeout(() => stop(), Math.max(1, timeoutMs));
        pending.set(id, { resolve, reject, timer });
        const request: ScanRequest = { id, query, caseSensitive, text, keep };
        worker!.postMessage(request);
      });
    },
    dispose: stop,
  };
}
