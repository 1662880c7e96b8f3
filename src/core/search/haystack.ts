import { latin1Bytes } from '../text/latin1';

/**
 * What a file's lines are searched in: its text, or (plain ASCII queries) its bytes read as Latin-1,
 * one character per byte, so nothing is decoded but the lines that are shown.
 */
export interface Haystack {
  hay: string;
  /** Line [start, stop) of `hay` as text, without its CR. */
  line(start: number, stop: number): string;
  /** Column (UTF-16 units) of `hay` position `at` in the line starting at `start`. */
  column(start: number, at: number): number;
  /** The whole text, decoded (a regular-expression scan off the host's thread works on it). */
  text(): string;
  /** The same haystack holding no view of the read buffer (the next read reuses it). */
  own(): Haystack;
}

/** Decodes UTF-8 as the editor does: bytes that are not UTF-8 become U+FFFD. */
export const LENIENT = new TextDecoder('utf-8', { ignoreBOM: true });

const stripCr = (hay: string, start: number, stop: number) =>
  stop > start && hay.charCodeAt(stop - 1) === 13 ? stop - 1 : stop;

export function textHaystack(text: string): Haystack {
  const haystack: Haystack = {
    hay: text,
    line: (start, stop) => text.slice(start, stripCr(text, start, stop)),
    column: (start, at) => at - start,
    text: () => text,
    own: () => haystack,
  };
  return haystack;
}

/** A character beyond ASCII: a range without one reads the same as bytes and as text. */
const NON_ASCII = /[^\x00-\x7f]/;

/**
 * `hay` is `bytes` (from `base`) as Latin-1, or (no `bytes`) bytes kept so; lines are decoded from
 * the bytes when shown.
 */
export function byteHaystack(hay: string, bytes: Uint8Array | undefined, base: number): Haystack {
  let decoded: string | undefined;
  const range = bytes
    ? (start: number, stop: number) => bytes.subarray(base + start, base + stop)
    : (start: number, stop: number) => latin1Bytes(hay.slice(start, stop));
  const haystack: Haystack = {
    hay,
    line(start, stop) {
      const end = stripCr(hay, start, stop);
      const ascii = hay.slice(start, end);
      return NON_ASCII.test(ascii) ? LENIENT.decode(range(start, end)) : ascii;
    },
    column: (start, at) =>
      NON_ASCII.test(hay.slice(start, at)) ? LENIENT.decode(range(start, at)).length : at - start,
    text: () => (decoded ??= LENIENT.decode(range(0, hay.length))),
    own: () => (bytes ? byteHaystack(hay, undefined, 0) : haystack),
  };
  return haystack;
}
