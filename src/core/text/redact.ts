// Secrets inside ordinary files, redacted before any text is shown: the lines of a private key
// block (PEM: PKCS#1/#8, encrypted, EC, OpenSSH; PGP; SSH2; PuTTY's key files; also written on one
// line with \n escapes, as in JSON, or with a comment prefix on each line, as in docs and code) and
// the password of a URL (urlPasswords.ts).
// Each secret byte becomes '*' in place: sizes, byte offsets and line numbers stay true. Text
// without a marker ("PRIVATE KEY", "://") pays two native searches and nothing more.

/** Said after an answer that shows redacted text. */
export const REDACTED_NOTE =
  "Lines of a private key, or a URL's password, are shown as * (redacted; the file is unchanged). The user can approve secrets (VS Code asks; CLI --allow-secrets on; setting lectern.allowSecrets).";

import { redactPuttyKeys, PUTTY_MARK } from './puttyKeys';
import {
  COMMENT_PREFIX,
  encoder,
  findBytes,
  isBase64,
  latin1,
  lineEnd,
  lineStartWithin,
  NEWLINE,
  star,
} from './redactBytes';
import { mayHoldUrl, redactUrlPasswords, textMayHoldUrl } from './urlPasswords';

export { redactUrlPasswords } from './urlPasswords';

const KEY_MARK = encoder.encode('PRIVATE KEY');

/** The line that opens a key block (PEM, PGP; SSH2's four dashes and spaces); an END marker closes it. */
const BEGIN = /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----|---- BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY ----/;
const BEGIN_WORD = encoder.encode('BEGIN ');
const END_MARKS = [encoder.encode('-----END'), encoder.encode('---- END')];
/** A line of a key's body: base64 (and \n escapes), maybe indented, quoted or concatenated in code. */
const BODY_LINE = /^[\s"'`]*(?:[A-Za-z0-9+/=]|\\[nr])+(?:[\s"'`,;+]|\\[nr])*$/;
/** An armor header inside a block (Proc-Type, DEK-Info, Version, Comment). */
const HEADER = /^([\s"'`]*[A-Za-z][A-Za-z0-9-]*:)\s/;
const BLANK = /^[\s"'`]*$/;
/** Longest line judged as a key's body line (a key's lines are at most 76 characters; JSON's \n-joined ones a few thousand). */
const MAX_BODY_LINE = 16 * 1024;
/** Bytes left out at a cut edge of a line: longer than a marker's part before or after "PRIVATE KEY". */
const CUT_EDGE = 48;

/** Where an END marker starts in [from, to), or -1. */
function endMarkIn(bytes: Uint8Array, from: number, to: number): number {
  const line = bytes.subarray(from, to);
  let found = -1;
  for (const mark of END_MARKS) {
    const at = findBytes(line, mark);
    if (at !== -1 && (found === -1 || at < found)) found = at;
  }
  return found === -1 ? -1 : from + found;
}

/** Stars a line of a block after its comment prefix; 'end' when the line is not part of the block. */
function redactLine(bytes: Uint8Array, at: number, to: number, lead: string): boolean | 'end' {
  if (to - at > MAX_BODY_LINE) return 'end';
  const text = latin1(bytes, at, to);
  // The BEGIN line's own prefix ("//" before "//MIIE..."), then any comment prefix.
  const known = lead && text.startsWith(lead) ? lead.length : 0;
  const prefix = known + COMMENT_PREFIX.exec(text.slice(known))![0].length;
  const rest = text.slice(prefix);
  const header = HEADER.exec(rest);
  if (header) return star(bytes, at + prefix + header[1]!.length, to);
  if (BODY_LINE.test(rest)) return star(bytes, at + prefix, to);
  return BLANK.test(rest) ? false : 'end';
}

/** Redacts the body of the key block whose BEGIN marker ends at `after` on the line ending at `end`; returns where scanning goes on and the lines redacted. */
function redactBlock(bytes: Uint8Array, after: number, end: number, lead: string): [number, number] {
  const closed = endMarkIn(bytes, after, end);
  if (closed !== -1) return [end, star(bytes, after, closed) ? 1 : 0];
  let lines = star(bytes, after, end) ? 1 : 0;
  let at = end + 1;
  while (at < bytes.length) {
    const to = lineEnd(bytes, at);
    const endAt = endMarkIn(bytes, at, to);
    if (endAt !== -1) {
      const prefix = COMMENT_PREFIX.exec(latin1(bytes, at, Math.min(endAt, at + 256)))![0].length;
      if (star(bytes, at + prefix, endAt)) lines++;
      return [to, lines];
    }
    const redacted = redactLine(bytes, at, to, lead);
    if (redacted === 'end') return [at, lines];
    if (redacted) lines++;
    at = to + 1;
  }
  return [bytes.length, lines];
}

/** Redacts every private key block (and PuTTY key) in `bytes`, in place; returns how many lines changed. */
export function redactKeyBlocks(bytes: Uint8Array): number {
  let lines = 0;
  for (let at = findBytes(bytes, KEY_MARK); at !== -1;) {
    // The marker around this "PRIVATE KEY": "-----BEGIN " and at most a few words before, "-----" after.
    const from = lineStartWithin(bytes, at, 64);
    const begins = findBytes(bytes.subarray(from, at), BEGIN_WORD) !== -1;
    const marker = begins && BEGIN.exec(latin1(bytes, from, Math.min(bytes.length, at + KEY_MARK.length + 11)));
    let next = at + KEY_MARK.length;
    if (marker) {
      const lead = latin1(bytes, from, from + marker.index).trimEnd();
      const [after, redacted] = redactBlock(bytes, from + marker.index + marker[0].length, lineEnd(bytes, at), lead);
      lines += redacted;
      next = Math.max(next, after);
    }
    at = findBytes(bytes, KEY_MARK, next);
  }
  return lines + (findBytes(bytes, PUTTY_MARK) !== -1 ? redactPuttyKeys(bytes) : 0);
}

/** True when `bytes` may hold a key block or a URL with a password (the only text that pays for redaction). */
export function mayHoldSecrets(bytes: Uint8Array): { keys: boolean; urls: boolean } {
  return { keys: findBytes(bytes, KEY_MARK) !== -1 || findBytes(bytes, PUTTY_MARK) !== -1, urls: mayHoldUrl(bytes) };
}

const isQuoteOrSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x22 || c === 0x27 || c === 0x60;

/**
 * True when bytes [start, end) may be a line of a key's body (at least 16 base64 characters, maybe after a comment prefix, quoted or with \\n escapes), judged byte by byte:
 * an ordinary line stops it at its first space or punctuation. Only the line's first
 * MAX_BODY_LINE bytes are looked at (a huge line of base64 costs no more): a longer line that
 * starts like a body counts as one, so the window is redacted as if it were (never less).
 */
function bodyLikeLine(bytes: Uint8Array, start: number, end: number): boolean {
  const seen = Math.min(end, start + MAX_BODY_LINE);
  let at = start + COMMENT_PREFIX.exec(latin1(bytes, start, Math.min(seen, start + 256)))![0].length;
  let run = 0;
  for (; at < seen; at++) {
    const c = bytes[at]!;
    if (isBase64(c)) run++;
    else if (c === 0x5c && (bytes[at + 1] === 0x6e || bytes[at + 1] === 0x72)) {
      run += 2;
      at++;
    } else break;
  }
  if (at >= seen) return run >= 16 || seen < end;
  if (run < 16) return false;
  for (; at < seen; at++) {
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
    // `bytes` are cut out of the file: a line cut at either edge may begin or end inside a marker
    // ("Y-----\\n…", "…\\n-----END PRIV"); it is judged again without the bytes near the cut.
    const from = start === 0 && end - start > 2 * CUT_EDGE ? start + CUT_EDGE : start;
    const to = end === bytes.length && end - from > 2 * CUT_EDGE ? end - CUT_EDGE : end;
    if ((from > start || to < end) && bodyLikeLine(bytes, from, to)) return true;
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
  if (!text.includes('PRIVATE KEY') && !text.includes('Private-Lines:') && !textMayHoldUrl(text))
    return { text, redacted: false };
  const bytes = encoder.encode(text);
  if (redactSecrets(bytes) === 0) return { text, redacted: false };
  return { text: new TextDecoder().decode(bytes), redacted: true };
}
