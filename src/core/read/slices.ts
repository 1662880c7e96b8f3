// Finding the bytes of a read: line ranges, byte windows and tails, always whole lines (or a
// marked cut inside one over-long line), never a split UTF-8 character. Cost O(window), except a
// line range deep into a file, which scans forward once and remembers what it saw (LineIndex).
import { LecternError } from '../ground/contract';
import type { CancellationSignal } from '../ground/ports';
import { LIMITS } from '../ground/settings';
import { utf8CharLength, utf8SafeEnd } from '../text/encoding';
import type { LineIndex } from '../ground/lineIndex';
import type { ByteSource } from '../ground/byteSource';

const NEWLINE = 10;

export interface Slice {
  startByte: number;
  endByte: number;
  bytes: Uint8Array;
  /** Line number of the slice's first line, when known. */
  firstLine: number | null;
  /** True when the slice ends inside a line longer than the byte cap. */
  cutInLine: boolean;
  /** True when the slice starts inside a line (continuing an over-long line). */
  startsInLine: boolean;
  /** True when a byte cap stopped the slice before what was asked. */
  cappedByBytes: boolean;
}

/**
 * Up to `maxBytes` at `start`, ending after the last whole line, or cut at a character boundary
 * when not even one line fits.
 */
async function readWholeLines(
  source: ByteSource,
  start: number,
  maxBytes: number,
  read?: Uint8Array,
): Promise<{ data: Uint8Array; end: number; cut: boolean }> {
  const data = read ?? (await source.read(start, maxBytes));
  if (start + data.length >= source.size) return { data, end: data.length, cut: false };
  const lastNewline = data.lastIndexOf(NEWLINE);
  if (lastNewline !== -1) return { data, end: lastNewline + 1, cut: false };
  const end = utf8SafeEnd(data, data.length);
  if (end > 0) return { data, end, cut: true };
  // The cap is smaller than the character at `start`: return that one character whole, so paging progresses.
  const char = await source.read(start, utf8CharLength(data[0]!));
  return { data: char, end: char.length, cut: start + char.length < source.size };
}

export interface LineSliceRequest {
  startLine: number;
  /** Inclusive; Infinity reads to the end (within the caps). */
  endLine: number;
  maxBytes: number;
}

/** Lines [startLine, endLine]; undefined when startLine is past the end. */
export async function lineSlice(
  source: ByteSource,
  index: LineIndex,
  request: LineSliceRequest,
  signal?: CancellationSignal,
): Promise<Slice | undefined> {
  const wanted = request.endLine - request.startLine + 1;
  // A bounded range reads what its lines take, with the bytes that find its start: exactly, to the
  // end of the index chunk that holds its last line, where the index knows that chunk; else about
  // (code runs well under 160 bytes a line), and the whole cap only when that was not enough.
  const knownEnd = Number.isFinite(wanted) ? index.knownEndThrough(request.endLine) : undefined;
  const guess =
    Number.isFinite(wanted) && knownEnd === undefined
      ? Math.min(request.maxBytes, Math.max(GUESS_MIN_BYTES, wanted * GUESS_BYTES_PER_LINE))
      : request.maxBytes;
  const found = await index.lineStartWithBytes(source, request.startLine, signal, guess, knownEnd);
  if (found === undefined) return undefined;
  const start = found.start;
  // The bytes read to find the start often hold the whole range already.
  const near = nthNewlineIn(found.following.subarray(0, request.maxBytes), wanted);
  if (near !== -1) {
    return {
      startByte: start,
      endByte: start + near + 1,
      bytes: found.following.subarray(0, near + 1),
      firstLine: request.startLine,
      cutInLine: false,
      startsInLine: false,
      cappedByBytes: false,
    };
  }
  // What the whole cap would read, when those bytes are in hand already.
  let held =
    found.following.length >= request.maxBytes || start + found.following.length >= source.size
      ? found.following.subarray(0, request.maxBytes)
      : undefined;
  if (!held && guess < request.maxBytes && found.following.length === 0) {
    const first = await source.read(start, guess);
    const at = nthNewlineIn(first, wanted);
    if (at !== -1)
      return {
        startByte: start,
        endByte: start + at + 1,
        bytes: first.subarray(0, at + 1),
        firstLine: request.startLine,
        cutInLine: false,
        startsInLine: false,
        cappedByBytes: false,
      };
    if (start + first.length >= source.size) held = first; // the file ends within it: the whole cap reads no more
  }
  const { data, end, cut } = await readWholeLines(source, start, request.maxBytes, held);
  const atEof = start + data.length >= source.size;
  // End after the wanted-th newline if it lies within the data.
  let at = -1;
  let seen = 0;
  while (seen < wanted) {
    const next = data.indexOf(NEWLINE, at + 1);
    if (next === -1) break;
    at = next;
    seen++;
  }
  if (seen === wanted) {
    return {
      startByte: start,
      endByte: start + at + 1,
      bytes: data.subarray(0, at + 1),
      firstLine: request.startLine,
      cutInLine: false,
      startsInLine: false,
      cappedByBytes: false,
    };
  }
  return {
    startByte: start,
    endByte: start + end,
    bytes: data.subarray(0, end),
    firstLine: request.startLine,
    cutInLine: cut,
    startsInLine: false,
    cappedByBytes: !atEof,
  };
}

const GUESS_MIN_BYTES = 16 * 1024;
const GUESS_BYTES_PER_LINE = 160;

/** Position of the `nth` newline in `bytes`, or -1. */
function nthNewlineIn(bytes: Uint8Array, nth: number): number {
  let at = -1;
  for (let seen = 0; seen < nth; seen++) {
    at = bytes.indexOf(NEWLINE, at + 1);
    if (at === -1) return -1;
  }
  return at;
}

/**
 * A window of about `maxBytes` from `startByte`, snapped back to the start of its line unless that
 * line is longer than the window itself (then it continues the line from a character boundary).
 */
export async function byteWindow(
  source: ByteSource,
  base: number,
  startByte: number,
  maxBytes: number,
): Promise<Slice & { snappedFrom: number | null }> {
  let start = Math.max(base, startByte);
  let snappedFrom: number | null = null;
  let startsInLine = false;
  /** The window's bytes, when the look back read them already. */
  let read: Uint8Array | undefined;
  if (start > base) {
    const lookFrom = Math.max(base, start - maxBytes);
    // One read for the look back and the window after it (which starts at `start` or before).
    const span = await source.read(lookFrom, start - lookFrom + maxBytes);
    const windowAt = (from: number) => span.subarray(from - lookFrom, from - lookFrom + maxBytes);
    const lastNewline = span.subarray(0, start - lookFrom).lastIndexOf(NEWLINE);
    const lineStart = lastNewline !== -1 ? lookFrom + lastNewline + 1 : lookFrom === base ? base : undefined;
    if (lineStart !== undefined && lineStart < start) {
      // Snap only if the line fits a window; an over-long line is continued instead.
      const probe = windowAt(lineStart);
      const fits = lineStart + probe.length >= source.size || probe.indexOf(NEWLINE) !== -1;
      if (fits) {
        snappedFrom = start;
        start = lineStart;
      } else {
        startsInLine = true;
      }
    } else if (lineStart === undefined) {
      startsInLine = true;
    }
    if (startsInLine) start = await charStart(source, base, start);
    if (start >= lookFrom) read = windowAt(start);
  }
  const { data, end, cut } = await readWholeLines(source, start, maxBytes, read);
  return {
    startByte: start,
    endByte: start + end,
    bytes: data.subarray(0, end),
    firstLine: null,
    cutInLine: cut,
    startsInLine,
    cappedByBytes: false,
    snappedFrom,
  };
}

/** The last `lines` lines (fewer if the file is shorter), reading backwards in chunks. */
export async function tailSlice(
  source: ByteSource,
  base: number,
  lines: number,
  maxBytes: number,
  signal?: CancellationSignal,
  /** Where the tail starts at the latest, when the line index knows (LineIndex.knownTailFrom). */
  knownFrom?: number,
): Promise<Slice & { lineCount: number }> {
  const size = source.size;
  if (size === base)
    return {
      startByte: base,
      endByte: base,
      bytes: new Uint8Array(0),
      firstLine: null,
      cutInLine: false,
      startsInLine: false,
      cappedByBytes: false,
      lineCount: 0,
    };
  // The file's last chunk (or only as much of it as the index says the tail takes), read once: its
  // last byte, the first backward scan and most tails' bytes.
  const lastFrom = Math.max(base, size - 1 - LIMITS.chunkBytes, knownFrom ?? base);
  const lastChunk = await source.read(lastFrom, size - lastFrom);
  const readBack = (from: number, to: number) =>
    from >= lastFrom && to <= lastFrom + lastChunk.length
      ? Promise.resolve(lastChunk.subarray(from - lastFrom, to - lastFrom))
      : source.read(from, to - from);
  const lastByte = lastChunk[lastChunk.length - 1];
  // Newlines to find: one before each wanted line, the file's final newline aside.
  let toFind = lines;
  let position = lastByte === NEWLINE ? size - 1 : size;
  let start = base;
  let found = 0;
  let scanned = false;
  while (position > base && size - position <= maxBytes) {
    if (signal?.isCancellationRequested)
      throw new LecternError('CANCELLED', 'The read was cancelled.', 'Call again if you still need it.');
    // The first scan covers what was read; the next ones go back a chunk at a time.
    const from = scanned ? Math.max(base, position - LIMITS.chunkBytes) : Math.min(lastFrom, position);
    scanned = true;
    const chunk = await readBack(from, position);
    let at = chunk.length;
    while (toFind > 0) {
      at = chunk.lastIndexOf(NEWLINE, at - 1);
      if (at === -1) break;
      toFind--;
      found++;
      if (toFind === 0) start = from + at + 1;
      if (at === 0) break;
    }
    if (toFind === 0) break;
    position = from;
  }
  const reachedStart = toFind > 0 && position <= base;
  if ((toFind === 0 || reachedStart) && size - start <= maxBytes) {
    const bytes = await readBack(start, size);
    return {
      startByte: start,
      endByte: size,
      bytes,
      firstLine: null,
      cutInLine: false,
      startsInLine: false,
      cappedByBytes: false,
      lineCount: reachedStart ? found + 1 : lines,
    };
  }
  // The wanted lines are longer than the cap: keep the whole lines that fit in the last maxBytes.
  const from = Math.max(base, size - maxBytes);
  const data = await source.read(from, size - from);
  const firstNewline = data.indexOf(NEWLINE);
  let startsInLine = false;
  if (from === base) start = base;
  else if (firstNewline !== -1 && from + firstNewline + 1 < size) start = from + firstNewline + 1;
  else {
    startsInLine = true;
    start = await charStart(source, base, from);
  }
  const bytes = await source.read(start, size - start);
  return {
    startByte: start,
    endByte: size,
    bytes,
    firstLine: null,
    cutInLine: false,
    startsInLine,
    cappedByBytes: true,
    lineCount: countLines(bytes),
  };
}

/** First byte of the UTF-8 character that `position` points into. */
async function charStart(source: ByteSource, base: number, position: number): Promise<number> {
  if (position >= source.size) return position;
  const from = Math.max(base, position - 3);
  const bytes = await source.read(from, position - from + 1);
  let i = position - from;
  while (i > 0 && (bytes[i]! & 0xc0) === 0x80) i--;
  return from + i;
}

function countLines(bytes: Uint8Array): number {
  if (bytes.length === 0) return 0;
  let n = 0;
  for (let at = bytes.indexOf(NEWLINE); at !== -1; at = bytes.indexOf(NEWLINE, at + 1)) n++;
  return bytes[bytes.length - 1] === NEWLINE ? n : n + 1;
}
