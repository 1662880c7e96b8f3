// A file a workspace search hands to a host's thread (RegexScanPort.scanFile): read there,
// judged and scanned exactly as the search would inline, its hits numbered and shown up front (the
// search ranks it later, in walk order, and keeps as many as its rank allows).
import type { ReadEnv } from '../ground/env';
import { sameIdentity } from '../ground/fileIdentity';
import type { EntryStat, SyncRead } from '../ground/fileSystemPort';
import type {
  FileScanReply,
  FileScanRequest,
  KeptScanReply,
  KeptScanRequest,
  ShownFields,
  ShownLine,
  ShownMatch,
} from '../ground/workerMessages';
import { textHaystack, type Haystack } from './haystack';
import { findHits, materialize, numberHits, type Hit } from './lineScan';
import { examine, type Loaded } from './loadFile';
import type { TextSearcher } from './matcher';
import { INLINE_REGEX_MS, type RegexCost } from './regexCost';

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
  if (!('bytes' in read) || !read.version || !sameIdentity(read.version, request.expected)) return { read: false };
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

/**
 * The text an engine keeps of this version of a file, when scanning it elsewhere loses nothing: an
 * earlier search found it clean and kept its grams (learn() would change nothing). Counted as served.
 */
export function keptClean(env: ReadEnv, path: string, version: EntryStat): string | undefined {
  const { fileClasses, fileGrams, fileBytes } = env;
  if (version.kind !== 'file' || !fileBytes?.has(path) || fileClasses?.lookup(path, version) !== 'clean')
    return undefined;
  const grams = fileGrams?.lookup(path, version);
  const text = grams && !grams.redacted ? fileBytes.lookup(path, version) : undefined;
  if (text === undefined) return undefined;
  fileBytes.served++;
  if (!env.allowSecrets) fileClasses.scansSpared++;
  return text;
}

/** A kept text as the search scans it (examine's judgement of kept bytes, found clean: nothing to redact). */
export function keptSource(text: string, searcher: TextSearcher): Haystack | undefined {
  return sourceOf(examine({ latin1: text }, searcher));
}

const sourceOf = (loaded: Loaded): Haystack | undefined =>
  'hay' in loaded ? loaded : 'text' in loaded ? textHaystack(loaded.text) : undefined;

/**
 * Scans kept texts as the search would inline (RegexScanPort.scanKept): a regular expression's work
 * on each stays within the inline budget, else that file is left to the search (count -1).
 */
export function scanKeptTexts(
  request: KeptScanRequest,
  searcher: TextSearcher,
  cost: RegexCost | undefined,
): Extract<KeptScanReply, { scanned: true }> {
  const { texts, keep } = request;
  const counts = new Int32Array(texts.length);
  const located = new Int32Array(texts.length);
  const hits: number[] = [];
  texts.forEach((text, i) => {
    const source = keptSource(text, searcher);
    if (!source) return;
    const found = findHits(source, searcher, keep, cost?.budget(INLINE_REGEX_MS));
    if (!found) {
      counts[i] = -1;
      return;
    }
    counts[i] = found.count;
    located[i] = found.hits.length;
    for (const hit of found.hits) hits.push(hit.start, hit.stop, hit.at, hit.column ?? -1);
  });
  return { scanned: true, counts, located, hits: Int32Array.from(hits) };
}

/** Where each file's hits start in a scanKept reply's `hits` (four numbers each). */
export function hitOffsets(located: Int32Array): Int32Array {
  const from = new Int32Array(located.length);
  for (let i = 1; i < located.length; i++) from[i] = from[i - 1]! + located[i - 1]! * 4;
  return from;
}

/** File `index`'s hits in a scanKept reply, unnumbered, as findHits gave them. */
export function keptHits(reply: Extract<KeptScanReply, { scanned: true }>, from: Int32Array, index: number): Hit[] {
  const hits: Hit[] = [];
  for (let k = 0, at = from[index]!; k < reply.located[index]!; k++, at += 4) {
    const column = reply.hits[at + 3]!;
    hits.push({
      line: 0,
      start: reply.hits[at]!,
      stop: reply.hits[at + 1]!,
      at: reply.hits[at + 2]!,
      column: column === -1 ? undefined : column,
    });
  }
  return hits;
}
