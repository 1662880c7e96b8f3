// A whole file as text for parsing, with the byte offset of every line so spans found on lines
// map back to exact bytes.
import { LecternError } from '../ground/contract';
import type { TextFile } from '../read/openText';
import { formatBytes } from '../ground/format';
import { hostPacer, yieldToHost } from '../ground/walk';
import { decodeUtf8 } from '../text/encoding';
import { TOOL } from '../ground/tools';

export interface SourceText {
  text: string;
  bytes: Uint8Array;
  /** lineStarts[i]: byte offset of line i + 1; one extra entry at the end = total bytes. */
  lineStarts: Uint32Array;
  lineCount: number;
  /** The text had a private key or a URL password redacted (said again whenever a cached parse is shown). */
  redacted?: boolean;
}

/** Reads from this size give the host a turn before their text is decoded. */
const TURN_AFTER_READ_BYTES = 1024 * 1024;

export async function readSourceText(file: TextFile, label: string, maxBytes: number): Promise<SourceText> {
  const size = file.source.size - file.base;
  if (size > maxBytes) {
    throw new LecternError(
      'TOO_LARGE',
      `${label} is ${formatBytes(size)}; symbols are parsed in files up to ${formatBytes(maxBytes)}.`,
      `Search it with ${TOOL.search} and read line ranges instead.`,
      { total_bytes: file.source.size },
    );
  }
  // Reading (with its redaction scan), decoding and splitting 8 MB take tens of ms each: the host
  // gets a turn between them. The read ends in an I/O callback, where one setImmediate comes round
  // before any timer does: after a large read, two turns.
  const bytes = await file.source.read(file.base, size);
  if (size >= TURN_AFTER_READ_BYTES) {
    await yieldToHost();
    await yieldToHost();
  }
  const pace = hostPacer();
  const text = decodeUtf8(bytes);
  if (text === undefined)
    throw new LecternError(
      'BINARY_FILE',
      `${label} is not valid UTF-8 text.`,
      `${TOOL.stat} reports its size and type.`,
    );
  await pace();
  return {
    text,
    bytes,
    ...(await lineStarts(bytes, file.base, pace)),
    ...(file.redactions?.count ? { redacted: true } : {}),
  };
}

/** Lines found between two looks at the pacer (a few ms of scanning). */
const LINES_PER_STEP = 1 << 16;

async function lineStarts(
  bytes: Uint8Array,
  base: number,
  pace: () => Promise<void>,
): Promise<{ lineStarts: Uint32Array; lineCount: number }> {
  let count = 0;
  for (let at = bytes.indexOf(10); at !== -1; at = bytes.indexOf(10, at + 1))
    if (++count % LINES_PER_STEP === 0) await pace();
  const lineCount = bytes.length === 0 ? 0 : bytes[bytes.length - 1] === 10 ? count : count + 1;
  const starts = new Uint32Array(lineCount + 1);
  let line = 0;
  starts[0] = base;
  for (let at = bytes.indexOf(10); at !== -1 && line + 1 < lineCount; at = bytes.indexOf(10, at + 1)) {
    starts[++line] = base + at + 1;
    if (line % LINES_PER_STEP === 0) await pace();
  }
  starts[lineCount] = base + bytes.length;
  return { lineStarts: starts, lineCount };
}

/** Byte range [start, end) of lines first..last (1-based, inclusive). */
export function lineBytes(source: SourceText, first: number, last: number): [number, number] {
  return [source.lineStarts[first - 1]!, source.lineStarts[last]!];
}

/** Text of lines first..last with their terminators. */
export function lineText(source: SourceText, first: number, last: number): string {
  const base = source.lineStarts[0]!;
  const [start, end] = lineBytes(source, first, last);
  return new TextDecoder().decode(source.bytes.subarray(start - base, end - base));
}
