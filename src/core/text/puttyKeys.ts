// PuTTY's key files (PuTTY-User-Key-File-2 and -3): the lines after "Private-Lines: N" are the
// private key, and "Private-MAC:" (or version 1's "Private-Hash:") is derived from it. The
// public lines stay. Comment prefixes are allowed as for PEM blocks.
import { COMMENT_PREFIX, encoder, findBytes, latin1, lineEnd, star } from './redactBytes';

export const PUTTY_MARK = encoder.encode('Private-Lines:');
const MAC = /^(\s*Private-(?:MAC|Hash):)/;
/** A line of base64 after its comment prefix (PuTTY writes 64 characters a line). */
const BODY = /^[A-Za-z0-9+/=]+\s*$/;
/** Longest line looked at as a key's line. */
const MAX_LINE = 4096;

/** Redacts the private lines that follow the "Private-Lines:" ending at `after`; returns where scanning goes on and the lines redacted. */
function redactPrivateLines(bytes: Uint8Array, after: number): [number, number] {
  const end = lineEnd(bytes, after);
  const count = Number(/^\s*(\d{1,4})\s*$/.exec(latin1(bytes, after, Math.min(end, after + 16)))?.[1] ?? 0);
  let lines = 0;
  let at = end + 1;
  for (let n = 0; n < count && at < bytes.length; n++) {
    const to = lineEnd(bytes, at);
    if (to - at > MAX_LINE) break;
    const text = latin1(bytes, at, to);
    const prefix = COMMENT_PREFIX.exec(text)![0].length;
    if (!BODY.test(text.slice(prefix))) break;
    if (star(bytes, at + prefix, to)) lines++;
    at = to + 1;
  }
  // The MAC line after them.
  if (at < bytes.length) {
    const to = lineEnd(bytes, at);
    const text = latin1(bytes, at, Math.min(to, at + MAX_LINE));
    const prefix = COMMENT_PREFIX.exec(text)![0].length;
    const mac = MAC.exec(text.slice(prefix));
    if (mac && star(bytes, at + prefix + mac[1]!.length, to)) lines++;
    if (mac) at = to + 1;
  }
  return [at, lines];
}

/** Redacts the private part of every PuTTY key in `bytes`, in place; returns how many lines changed. */
export function redactPuttyKeys(bytes: Uint8Array): number {
  let lines = 0;
  for (let at = findBytes(bytes, PUTTY_MARK); at !== -1;) {
    const [next, redacted] = redactPrivateLines(bytes, at + PUTTY_MARK.length);
    lines += redacted;
    at = findBytes(bytes, PUTTY_MARK, Math.max(next, at + PUTTY_MARK.length));
  }
  return lines;
}
