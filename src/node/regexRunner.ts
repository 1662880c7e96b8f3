// Host.regex on Node: regular-expression scans that could run long (RE2 is linear, but a pattern
// like (.*a){50} costs ~10 µs per character) run on a worker thread, so the host's thread never
// blocks, and are stopped at their time limit by terminating the worker (a new one starts on the
// next scan). The worker keeps the process alive only while a scan is pending: a `lectern call`
// exits right after its answer.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { FileScanReply, FileScanRequest, RegexScanPort, RegexScanResult } from '../core/ground/ports';

/** What the worker (src/workers/regexWorker.ts) is sent: one text to scan with a regular expression. */
export interface ScanRequest {
  id: number;
  query: string;
  caseSensitive: boolean;
  text: string;
  keep: number;
}

/** Or one file to read and scan. */
export interface FileRequest {
  id: number;
  file: FileScanRequest;
}

type Reply = RegexScanResult | FileScanReply;

/**
 * Files the worker holds at once (one it scans, the next ready); the rest wait here, where the
 * caller can take them back (handBack) to read them itself once it has nothing else to do.
 */
const POSTED_FILES = 2;

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
  resolve(result: Reply | undefined): void;
  reject(error: Error): void;
  timer: ReturnType<typeof setTimeout>;
}

export function createRegexRunner(dir: string = __dirname): RegexScanPort {
  let worker: Worker | undefined;
  let nextId = 0;
  const pending = new Map<number, Pending>();
  /** File scans not posted yet, and the ids of those the worker holds. */
  const waiting: FileRequest[] = [];
  const posted = new Set<number>();

  /** Ends the worker; the scans in flight answer undefined (out of time) or fail with `error` (the worker broke). */
  const stop = (error?: Error) => {
    const stopped = worker;
    worker = undefined;
    waiting.length = 0;
    posted.clear();
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
    created.on('message', (message: { id: number; result?: Reply; error?: string }) => {
      if (posted.delete(message.id)) pump();
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

  /** Posts waiting file scans while the worker holds fewer than POSTED_FILES. */
  function pump(): void {
    while (posted.size < POSTED_FILES && waiting.length > 0) {
      const request = waiting.shift()!;
      posted.add(request.id);
      (worker ??= start()).postMessage(request);
    }
  }

  /** Sends one request (a file waits its turn); the worker answers them in order. */
  const send = <R extends Reply>(request: ScanRequest | FileRequest, timeoutMs: number) => {
    worker ??= start();
    worker.ref(); // busy: a CLI process waits for this answer
    return new Promise<R | undefined>((resolve, reject) => {
      // Out of time: the worker is mid-scan and cannot be interrupted otherwise.
      const timer = setTimeout(() => stop(), Math.max(1, timeoutMs));
      pending.set(request.id, { resolve: resolve as Pending['resolve'], reject, timer });
      if ('file' in request) {
        waiting.push(request);
        pump();
      } else worker!.postMessage(request);
    });
  };

  return {
    scan: (query, caseSensitive, text, keep, timeoutMs) =>
      send<RegexScanResult>({ id: nextId++, query, caseSensitive, text, keep }, timeoutMs),
    scanFile: (file, timeoutMs) => send<FileScanReply>({ id: nextId++, file }, timeoutMs),
    handBack() {
      for (const { id } of waiting.splice(0)) {
        const p = pending.get(id)!;
        pending.delete(id);
        clearTimeout(p.timer);
        p.resolve({ read: false });
      }
      idleUnlessBusy();
    },
    dispose: stop,
  };
}
