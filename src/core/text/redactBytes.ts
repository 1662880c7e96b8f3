// Byte helpers of the secret redaction (redact.ts, urlPasswords.ts, puttyKeys.ts): native byte
// searches where the buffer has them, ASCII views of short ranges, and the in-place starring.

import { latin1String } from './latin1';

export const STAR = 0x2a;
export const NEWLINE = 0x0a;
export const encoder = new TextEncoder();

const byteSearch = new WeakMap<object, boolean>();

/** Whether buffers like `bytes` find a byte sequence natively (Node's Buffer does; a plain Uint8Array does not). */
function searchesBytes(bytes: Uint8Array): boolean {
  const kind: { from(values: number[]): Uint8Array } = Object.getPrototypeOf(bytes).constructor;
  let known = byteSearch.get(kind);
  if (known === undefined) {
    const probe = kind.from([7, 1, 2, 7]) as Uint8Array & { indexOf(value: Uint8Array): number };
    known = probe.indexOf(new Uint8Array([1, 2])) === 1;
    byteSearch.set(kind, known);
  }
  return known;
}

/** Index of `needle` in `bytes` from `from`, or -1. */
export function findBytes(bytes: Uint8Array, needle: Uint8Array, from = 0): number {
  if (searchesBytes(bytes))
    return (bytes as Uint8Array & { indexOf(v: Uint8Array, f: number): number }).indexOf(needle, from);
  const first = needle[0]!;
  for (
    let at = bytes.indexOf(first, from);
    at !== -1 && at + needle.length <= bytes.length;
    at = bytes.indexOf(first, at + 1)
  ) {
    let i = 1;
    while (i < needle.length && bytes[at + i] === needle[i]) i++;
    if (i === needle.length) return at;
  }
  return -1;
}

/** The text of bytes [from, to) as one character per byte (the markers and base64 are ASCII). */
export function latin1(bytes: Uint8Array, from: number, to: number): string {
  return to <= from ? '' : latin1String(bytes.subarray(from, to));
}

export const isBase64 = (c: number) =>
  (c >= 0x41 && c <= 0x5a) ||
  (c >= 0x61 && c <= 0x7a) ||
  (c >= 0x30 && c <= 0x39) ||
  c === 0x2b ||
  c === 0x2f ||
  c === 0x3d;

/** Stars the base64 characters of [from, to), keeping \n and \r escapes; true when any was starred. */
export function star(bytes: Uint8Array, from: number, to: number): boolean {
  let changed = false;
  for (let at = from; at < to; at++) {
    if (bytes[at] === 0x5c && (bytes[at + 1] === 0x6e || bytes[at + 1] === 0x72)) {
      at++;
      continue;
    }
    if (isBase64(bytes[at]!)) {
      bytes[at] = STAR;
      changed = true;
    }
  }
  return changed;
}

export function lineEnd(bytes: Uint8Array, from: number): number {
  const at = bytes.indexOf(NEWLINE, from);
  return at === -1 ? bytes.length : at;
}

/** Start of the line holding `at`, looked for at most `within` bytes back (a long line costs no more). */
export function lineStartWithin(bytes: Uint8Array, at: number, within: number): number {
  const from = Math.max(0, at - within);
  const newline = bytes.subarray(from, at).lastIndexOf(NEWLINE);
  return newline === -1 ? from : from + newline + 1;
}

/**
 * A comment or quote prefix before a key's line, as files carry blocks in comments, docs and
 * configs: indentation, quotes, `// `, `# `, ` * `, `- `, `> `, `; `, `-- `, `% `, `! `, repeated.
 * `//` counts only when a space or the line's end follows it (`//8AAA` is base64); the others are
 * no base64 characters.
 */
export const COMMENT_PREFIX = /^[\s"'`]*(?:(?:\/\/+|\/\*+)(?:[ \t]+|$)[\s"'`]*|[#*>;%!-]+[\s"'`]*)*/;
