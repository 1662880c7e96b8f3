// A whole file as text for parsing, with the byte offset of every line so spans found on lines
// map back to exact bytes.
import { LecternError } from '../ground/contract';
import type { TextFile } from '../read/openText';
import { formatBytes } from '../ground/format';
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
  const bytes = await file.source.read(file.base, size);
  const text = decodeUtf8(bytes);
  if (text === undefined)
    throw new LecternError(
      'BINARY_FILE',
      `${label} is not valid UTF-8 text.`,
      `${TOOL.stat} reports its size and type.`,
    );
  return { text, bytes, ...lineStarts(bytes, file.base), ...(file.redactions?.count ? { redacted: true } : {}) };
}

function lineStarts(bytes: Uint8Array, base: number): { lineStarts: Uint32Array; lineCount: number } {
  let count = 0;
  for (let at = bytes.indexOf(10); at !== -1; at = bytes.indexOf(10, at + 1)) count++;
  const lineCount = bytes.length === 0 ? 0 : bytes[bytes.length - 1] === 10 ? count : count + 1;
  const starts = new Uint32Array(lineCount + 1);
  let line = 0;
  starts[0] = base;
  for (let at = bytes.indexOf(10); at !== -1 && line + 1 < lineCount; at = bytes.indexOf(10, at + 1))
    starts[++line] = base + at + 1;
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
