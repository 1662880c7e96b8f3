// The worker thread behind src/node/tokenizerThread.ts: the exact tokenizer's table loads here, off the host's
// thread (about 350 ms, and some 15 MB of objects every full collection of the host's heap would trace). Then the
// thread waits on shared memory for runs of text, counts each as the host's own counter would, and writes the
// count back; a futex wake each way, no event loop turn, so a count costs the host microseconds more than its own.
import { workerData, parentPort } from 'node:worker_threads';
import { nodeTokenCounter as count } from '../node/tokenizer';
import { CELL, STATE, cellsOf } from '../node/tokenizerCells';

const { cells, text } = cellsOf(workerData.memory);
count('a'); // the table loads now, not at the first run
Atomics.store(cells, CELL.ready, STATE.loaded);
Atomics.notify(cells, CELL.ready);
parentPort?.postMessage('ready');

/** How long the thread looks for the next run before it sleeps: counts come in bursts, and waking costs more. */
const SPIN_MS = 2;

for (;;) {
  const until = performance.now() + SPIN_MS;
  while (Atomics.load(cells, CELL.request) === 0 && performance.now() < until);
  Atomics.wait(cells, CELL.request, 0);
  Atomics.store(cells, CELL.request, 0);
  let counted: number;
  try {
    counted = count(text.toString('utf16le', 0, 2 * Atomics.load(cells, CELL.length)));
  } catch {
    counted = -1; // the host counts it itself
  }
  Atomics.store(cells, CELL.result, counted);
  Atomics.store(cells, CELL.answered, 1);
  Atomics.notify(cells, CELL.answered);
}
