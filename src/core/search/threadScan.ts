// A file a workspace search hands to a host's thread (ports.ts, RegexScanPort.scanFile): read there,
// judged and scanned exactly as the search would inline, its hits numbered and shown up front (the
// search ranks it later, in walk order, and keeps as many as its rank allows).
import type { ReadEnv } from '../ground/env';
import { sameFileVersion } from '../ground/fileVersionCache';
import type {
  EntryStat,
  FileScanReply,
  FileScanRequest,
  ShownFields,
  ShownLine,
  ShownMatch,
  SyncRead,
} from '../ground/ports';
import { textHaystack } from './haystack';
import { findHits, materialize, numberHits } from './lineScan';
import { examine } from './loadFile';
import type { TextSearcher } from './matcher';

/** Smaller files cost the thread's round trip more than their read and scan. */
const MIN_BYTES = 128 * 1024;

/**
 * Whether a search may hand this version of a file to the thread: reading it here would only repeat
 * what the engine knows of it (an earlier search found it clean and kept its grams, and would not keep
 * its bytes: learn() would change nothing), and it is large enough to be worth the trip.
 */
export function handable(env: ReadEnv, path: string, version: EntryStat, maxBytes: number): boolean {
  const { fileClasses, fileGrams, fileBytes } = env;
  const { kind, size } = version;
  if (kind !== 'file' || size < MIN_BYTES || size > maxBytes) return false;
  if (fileBytes?.has(path) || fileBytes?.wouldKeep(size)) return false;
  return fileClasses?.lookup(path, version) === 'clean' && fileGrams?.lookup(path, version) !== undefined;
}

/**
 * What `read` (the request's file, read on the thread) holds: not the expected version, or text
 * the search would judge otherwise (binary, too large), is `read: false`, for the search to read it.
 */
export function scanReadFile(read: SyncRead, request: FileScanRequest, searcher: TextSearcher): FileScanReply {
  if (!('bytes' in read) || !read.version || !sameFileVersion(read.version, request.expected)) return { read: false };
  // The search hands over only versions it found clean of secrets: nothing to redact.
  const loaded = examine({ bytes: read.bytes, version: read.version }, searcher);
  if ('skip' in loaded) return { read: false };
  if ('nomatch' in loaded) return { read: true, real: read.real, nomatch: true };
  const source = 'hay' in loaded ? loaded : textHaystack(loaded.text);
  const { count, hits } = findHits(source, searcher, request.keep);
  numberHits(source.hay, hits, hits.length);
  const shown = materialize(source, hits, request.before, request.after);
  return { read: true, real: read.real, ...shownFields(count, shown, request.before + request.after > 0) };
}

/** Matches as ShownFields. */
function shownFields(count: number, shown: ShownMatch[], context: boolean): ShownFields {
  return {
    count,
    lines: shown.map((m) => m.line),
    columns: shown.map((m) => m.column),
    texts: shown.map((m) => m.text),
    ...(context ? { context: shown.map((m): [ShownLine[], ShownLine[]] => [m.before, m.after]) } : {}),
  };
}

/** The first `keep` matches of ShownFields, as the search keeps them. */
export function keptOf(fields: ShownFields, keep: number): ShownMatch[] {
  return fields.texts.slice(0, keep).map((text, i) => ({
    line: fields.lines[i]!,
    column: fields.columns[i]!,
    text,
    before: fields.context?.[i]?.[0] ?? [],
    after: fields.context?.[i]?.[1] ?? [],
  }));
}
