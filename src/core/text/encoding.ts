// Encoding detection and UTF-8 boundary helpers. Text is UTF-8 (with or without BOM) or UTF-16
// with a BOM; anything with NUL bytes or invalid UTF-8 is binary.

export type Encoding = 'utf-8' | 'utf-8-bom' | 'utf-16le' | 'utf-16be';

export interface Sniff {
  encoding: Encoding;
  /** Bytes of byte-order mark at the start of the file. */
  bomLength: number;
  binary: boolean;
}

const fatalUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

export function sniff(head: Uint8Array, wholeFile: boolean): Sniff {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) {
    return { encoding: 'utf-8-bom', bomLength: 3, binary: !isText(head.subarray(3), wholeFile) };
  }
  if (head[0] === 0xff && head[1] === 0xfe)
    return { encoding: 'utf-16le', bomLength: 2, binary: head.length % 2 === 1 && wholeFile };
  if (head[0] === 0xfe && head[1] === 0xff)
    return { encoding: 'utf-16be', bomLength: 2, binary: head.length % 2 === 1 && wholeFile };
  return { encoding: 'utf-8', bomLength: 0, binary: !isText(head, wholeFile) };
}

/** No NUL byte and valid UTF-8; a character cut at the end of a sample is allowed. */
function isText(bytes: Uint8Array, complete: boolean): boolean {
  if (bytes.indexOf(0) !== -1) return false;
  const end = complete ? bytes.length : utf8SafeEnd(bytes, bytes.length);
  try {
    fatalUtf8.decode(bytes.subarray(0, end));
    return true;
  } catch {
    return false;
  }
}

/** Decodes UTF-8 strictly; `undefined` when the bytes are not valid UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return fatalUtf8.decode(bytes);
  } catch {
    return undefined;
  }
}

const isContinuation = (byte: number | undefined) => byte !== undefined && (byte & 0xc0) === 0x80;

/** Bytes of the UTF-8 character that starts with `lead`. */
export function utf8CharLength(lead: number): number {
  return lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
}

/**
 * The largest cut point <= `end` that does not split a UTF-8 character in `bytes`.
 * `end` may equal bytes.length; a character complete at the end of the array stays whole.
 */
export function utf8SafeEnd(bytes: Uint8Array, end: number): number {
  if (end >= bytes.length) {
    // Keep a trailing character only if it is complete.
    let start = bytes.length;
    let back = 0;
    while (start > 0 && back < 4 && isContinuation(bytes[start - 1])) {
      start--;
      back++;
    }
    if (start === 0) return bytes.length;
    const lead = bytes[start - 1]!;
    return utf8CharLength(lead) === back + 1 ? bytes.length : start - 1;
  }
  let cut = end;
  while (cut > 0 && isContinuation(bytes[cut])) cut--;
  return cut;
}

export function decodeUtf16(bytes: Uint8Array, encoding: 'utf-16le' | 'utf-16be'): string | undefined {
  try {
    return new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

const utf8Encoder = new TextEncoder();
/**
 * Where utf8Length has the encoder write: a string is measured by encoding it natively, an order of
 * magnitude faster than walking it in script. Only its length is ever read; a longer string is
 * encoded through it in turns.
 */
const scratch = new Uint8Array(48 * 1024);

/** The UTF-8 byte length of `text` (as TextEncoder would write it: a lone surrogate as U+FFFD). */
export function utf8Length(text: string): number {
  // Each turn writes what fits; encodeInto never splits a surrogate pair, so `read` resumes exactly.
  let bytes = 0;
  for (let at = 0; at < text.length;) {
    const { read, written } = utf8Encoder.encodeInto(at === 0 ? text : text.slice(at), scratch);
    bytes += written;
    at += read;
  }
  return bytes;
}
