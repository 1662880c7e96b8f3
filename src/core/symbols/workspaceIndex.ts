// The workspace symbol index: built lazily on the first symbol read without a file, kept per file by
// its identity (ground/fileIdentity.ts) or buffer version, refreshed on change, bounded in time. A call
// that runs out of time answers with what is indexed so far and says so; the next call continues.
//
// Where the host offers them, outlines persist between processes (Host.symbolCache: a warm start
// only lists and stats the files) and are parsed in parallel (Host.outlineWorkers). A cold lookup
// of a name parses the files that mention it first, so a symbol that exists is found while the
// rest of the index is still being built. The words a worker counted while it parsed a file go to the
// engine's FileWords, and are cached beside its outline; a map takes those the cache holds for the
// files' current versions (loadStoredWords), so it reads no file for them.
//
// Whole for now (over 400 lines): WorkspaceIndex is one class whose listing, stored outlines,
// pending parses and save queue are the one state every query walks through; it splits (listing,
// persistence, parsing) in a change of its own (issue 37), not while other work is changing it.
import { LecternError } from '../ground/contract';
import { globMatcher } from '../ground/globMatch';
import type { CachedOutline, CachedWords, StoredReadFacts, SymbolCachePort } from '../ground/symbolCachePort';
import type { Host } from '../ground/ports';
import type { FileWords, PackedWords } from '../ground/fileWords';
import { diskVersionKey, identityOf, sameIdentity, type FileIdentity } from '../ground/fileIdentity';
import { openText } from '../read/openText';
import { LANGUAGES } from './languages/index';
import { extractorVersion } from './extractorVersion';
import { flattenSymbols, type FlatSymbol } from './namePath';
import type { SymbolService } from './service';
import type { OutlineSymbol } from '../ground/symbolTypes';
import { hostPacer, yieldToHost, type ListedFile } from '../ground/walk';
import { filterPaced } from '../ground/paced';
import type { WalkCache } from '../ground/walkCache';
import { listIndexable, scopeWalks, type Listing, type Unlisted } from './indexListing';

export const INDEX_LIMITS = {
  /** Files listed from the workspace, or from a folder or glob's folder when the workspace has more. */
  maxFiles: 50_000,
  /** How long a listing past `maxFiles` goes on counting the files it left out (by folder, for the answer). */
  countMs: 2_000,
  /** Larger files are left out of the index (a file-scoped read still parses them). */
  maxFileBytes: 2 * 1024 * 1024,
  /** How long one call may spend indexing. */
  budgetMs: 8_000,
  /**
   * A listing older than this is refreshed where a watcher reports files created, deleted and
   * renamed (it invalidates the listing too). Without one, every query lists again: through the
   * engine's finished walks, that is a stat of each folder while none changed.
   */
  listingTtlMs: 15_000,
  /** Fewer files to parse than this are parsed on the calling thread: starting workers costs more. */
  parallelFrom: 48,
  /** Share of the budget a cold lookup may spend looking for the files that mention the name. */
  scanShare: 0.4,
};

export interface IndexedFile {
  display: string;
  absolute: string;
  versionKey: string;
  symbols: FlatSymbol[];
}

export interface IndexQuery {
  files: IndexedFile[];
  /** Files in scope, and how many of them are indexed now. */
  total: number;
  indexed: number;
  complete: boolean;
  /** The scope has more source files than the index lists: `unlisted` says where. */
  listingTruncated: boolean;
  unlisted?: Unlisted;
  /** Source files in scope this call could not index: their declarations are not in `files`. */
  unindexed: Unindexed[];
}

/** A listed source file left out of a query's answer: too large for the index, or its parse ran out of time. */
interface Unindexed {
  display: string;
  why: 'size' | 'time';
}

const EXTENSIONS = new Set(LANGUAGES.flatMap((l) => l.extensions));
const isSource = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 && EXTENSIONS.has(name.slice(dot + 1).toLowerCase());
};

/** Files whose version is checked at once (stat calls in flight). */
const STAT_BATCH = 32;
/** Scopes whose own listings are kept (the oldest goes first). */
const SCOPED_LISTINGS = 16;
/** How long the index checks files synchronously before it lets the host run. */
const SLICE_MS = 15;

interface Pending {
  file: ListedFile;
  identity: FileIdentity;
}

/** Where one query's parses go: the entries found, the files left out, and when to stop. */
interface Parsing {
  found: Map<string, IndexedFile>;
  overBudget: () => boolean;
  leftOut: (file: ListedFile, why: Unindexed['why']) => void;
  total: number;
}

export class WorkspaceIndex {
  private readonly entries = new Map<string, IndexedFile>();
  private listing: (Listing & { at: number }) | undefined;
  /** Listings of one scope's folders, made when the workspace has more files than the index lists. */
  private scoped = new Map<string, Listing & { at: number }>();
  /** Outlines from the persistent cache not yet taken into `entries`. */
  private stored: Map<string, CachedOutline> | undefined;
  private storedLoad: Promise<void> | undefined;
  /** Paths the persistent cache holds an outline for. */
  private readonly persisted = new Set<string>();
  /** Outlines to write to the persistent cache (null: remove). */
  private readonly unsaved = new Map<string, CachedOutline | null>();

  constructor(
    private readonly host: Host,
    private readonly symbols: SymbolService,
    /** Where the words of each file version go (the engine's, which the map reads). */
    private readonly words?: FileWords,
    /** The engine's finished walks: a listing renewed while no folder changed replays the last one. */
    private readonly walks?: WalkCache,
    /** The persistent cache (the engine's writes behind the answers; default the host's). */
    private readonly cache: SymbolCachePort | undefined = host.symbolCache,
    private readonly now: () => number = Date.now,
  ) {}

  /** A file appeared or went away: list the workspace again on the next query. */
  invalidate(absolute: string | null): void {
    if (absolute !== null) this.entries.delete(absolute);
    this.listing = undefined;
    this.scoped = new Map();
  }

  /** A file's content changed: parse it again on its next use. */
  changed(absolute: string): void {
    this.entries.delete(absolute);
  }

  /**
   * `query` for an answer that says whether a name is declared (`declares` of the files found). Where a
   * watcher keeps the listing, its report of a file created or renamed a moment ago may not have
   * arrived yet: before the answer is no, the workspace is listed again.
   */
  async queryDeclaring(
    scope: string | undefined,
    wanted: string,
    declares: (files: readonly IndexedFile[]) => boolean,
    onProgress?: (done: number, total: number) => void,
    signal?: { isCancellationRequested: boolean },
  ): Promise<IndexQuery> {
    const result = await this.query(scope, onProgress, signal, wanted);
    if (!this.host.watchesFiles || declares(result.files)) return result;
    this.invalidate(null);
    return this.query(scope, onProgress, signal, wanted);
  }

  /**
   * The indexed files in scope. `wanted` (a symbol's last name) makes a cold index parse the files
   * that mention it first.
   */
  async query(
    scope: string | undefined,
    onProgress?: (done: number, total: number) => void,
    signal?: { isCancellationRequested: boolean },
    wanted?: string,
  ): Promise<IndexQuery> {
    const started = this.now();
    const overBudget = () => signal?.isCancellationRequested === true || this.now() - started > INDEX_LIMITS.budgetMs;
    const listing = await this.listingFor(scope, started);
    await this.loadStored();
    const inScope = this.scopeFilter(scope);
    // The listing may hold tens of thousands of files (a glob scope tests each): the host gets turns meanwhile.
    const files = await filterPaced(listing.files, inScope, hostPacer(SLICE_MS));
    // Nothing indexed, nothing cached: the workers will be needed, so they start while the files are checked.
    if (this.entries.size === 0 && this.stored?.size === 0 && files.length >= INDEX_LIMITS.parallelFrom)
      this.prepareWorkers(files);
    const found = new Map<string, IndexedFile>();
    const unindexed: Unindexed[] = [];
    const leftOut = (file: ListedFile, why: Unindexed['why']) => unindexed.push({ display: this.display(file), why });
    let pending: Pending[] = [];
    let complete = true;
    // Files are checked a few at a time: their stats overlap (a warm start is mostly stats), or run
    // synchronously where the host can (several times faster), with the host given a turn every few milliseconds.
    let slice = this.now();
    for (let i = 0; i < files.length; i += STAT_BATCH) {
      if (overBudget()) {
        complete = false;
        break;
      }
      if (this.now() - slice > SLICE_MS) {
        await yieldToHost();
        slice = this.now();
      }
      const batch = await Promise.all(files.slice(i, i + STAT_BATCH).map((file) => this.known(file)));
      for (const known of batch) {
        if (known === undefined) continue;
        if ('tooLarge' in known) leftOut(known.tooLarge, 'size');
        else if ('symbols' in known) found.set(known.absolute, known);
        else pending.push(known);
      }
      if (onProgress && i % 512 === 0) onProgress(found.size, files.length);
    }
    if (complete && pending.length > 0) {
      // Workers start (and load their grammars) while this thread looks for the files that mention the name.
      if (pending.length >= INDEX_LIMITS.parallelFrom) this.prepareWorkers(pending.map((p) => p.file));
      if (wanted)
        pending = await this.mentioningFirst(pending, wanted, started + INDEX_LIMITS.budgetMs * INDEX_LIMITS.scanShare);
      const parsing = { found, overBudget, leftOut, total: files.length };
      complete = await this.parse(pending, parsing, onProgress, signal);
    }
    if (!complete) {
      // Still answer from what earlier calls indexed.
      for (const file of files) {
        const entry = this.entries.get(file.absolute);
        if (entry && !found.has(file.absolute)) found.set(file.absolute, entry);
      }
    }
    await this.saveStored();
    const out = files.map((f) => found.get(f.absolute)).filter((e): e is IndexedFile => e !== undefined);
    const answered = new Set(out.map((f) => f.display));
    return {
      files: out,
      total: files.length,
      indexed: out.length,
      complete,
      listingTruncated: listing.truncated,
      ...(listing.unlisted ? { unlisted: listing.unlisted } : {}),
      // A file an earlier call indexed answers from that version (above), not as left out.
      unindexed: unindexed.filter((u) => !answered.has(u.display)),
    };
  }

  /** The workspace's listing; past the cap, the scope's own when it names a folder (or a glob's folder). */
  private async listingFor(scope: string | undefined, started: number): Promise<Listing> {
    // Without a watcher, a file created or renamed since the last listing would be missing from it:
    // a name declared only there answered "not declared".
    const fresh = (l: { at: number } | undefined) =>
      l !== undefined && this.host.watchesFiles === true && started - l.at <= INDEX_LIMITS.listingTtlMs;
    // A local: a watcher may invalidate this.listing while this query awaits.
    let listing = this.listing;
    if (!fresh(listing)) {
      const listed = await listIndexable(
        this.host,
        this.host.roots().map((root) => ({ root, start: '' })),
        isSource,
        INDEX_LIMITS,
        this.walks,
        this.now,
        listing,
      );
      listing = this.listing = { ...listed, at: this.now() };
    }
    if (!listing!.truncated || !scope) return listing!;
    const known = this.scoped.get(scope);
    if (fresh(known)) return known!;
    const walks = await scopeWalks(this.host, scope);
    if (!walks) return listing!;
    const scoped = {
      ...(await listIndexable(this.host, walks, isSource, INDEX_LIMITS, this.walks, this.now, known)),
      at: this.now(),
    };
    if (this.scoped.size >= SCOPED_LISTINGS) this.scoped.delete(this.scoped.keys().next().value!);
    this.scoped.set(scope, scoped);
    return scoped;
  }

  /** Starts the workers once (a sample of the files tells which grammars to load); later calls find them running. */
  private prepareWorkers(files: readonly ListedFile[]): void {
    if (this.workersPrepared) return;
    this.workersPrepared = true;
    this.host.outlineWorkers?.prepare?.(files.slice(0, 256).map((f) => f.absolute));
  }
  private workersPrepared = false;

  private scopeFilter(scope: string | undefined): (file: ListedFile) => boolean {
    if (!scope) return () => true;
    const roots = this.host.roots();
    const clean = scope.replace(/^\.\//, '').replace(/\/+$/, '');
    const multi = roots.length > 1;
    const shown = (f: ListedFile) => (multi ? `${f.root.name}/${f.relative}` : f.relative);
    if (/[*?[\]{}]/.test(clean)) {
      const match = scopeGlob(clean);
      return (f) => match(shown(f)) || match(f.relative) || match(f.absolute);
    }
    return (f) => {
      for (const candidate of [shown(f), f.relative, f.absolute]) {
        if (candidate === clean || candidate.startsWith(`${clean}/`)) return true;
      }
      return false;
    };
  }

  private display(file: ListedFile): string {
    return this.host.roots().length > 1 ? `${file.root.name}/${file.relative}` : file.relative;
  }

  private async loadStored(): Promise<void> {
    const cache = this.cache;
    if (!cache) return;
    this.storedLoad ??= cache.load(extractorVersion()).then(
      (stored) => {
        this.stored = stored;
        for (const path of stored.keys()) this.persisted.add(path);
      },
      () => void (this.stored = new Map()), // an unreadable cache is an empty one
    );
    await this.storedLoad;
  }

  private async saveStored(): Promise<void> {
    if (!this.cache || this.unsaved.size === 0) return;
    const changes = new Map(this.unsaved);
    this.unsaved.clear();
    await this.cache.save(extractorVersion(), changes).catch(() => undefined); // a cache that cannot be written costs only time
  }

  private remember(
    file: ListedFile,
    identity: FileIdentity,
    outline: OutlineSymbol[],
    facts: { read?: StoredReadFacts; words?: PackedWords } = {},
  ): IndexedFile {
    const entry: IndexedFile = {
      display: this.display(file),
      absolute: file.absolute,
      versionKey: diskVersionKey(file.absolute, identity),
      symbols: flattenSymbols(outline),
    };
    this.entries.set(file.absolute, entry);
    this.keepWords(entry, facts.words);
    if (this.cache) {
      const { read, words } = facts;
      this.unsaved.set(file.absolute, {
        ...identityOf(identity),
        symbols: outline,
        ...(read ? { read } : {}),
        ...(words ? { words } : {}),
      });
      this.persisted.add(file.absolute);
    }
    return entry;
  }

  /** Words the cache holds not yet taken (loaded on a map's first need). */
  private storedWords: Promise<Map<string, CachedWords>> | undefined;

  /** Gives the engine's FileWords the words the cache holds for `files` at their current versions. */
  async loadStoredWords(files: readonly IndexedFile[]): Promise<void> {
    const cache = this.cache;
    const words = this.words;
    if (!words || !cache?.loadWords) return;
    // After a build in this process the workers gave every file's words: the cache has nothing to add.
    if (files.every((file) => words.get(file.absolute, file.versionKey) !== undefined)) return;
    this.storedWords ??= cache.loadWords(extractorVersion()).catch(() => new Map()); // an unreadable cache is an empty one
    const stored = await this.storedWords;
    for (const file of files) {
      const kept = stored.get(file.absolute);
      if (!kept) continue;
      stored.delete(file.absolute);
      // Words counted from another version (same size and mtime, another change time) are not the file's words now.
      if (file.versionKey === diskVersionKey(file.absolute, identityOf(kept))) this.keepWords(file, kept.words);
    }
  }

  private keepWords(entry: IndexedFile, packed: PackedWords | undefined): void {
    if (packed) this.words?.setPacked(entry.absolute, entry.versionKey, packed);
  }

  private forget(absolute: string): void {
    this.entries.delete(absolute);
    this.stored?.delete(absolute);
    if (this.persisted.delete(absolute)) this.unsaved.set(absolute, null);
  }

  /** The file's entry when it is known at its current version (memory, cache, or an unsaved buffer parsed now); else what to parse. */
  private async known(file: ListedFile): Promise<IndexedFile | Pending | { tooLarge: ListedFile } | undefined> {
    const dirty = this.host.documents?.dirty(file.absolute);
    if (dirty) return this.parseBuffer(file);
    const known = this.entries.get(file.absolute);
    // A host that reports every change (VS Code's watcher) lets a known entry stand without a stat.
    if (known && this.host.watchesFiles && known.versionKey.startsWith('disk:')) return known;
    const stat = this.host.fs.statSync ? this.host.fs.statSync(file.absolute) : await this.host.fs.stat(file.absolute);
    if (!stat || stat.kind !== 'file' || stat.size > INDEX_LIMITS.maxFileBytes) {
      this.forget(file.absolute);
      return stat?.kind === 'file' ? { tooLarge: file } : undefined;
    }
    const identity = identityOf(stat);
    const versionKey = diskVersionKey(file.absolute, identity);
    if (known && known.versionKey === versionKey) return known;
    const stored = this.stored?.get(file.absolute);
    if (stored && sameIdentity(identityOf(stored), identity)) {
      this.stored!.delete(file.absolute);
      const entry: IndexedFile = {
        display: this.display(file),
        absolute: file.absolute,
        versionKey,
        symbols: flattenSymbols(stored.symbols),
      };
      this.entries.set(file.absolute, entry);
      return entry;
    }
    return { file, identity };
  }

  /** An unsaved editor buffer: parsed on this thread, never cached on disk. */
  private async parseBuffer(file: ListedFile): Promise<IndexedFile | undefined> {
    const resolved = { absolute: file.absolute, display: this.display(file), root: file.root, outside: false };
    const text = await openText(this.host, resolved).catch(() => undefined);
    if (!text) return undefined;
    try {
      const known = this.entries.get(file.absolute);
      if (known?.versionKey === text.versionKey) return known;
      const outline = await this.symbols.outline(text, file.absolute, resolved.display);
      if (outline.status !== 'ok') return undefined;
      const entry: IndexedFile = {
        display: resolved.display,
        absolute: file.absolute,
        versionKey: text.versionKey,
        symbols: flattenSymbols(outline.symbols),
      };
      this.entries.set(file.absolute, entry);
      return entry;
    } catch {
      return undefined;
    } finally {
      await text.source.close().catch(() => undefined);
    }
  }

  /**
   * The files to parse with those that mention `name` (a whole word) first: a bounded text scan,
   * so a cold lookup parses the files that can define it before the others.
   */
  private async mentioningFirst(pending: Pending[], name: string, deadline: number): Promise<Pending[]> {
    if (pending.length < 2) return pending;
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const word = new RegExp(`(^|[^\\w$])${escaped}($|[^\\w$])`);
    const decoder = new TextDecoder();
    const first: Pending[] = [];
    const rest: Pending[] = [];
    for (let i = 0; i < pending.length; i++) {
      if (this.now() > deadline) {
        rest.push(...pending.slice(i));
        break;
      }
      const item = pending[i]!;
      const bytes = await this.readBytes(item.file.absolute, item.identity.size);
      (bytes && word.test(decoder.decode(bytes)) ? first : rest).push(item);
    }
    return [...first, ...rest];
  }

  private async readBytes(absolute: string, size: number): Promise<Uint8Array | undefined> {
    try {
      if (this.host.fs.readFileSync) {
        const read = this.host.fs.readFileSync(absolute, INDEX_LIMITS.maxFileBytes);
        return 'bytes' in read ? read.bytes : undefined;
      }
      const handle = await this.host.fs.open(absolute);
      try {
        const buffer = new Uint8Array(size);
        const n = await handle.read(buffer, 0, size, 0);
        return buffer.subarray(0, n);
      } finally {
        await handle.close();
      }
    } catch {
      return undefined;
    }
  }

  /** Parses `pending` (in order) into `found`, in parallel where the host can; false when the budget ran out first. */
  private async parse(
    pending: Pending[],
    { found, overBudget, leftOut, total }: Parsing,
    onProgress?: (done: number, total: number) => void,
    signal?: { isCancellationRequested: boolean },
  ): Promise<boolean> {
    const workers = this.host.outlineWorkers;
    if (workers && pending.length >= INDEX_LIMITS.parallelFrom) {
      const byPath = new Map(pending.map((p) => [p.file.absolute, p]));
      let done = 0;
      // The workers' outlines come in batches, taken in without the host's turns unless paced.
      const pace = hostPacer(SLICE_MS);
      try {
        for await (const parsed of workers.outline([...byPath.keys()], INDEX_LIMITS.maxFileBytes, signal)) {
          await pace();
          const item = byPath.get(parsed.absolute);
          if (item) {
            if (parsed.symbols)
              found.set(parsed.absolute, this.remember(item.file, identityOf(parsed), parsed.symbols, parsed));
            else if (parsed.outOfTime) leftOut(item.file, 'time');
            byPath.delete(parsed.absolute);
          }
          if (onProgress && ++done % 200 === 0) onProgress(found.size, total);
          if (overBudget()) return byPath.size === 0;
        }
        return true;
      } catch {
        // The workers failed (could not start, crashed): parse what is left here.
        pending = [...byPath.values()];
      }
    }
    for (let i = 0; i < pending.length; i++) {
      if (overBudget()) return false;
      const entry = await this.parseOne(pending[i]!);
      if (entry === 'time') leftOut(pending[i]!.file, 'time');
      else if (entry) found.set(entry.absolute, entry);
      if (onProgress && i % 200 === 0) onProgress(found.size, total);
    }
    return true;
  }

  /** The workspace folders' real paths (what an opened file's real path is checked against). */
  private realRoots(): Promise<string[]> {
    const roots = this.host.roots();
    const key = roots.map((r) => r.path).join('\0');
    if (this.realRootsKey !== key || !this.realRootsKnown) {
      this.realRootsKey = key;
      this.realRootsKnown = Promise.all(roots.map((r) => this.host.fs.realpath(r.path).catch(() => r.path))).then(
        (real) => [...new Set([...real, ...roots.map((r) => r.path)])],
      );
    }
    return this.realRootsKnown;
  }
  private realRootsKey = '';
  private realRootsKnown: Promise<string[]> | undefined;

  /** The file's entry; 'time' when its parse ran out of time; undefined when it holds nothing to index. */
  private async parseOne({ file, identity }: Pending): Promise<IndexedFile | 'time' | undefined> {
    // Listed by walking the workspace folders; opened through openInside, which checks the file it opened is still inside them.
    const resolved = {
      absolute: file.absolute,
      display: this.display(file),
      root: file.root,
      outside: false,
      realRoots: await this.realRoots(),
    };
    let text;
    try {
      text = await openText(this.host, resolved);
    } catch {
      this.forget(file.absolute);
      return undefined; // binary or unreadable: nothing to index
    }
    try {
      // Kept with the index's other changes, read facts included, rather than written file by file.
      const outline = await this.symbols.outline(text, file.absolute, resolved.display, undefined, undefined, {
        persisted: false,
      });
      if (outline.status === 'timeout') return 'time';
      if (outline.status !== 'ok') return undefined;
      // The version parsed is the one opened (it may have changed since the stat).
      return this.remember(file, text.identity ?? identity, outline.symbols, outline);
    } catch {
      return undefined;
    } finally {
      await text.source.close().catch(() => undefined);
    }
  }
}

/** A map or symbol path glob on the linear-time matcher (as a search's), or INVALID_ARGS saying why not. */
function scopeGlob(glob: string): (path: string) => boolean {
  try {
    return globMatcher(glob);
  } catch (error) {
    throw new LecternError(
      'INVALID_ARGS',
      `The path glob ${JSON.stringify(glob.slice(0, 80))} cannot be compiled: ${(error as Error).message}`,
      'Use a simpler glob such as "src/**/*.ts", or a folder.',
    );
  }
}
