// The exact tokenizer on its own thread, for hosts that answer many calls (VS Code, `lectern session`, `lectern
// mcp`): its table loads there (about 350 ms the host's thread would otherwise be held at the first count) and
// lives there (its objects no longer lengthen every full collection of the host's heap). A count stays
// synchronous, as the engine's counters are: the host splits the text into runs of the pieces its own counter
// counts, writes each to shared memory and waits for the thread's count (workers/tokenizerWorker.ts). Should the thread
// fail, counts are made on the host's thread: the same numbers either way.
import type { Worker } from 'node:worker_threads';
import { pieceRuns, type TokenCounter } from '../core/ground/tokens';
import { nodeTokenCounter } from './tokenizer';
import { CELL, RUN_CHARS, SHARED_BYTES, STATE, cellsOf } from './tokenizerCells';
import { startWorkerThread } from './workerThread';

/** How long a count, or the table's load, may take before the host counts on its own thread. */
const WAIT_MS = 30_000;
/** How long the host looks for the count before it sleeps on it. */
const SPIN_MS = 0.2;

export interface TokenizerThread {
  /** Settles once the table is loaded on the thread (or the thread failed): counts then hold the host no longer than counting does. */
  readonly ready: Promise<void>;
  readonly count: TokenCounter;
  dispose(): Promise<void>;
}

export function startTokenizerThread(bundleDir: string): TokenizerThread {
  const memory = new SharedArrayBuffer(SHARED_BYTES);
  const { cells, text } = cellsOf(memory);
  let worker: Worker | undefined;
  const end = () => {
    Atomics.store(cells, CELL.ready, STATE.failed);
    const ended = worker;
    worker = undefined;
    return ended?.terminate();
  };
  let settle = () => {};
  const ready = new Promise<void>((resolve) => (settle = resolve));
  try {
    worker = startWorkerThread(bundleDir, 'tokenizerWorker', { workerData: { memory } });
    worker.unref();
    worker.once('message', settle);
    for (const event of ['error', 'exit'] as const)
      worker.once(event, () => {
        void end();
        settle();
      });
  } catch {
    void end();
    settle();
  }

  const countRun = (run: string): number => {
    text.write(run, 0, 'utf16le');
    Atomics.store(cells, CELL.length, run.length);
    Atomics.store(cells, CELL.answered, 0);
    Atomics.store(cells, CELL.request, 1);
    Atomics.notify(cells, CELL.request);
    // A short run is counted in tens of microseconds: look before sleeping, whose wake costs as much again.
    const until = performance.now() + SPIN_MS;
    while (Atomics.load(cells, CELL.answered) === 0 && performance.now() < until);
    if (Atomics.wait(cells, CELL.answered, 0, WAIT_MS) === 'timed-out') {
      void end();
      return nodeTokenCounter(run);
    }
    const counted = Atomics.load(cells, CELL.result);
    return counted >= 0 ? counted : nodeTokenCounter(run);
  };
  const threadCount = (whole: string): number => {
    let sum = 0;
    for (const run of pieceRuns(whole, RUN_CHARS)) sum += countRun(run);
    return sum;
  };

  const count: TokenCounter = (whole) => {
    if (Atomics.load(cells, CELL.ready) === STATE.loading) Atomics.wait(cells, CELL.ready, STATE.loading, WAIT_MS);
    return Atomics.load(cells, CELL.ready) === STATE.loaded ? threadCount(whole) : nodeTokenCounter(whole);
  };

  return { ready, count, dispose: async () => void (await end()) };
}

let shared: TokenizerThread | undefined;

/**
 * The process's one tokenizer thread, started at the first ask: every host of the process (an MCP server's
 * sessions, say) counts on it, so the table is loaded once, as on the host's thread before. Its thread does not
 * keep the process alive.
 */
function sharedTokenizerThread(bundleDir: string): TokenizerThread {
  return (shared ??= startTokenizerThread(bundleDir));
}

/** A host's tokenCounter(): the shared thread's counter, once its table is loaded (awaited, not held). */
export function threadTokenCounter(bundleDir: string): () => Promise<TokenCounter> {
  const thread = sharedTokenizerThread(bundleDir);
  return async () => {
    await thread.ready;
    return thread.count;
  };
}
