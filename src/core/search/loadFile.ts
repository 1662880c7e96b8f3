// One file's bytes, read within the size cap, judged (binary, too large, unreadable) and turned
// into something to scan, or dropped at once when a plain query's text is not in its bytes.
import { LecternError } from '../ground/contract';
import { openInside } from '../ground/openInside';
import type { ResolvedPath } from '../ground/paths';
import type { FileHandle, FileSystemPort, FileVersion } from '../ground/fileSystemPort';
import type { ReadEnv } from '../ground/env';
import { LIMITS } from '../ground/settings';
import { decodeUtf16 } from '../text/encoding';
import { latin1Bytes, latin1String } from '../text/latin1';
import { byteHaystack, LENIENT, type Haystack } from './haystack';
import type { TextSearcher } from './matcher';
import { redactSecrets, redactText } from '../text/redact';

const HEAD_BYTES = 64 * 1024;

/**
 * A file as read: its bytes, or as a resident engine kept them (`latin1`: one character per byte),
 * or (too large) its size, with the version read when the port tells it.
 */
export type Raw =
  | { bytes: Uint8Array; version?: FileVersion }
  | { latin1: string; version?: FileVersion }
  | { size: number; version?: FileVersion }
  | { unreadable: true }
  | { outside: true }
  | { text: string };
export type Loaded =
  | { text: string }
  | Haystack
  | { skip: 'binary' | 'large' | 'unreadable' | 'outside'; size?: number }
  | { nomatch: true };

/** Reads `handle` from `position` until `length` bytes or the end. */
async function readFully(
  handle: FileHandle,
  buffer: Uint8Array,
  offset: number,
  length: number,
  position: number,
): Promise<number> {
  let filled = 0;
  while (filled < length) {
    const n = await handle.read(buffer, offset + filled, length - filled, position + filled);
    if (n === 0) break;
    filled += n;
  }
  return filled;
}

/**
 * Whether `bytes` finds a byte sequence natively: Node's Buffer does (the host's file system gives
 * Buffers); a plain Uint8Array finds only single bytes, so its needles are not pre-checked.
 */
function searchesBytes(bytes: Uint8Array): bytes is Buffer {
  return typeof Buffer !== 'undefined' && Buffer.isBuffer(bytes);
}

/**
 * A file's bytes as text to search, or why not: binary (a NUL byte in its first 8 KB, as git and
 * grep judge it; UTF-16 with a byte-order mark is decoded), or a plain query its bytes do not hold.
 */
export function examine(
  raw: Raw,
  searcher: TextSearcher,
  secrets?: Pick<ReadEnv, 'allowSecrets' | 'onRedacted'>,
): Loaded {
  if (secrets && !secrets.allowSecrets) raw = redacted(asBytes(raw), secrets.onRedacted);
  if ('latin1' in raw) return examineKept(raw.latin1, searcher);
  if ('text' in raw) return raw;
  if ('unreadable' in raw) return { skip: 'unreadable' };
  if ('outside' in raw) return { skip: 'outside' };
  if ('size' in raw) return { skip: 'large', size: raw.size };
  const bytes = raw.bytes;
  if (bytes.length === 0) return { text: '' };
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    const text = decodeUtf16(bytes.subarray(2), bytes[0] === 0xff ? 'utf-16le' : 'utf-16be');
    return text === undefined || text.includes('\0') ? { skip: 'binary' } : { text };
  }
  const base = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const head = bytes.subarray(base, base + LIMITS.sniffBytes);
  if (head.indexOf(0) !== -1) return { skip: 'binary' };
  // Text every match holds (one of each list), missing from the bytes: no need to decode them.
  const needles = searcher.needles;
  if (needles && searchesBytes(bytes) && needles.some((any) => any.every((n) => bytes.indexOf(n, base) === -1)))
    return { nomatch: true };
  if (searcher.ascii) return byteHaystack(latin1String(bytes, base), bytes, base);
  // Bytes that are not UTF-8 decode to U+FFFD, as in the editor.
  return { text: LENIENT.decode(bytes.subarray(base)) };
}

/** Kept bytes as bytes again (a secret scan reads bytes). */
function asBytes(raw: Raw): Raw {
  return 'latin1' in raw ? { bytes: latin1Bytes(raw.latin1), version: raw.version } : raw;
}

const needleTexts = new WeakMap<Uint8Array, string>();
const needleText = (needle: Uint8Array) => {
  let text = needleTexts.get(needle);
  if (text === undefined) needleTexts.set(needle, (text = latin1String(needle)));
  return text;
};

/**
 * A kept file (text, found clean, not UTF-16) judged as examine judges its bytes: searched as kept,
 * one character per byte, where the searcher allows; decoded otherwise.
 */
function examineKept(kept: string, searcher: TextSearcher): Loaded {
  if (kept.length === 0) return { text: '' };
  const base = kept.startsWith('\xef\xbb\xbf') ? 3 : 0;
  // Kept bytes passed examine's test for binary (learn keeps only clean text): no NUL to look for.
  const needles = searcher.needles;
  if (needles && needles.some((any) => any.every((n) => kept.indexOf(needleText(n), base) === -1)))
    return { nomatch: true };
  const hay = base === 0 ? kept : kept.slice(base);
  if (searcher.ascii) return byteHaystack(hay, undefined, 0);
  return { text: LENIENT.decode(latin1Bytes(hay)) };
}

/** The file's text with private keys and URL passwords redacted (text/redact.ts), its bytes in place. */
function redacted(raw: Raw, onRedacted?: () => void): Raw {
  if ('text' in raw) {
    const { text, redacted } = redactText(raw.text);
    if (redacted) onRedacted?.();
    return redacted ? { text } : raw;
  }
  if ('bytes' in raw && redactSecrets(raw.bytes) > 0) onRedacted?.();
  return raw;
}

/**
 * Through the port's sync fast path: the file as opened, or `outside` when its real path (the
 * file the port actually opened) is not inside the walk's folders.
 */
export function readSyncChecked(
  readSync: NonNullable<FileSystemPort['readFileSync']>,
  absolute: string,
  maxBytes: number,
  inside: (real: string) => boolean,
): Raw {
  let read;
  try {
    read = readSync(absolute, maxBytes);
  } catch {
    return { unreadable: true };
  }
  if (read.real === undefined || !inside(read.real)) return { outside: true };
  return read;
}

/** Reads a file through the port's async handles (hosts without the sync fast path), opened through openInside. */
export async function readAsync(host: ReadEnv['host'], path: ResolvedPath, maxBytes: number): Promise<Raw> {
  let handle: FileHandle;
  let size: number;
  try {
    ({
      handle,
      stat: { size },
    } = await openInside(host.fs, path));
  } catch (error) {
    return error instanceof LecternError && error.code === 'OUTSIDE_WORKSPACE'
      ? { outside: true }
      : { unreadable: true };
  }
  try {
    const head = handle.allocate ? handle.allocate(HEAD_BYTES) : new Uint8Array(HEAD_BYTES);
    const n = await readFully(handle, head, 0, head.length, 0);
    if (n < head.length) return { bytes: head.subarray(0, n) };
    if (size > maxBytes) return { size };
    const whole = handle.allocate ? handle.allocate(Math.max(size, n)) : new Uint8Array(Math.max(size, n));
    whole.set(head);
    return { bytes: whole.subarray(0, n + (await readFully(handle, whole, n, whole.length - n, n))) };
  } catch {
    return { unreadable: true };
  } finally {
    await handle.close().catch(() => undefined);
  }
}
