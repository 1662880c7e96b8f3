// The password of a URL (https://user:token@host, as .git/config remotes hold them), in every way a
// file writes one: percent-encoded, holding '/', '@', '$', '*' or brackets, JSON-escaped
// (https:\/\/user:pass@host), thousands of characters long. The password runs from the first ':'
// after the user to the last '@' before the host; placeholders (${TOKEN}, <password>) stay as written.
// One pass over each URL's bytes: a line of a megabyte of "a://a:" costs a pass, not its square.
import { STAR, encoder, findBytes, latin1 } from './redactBytes';

const MARKS = [encoder.encode('://'), encoder.encode(':\\/\\/')];
/** Longest user:password part of a URL that is looked at (longer is not a URL anyone writes). */
export const MAX_USERINFO = 4096;
/** Passwords that are placeholders, not secrets: left as written (an edit of the line must still match). */
const PLACEHOLDER =
  /^(?:\$\{[^}]*\}|\$[A-Z_][A-Z0-9_]*|\{\{[^}]*\}\}|\{[A-Za-z_][\w.-]*\}|<[^<>]*>|%\([\w.-]+\)s|%[A-Za-z_]\w*%|\*+|\[[\w -]*\])$/;
const PLACEHOLDER_WORD = /^(?:password|passwd|pass|pwd|secret|token|x+)$/i;

const isSchemeByte = (c: number | undefined) =>
  c !== undefined &&
  ((c >= 0x41 && c <= 0x5a) ||
    (c >= 0x61 && c <= 0x7a) ||
    (c >= 0x30 && c <= 0x39) ||
    c === 0x2b ||
    c === 0x2d ||
    c === 0x2e);

/** Bytes that end a URL: space, quotes, angle brackets, a line's end (a backslash too, unless it escapes a '/'). */
const ENDS_URL = new Set([0x20, 0x09, 0x0a, 0x0d, 0x22, 0x27, 0x60, 0x3c, 0x3e]);
/** Bytes a host (name, address, port, [IPv6]) is written with. */
const isHostByte = (c: number) =>
  (c >= 0x41 && c <= 0x5a) ||
  (c >= 0x61 && c <= 0x7a) ||
  (c >= 0x30 && c <= 0x39) ||
  c === 0x2d ||
  c === 0x2e ||
  c === 0x5f ||
  c === 0x3a ||
  c === 0x5b ||
  c === 0x5d ||
  c === 0x25;

const endsUrl = (bytes: Uint8Array, i: number) =>
  ENDS_URL.has(bytes[i]!) || (bytes[i] === 0x5c && bytes[i + 1] !== 0x2f);
/** A host's end: a path, a query, a fragment, the URL's end. */
const endsHost = (bytes: Uint8Array, i: number) =>
  i >= bytes.length ||
  endsUrl(bytes, i) ||
  bytes[i] === 0x2f ||
  bytes[i] === 0x3f ||
  bytes[i] === 0x23 ||
  bytes[i] === 0x5c;

/** The colon after the user (no '/', '@' or end of URL before it), or -1. */
function userColon(bytes: Uint8Array, from: number, limit: number): number {
  for (let i = from; i < limit; i++) {
    const c = bytes[i]!;
    if (c === 0x3a) return i;
    if (c === 0x2f || c === 0x40 || c === 0x3f || c === 0x23 || endsUrl(bytes, i)) return -1;
  }
  return -1;
}

/**
 * The '@' that ends the password begun after `colon`: the last one followed by a host, before the
 * URL ends or its path begins after a host with a dot or a port; `scanned` is where the look stopped.
 */
function passwordEnd(bytes: Uint8Array, colon: number, limit: number): { at: number; scanned: number } {
  let at = -1;
  let i = colon + 1;
  while (i < limit && !endsUrl(bytes, i)) {
    if (bytes[i] !== 0x40) {
      i++;
      continue;
    }
    let h = i + 1;
    let dotted = false;
    for (; h < limit && isHostByte(bytes[h]!); h++) {
      const c = bytes[h]!;
      if (c === 0x2e || c === 0x3a || c === 0x5d) dotted = true;
    }
    if (h > i + 1 && bytes[i - 1] !== 0x2f && (h >= bytes.length || endsHost(bytes, h))) {
      at = i;
      if (dotted && h < bytes.length && !endsUrl(bytes, h)) return { at, scanned: h };
    }
    i = h;
  }
  return { at, scanned: i };
}

/** Next place of either mark at or after `from`, and its length; each mark's next place is remembered. */
function markFinder(bytes: Uint8Array): (from: number) => [number, number] {
  const next = MARKS.map(() => -2);
  return (from) => {
    let best: [number, number] = [-1, 0];
    MARKS.forEach((mark, k) => {
      if (next[k] !== -1 && next[k]! < from) next[k] = findBytes(bytes, mark, from);
      const at = next[k]!;
      if (at !== -1 && (best[0] === -1 || at < best[0])) best = [at, mark.length];
    });
    return best;
  };
}

/** Redacts the password of every `scheme://user:password@host` in `bytes`, in place; returns how many. */
export function redactUrlPasswords(bytes: Uint8Array): number {
  let count = 0;
  const find = markFinder(bytes);
  for (let [at, length] = find(0); at !== -1;) {
    let resume = at + length;
    const from = at + length;
    const limit = Math.min(bytes.length, from + MAX_USERINFO);
    const colon = isSchemeByte(bytes[at - 1]) ? userColon(bytes, from, limit) : -1;
    // host:port/path, not user:password.
    let digits = colon + 1;
    while (colon !== -1 && digits < limit && bytes[digits]! >= 0x30 && bytes[digits]! <= 0x39) digits++;
    const port = colon !== -1 && digits > colon + 1 && (digits >= limit || endsHost(bytes, digits));
    if (colon !== -1 && !port) {
      const end = passwordEnd(bytes, colon, limit);
      resume = Math.max(resume, end.scanned);
      const password = end.at > colon + 1 ? latin1(bytes, colon + 1, end.at) : '';
      if (password && !PLACEHOLDER.test(password) && !PLACEHOLDER_WORD.test(password)) {
        bytes.fill(STAR, colon + 1, end.at);
        count++;
      }
    }
    [at, length] = find(resume);
  }
  return count;
}

/** True when `bytes` may hold a URL (the only text that pays for the password scan). */
export function mayHoldUrl(bytes: Uint8Array): boolean {
  return MARKS.some((mark) => findBytes(bytes, mark) !== -1);
}

/** The same for a string. */
export const textMayHoldUrl = (text: string) => text.includes('://') || text.includes(':\\/\\/');
