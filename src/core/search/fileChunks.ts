// A file read for a search in chunks of whole lines (1 MB at a time), decoded strictly: flat memory
// however large the file, and a line longer than a chunk is searched in pieces.
import { LecternError } from '../ground/contract';
import type { ReadEnv } from '../ground/env';
import { formatCount } from '../ground/format';
import { decodeUtf8, utf8SafeEnd } from '../text/encoding';

/** Bytes read at a time, and the longest piece of one line searched at once (tests make them small). */
export const FILE_SCAN = { chunkBytes: 1024 * 1024, maxLineBytes: 4 * 1024 * 1024 };

/** Decoded text of whole lines (CRs kept), read in chunks. */
export interface Chunk {
  text: string;
  /** The first line is the next piece of a line longer than FILE_SCAN.maxLineBytes (numbered as the line before). */
  continued: boolean;
  /** Where `text` starts in the file, in bytes. */
  startByte: number;
}

/** What readChunks reads: the file's bytes by position. */
export interface ChunkSource {
  size: number;
  read(position: number, length: number): Promise<Uint8Array>;
}

/** Yields the file as chunks of whole lines, decoding strictly. */
export async function* readChunks(
  env: ReadEnv,
  source: ChunkSource,
  base: number,
  label: string,
  notes: string[],
): AsyncGenerator<Chunk> {
  let carry = new Uint8Array(0);
  let inLine = false; // the last piece ended inside a line longer than FILE_SCAN.maxLineBytes
  for (let position = base; position < source.size;) {
    if (env.signal?.isCancellationRequested)
      throw new LecternError('CANCELLED', 'The search was cancelled.', 'Call again if you still need it.');
    const chunk = await source.read(position, FILE_SCAN.chunkBytes);
    if (chunk.length === 0) {
      // The file shrank under us (a log rotated, a truncate): what was read is the answer.
      notes.push(
        `The file shrank while it was searched (read ${formatCount(position - base)} of ${formatCount(source.size - base)} bytes); matches are from the part read.`,
      );
      const rest = carry.length > 0 ? lastPiece(carry) : undefined;
      if (rest !== undefined) yield { text: rest, continued: inLine, startByte: position - carry.length };
      return;
    }
    const startByte = position - carry.length;
    position += chunk.length;
    const data = carry.length > 0 ? concat(carry, chunk) : chunk;
    const end = wholeLinesEnd(data, position >= source.size);
    const text = decodeUtf8(data.subarray(0, end));
    if (text === undefined || text.includes('\0')) {
      throw new LecternError(
        'BINARY_FILE',
        `${label} contains bytes that are not UTF-8 text.`,
        'Binary files cannot be searched.',
      );
    }
    carry = data.slice(end);
    if (text.length === 0) continue;
    yield { text, continued: inLine, startByte };
    inLine = !text.endsWith('\n');
  }
}

/** Where the whole lines of `data` end (all of it at the end of the file; a piece of an over-long line). */
function wholeLinesEnd(data: Uint8Array, atEnd: boolean): number {
  const end = atEnd ? data.length : data.lastIndexOf(10) + 1;
  return end === 0 && data.length > FILE_SCAN.maxLineBytes ? utf8SafeEnd(data, FILE_SCAN.maxLineBytes) : end;
}

/** The bytes left when a file shrank, as text (without a final CR), or undefined when they are not text. */
function lastPiece(carry: Uint8Array): string | undefined {
  const rest = decodeUtf8(carry);
  if (rest === undefined || rest.includes('\0')) return undefined;
  return rest.endsWith('\r') ? rest.slice(0, -1) : rest;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}
