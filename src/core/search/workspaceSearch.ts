// `lectern_search` over the workspace, a folder or a glob (a file target keeps the single-file
// search of searchFile.ts). Files come from the one workspace walker (.gitignore at every level,
// the editor's exclusion globs, vendored and hidden folders) and are read one at a time (through
// the port's synchronous fast path when it has one, yielding to the host every 15 ms; else a few
// in flight), so memory stays flat; each file's lines match exactly as in the single-file search.
// Files with a NUL byte in their first 8 KB (binary) and files over 4 MB are skipped and counted.
// Files are ranked by how many of their lines match (ties in walk order: folder by folder,
// shallower first, then by name); the answer shows the top files' matches within max_results and
// the token cap, names more files with their counts, counts everything left out, and gives the
// exact follow-up calls. Bounded in time: a search that runs out of time answers with what it
// found and says so. meta.files lists the files in rank order (the session's relevance baseline).
import * as nodePath from 'node:path';
import picomatch from 'picomatch';
import { emptyMeta, LecternError, type ToolResponse } from '../contract';
import type { FileHandle, WorkspaceRoot } from '../ports';
import { callText, formatBytes, formatCount, plural } from '../read/format';
import type { ReadEnv } from '../read/fileRead';
import { LIMITS } from '../settings';
import { decodeUtf16 } from '../text/encoding';
import { compileGlobs, normalizeGlob, walkFiles, yieldToHost, type ListedFile, type SkipReason, type WalkScope } from '../symbols/walk';
import { createTextSearcher, type TextSearcher } from './matcher';
import { excerpt, searchFile, type SearchInput } from './searchFile';

export interface WorkspaceSearchInput {
  /** A file (single-file search), a folder, a glob, or nothing (the whole workspace). */
  target?: string;
  query: string;
  is_regex?: boolean;
  case_sensitive?: boolean;
  include?: string | string[];
  exclude?: string | string[];
  max_results?: number;
  max_matches?: number;
  before?: number;
  after?: number;
}

export const WORKSPACE_SEARCH_LIMITS = {
  defaultResults: 100,
  maxResults: 500,
  /** Larger files are skipped (named in the answer; a file target searches any size). */
  maxFileBytes: 4 * 1024 * 1024,
  /** A search stops after this long and answers with what it found. */
  timeBudgetMs: 10_000,
  /** Files read at the same time by hosts without the synchronous fast path. */
  concurrency: 8,
  /** Each shown file shows at least this many of its matches (when it has them). */
  minPerFile: 3,
  /** Files named with their match counts after the shown ones. */
  listedFiles: 50,
  /** Skipped folders named in the answer. */
  namedSkips: 6,
} as const;

/** One matching line as meta.matches carries it. */
export interface WorkspaceMatch {
  file: string;
  line: number;
  column: number;
  text: string;
}

interface ShownLine {
  line: number;
  text: string;
}

interface KeptMatch extends ShownLine {
  column: number;
  before: ShownLine[];
  after: ShownLine[];
}

interface FileResult {
  display: string;
  /** Walk order, for ties. */
  order: number;
  /** Matching lines. */
  count: number;
  /** Its first matches in line order (trimmed as the file falls in rank). */
  kept: KeptMatch[];
}

interface Scope {
  kind: 'workspace' | 'folder' | 'glob';
  /** How the header names it. */
  label: string;
  scopes: WalkScope[];
  /** Root-relative paths named explicitly per root (default exclusions lifted on the way). */
  explicit: Map<WorkspaceRoot, string[]>;
  /** The target glob, when the target is one. */
  glob?: (path: string) => boolean;
  display: (root: WorkspaceRoot, relative: string) => string;
}

/** `target` is a file: the single-file search. Otherwise the workspace, a folder or a glob. */
export async function search(env: ReadEnv, input: WorkspaceSearchInput, notes: string[] = []): Promise<ToolResponse> {
  // A bad pattern answers before anything is read.
  const searcher = createTextSearcher(input.query, input.is_regex ?? false, input.case_sensitive ?? false);
  if (input.target !== undefined) {
    const file = await fileTarget(env, input.target);
    if (file) {
      const { include, exclude, max_results, ...rest } = input;
      if (include !== undefined || exclude !== undefined) notes.push('include and exclude apply to folder and workspace searches; ignored for a file target.');
      const single: SearchInput = { ...rest, target: input.target, max_matches: rest.max_matches ?? max_results };
      return searchFile(env, single, notes);
    }
  }
  return searchWorkspace(env, input, searcher, await resolveScope(env, input.target), notes);
}

/** True when the target names an existing file (or a path that is neither a folder nor a glob). */
async function fileTarget(env: ReadEnv, target: string): Promise<boolean> {
  const glob = picomatch.scan(target.trim()).isGlob;
  let resolved;
  try {
    resolved = await env.resolver.resolve(target);
  } catch (error) {
    if (glob) return false;
    throw error;
  }
  const stat = await env.host.fs.stat(resolved.absolute);
  if (stat?.kind === 'directory') return false;
  if (stat) return true;
  return !glob; // missing: the single-file search answers NOT_FOUND
}

const toPosix = (p: string) => p.split(nodePath.sep).join('/');

function isWithin(parent: string, child: string): boolean {
  const rel = nodePath.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !nodePath.isAbsolute(rel));
}

async function resolveScope(env: ReadEnv, target: string | undefined): Promise<Scope> {
  const roots = env.host.roots();
  const multi = roots.length > 1;
  const display = (root: WorkspaceRoot, relative: string) => (multi ? `${root.name}/${relative}` : relative);
  if (target === undefined) {
    if (roots.length === 0) throw new LecternError('NO_WORKSPACE', 'No workspace folder is open to search.', 'Open a folder, or pass a file or folder as target (absolute path).');
    return { kind: 'workspace', label: 'the workspace', scopes: roots.map((root) => ({ root, start: '' })), explicit: new Map(), display };
  }
  const clean = target.trim().replace(/^file:\/\//, '');
  if (!picomatch.scan(clean).isGlob) {
    const resolved = await env.resolver.resolve(clean);
    if (resolved.outside && !env.allowOutside) {
      throw new LecternError('OUTSIDE_WORKSPACE', `${resolved.display} is outside the workspace folders.`, 'Search folders inside the workspace; searching outside needs the user\'s approval.');
    }
    const label = `${resolved.display.replace(/\/$/, '')}/`;
    const root = resolved.root && isWithin(resolved.root.path, resolved.absolute) && !resolved.outside ? resolved.root : undefined;
    if (root) {
      const start = toPosix(nodePath.relative(root.path, resolved.absolute));
      return { kind: 'folder', label: start ? label : display(root, '').replace(/\/$/, '') || 'the workspace', scopes: [{ root, start }], explicit: new Map(), display };
    }
    // A folder outside the workspace, approved: its own root, shown with absolute paths.
    const own: WorkspaceRoot = { name: nodePath.basename(resolved.absolute), path: resolved.absolute };
    return { kind: 'folder', label, scopes: [{ root: own, start: '' }], explicit: new Map(), display: (_root, relative) => toPosix(nodePath.join(resolved.absolute, relative)) };
  }
  // A glob: matched against display paths (and root-relative ones); its fixed part is where to walk.
  if (roots.length === 0) throw new LecternError('NO_WORKSPACE', `"${target}" is a glob, but no workspace folder is open.`, 'Open a folder, or pass a folder as target (absolute path).');
  let pattern = clean;
  let only: WorkspaceRoot | undefined;
  if (nodePath.isAbsolute(pattern)) {
    const base = picomatch.scan(pattern).base;
    only = roots.find((r) => isWithin(r.path, base));
    if (!only) throw new LecternError('OUTSIDE_WORKSPACE', `The glob "${target}" is outside the workspace folders.`, 'Use a glob relative to the workspace, e.g. "src/**/*.ts".');
    pattern = `${toPosix(nodePath.relative(only.path, base))}${pattern.slice(base.length)}`.replace(/^\/+/, '');
  }
  pattern = normalizeGlob(pattern);
  const base = picomatch.scan(pattern).base;
  const matcher = picomatch(pattern, { dot: true });
  const scopes: WalkScope[] = [];
  const explicit = new Map<WorkspaceRoot, string[]>();
  const [first, ...rest] = base.split('/');
  const named = only ? [] : multi ? roots.filter((r) => r.name === first) : [];
  for (const root of only ? [only] : named.length > 0 ? named : roots) {
    const start = named.length > 0 ? rest.join('/') : base;
    if (start && (await env.host.fs.stat(nodePath.join(root.path, start)))?.kind !== 'directory') continue;
    scopes.push({ root, start });
  }
  return { kind: 'glob', label: target.trim(), scopes, explicit, glob: (p) => matcher(p), display };
}

/** Globs from a string ("a/**, *.ts", commas outside braces) or a list. */
export function globList(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  const out: string[] = [];
  for (const item of Array.isArray(value) ? value : [value]) {
    let depth = 0;
    let start = 0;
    for (let i = 0; i <= item.length; i++) {
      const c = item[i];
      if (c === '{') depth++;
      else if (c === '}') depth = Math.max(0, depth - 1);
      else if (i === item.length || (c === ',' && depth === 0)) {
        const glob = item.slice(start, i).trim();
        if (glob) out.push(glob);
        start = i + 1;
      }
    }
  }
  return out;
}

/** A glob also matches what lies under a folder it matches ("src" → everything in src). */
function pathMatcher(globs: string[]): ((path: string) => boolean) | undefined {
  if (globs.length === 0) return undefined;
  const patterns = globs.map(normalizeGlob).filter((g) => g.length > 0);
  return compileGlobs([...patterns, ...patterns.map((g) => `${g}/**`)]);
}

const LENIENT = new TextDecoder('utf-8', { ignoreBOM: true });
const HEAD_BYTES = 64 * 1024;
/** The sync fast path yields to the host's event loop this often. */
const SLICE_MS = 15;

type Raw = { bytes: Uint8Array } | { size: number } | { unreadable: true } | { text: string };
type Loaded = { text: string } | Haystack | { skip: 'binary' | 'large' | 'unreadable'; size?: number } | { nomatch: true };

/** Reads `handle` from `position` until `length` bytes or the end. */
async function readFully(handle: FileHandle, buffer: Uint8Array, offset: number, length: number, position: number): Promise<number> {
  let filled = 0;
  while (filled < length) {
    const n = await handle.read(buffer, offset + filled, length - filled, position + filled);
    if (n === 0) break;
    filled += n;
  }
  return filled;
}

const LATIN1 = new TextDecoder('latin1');

/** The bytes from `base` as one character per byte (Node's Buffer does this several times faster). */
function latin1(bytes: Uint8Array, base: number): string {
  if (typeof Buffer !== 'undefined' && Buffer.isBuffer(bytes)) return bytes.toString('latin1', base);
  // windows-1252 in the Encoding standard: bytes 0x80-0x9F become other non-ASCII characters, still one per byte.
  return LATIN1.decode(bytes.subarray(base));
}

const byteSearch = new WeakMap<object, boolean>();

/** Whether buffers like `bytes` find a byte sequence natively (Node's Buffer does; a plain Uint8Array does not). */
function searchesBytes(bytes: Uint8Array): boolean {
  const kind = bytes.constructor as unknown as { from(values: number[]): Uint8Array };
  let known = byteSearch.get(kind);
  if (known === undefined) {
    const probe = kind.from([7, 1, 2, 7]) as unknown as { indexOf(value: Uint8Array): number };
    known = probe.indexOf(new Uint8Array([1, 2])) === 1;
    byteSearch.set(kind, known);
  }
  return known;
}

/**
 * A file's bytes as text to search, or why not: binary (a NUL byte in its first 8 KB, as git and
 * grep judge it; UTF-16 with a byte-order mark is decoded), or a plain query its bytes do not hold.
 */
function examine(raw: Raw, searcher: TextSearcher): Loaded {
  if ('text' in raw) return raw;
  if ('unreadable' in raw) return { skip: 'unreadable' };
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
  // Text every match holds, missing from the bytes: no need to decode them.
  const needles = searcher.needles;
  if (needles && searchesBytes(bytes) && needles.some((n) => (bytes as unknown as { indexOf(value: Uint8Array, from: number): number }).indexOf(n, base) === -1)) return { nomatch: true };
  if (searcher.ascii) return byteHaystack(latin1(bytes, base), bytes, base);
  // Bytes that are not UTF-8 decode to U+FFFD, as in the editor.
  return { text: LENIENT.decode(bytes.subarray(base)) };
}

/** Reads a file through the port's async handles (hosts without the sync fast path). */
async function readAsync(host: ReadEnv['host'], absolute: string, maxBytes: number): Promise<Raw> {
  let handle: FileHandle;
  try {
    handle = await host.fs.open(absolute);
  } catch {
    return { unreadable: true };
  }
  try {
    const head = handle.allocate ? handle.allocate(HEAD_BYTES) : new Uint8Array(HEAD_BYTES);
    const n = await readFully(handle, head, 0, head.length, 0);
    if (n < head.length) return { bytes: head.subarray(0, n) };
    const size = (await host.fs.stat(absolute))?.size ?? n;
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

class Ranking {
  readonly files: FileResult[] = [];

  constructor(
    private readonly maxResults: number,
    private readonly capacity: number,
  ) {}

  /** Most matches first; ties in walk order. */
  private before(a: FileResult, b: FileResult): boolean {
    return a.count > b.count || (a.count === b.count && a.order < b.order);
  }

  /** Matches a file at this 0-based rank can still show. */
  private keep(rank: number): number {
    return rank >= this.maxResults ? 0 : Math.max(Math.ceil(this.maxResults / (rank + 1)), WORKSPACE_SEARCH_LIMITS.minPerFile);
  }

  /** Inserts a file by rank; answers how many of its matches it may keep there (0: none, or left out). */
  add(file: FileResult): number {
    let lo = 0;
    let hi = this.files.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.before(this.files[mid]!, file)) lo = mid + 1;
      else hi = mid;
    }
    if (lo >= this.capacity) return 0;
    this.files.splice(lo, 0, file);
    if (this.files.length > this.capacity) this.files.pop();
    // Everything below moved one rank down: what it can still show shrinks.
    for (let rank = lo + 1; rank < Math.min(this.files.length, this.maxResults + 1); rank++) {
      const f = this.files[rank]!;
      const keep = this.keep(rank);
      if (f.kept.length > keep) f.kept.length = keep;
    }
    return this.keep(lo);
  }
}

/**
 * What a file's lines are searched in: its text, or (plain ASCII queries) its bytes read as Latin-1,
 * one character per byte, so nothing is decoded but the lines that are shown.
 */
export interface Haystack {
  hay: string;
  /** Line [start, stop) of `hay` as text, without its CR. */
  line(start: number, stop: number): string;
  /** Column (UTF-16 units) of `hay` position `at` in the line starting at `start`. */
  column(start: number, at: number): number;
}

const stripCr = (hay: string, start: number, stop: number) => (stop > start && hay.charCodeAt(stop - 1) === 13 ? stop - 1 : stop);

export function textHaystack(text: string): Haystack {
  return { hay: text, line: (start, stop) => text.slice(start, stripCr(text, start, stop)), column: (start, at) => at - start };
}

/** `hay` is `bytes` (from `base`) as Latin-1; lines are decoded from the bytes when shown. */
function byteHaystack(hay: string, bytes: Uint8Array, base: number): Haystack {
  return {
    hay,
    line: (start, stop) => LENIENT.decode(bytes.subarray(base + start, base + stripCr(hay, start, stop))),
    column: (start, at) => LENIENT.decode(bytes.subarray(base + start, base + at)).length,
  };
}

/** A matching line found by scanText: where it is, not yet its text. */
export interface Hit {
  line: number;
  start: number;
  stop: number;
  /** Position of the match in `hay` (plain queries), or its column in the line (regular expressions). */
  at: number;
  column?: number;
}

/** The lines of one file that match: how many, and where the first `keep` of them are. */
export function scanText(source: Haystack, searcher: TextSearcher, keep: number): { count: number; hits: Hit[]; firstOmitted: number | null } {
  const text = source.hay;
  const hits: Hit[] = [];
  let count = 0;
  let firstOmitted: number | null = null;
  if (text.length === 0 || !searcher.mayMatch(text)) return { count, hits, firstOmitted };
  const end = text.endsWith('\n') ? text.length - 1 : text.length;
  let lineNumber = 1;
  let counted = 0; // start of line `lineNumber`
  const record = (start: number, stop: number, at: number, column?: number) => {
    // Number the line: count the line breaks since the last one numbered.
    while (counted < start) {
      const nl = text.indexOf('\n', counted);
      if (nl === -1 || nl >= start) break;
      lineNumber++;
      counted = nl + 1;
    }
    count++;
    if (hits.length < keep) hits.push({ line: lineNumber, start, stop, at, column });
    else firstOmitted ??= lineNumber;
  };
  if (searcher.next) {
    for (let from = 0; from <= end; ) {
      const at = searcher.next(text, from);
      if (at === -1 || at > end) break;
      const start = at > 0 ? text.lastIndexOf('\n', at - 1) + 1 : 0;
      let stop = text.indexOf('\n', at);
      if (stop === -1) stop = text.length;
      record(start, stop, at);
      from = stop + 1;
    }
  } else if (searcher.candidate) {
    // Only the lines holding the literal text every match holds are tested.
    for (let from = 0; from <= end; ) {
      const at = searcher.candidate(text, from);
      if (at === -1 || at > end) break;
      const start = at > 0 ? text.lastIndexOf('\n', at - 1) + 1 : 0;
      let stop = text.indexOf('\n', at);
      if (stop === -1) stop = text.length;
      const column = searcher.line.firstMatch(source.line(start, stop));
      if (column !== -1) record(start, stop, start, column);
      from = stop + 1;
    }
  } else {
    for (let start = 0; start <= end; ) {
      let stop = text.indexOf('\n', start);
      if (stop === -1) stop = text.length;
      const column = searcher.line.firstMatch(source.line(start, stop));
      if (column !== -1) record(start, stop, start, column);
      start = stop + 1;
    }
  }
  return { count, hits, firstOmitted };
}

/** The text and context of the hits a file keeps. */
function materialize(source: Haystack, hits: Hit[], before: number, after: number): KeptMatch[] {
  const end = source.hay.endsWith('\n') ? source.hay.length - 1 : source.hay.length;
  return hits.map((hit) => {
    const column = hit.column ?? source.column(hit.start, hit.at);
    return {
      line: hit.line,
      column: column + 1,
      text: excerpt(source.line(hit.start, hit.stop), column),
      before: contextBefore(source, hit.start, hit.line, before),
      after: contextAfter(source, hit.stop, end, hit.line, after),
    };
  });
}

function contextBefore(source: Haystack, start: number, lineNumber: number, count: number): ShownLine[] {
  const lines: ShownLine[] = [];
  let at = start;
  for (let k = 1; k <= count && at > 0; k++) {
    const prev = at >= 2 ? source.hay.lastIndexOf('\n', at - 2) + 1 : 0;
    lines.unshift({ line: lineNumber - k, text: excerpt(source.line(prev, at - 1), 0) });
    at = prev;
  }
  return lines;
}

function contextAfter(source: Haystack, stop: number, end: number, lineNumber: number, count: number): ShownLine[] {
  const lines: ShownLine[] = [];
  let at = stop;
  for (let k = 1; k <= count && at < end; k++) {
    const next = at + 1;
    let nextStop = source.hay.indexOf('\n', next);
    if (nextStop === -1) nextStop = source.hay.length;
    lines.push({ line: lineNumber + k, text: excerpt(source.line(next, nextStop), 0) });
    at = nextStop;
  }
  return lines;
}

async function searchWorkspace(env: ReadEnv, input: WorkspaceSearchInput, searcher: TextSearcher, scope: Scope, notes: string[]): Promise<ToolResponse> {
  const limits = WORKSPACE_SEARCH_LIMITS;
  const maxResults = Math.min(input.max_results ?? input.max_matches ?? limits.defaultResults, limits.maxResults);
  const before = Math.min(input.before ?? 0, LIMITS.maxSearchContext);
  const after = Math.min(input.after ?? 0, LIMITS.maxSearchContext);
  const includes = globList(input.include);
  const excludes = globList(input.exclude);
  const included = pathMatcher(includes);
  const excluded = pathMatcher(excludes);
  const excludedFolder = compileGlobs(excludes);
  const host = env.host;
  const signal = env.signal;

  // Include globs name folders too: their fixed part is walked even where a default rule would skip it.
  for (const glob of includes) {
    const base = picomatch.scan(normalizeGlob(glob)).base;
    if (!base) continue;
    for (const { root } of scope.scopes) {
      const [first, ...rest] = base.split('/');
      const relative = host.roots().length > 1 && first === root.name ? rest.join('/') : base;
      if (relative) scope.explicit.set(root, [...(scope.explicit.get(root) ?? []), relative]);
    }
  }
  const inScope = (relative: string, root: WorkspaceRoot) => {
    const shown = scope.display(root, relative);
    if (scope.glob && !scope.glob(shown) && !scope.glob(relative)) return false;
    if (included && !included(shown) && !included(relative)) return false;
    return true;
  };

  const skippedFolders: { path: string; reason: SkipReason }[] = [];
  let skippedFolderCount = 0;
  let skippedByRule = 0;
  const walk = walkFiles(host, {
    scopes: scope.scopes,
    accept: (_name, relative, root) => inScope(relative, root),
    exclude: (relative, root, directory) => {
      if (excludes.length === 0) return false;
      const shown = scope.display(root, relative);
      return directory ? !!(excludedFolder?.(shown) || excludedFolder?.(relative)) : !!(excluded?.(shown) || excluded?.(relative));
    },
    excludeGlobs: (root) => host.excludeGlobs?.(root, 'search') ?? [],
    explicit: (root) => scope.explicit.get(root) ?? [],
    signal,
    onSkip: (root, relative, reason, directory) => {
      if (!directory) {
        skippedByRule++;
        return;
      }
      skippedFolderCount++;
      if (skippedFolders.length < limits.namedSkips) skippedFolders.push({ path: scope.display(root, relative), reason });
    },
  });

  const dirty = host.documents?.dirtyPaths ? new Set(host.documents.dirtyPaths()) : undefined;
  const ranking = new Ranking(maxResults, maxResults + limits.listedFiles);
  const started = Date.now();
  let order = 0;
  let searched = 0;
  let totalMatches = 0;
  let matchedFiles = 0;
  let binary = 0;
  let unreadable = 0;
  const large: { path: string; size: number; order: number }[] = [];
  let largeCount = 0;
  let outOfTime = false;
  let failure: unknown;
  const firstOmitted = new Map<FileResult, number>();

  const cancelled = () => new LecternError('CANCELLED', 'The search was cancelled.', 'Call again if you still need it.');
  const raw = (file: ListedFile): Raw | undefined => {
    if (dirty ? dirty.has(file.absolute) : host.documents) {
      const doc = host.documents?.dirty(file.absolute);
      if (doc) return { text: doc.text };
    }
    return undefined;
  };
  const take = (file: ListedFile, fileOrder: number, loaded: Loaded) => {
    if ('skip' in loaded) {
      if (loaded.skip === 'binary') binary++;
      else if (loaded.skip === 'unreadable') unreadable++;
      else {
        largeCount++;
        large.push({ path: scope.display(file.root, file.relative), size: loaded.size ?? 0, order: fileOrder });
        large.sort((a, b) => a.order - b.order);
        if (large.length > 3) large.pop();
      }
      return;
    }
    searched++;
    if ('nomatch' in loaded) return;
    const source = 'hay' in loaded ? loaded : textHaystack(loaded.text);
    const scanned = scanText(source, searcher, maxResults);
    if (scanned.count === 0) return;
    totalMatches += scanned.count;
    matchedFiles++;
    const result: FileResult = { display: scope.display(file.root, file.relative), order: fileOrder, count: scanned.count, kept: [] };
    // Only the lines the file can show at its rank are decoded (the bytes are still there now).
    const keep = ranking.add(result);
    if (keep > 0) result.kept = materialize(source, scanned.hits.slice(0, keep), before, after);
    const omittedFrom = scanned.hits[keep]?.line ?? scanned.firstOmitted;
    if (omittedFrom !== null && omittedFrom !== undefined) firstOmitted.set(result, omittedFrom);
  };
  const readSync = host.fs.readFileSync?.bind(host.fs);

  try {
    if (readSync) {
      // One file at a time, read synchronously (a thread-pool round trip per open, read and close
      // costs more than the read itself), yielding to the host every few milliseconds.
      let slice = Date.now();
      for await (const file of walk) {
        if (signal?.isCancellationRequested) throw cancelled();
        const now = Date.now();
        if (now - started > limits.timeBudgetMs) {
          outOfTime = true;
          break;
        }
        let bytes = raw(file);
        if (!bytes) {
          try {
            bytes = readSync(file.absolute, limits.maxFileBytes);
          } catch {
            bytes = { unreadable: true };
          }
        }
        take(file, order++, examine(bytes, searcher));
        if (now - slice > SLICE_MS) {
          await yieldToHost();
          slice = Date.now();
        }
      }
    } else {
      // A few files in flight through the port's async handles.
      const worker = async () => {
        for (;;) {
          if (failure !== undefined || outOfTime) return;
          if (signal?.isCancellationRequested) {
            failure ??= cancelled();
            return;
          }
          if (Date.now() - started > limits.timeBudgetMs) {
            outOfTime = true;
            return;
          }
          const next = await walk.next();
          if (next.done) return;
          const fileOrder = order++;
          take(next.value, fileOrder, examine(raw(next.value) ?? (await readAsync(host, next.value.absolute, limits.maxFileBytes)), searcher));
        }
      };
      await Promise.all(Array.from({ length: limits.concurrency }, () => worker().catch((error: unknown) => void (failure ??= error))));
    }
  } finally {
    await walk.return(undefined).catch(() => undefined);
  }
  if (failure !== undefined) throw failure;
  if (signal?.isCancellationRequested) throw new LecternError('CANCELLED', 'The search was cancelled.', 'Call again if you still need it.');

  return render(env, input, scope, {
    ranking: ranking.files,
    firstOmitted,
    maxResults,
    totalMatches,
    matchedFiles,
    searched,
    binary,
    unreadable,
    large,
    largeCount,
    skippedFolders,
    skippedFolderCount,
    skippedByRule,
    outOfTime,
    elapsedMs: Date.now() - started,
    includes,
    excludes,
    notes,
  });
}

interface Outcome {
  ranking: FileResult[];
  firstOmitted: Map<FileResult, number>;
  maxResults: number;
  totalMatches: number;
  matchedFiles: number;
  searched: number;
  binary: number;
  unreadable: number;
  large: { path: string; size: number }[];
  largeCount: number;
  skippedFolders: { path: string; reason: SkipReason }[];
  skippedFolderCount: number;
  skippedByRule: number;
  outOfTime: boolean;
  elapsedMs: number;
  includes: string[];
  excludes: string[];
  notes: string[];
}

/** How many matches each ranked file shows: as many as fit max_results evenly, at least minPerFile each while they last. */
function allocate(files: FileResult[], maxResults: number): number[] {
  const fits = (cap: number) => files.reduce((sum, f) => sum + Math.min(f.count, cap), 0) <= maxResults;
  let cap = 0;
  for (let lo = 1, hi = maxResults; lo <= hi; ) {
    const mid = (lo + hi) >> 1;
    if (fits(mid)) {
      cap = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  const even = cap >= WORKSPACE_SEARCH_LIMITS.minPerFile;
  if (!even) cap = WORKSPACE_SEARCH_LIMITS.minPerFile;
  const shares: number[] = [];
  let left = maxResults;
  for (const f of files) {
    const share = Math.min(f.count, cap, left, f.kept.length);
    if (share <= 0) break;
    shares.push(share);
    left -= share;
  }
  // What an even share leaves over goes, one line each, to the top files that have more.
  for (let i = 0; even && left > 0 && i < shares.length; i++) {
    const f = files[i]!;
    if (shares[i]! < Math.min(f.count, f.kept.length)) {
      shares[i]!++;
      left--;
    }
  }
  return shares;
}

function renderFile(file: FileResult, share: number, firstOmitted: number | null, followUp: string | null): string {
  const limit = share < file.kept.length ? file.kept[share]!.line : (firstOmitted ?? Infinity);
  const shown = file.kept.slice(0, share);
  const matchLines = new Set(shown.map((m) => m.line));
  const lines = new Map<number, string>();
  for (const m of shown) {
    for (const c of [...m.before, ...m.after]) if (c.line < limit && !matchLines.has(c.line) && !lines.has(c.line)) lines.set(c.line, `${c.line}-\t${c.text}`);
    lines.set(m.line, `${m.line}:\t${m.text}`);
  }
  const numbers = [...lines.keys()].sort((a, b) => a - b);
  const out = [`${file.display} · ${plural(file.count, 'match', 'matches')}${share < file.count ? ` (showing ${formatCount(share)})` : ''}`];
  numbers.forEach((n, i) => {
    if (i > 0 && n > numbers[i - 1]! + 1) out.push('--');
    out.push(lines.get(n)!);
  });
  if (share < file.count && followUp) out.push(`[${plural(file.count - share, 'more match', 'more matches')} in this file: ${followUp}]`);
  return out.join('\n');
}

function render(env: ReadEnv, input: WorkspaceSearchInput, scope: Scope, o: Outcome): ToolResponse {
  const query = input.is_regex ? `/${input.query}/` : JSON.stringify(input.query);
  const flags: Record<string, unknown> = {};
  if (input.is_regex) flags.is_regex = true;
  if (input.case_sensitive) flags.case_sensitive = true;
  const fileCall = (display: string) => callText('lectern_search', { target: display, query: input.query, ...flags });

  const shares = allocate(o.ranking, o.maxResults);
  const footer: string[] = o.notes.map((n) => `[${n}]`);
  // What the answer says whatever it shows.
  const fixed: string[] = [];
  if (o.outOfTime) {
    fixed.push(`[Stopped after ${formatCount(Math.round(o.elapsedMs / 1000))} s with ${plural(o.searched, 'file')} searched: files later in the walk were not searched, so counts are lower bounds. Narrow with target or include.]`);
  }
  const skips: string[] = [];
  if (o.binary > 0) skips.push(plural(o.binary, 'binary file'));
  if (o.largeCount > 0) {
    skips.push(
      `${plural(o.largeCount, 'file')} over ${formatBytes(WORKSPACE_SEARCH_LIMITS.maxFileBytes)} (${o.large.map((l) => `${l.path}, ${formatBytes(l.size)}`).join('; ')}${o.largeCount > o.large.length ? '; …' : ''}: search one with it as target)`,
    );
  }
  if (o.unreadable > 0) skips.push(plural(o.unreadable, 'unreadable file'));
  if (skips.length > 0) fixed.push(`[Skipped: ${skips.join('; ')}.]`);
  if (o.skippedFolderCount > 0) {
    const byReason = new Map<SkipReason, string[]>();
    for (const s of o.skippedFolders) byReason.set(s.reason, [...(byReason.get(s.reason) ?? []), s.path]);
    const named = [...byReason].map(([reason, paths]) => `${paths.join(', ')} (${reason})`).join('; ');
    const rest = o.skippedFolderCount - o.skippedFolders.length;
    fixed.push(`[Folders not searched: ${named}${rest > 0 ? `, and ${formatCount(rest)} more` : ''}. To search one, pass it as target or in include.]`);
  }
  // Within the token cap: whole file groups in rank order, at least one. The header, the counts
  // and the follow-up call take about 250 tokens.
  const groups: string[] = [];
  let tokens = 250 + env.countTokens([...footer, ...fixed].join('\n'));
  let tokenCut = false;
  for (let i = 0; i < shares.length; i++) {
    const file = o.ranking[i]!;
    const text = renderFile(file, shares[i]!, o.firstOmitted.get(file) ?? null, fileCall(file.display));
    const cost = env.countTokens(text) + 1;
    if (tokens + cost > env.tokenCap && groups.length > 0) {
      tokenCut = true;
      break;
    }
    tokens += cost;
    groups.push(text);
  }
  const shownFiles = o.ranking.slice(0, groups.length);
  const shownMatches = shares.slice(0, groups.length).reduce((a, b) => a + b, 0);
  const matches: WorkspaceMatch[] = shownFiles.flatMap((f, i) => f.kept.slice(0, shares[i]).map((m) => ({ file: f.display, line: m.line, column: m.column, text: m.text })));

  // More files, named with their counts, as far as the cap allows.
  const listed: FileResult[] = [];
  const more = o.ranking.slice(groups.length);
  if (more.length > 0) {
    let line = '';
    for (const f of more) {
      const piece = `${f.display} (${formatCount(f.count)})`;
      const cost = env.countTokens(piece) + 1;
      if (tokens + cost > env.tokenCap) break;
      tokens += cost;
      listed.push(f);
      line += (line ? ', ' : '') + piece;
    }
    const unnamed = o.matchedFiles - shownFiles.length - listed.length;
    if (listed.length > 0) footer.push(`[More files with matches: ${line}${unnamed > 0 ? `, and ${plural(unnamed, 'more file')}` : ''}.]`);
  }
  const omitted = o.totalMatches - shownMatches;
  if (omitted > 0) {
    const files = o.matchedFiles - shownFiles.length;
    footer.push(
      `[${plural(omitted, 'more match', 'more matches')}${files > 0 ? ` (${plural(files, 'more file')})` : ''} not shown${tokenCut ? ` (token cap of ${formatCount(env.tokenCap)} tokens)` : ''}. ` +
        `Raise max_results (up to ${WORKSPACE_SEARCH_LIMITS.maxResults}), narrow with target, include or exclude, or search one file with target.]`,
    );
  }
  footer.push(...fixed);
  const first = matches[0];
  if (first) {
    footer.push(`[Read around the first match: ${callText('lectern_read', { mode: 'file', target: first.file, start_line: Math.max(1, first.line - 20), end_line: first.line + 40 })}]`);
  } else if (o.totalMatches === 0) {
    footer.push(input.is_regex ? '[No line matches. Check the pattern, try case_sensitive false, or a wider target.]' : '[No line matches. Try fewer words, a different spelling, is_regex with an alternation, or a wider target.]');
  }

  const filters = [o.includes.length > 0 ? `include ${o.includes.map((g) => JSON.stringify(g)).join(', ')}` : '', o.excludes.length > 0 ? `exclude ${o.excludes.map((g) => JSON.stringify(g)).join(', ')}` : '']
    .filter(Boolean)
    .join('; ');
  const where = `in ${scope.label}${filters ? ` (${filters})` : ''}`;
  const searchedText = `${plural(o.searched, 'file')} searched`;
  const header =
    o.totalMatches === 0
      ? `Search for ${query} ${where} · no matches (${searchedText})`
      : `Search for ${query} ${where} · ${plural(o.totalMatches, 'match', 'matches')} in ${plural(o.matchedFiles, 'file')} (${searchedText})` +
        (omitted > 0 ? ` · showing ${plural(shownMatches, 'match', 'matches')} in ${plural(shownFiles.length, 'file')}` : '');
  const text = [header, groups.join('\n\n'), ...footer].filter((s) => s.length > 0).join('\n');
  const named = [...shownFiles, ...listed];
  const meta = {
    ...emptyMeta(),
    truncated: omitted > 0 || o.outOfTime,
    preview_degraded: tokenCut,
    scope: scope.kind,
    /** Every file the answer names, in rank order: those with matches shown, then those only listed. */
    files: named.map((f) => f.display),
    file_matches: named.map((f) => f.count),
    shown_files: shownFiles.length,
    matches,
    total_matches: o.totalMatches,
    shown_matches: shownMatches,
    total_files: o.matchedFiles,
    files_searched: o.searched,
    skipped: { binary: o.binary, too_large: o.largeCount, unreadable: o.unreadable, folders: o.skippedFolderCount, by_rule: o.skippedByRule },
    complete: !o.outOfTime,
  };
  if (o.notes.length > 0) meta.notes = [...o.notes];
  return {
    ok: true,
    mode: 'search',
    target: input.target ?? null,
    content: matches.map((m) => `${m.file}:${m.line}:${m.text}`).join('\n'),
    text,
    meta,
    location: first ? { file: first.file, line: first.line, end_line: first.line } : null,
  };
}
