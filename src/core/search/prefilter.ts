// What a workspace search can tell about a file without reading it, once an earlier search read its
// current version (ground/fileClasses.ts): binary or too large, as before; a text file with no
// match, when the host's candidate finder (ripgrep) says its bytes do not hold the text every match
// holds. Every other file is read and judged as always, so answers do not change: the finder only
// rules out files whose bytes lack that text, which Lectern's own scan could not match either.
import type { ReadEnv } from '../ground/env';
import type { FileClass } from '../ground/fileClasses';
import type { CandidateQuery, FileVersion, WorkspaceRoot } from '../ground/ports';
import type { ListedFile } from '../ground/walk';
import type { Loaded, Raw } from './loadFile';
import type { TextSearcher } from './matcher';

/** A file counted without reading it. */
export type Known = { skip: 'binary' } | { skip: 'large'; size: number } | { nomatch: true };

/**
 * Text the finder must not be asked for: what Lectern's reading could make match where the bytes
 * do not (redaction writes '*', bytes that are not UTF-8 decode to U+FFFD, a leading byte-order
 * mark is dropped), and what no argument or line holds (NUL, line breaks).
 */
const UNSAFE = /[*\uFFFD\uFEFF\0\r\n]/;

/** A file's version is remembered once it is this old. */
const SETTLED_MS = 2_000;

/** What the candidate finder is asked for `searcher`, or undefined when it cannot rule files out alike. */
export function finderQuery(searcher: TextSearcher): CandidateQuery | undefined {
  const literal = searcher.literal;
  if (!literal || literal.text.length === 0 || UNSAFE.test(literal.text)) return undefined;
  return { literal: literal.text, caseSensitive: literal.caseSensitive };
}

/** Whether a search may count files without reading them: it has learned some, can stat files and has a finder. */
export function canPrefilter(env: ReadEnv, searcher: TextSearcher): boolean {
  const { fileClasses, host } = env;
  return (fileClasses?.size ?? 0) > 0 && host.fs.statSync !== undefined && !!host.candidates && !!finderQuery(searcher);
}

/**
 * What is known of a file without reading it, or undefined: read it. Undefined for every file when
 * the finder cannot be asked or cannot tell. A file the finder names is read; one it does not name
 * is looked up by stat: text of a version read before holds no match; binary or too large, as before.
 */
export async function prefilter(
  env: ReadEnv,
  searcher: TextSearcher,
  files: readonly ListedFile[],
  timeoutMs: number,
): Promise<((file: ListedFile) => Known | undefined) | undefined> {
  const query = finderQuery(searcher);
  const candidates = query ? await findCandidates(env, files, query, timeoutMs) : undefined;
  if (!candidates) return undefined;
  const cache = env.fileClasses!;
  const statSync = env.host.fs.statSync!.bind(env.host.fs);
  return (file) => {
    if (candidates.get(file.root)?.has(file.relative)) return undefined;
    let version: FileVersion | undefined;
    try {
      version = statSync(file.absolute);
    } catch {
      return undefined;
    }
    const kind = version && cache.lookup(file.absolute, version);
    if (kind === 'binary') return { skip: 'binary' };
    if (kind === 'large') return { skip: 'large', size: version!.size };
    if (kind === 'text') return { nomatch: true };
    return undefined;
  };
}

/** The finder's candidates per root, or undefined when it could not tell for every root. */
async function findCandidates(
  env: ReadEnv,
  files: readonly ListedFile[],
  query: CandidateQuery,
  timeoutMs: number,
): Promise<Map<WorkspaceRoot, ReadonlySet<string>> | undefined> {
  const finder = env.host.candidates;
  if (!finder) return undefined;
  const byRoot = new Map<WorkspaceRoot, string[]>();
  for (const file of files) {
    const list = byRoot.get(file.root);
    if (list) list.push(file.relative);
    else byRoot.set(file.root, [file.relative]);
  }
  const out = new Map<WorkspaceRoot, ReadonlySet<string>>();
  const limits = { timeoutMs, signal: env.signal };
  const sets = await Promise.all(
    [...byRoot].map(([root, relatives]) =>
      finder.filesContaining(root.path, relatives, query, limits).catch(() => undefined),
    ),
  );
  for (const [i, root] of [...byRoot.keys()].entries()) {
    const set = sets[i];
    if (!set) return undefined;
    out.set(root, set);
  }
  return out;
}

/** Remembers what reading a file said about its version, for the next search (not unsaved text, nor UTF-16). */
export function learn(env: ReadEnv, path: string, raw: Raw, loaded: Loaded): void {
  const cache = env.fileClasses;
  if (!cache || !('version' in raw) || !raw.version) return;
  let kind: FileClass | undefined;
  if ('skip' in loaded) kind = loaded.skip === 'binary' ? 'binary' : loaded.skip === 'large' ? 'large' : undefined;
  else if ('bytes' in raw && !isUtf16(raw.bytes)) kind = 'text';
  // A version modified moments ago may be modified again within the clock's resolution, keeping
  // its size and time: it is not remembered until it has been still for a while (as git does).
  if (kind && raw.version.mtimeMs < Date.now() - SETTLED_MS) cache.record(path, raw.version, kind);
  else cache.forget(path);
}

const isUtf16 = (bytes: Uint8Array) =>
  (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
