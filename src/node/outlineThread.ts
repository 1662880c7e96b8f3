// Host.outlineThread on Node: outlines of large files (seconds of parsing, hundreds of MB of parser
// memory) run on a worker thread, so the host's thread stays free. The thread is terminated at a
// job's time limit, on cancellation, and after a short idle time: the parser's WebAssembly memory
// only grows, and ending the thread is what gives it back.
import type { Worker } from 'node:worker_threads';
import type { CancellationSignal, OutlineThreadPort } from '../core/ground/ports';
import type { OutlineBlockJob, OutlineThreadJob, OutlineUsesJob } from '../core/ground/workerMessages';
import type { EnclosingBlock, PackedUses, TextOutline } from '../core/ground/symbolTypes';
import { hostPacer } from '../core/ground/walk';
import { unpackOutline, type SentOutline } from './outlineChunks';
import { startWorkerThread } from './workerThread';

/** What the thread (src/workers/outlineThreadWorker.ts) is sent: an outline, the block around a range of lines, or a name's uses. */
export type OutlineThreadRequest = { id: number } & (
  ({ kind: 'outline' } & OutlineThreadJob) | ({ kind: 'block' } & OutlineBlockJob) | ({ kind: 'uses' } & OutlineUsesJob)
);

/** An idle thread ends after this long. */
const IDLE_MS = 10_000;
/** How often a running job looks at its cancellation signal. */
const CANCEL_POLL_MS = 100;

interface Pending {
  resolve(result: unknown): void;
  reject(error: Error): void;
  timers: ReturnType<typeof setTimeout>[];
}

export function createOutlineThread(dir: string = __dirname): OutlineThreadPort {
  let worker: Worker | undefined;
  let idle: ReturnType<typeof setTimeout> | undefined;
  let nextId = 0;
  const pending = new Map<number, Pending>();

  const settle = (id: number, outcome: (p: Pending) => void) => {
    const p = pending.get(id);
    if (!p) return;
    pending.delete(id);
    for (const timer of p.timers) clearTimeout(timer);
    outcome(p);
    if (pending.size === 0 && worker) {
      worker.unref();
      idle = setTimeout(() => stop(), IDLE_MS);
      idle.unref();
    }
  };

  /** Ends the thread; jobs in flight answer undefined (out of time) or fail with `error`. */
  const stop = (error?: Error) => {
    const stopped = worker;
    worker = undefined;
    if (idle) clearTimeout(idle);
    void stopped?.terminate();
    for (const id of [...pending.keys()]) settle(id, (p) => (error ? p.reject(error) : p.resolve(undefined)));
  };

  const start = (): Worker => {
    const created = startWorkerThread(dir, 'outlineThreadWorker', { workerData: { bundleDir: dir } });
    created.on('message', (message: { id: number; result?: unknown; error?: string }) =>
      settle(message.id, (p) =>
        message.error !== undefined ? p.reject(new Error(message.error)) : p.resolve(message.result ?? undefined),
      ),
    );
    created.on('error', (error) => worker === created && stop(error));
    created.on('exit', () => worker === created && stop(new Error('the outline thread exited')));
    return created;
  };

  /** Runs one job; undefined when it ran out of `timeoutMs` or the call was cancelled (the thread is stopped). */
  const run = (request: OutlineThreadRequest, timeoutMs: number, signal?: CancellationSignal) => {
    if (idle) clearTimeout(idle);
    worker ??= start();
    worker.ref(); // busy: a CLI process waits for its answer
    return new Promise<unknown>((resolve, reject) => {
      const timers = [setTimeout(() => stop(), Math.max(1, timeoutMs))];
      if (signal) {
        const poll = () => (signal.isCancellationRequested ? stop() : timers.push(setTimeout(poll, CANCEL_POLL_MS)));
        timers.push(setTimeout(poll, CANCEL_POLL_MS));
      }
      pending.set(request.id, { resolve, reject, timers });
      worker!.postMessage(request);
    });
  };

  return {
    outline: async (job, timeoutMs, signal): Promise<TextOutline | undefined> => {
      const sent = (await run({ id: nextId++, kind: 'outline', ...job }, timeoutMs, signal)) as SentOutline | undefined;
      return sent && unpackOutline(sent, hostPacer());
    },
    enclosingBlock: (job, timeoutMs, signal) =>
      run({ id: nextId++, kind: 'block', ...job }, timeoutMs, signal) as Promise<EnclosingBlock | undefined>,
    uses: (job, timeoutMs, signal) =>
      run({ id: nextId++, kind: 'uses', ...job }, timeoutMs, signal) as Promise<PackedUses | undefined>,
    dispose: () => stop(),
  };
}
