// What a workspace search can tell about a file without reading it, once an earlier search read its
// current version (ground/fileClasses.ts): binary or too large, as before; a text file with no
// match, when its grams (ground/fileGrams.ts) lack one every match holds, or when the host's
// candidate finder (ripgrep) says its bytes do not hold the text every match holds. Every other
// file is read and judged as always, so answers do not change: a file is ruled out only when its
// bytes lack that text, which Lectern's own scan could not match either.
import type { ReadEnv } from '../ground/env';
import { isText, type FileClass } from '../ground/fileClasses';
import type { CandidateQuery } from '../ground/ports';
import type { FileVersion } from '../ground/fileSystemPort';
import { EXCLUDED_DIRECTORIES, type ListedFile, type WalkScope } from '../ground/walk';
import { SETTLED_MS } from '../ground/walkCache';
import type { Loaded, Raw } from './loadFile';
import type { TextSearcher } from './matcher';
import { gramsOf, mayHold, requiredGrams } from './gramFilter';
import { latin1Bytes } from '../text/latin1';

/** A file counted without reading it. */
type Known = { skip: 'binary' } | { skip: 'large'; size: number } | { nomatch: true };

/**
 * Text the finder must not be asked for: what Lectern's reading could make match where the bytes
 * do not (redaction writes '*', bytes that are not UTF-8 decode to U+FFFD, a leading byte-order
 * mark is dropped), and what no argument or line holds (NUL, line breaks).
 */
const UNSAFE = /[*\uFFFD\uFEFF\0\r\n]/;

/** What the candidate finder is asked for `searcher`, or undefined when it cannot rule files out alike. */
function finderQuery(searcher: TextSearcher): CandidateQuery | undefined {
  const literal = searcher.literal;
  if (!literal || literal.texts.some((text) => text.length === 0 || UNSAFE.test(text))) return undefined;
  return { literals: literal.texts, caseSensitive: literal.caseSensitive };
}

/** Whether a search may count files without reading them: it has learned some, can stat files and has a finder. */
function canPrefilter(env: ReadEnv, searcher: TextSearcher): boolean {
  const { fileClasses, host } = env;
  return (fileClasses?.size ?? 0) > 0 && host.fs.statSync !== undefined && !!host.candidates && !!finderQuery(searcher);
}

/**
 * What is known of a file without reading it. `versionOf` stats it, once for the search's tests and
 * its read (undefined: nothing there, or not statable).
 */
export type KnownTest = (
  file: ListedFile,
  versionOf: (file: ListedFile) => FileVersion | undefined,
) => Known | undefined;

/**
 * What files read before tell without reading them, by stat: binary or too large as before, or no
 * match when their grams lack one every match holds; undefined when they cannot tell.
 */
export function gramsTest(env: ReadEnv, searcher: TextSearcher): KnownTest | undefined {
  const { fileClasses, fileGrams } = env;
  const required = requiredGrams(searcher);
  if (!required || !fileClasses || !fileGrams || fileGrams.size === 0 || !env.host.fs.statSync) return undefined;
  return (file, versionOf) => {
    const version = versionOf(file);
    if (!version) return undefined;
    const kind = fileClasses.lookup(file.absolute, version);
    if (kind === 'binary') return { skip: 'binary' };
    if (kind === 'large') return { skip: 'large', size: version.size };
    const grams = isText(kind) ? fileGrams.lookup(file.absolute, version) : undefined;
    if (grams?.redacted && env.allowSecrets) return undefined;
    return grams && !mayHold(grams, required) ? { nomatch: true } : undefined;
  };
}

/**
 * Whether to start the candidate finder: it has learned files, and grams cannot stand in for it
 * (the query has no run of word characters, or some files read before have no grams kept).
 */
export function wantsFinder(env: ReadEnv, searcher: TextSearcher): boolean {
  if (!canPrefilter(env, searcher)) return false;
  return !env.fileGrams || env.fileGrams.full || !requiredGrams(searcher);
}

/**
 * Starts the finder over the scope's folders (it walks them in its own process while the search
 * walks them here), and resolves with the test for each file the walk lists, or undefined when the
 * finder cannot tell. A file it names is read; one it does not name, in a folder it searched, is
 * looked up by stat: text of a version read before holds no match; binary or too large, as before.
 */
export function startPrefilter(
  env: ReadEnv,
  searcher: TextSearcher,
  scopes: readonly WalkScope[],
  timeoutMs: number,
): Promise<KnownTest | undefined> {
  return startCandidates(env, scopes, finderQuery(searcher)!, timeoutMs).then((lacks) => {
    if (!lacks) return undefined;
    const cache = env.fileClasses!;
    return (file, versionOf) => {
      if (!lacks(file)) return undefined;
      const version = versionOf(file);
      const kind = version && cache.lookup(file.absolute, version);
      if (kind === 'binary') return { skip: 'binary' };
      if (kind === 'large') return { skip: 'large', size: version!.size };
      if (isText(kind)) return { nomatch: true };
      return undefined;
    };
  });
}

/**
 * Starts the host's candidate finder over the scopes' folders for files whose bytes hold one of
 * `query.literals`, and resolves with the test of a listed file: true when its bytes, as they were
 * while the finder ran, hold none of them (a file in a folder it searched that it does not name);
 * undefined without a finder or when it cannot tell. Workspace search and references share it.
 */
export function startCandidates(
  env: ReadEnv,
  scopes: readonly WalkScope[],
  query: CandidateQuery,
  timeoutMs: number,
): Promise<((file: ListedFile) => boolean) | undefined> {
  if (!env.host.candidates) return Promise.resolve(undefined);
  return findCandidates(env, scopes, query, timeoutMs).then((candidates) => {
    if (!candidates) return undefined;
    return (file) => {
      const found = candidates.get(file.root.path);
      return !!found && !found.has(file.relative) && searchedBy(scopes, file);
    };
  });
}

/** Folders the finder does not enter: the walker's default exclusions (it enters them only when named). */
const SKIP_FOLDERS = [...EXCLUDED_DIRECTORIES].filter((name) => !name.startsWith('.'));

/** Whether the finder searched `file`: under a scope's start, in no folder it skips. */
function searchedBy(scopes: readonly WalkScope[], file: ListedFile): boolean {
  return scopes.some(({ root, start }) => {
    if (root.path !== file.root.path) return false;
    if (start && !file.relative.startsWith(`${start}/`)) return false;
    const folders = file.relative.slice(start ? start.length + 1 : 0).split('/');
    folders.pop();
    return !folders.some((name) => name.startsWith('.') || EXCLUDED_DIRECTORIES.has(name));
  });
}

/** The finder's candidates per root path (over all its scopes), or undefined when it could not tell for every scope. */
async function findCandidates(
  env: ReadEnv,
  scopes: readonly WalkScope[],
  query: CandidateQuery,
  timeoutMs: number,
): Promise<Map<string, Set<string>> | undefined> {
  const finder = env.host.candidates!;
  const limits = { skipFolders: SKIP_FOLDERS, timeoutMs, signal: env.signal };
  const sets = await Promise.all(
    scopes.map(({ root, start }) => finder.filesContaining(root.path, start, query, limits).catch(() => undefined)),
  );
  const out = new Map<string, Set<string>>();
  for (const [i, { root }] of scopes.entries()) {
    const set = sets[i];
    if (!set) return undefined;
    const all = out.get(root.path) ?? new Set<string>();
    for (const path of set) all.add(path);
    out.set(root.path, all);
  }
  return out;
}

/** What a read's secret scan found in the file's bytes: some redacted, none, or not looked for (secrets allowed). */
export type SecretScan = 'redacted' | 'clean' | 'unscanned';

/**
 * Remembers what reading a file said about its version, for the next search (not unsaved text, nor
 * UTF-16); with `grams`, a text file's grams too, of its bytes as scanned. Where secrets were
 * redacted in them (`scan`), they are marked so: a search with secrets allowed scans the bytes
 * unredacted. Grams made with secrets allowed hold every triple redacted bytes could hold (`*` is
 * no word character), so they serve both. Text the scan found no secret in is `clean`, and stays so
 * when a search with secrets allowed reads the same version.
 */
export function learn(env: ReadEnv, path: string, raw: Raw, loaded: Loaded, grams: boolean, scan: SecretScan): void {
  const cache = env.fileClasses;
  if (!cache || !('version' in raw) || !raw.version) return;
  let kind: FileClass | undefined;
  if ('skip' in loaded) kind = loaded.skip === 'binary' ? 'binary' : loaded.skip === 'large' ? 'large' : undefined;
  else if ('latin1' in raw || ('bytes' in raw && !isUtf16(raw.bytes)))
    kind = textClass(cache.lookup(path, raw.version), scan);
  // A version modified moments ago may be modified again within the clock's resolution, keeping
  // its size and time: it is not remembered until it has been still for a while (as git does).
  const settled = raw.version.mtimeMs < Date.now() - SETTLED_MS;
  if (kind && settled) cache.record(path, raw.version, kind);
  else cache.forget(path);
  const keep = grams && settled && isText(kind) && ('bytes' in raw || 'latin1' in raw);
  // Kept bytes served this read: they stay as they are.
  if (keep && kind === 'clean') {
    if ('bytes' in raw) env.fileBytes?.keep(path, raw.version, raw.bytes);
  } else env.fileBytes?.forget(path);
  const kept = env.fileGrams;
  if (!kept) return;
  const redacted = scan === 'redacted';
  if (!keep) kept.forget(path);
  else {
    // Grams of redacted bytes give way to those of the whole bytes, which serve every search.
    const known = kept.lookup(path, raw.version);
    if (!known || (known.redacted && !redacted)) {
      const bytes = 'bytes' in raw ? raw.bytes : 'latin1' in raw ? latin1Bytes(raw.latin1) : undefined;
      if (bytes) kept.record(path, raw.version, redacted ? { ...gramsOf(bytes), redacted } : gramsOf(bytes));
    }
  }
}

/** A text version's class after this read's scan; one found clean before is the same bytes, still clean. */
function textClass(known: FileClass | undefined, scan: SecretScan): FileClass {
  if (scan === 'clean' || (scan === 'unscanned' && known === 'clean')) return 'clean';
  return 'text';
}

const isUtf16 = (bytes: Uint8Array) =>
  (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
