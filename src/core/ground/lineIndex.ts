// Sparse line index: how many newlines precede each chunk boundary. Built lazily by the scans reads
// do anyway, kept per file version, so the second read deep into a big file does not rescan it.
import { LecternError } from './contract';
import type { CancellationSignal } from './ports';
import type { ByteSource } from './byteSource';
import { VersionCache } from './versionCache';

const NEWLINE = 10;
/** A scan reads this much at once: one await per MiB rather than per chunk. */
const SCAN_BYTES = 1024 * 1024;

function countNewlines(bytes: Uint8Array, from = 0, to = bytes.length): number {
  let count = 0;
  let at = bytes.indexOf(NEWLINE, from);
  while (at !== -1 && at < to) {
    count++;
    at = bytes.indexOf(NEWLINE, at + 1);
  }
  return count;
}

/** Position of the `nth` (1-based) newline in bytes[from, to), or -1. */
function nthNewline(bytes: Uint8Array, nth: number, from: number, to: number): number {
  let at = from - 1;
  for (let seen = 0; seen < nth; seen++) {
    at = bytes.indexOf(NEWLINE, at + 1);
    if (at === -1 || at >= to) return -1;
  }
  return at;
}

function checkCancelled(signal: CancellationSignal | undefined): void {
  if (signal?.isCancellationRequested)
    throw new LecternError('CANCELLED', 'The read was cancelled.', 'Call again if you still need it.');
}

export class LineIndex {
  /** newlinesBefore[i]: newlines in [base, base + i * chunk). */
  private readonly newlinesBeforeChunk: number[] = [0];
  private newlineTotal: number | undefined;
  /** Whether the last byte is a newline (the file's version does not change under an index). */
  private endsWithNewline: boolean | undefined;

  /** Chunks one scan read covers. */
  private readonly scanChunks: number;

  constructor(
    readonly base: number,
    readonly size: number,
    readonly chunk: number,
  ) {
    this.scanChunks = Math.max(1, Math.floor(SCAN_BYTES / chunk));
  }

  private get chunkCount(): number {
    return Math.ceil((this.size - this.base) / this.chunk);
  }

  /** Bytes a scan to `chunkIndex` would still have to read. */
  private costTo(chunkIndex: number): number {
    return Math.max(0, chunkIndex - (this.newlinesBeforeChunk.length - 1)) * this.chunk;
  }

  private async extendTo(source: ByteSource, chunkIndex: number, signal?: CancellationSignal): Promise<void> {
    const target = Math.min(chunkIndex, this.chunkCount);
    while (this.newlinesBeforeChunk.length - 1 < target) {
      checkCancelled(signal);
      const i = this.newlinesBeforeChunk.length - 1;
      const count = Math.min(this.scanChunks, target - i);
      const bytes = await source.read(this.base + i * this.chunk, count * this.chunk);
      for (let k = 0; k < count; k++) {
        const from = k * this.chunk;
        this.newlinesBeforeChunk.push(
          this.newlinesBeforeChunk[i + k]! + countNewlines(bytes.subarray(from, from + this.chunk)),
        );
      }
    }
    if (this.newlinesBeforeChunk.length - 1 === this.chunkCount) {
      this.newlineTotal = this.newlinesBeforeChunk[this.chunkCount]!;
    }
  }

  /** Line count if known, or if it can be learned by reading at most `budget` more bytes. */
  async totalLines(source: ByteSource, budget: number, signal?: CancellationSignal): Promise<number | undefined> {
    if (this.newlineTotal === undefined) {
      if (this.costTo(this.chunkCount) > budget) return undefined;
      await this.extendTo(source, this.chunkCount, signal);
    }
    if (this.size === this.base) return 0;
    this.endsWithNewline ??= (await source.read(this.size - 1, 1))[0] === NEWLINE;
    return this.newlineTotal! + (this.endsWithNewline ? 0 : 1);
  }

  knownTotalLines(): boolean {
    return this.newlineTotal !== undefined;
  }

  /**
   * Newlines in [base, byte), if knowable within `budget` more bytes of scanning. `following`: bytes
   * the caller holds from `byte` on; counted back from the next known chunk boundary when that is nearer.
   */
  async newlinesBefore(
    source: ByteSource,
    byte: number,
    budget: number,
    signal?: CancellationSignal,
    following?: Uint8Array,
  ): Promise<number | undefined> {
    const i = Math.floor((byte - this.base) / this.chunk);
    const within = byte - (this.base + i * this.chunk);
    const toNext = Math.min(this.base + (i + 1) * this.chunk, this.size) - byte;
    const nextKnown = this.newlinesBeforeChunk[i + 1];
    if (within > 0 && nextKnown !== undefined) {
      const held = following !== undefined && toNext <= following.length;
      if (held || toNext < within)
        return nextKnown - countNewlines(held ? following.subarray(0, toNext) : await source.read(byte, toNext));
    }
    if (this.costTo(i) + within > budget) return undefined;
    await this.extendTo(source, i, signal);
    if (within === 0) return this.newlinesBeforeChunk[i]!;
    const bytes = await source.read(this.base + i * this.chunk, within);
    return this.newlinesBeforeChunk[i]! + countNewlines(bytes);
  }

  /**
   * Byte offset where 1-based `line` starts, or undefined if the file has fewer lines.
   * Scans forward from the nearest known chunk; cost O(distance), memory O(chunk).
   */
  async lineStart(source: ByteSource, line: number, signal?: CancellationSignal): Promise<number | undefined> {
    return (await this.lineStartWithBytes(source, line, signal))?.start;
  }

  /**
   * lineStart, and the bytes from there on that it read to find it (none when it read nothing):
   * to the end of the chunk, and `readAhead` bytes more; with `readTo`, only as far as that byte
   * (at least the chunk; for line 1, only what `readTo` asks).
   */
  async lineStartWithBytes(
    source: ByteSource,
    line: number,
    signal?: CancellationSignal,
    readAhead = 0,
    readTo?: number,
  ): Promise<{ start: number; following: Uint8Array } | undefined> {
    if (this.size === this.base) return undefined;
    if (line === 1) {
      const following =
        readTo === undefined
          ? new Uint8Array(0)
          : await source.read(this.base, Math.min(readAhead, readTo - this.base));
      return { start: this.base, following };
    }
    const wanted = line - 1; // newlines before the line
    // Find the chunk that holds the wanted-th newline.
    let i = this.findChunk(wanted);
    while (i === undefined) {
      const known = this.newlinesBeforeChunk.length - 1;
      if (known >= this.chunkCount) return undefined;
      await this.extendTo(source, known + this.scanChunks, signal);
      i = this.findChunk(wanted);
    }
    const start = this.base + i * this.chunk;
    const bytes = await source.read(
      start,
      readTo === undefined
        ? this.chunk + readAhead
        : Math.min(this.chunk + readAhead, Math.max(this.chunk, readTo - start)),
    );
    const at = nthNewline(bytes, wanted - this.newlinesBeforeChunk[i]!, 0, Math.min(bytes.length, this.chunk));
    if (at === -1) return undefined;
    const lineStart = start + at + 1;
    return lineStart < this.size ? { start: lineStart, following: bytes.subarray(at + 1) } : undefined;
  }

  /**
   * Where a read through line `line` can stop, if the index already knows: the end of the chunk
   * that holds the line's newline (the file's end when the file has no more lines).
   */
  knownEndThrough(line: number): number | undefined {
    if (this.newlineTotal !== undefined && line > this.newlineTotal) return this.size;
    const i = this.findChunk(line);
    return i === undefined ? undefined : Math.min(this.size, this.base + (i + 1) * this.chunk);
  }

  /**
   * Where a read of the last `lines` lines can start, if the index already knows the whole file:
   * the start of the chunk that holds the newline before them (either way the file ends).
   */
  knownTailFrom(lines: number): number | undefined {
    if (this.newlineTotal === undefined) return undefined;
    const before = this.newlineTotal - lines;
    if (before < 1) return this.base;
    return this.base + this.findChunk(before)! * this.chunk;
  }

  /** Index of the chunk containing the nth newline, if the known prefix reaches it. */
  private findChunk(nth: number): number | undefined {
    const counts = this.newlinesBeforeChunk;
    if (counts[counts.length - 1]! < nth) return undefined;
    let lo = 0;
    let hi = counts.length - 1; // counts[hi] >= nth, counts[0] = 0 < nth
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (counts[mid]! >= nth) hi = mid;
      else lo = mid;
    }
    return lo;
  }
}

/** Line indexes by file version, owned by one engine instance. */
export class LineIndexCache extends VersionCache<LineIndex> {}
