// The shared memory between the host and the tokenizer's thread (tokenizerThread.ts, workers/tokenizerWorker.ts):
// cells of Int32, then a text buffer of UTF-16 code units. The thread waits on `request`; the host writes a run
// of text and its length, sets `request`, and waits on `answered`.

export const CELL = {
  /** 1 while a run waits to be counted; the thread sets it back to 0 as it takes it. */
  request: 0,
  /** 1 once the thread has written the count of the run; the host sets it back to 0 before the next. */
  answered: 1,
  /** That count, or -1 when the thread could not count it. */
  result: 2,
  /** The run's length in code units. */
  length: 3,
  /** STATE of the thread's table. */
  ready: 4,
} as const;

export const STATE = { loading: 0, loaded: 1, failed: 2 } as const;

/** The longest run of text sent at once (pieceRuns in core/ground/tokens.ts). */
export const RUN_CHARS = 65_536;

const CELLS = Object.keys(CELL).length;
const TEXT_OFFSET = CELLS * Int32Array.BYTES_PER_ELEMENT;

/** The bytes of one thread's shared memory. */
export const SHARED_BYTES = TEXT_OFFSET + RUN_CHARS * 2;

/** The cells, and the text buffer as bytes (UTF-16LE, written and read code unit for code unit). */
export function cellsOf(memory: SharedArrayBuffer): { cells: Int32Array; text: Buffer } {
  return { cells: new Int32Array(memory, 0, CELLS), text: Buffer.from(memory, TEXT_OFFSET, RUN_CHARS * 2) };
}
