// Secrets inside ordinary files, redacted before any text is shown: the lines of a private key
// block (PEM: PKCS#1/#8, encrypted, EC, OpenSSH; PGP; also written on one line with \n escapes, as
// in JSON) and the password of a URL (https://user:token@host, as .git/config remotes hold them).
// Each secret byte becomes '*' in place: sizes, byte offsets and line numbers stay true. Text
// without a marker ("PRIVATE KEY", "://") pays two native searches and nothing more.

/** Said after an answer that shows redacted text. */
export const REDACTED_NOTE =
  "Lines of a private key, or a URL's password, are shown as * (redacted; the file is unchanged). The user can approve secrets (VS Code asks; CLI --allow-secrets on; setting lectern.allowSecrets).";

const STAR = 0x2a;
const NEWLINE = 0x0a;
const encoder = new TextEncoder();
const KEY_MARK = encoder.encode('PRIVATE KEY');
const URL_MARK = encoder.encode('://');

/** The line that opens a key block; `-----END` closes it. */
const BEGIN = /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/;
/** A line of a key's body: base64 (and \n escapes), maybe indented, quoted or concatenated in code. */
const BODY_LINE = /^[\s"'`]*(?:[A-Za-z0-9+/=]|\\[nr])+(?:[\s"'`,;+]|\\[nr])*$/;
/** An armor header inside a block (Proc-Type, DEK-Info, Version, Comment). */
const HEADER = /^([\s"'`]*[A-Za-z][A-Za-z0-9-]*:)\s/;
const BLANK = /^[\s"'`]*$/;
/** Passwords that are placeholders, not secrets: left as written (an edit of the line must still match). */
const PLACEHOLDER = /[$%{}<>()[\]*]|^(?:password|passwd|pass|pwd|secret|token|x+)$/i;
/** Longest user:password part of a URL that is looked at. */
const MAX_USERINFO = 512;

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
function latin1(bytes: Uint8Array, from: number, to: number): string {
  let text = '';
  for (let at = from; at < to; at += 8192) text += String.fromCharCode(...bytes.subarray(at, Math.min(to, at + 8192)));
  return text;
}

const isBase64 = (c: number) =>
  (c >= 0x41 && c <= 0x5a) ||
  (c >= 0x61 && c <= 0x7a) ||
  (c >= 0x30 && c <= 0x39) ||
  c === 0x2b ||
  c === 0x2f ||
  c === 0x3d;

/** Stars the base64 characters of [from, to), keeping \n and \r escapes; true when any was starred. */
function star(bytes: Uint8Array, from: number, to: number): boolean {
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

function lineEnd(bytes: Uint8Array, from: number): number {
  const at = bytes.indexOf(NEWLINE, from);
  return at === -1 ? bytes.length : at;
}

const END_MARK = encoder.encode('-----END');

/** Redacts the body of the key block whose BEGIN marker ends at `after` on the line ending at `end`; returns where scanning goes on and the lines redacted. */
function redactBlock(bytes: Uint8Array, after: number, end: number): [number, number] {
  const closed = findBytes(bytes.subarray(after, end), END_MARK);
  if (closed !== -1) return [end, star(bytes, after, after + closed) ? 1 : 0];
  let lines = star(bytes, after, end) ? 1 : 0;
  let at = end + 1;
  while (at < bytes.length) {
    const to = lineEnd(bytes, at);
    const endAt = findBytes(bytes.subarray(at, to), END_MARK);
    if (endAt !== -1) {
      if (star(bytes, at, at + endAt)) lines++;
      return [to, lines];
    }
    const text = latin1(bytes, at, to);
    const header = HEADER.exec(text);
    if (header) {
      if (star(bytes, at + header[1]!.length, to)) lines++;
    } else if (BODY_LINE.test(text)) {
      if (star(bytes, at, to)) lines++;
    } else if (!BLANK.test(text)) return [at, lines];
    at = to + 1;
  }
  return [bytes.length, lines];
}

/** Redacts every private key block in `bytes`, in place; returns how many lines changed. */
export function redactKeyBlocks(bytes: Uint8Array): number {
  let lines = 0;
  for (let at = findBytes(bytes, KEY_MARK); at !== -1;) {
    // The marker around this "PRIVATE KEY": "-----BEGIN " and at most a few words before, "-----" after.
    const from = Math.max(bytes.lastIndexOf(NEWLINE, at) + 1, at - 64);
    const marker = BEGIN.exec(latin1(bytes, from, Math.min(bytes.length, at + KEY_MARK.length + 11)));
    let next = at + KEY_MARK.length;
    if (marker) {
      const [after, redacted] = redactBlock(bytes, from + marker.index + marker[0].length, lineEnd(bytes, at));
      lines += redacted;
      next = Math.max(next, after);
    }
    at = findBytes(bytes, KEY_MARK, next);
  }
  return lines;
}

const isSchemeByte = (c: number | undefined) =>
  c !== undefined &&
  ((c >= 0x41 && c <= 0x5a) ||
    (c >= 0x61 && c <= 0x7a) ||
    (c >= 0x30 && c <= 0x39) ||
    c === 0x2b ||
    c === 0x2d ||
    c === 0x2e);

/** Bytes that end the user:password part of a URL without an '@': a path, a query, space, quotes, brackets. */
const ENDS_USERINFO = new Set([0x2f, 0x3f, 0x23, 0x20, 0x09, 0x0a, 0x0d, 0x22, 0x27, 0x60, 0x3c, 0x3e, 0x5c]);

/** Redacts the password of every `scheme://user:password@host` in `bytes`, in place; returns how many. */
export function redactUrlPasswords(bytes: Uint8Array): number {
  let count = 0;
  for (let at = findBytes(bytes, URL_MARK); at !== -1; at = findBytes(bytes, URL_MARK, at + URL_MARK.length)) {
    if (!isSchemeByte(bytes[at - 1])) continue;
    const from = at + URL_MARK.length;
    let colon = -1;
    let atSign = -1;
    for (let i = from; i < Math.min(bytes.length, from + MAX_USERINFO); i++) {
      const c = bytes[i]!;
      if (c === 0x40) {
        atSign = i;
        break;
      }
      if (ENDS_USERINFO.has(c)) break;
      if (c === 0x3a && colon === -1) colon = i;
    }
    if (colon === -1 || atSign === -1 || atSign === colon + 1) continue;
    if (PLACEHOLDER.test(latin1(bytes, colon + 1, atSign))) continue;
    bytes.fill(STAR, colon + 1, atSign);
    count++;
  }
  return count;
}

/** True when `bytes` may hold a key block or a URL with a password (the only text that pays for redaction). */
export function mayHoldSecrets(bytes: Uint8Array): { keys: boolean; urls: boolean } {
  return { keys: findBytes(bytes, KEY_MARK) !== -1, urls: findBytes(bytes, URL_MARK) !== -1 };
}

const isQuoteOrSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x22 || c === 0x27 || c === 0x60;

/**
 * True when bytes [start, end) are a line a key's body may be (at least 16 base64 characters, maybe indented, quoted or with \\n escapes), judged byte by byte:
 * an ordinary line stops it at its first space or punctuation.
 */
function bodyLikeLine(bytes: Uint8Array, start: number, end: number): boolean {
  let at = start;
  while (at < end && isQuoteOrSpace(bytes[at]!)) at++;
  let run = 0;
  for (; at < end; at++) {
    const c = bytes[at]!;
    if (isBase64(c)) run++;
    else if (c === 0x5c && (bytes[at + 1] === 0x6e || bytes[at + 1] === 0x72)) {
      run += 2;
      at++;
    } else break;
  }
  if (run < 16) return false;
  for (; at < end; at++) {
    const c = bytes[at]!;
    if (isQuoteOrSpace(c) || c === 0x2c || c === 0x3b || c === 0x2b || c === 0x0d) continue;
    if (c === 0x5c && (bytes[at + 1] === 0x6e || bytes[at + 1] === 0x72)) {
      at++;
      continue;
    }
    return false;
  }
  return true;
}

/** True when the line at `at` (or the next one) looks like a key's body: a window starting there may start inside a block. */
export function startsInBody(bytes: Uint8Array, at: number): boolean {
  let start = at > 0 ? bytes.lastIndexOf(NEWLINE, at - 1) + 1 : 0;
  for (let n = 0; n < 2 && start < bytes.length; n++) {
    const end = lineEnd(bytes, start);
    if (bodyLikeLine(bytes, start, end)) return true;
    start = end + 1;
  }
  return false;
}

/** Redacts key blocks and URL passwords in a whole text's bytes, in place; the count of places redacted. */
export function redactSecrets(bytes: Uint8Array): number {
  const { keys, urls } = mayHoldSecrets(bytes);
  return (keys ? redactKeyBlocks(bytes) : 0) + (urls ? redactUrlPasswords(bytes) : 0);
}

/** `text` with key blocks and URL passwords redacted (the same string when it holds neither). */
export function redactText(text: string): { text: string; redacted: boolean } {
  if (!text.includes('PRIVATE KEY') && !text.includes('://')) return { text, redacted: false };
  const bytes = encoder.encode(text);
  if (redactSecrets(bytes) === 0) return { text, redacted: false };
  return { text: new TextDecoder().decode(bytes), redacted: true };
}
