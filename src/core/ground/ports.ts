import type { GitPort } from './gitPort';
import type { BlockRange, EnclosingBlock, OutlineBounds, OutlineSymbol, PackedUses, TextOutline } from './symbolTypes';
import type { TokenCounter } from './tokens';
import type { PackedWords } from './fileWords';

// What the core needs from its host (VS Code, the CLI, tests). Small on purpose.

export type EntryKind = 'file' | 'directory' | 'symlink' | 'other';

export interface EntryStat {
  kind: EntryKind;
  size: number;
  mtimeMs: number;
  /** Device and inode, where the host knows them (a race check compares them with the opened file's). */
  dev?: number;
  ino?: number;
  /** When the inode last changed (content, mode, links, rename), where the host knows it. */
  ctimeMs?: number;
}

/** What fstat says about an opened file: its kind and size, and its identity (device, inode). */
export interface OpenedStat extends EntryStat {
  dev: number;
  ino: number;
}

export interface FileHandle {
  /** fstat of the opened file (not of whatever the path names now). */
  stat(): Promise<OpenedStat>;
  /** The real path of the opened file where the platform tells it (Linux /proc/self/fd); else undefined. */
  realPath?(): Promise<string | undefined>;
  /** Reads up to `length` bytes at file `position` into `buffer` at `offset`; returns how many were read. */
  read(buffer: Uint8Array, offset: number, length: number, position: number): Promise<number>;
  close(): Promise<void>;
  /** A buffer for reads: the host's fastest kind (Node's Buffer searches twice as fast). */
  allocate?(size: number): Uint8Array;
}

export interface FileSystemPort {
  /** Follows symlinks. `undefined` when nothing is there. */
  stat(path: string): Promise<EntryStat | undefined>;
  /** Does not follow symlinks. */
  lstat(path: string): Promise<EntryStat | undefined>;
  realpath(path: string): Promise<string>;
  /**
   * Opens for reading without following a symbolic link at the last component (ELOOP) and without
   * blocking (a FIFO opens at once; reads then fail). Callers open through paths.openInside, which
   * resolves the path, opens it and verifies the opened file.
   */
  open(path: string): Promise<FileHandle>;
  /** Entries of a directory (symlinks reported as 'symlink'); empty when it cannot be read. */
  readdir(path: string): Promise<DirectoryEntry[]>;
  /**
   * Optional fast path for reading many small files (workspace search): the whole file, read
   * synchronously, when it has at most `maxBytes`; else only its size. The bytes may be a view of a
   * buffer the port reuses, valid until the next call. It blocks the thread, so callers yield
   * every few milliseconds. Throws when the file cannot be read.
   */
  readFileSync?(path: string, maxBytes: number): SyncRead;
  /** Optional: readdir, synchronously (the workspace walker's fast path; it yields every few milliseconds). */
  readdirSync?(path: string): DirectoryEntry[];
  /**
   * True when a folder's stat changes whenever an entry is created, deleted or renamed in it (its
   * modification time, as POSIX, Windows and macOS file systems keep it): only then may a resident
   * engine replay a walk while the folders it listed are unchanged (ground/walkCache.ts). A virtual
   * file system that does not promise it leaves this out.
   */
  readonly folderVersions?: boolean;
  /** Optional: stat, synchronously (the symbol index checks thousands of files' versions at once; it yields every few milliseconds). */
  statSync?(path: string): EntryStat | undefined;
  /**
   * Optional: resolves once every change made before the call has reached what the port answers
   * from memory (a watcher's queued events; src/node/watchedStats.ts). A walk awaits it first.
   */
  settle?(): Promise<void>;
}

/**
 * A synchronous read: opened like `open` (no symlink followed at the last component, never
 * blocking); throws when the opened file is not a regular file. `real` is the opened file's real
 * path (verified against its device and inode where the platform cannot tell it directly), or
 * undefined when it could not be verified: the caller then treats the file as outside.
 */
export type SyncRead = ({ bytes: Uint8Array } | { size: number }) & { real?: string; version?: FileVersion };

/** What identifies a version of a file without reading it: what stat says (the opened file's fstat on a read). */
export interface FileVersion {
  size: number;
  mtimeMs: number;
  ino?: number;
  dev?: number;
  /** The inode's change time, where the host tells it: a rewrite that puts the modification time back still changes it. */
  ctimeMs?: number;
  /** A hash of the bytes, from a port that cannot tell the change time or the inode (ground/fileIdentity.ts). */
  contentHash?: string;
}

/** Texts to find with a candidate finder (any of them): each one line, matched as is or with Unicode simple case folding. */
export interface CandidateQuery {
  literals: readonly string[];
  caseSensitive: boolean;
}

/**
 * Another search engine as a candidate finder (ripgrep: src/node/ripgrep.ts): which files under a
 * folder hold a literal text. Lectern reads only those, with its own checks, and serves their lines.
 */
export interface CandidateFinderPort {
  /**
   * Every regular file under `start` (a folder relative to `folder`; '' for `folder` itself) whose
   * bytes hold one of `query.literals` anywhere (every byte searched as text), as paths relative to
   * `folder` with forward slashes. It follows no symbolic link, applies no ignore file, and enters
   * no folder below `start` named in `skipFolders` or starting with a dot (the caller reads the
   * files of those itself). It may name more, never fewer. Undefined when it cannot tell (an error,
   * a file it could not read, out of time, cancelled): the caller then reads every file.
   */
  filesContaining(
    folder: string,
    start: string,
    query: CandidateQuery,
    limits: { skipFolders: readonly string[]; timeoutMs: number; signal?: CancellationSignal },
  ): Promise<ReadonlySet<string> | undefined>;
}

export interface DirectoryEntry {
  name: string;
  kind: EntryKind;
}

/** An editor buffer with unsaved changes. */
export interface DirtyDocument {
  text: string;
  version: number;
  languageId?: string;
}

export interface DocumentsPort {
  /** The unsaved buffer for an absolute path, if one is open and dirty. */
  dirty(path: string): DirtyDocument | undefined;
  /** Absolute paths of every open buffer with unsaved changes (for mode "diff_preview" summaries). */
  dirtyPaths?(): string[];
}

export interface WorkspaceRoot {
  name: string;
  path: string;
}

/** Host cancellation, checked between chunks of work. */
export interface CancellationSignal {
  readonly isCancellationRequested: boolean;
}

/** A file's outline as the symbol index keeps it between processes, valid while the file's identity is (ground/fileIdentity.ts). */
export interface CachedOutline extends FileVersion {
  symbols: OutlineSymbol[];
  /**
   * Present when the outline is a whole one of the file's text as a read sees it (not a worker's, not
   * a large file's top level): what else a symbol read answers from, so it can answer without parsing.
   */
  read?: StoredReadFacts;
  /** The words the file says (the map's reference graph), when they were counted from this version's text: saved, not loaded. */
  words?: PackedWords;
}

/** A file's stored words and the identity of the version they were counted from. */
export interface CachedWords extends FileVersion {
  words: PackedWords;
}

/** What an outline notes besides its symbols, kept so an answer from the cache says the same. */
export interface StoredReadFacts {
  /** The grammar it was parsed with (a `.h` file may be C or C++). */
  grammar: string;
  /** The parse failed in places. */
  parseFailed?: true;
  /** Symbols nested too deep to list. */
  cut?: number;
}

/**
 * Where the symbol index persists (a user cache folder for the CLI, the extension's storage in VS
 * Code). `version` names the extractor: outlines stored under another one are not returned.
 */
export interface SymbolCachePort {
  /** Every stored outline (absolute path → outline), without words. */
  load(version: string): Promise<Map<string, CachedOutline>>;
  /** Every stored file's words (absolute path → words): read only when a map needs them. */
  loadWords?(version: string): Promise<Map<string, CachedWords>>;
  /** One file's stored outline, reading no more than its own shard (a read of one file's symbols). */
  loadFile?(version: string, absolute: string): Promise<CachedOutline | undefined>;
  /** Stores outlines; null removes one. Safe against other processes writing at the same time. */
  save(version: string, changes: ReadonlyMap<string, CachedOutline | null>): Promise<void>;
}

/** One file's outline from the host's parallel parsers; no symbols when it could not be parsed (binary, too large). */
export interface ParsedOutline extends FileVersion {
  absolute: string;
  symbols?: OutlineSymbol[];
  /** The words its text says (`countPackedWords`), for a file of at most WORDS_MAX_FILE_BYTES. */
  words?: PackedWords;
}

/** Parses files on disk in parallel (worker threads), handing each outline over as it is done. */
export interface OutlineWorkersPort {
  outline(files: readonly string[], maxFileBytes: number, signal?: CancellationSignal): AsyncIterable<ParsedOutline>;
  /** Starts the workers and loads the grammars of `files` (a sample) while the caller does other work; outline() then starts at once. */
  prepare?(files: readonly string[]): void;
}

/** A matching line of a text: its number, where it is, and the column of the match. */
export interface LineHit {
  line: number;
  start: number;
  stop: number;
  at: number;
  column?: number;
}

/** The matching lines of one text (as the search's scanText finds them). */
export interface RegexScanResult {
  count: number;
  hits: LineHit[];
  firstOmitted: number | null;
}

/**
 * Regular-expression scans off the host's thread, with a hard time limit. RE2 is linear, but its
 * constant can be huge ((.*a){50}: ~10 µs per character), so a scan the engine predicts to be slow
 * runs here instead of blocking the host.
 */
export interface RegexScanPort {
  /**
   * The lines of `text` that match (the first `keep` located); undefined when it ran out of
   * `timeoutMs` and was stopped. Rejects when the thread cannot run: the caller then scans inline.
   */
  scan(
    query: string,
    caseSensitive: boolean,
    text: string,
    keep: number,
    timeoutMs: number,
  ): Promise<RegexScanResult | undefined>;
  /**
   * Reads one file and scans it on the thread, while the host's thread searches other files (a
   * workspace search hands it large files it has learned); undefined when it ran out of `timeoutMs`.
   * It reads the file system the host's `fs` port reads, unwrapped: a host whose port records or
   * changes reads leaves this out.
   */
  scanFile?(request: FileScanRequest, timeoutMs: number): Promise<FileScanReply | undefined>;
  /**
   * Scans files a workspace search holds in memory, a batch at once, while the host's thread
   * scans others; undefined when it ran out of `timeoutMs`. Offered with scanFile.
   */
  scanKept?(request: KeptScanRequest, timeoutMs: number): Promise<KeptScanReply | undefined>;
  /**
   * Answers those of `requests` the thread has not started (`read: false`, `scanned: false`), and
   * returns them: the caller, with nothing else to do, scans them itself.
   */
  handBack?<R extends FileScanRequest | KeptScanRequest>(requests: readonly R[]): R[];
  /** Stops any running scan and the thread. */
  dispose?(): void;
}

/** One file for RegexScanPort.scanFile: the search's query and limits, and the version the search expects. */
export interface FileScanRequest {
  path: string;
  /** Read no file larger than this. */
  maxBytes: number;
  expected: FileVersion;
  query: string;
  isRegex: boolean;
  caseSensitive: boolean;
  /** Hits located (and numbered) at most. */
  keep: number;
  /** Context lines before and after each shown match. */
  before: number;
  after: number;
}

/**
 * Files for RegexScanPort.scanKept: their texts as a search keeps them (one character per byte,
 * found clean of secrets), and the search's query.
 */
export interface KeptScanRequest {
  texts: string[];
  query: string;
  isRegex: boolean;
  caseSensitive: boolean;
  /** Hits located at most, per file. */
  keep: number;
}

/**
 * What RegexScanPort.scanKept found, per file in the request's order: its matching lines (-1: the
 * regular expression's work on it would pass the inline budget, so the search scans it as it would
 * inline), how many of them are located, and where: start, stop, at and column (-1: none) of each,
 * as findHits gives them, unnumbered. `scanned` false: handed back, not scanned.
 */
export type KeptScanReply =
  | { scanned: false }
  | { scanned: true; counts: Int32Array<ArrayBuffer>; located: Int32Array<ArrayBuffer>; hits: Int32Array<ArrayBuffer> };

/** A shown line of a match's context. */
export interface ShownLine {
  line: number;
  text: string;
}

/** A match as a search shows it: its line, 1-based column, text and context. */
export interface ShownMatch extends ShownLine {
  column: number;
  before: ShownLine[];
  after: ShownLine[];
}

/**
 * What RegexScanPort.scanFile found: `read` false when the file could not be read as the expected
 * version (gone, changed, not a file); else where it really is, and its matching lines: how many,
 * and the first `keep` of them as shown, a field each (a list of numbers or strings crosses to
 * another thread many times faster than as many objects): line, column, text, and (when the
 * request asked for context) the lines before and after.
 */
export type FileScanReply =
  | { read: false }
  | { read: true; real: string | undefined; nomatch: true }
  | ({ read: true; real: string | undefined } & ShownFields);

export interface ShownFields {
  count: number;
  lines: number[];
  columns: number[];
  texts: string[];
  context?: [before: ShownLine[], after: ShownLine[]][];
}

/** One text to outline off the host's thread (see src/core/symbols/textOutline.ts for the fields' meaning). */
export interface OutlineThreadJob {
  grammar: string;
  text: string;
  deadlineMs: number;
  bounds: OutlineBounds;
  members: boolean;
}

export interface OutlineBlockJob {
  grammar: string;
  text: string;
  deadlineMs: number;
  range: BlockRange;
}

/** The uses of `name` at `offsets` (where it stands as a word) in `text` (mode "references"). */
export interface OutlineUsesJob {
  grammar: string;
  text: string;
  name: string;
  offsets: number[];
  deadlineMs: number;
}

/**
 * Outlines of large texts on a thread of their own: parsing 8 MB takes seconds and hundreds of MB
 * of parser memory, which a thread gives back when it ends.
 */
export interface OutlineThreadPort {
  /**
   * The outline; undefined when the parse ran past its deadline or the whole job past `timeoutMs`
   * (the thread is then stopped). Rejects when the thread cannot run: the caller outlines inline.
   */
  outline(job: OutlineThreadJob, timeoutMs: number, signal?: CancellationSignal): Promise<TextOutline | undefined>;
  /** The block around `range` (snippet reads, expand "block"); undefined: none, or out of time. */
  enclosingBlock?(
    job: OutlineBlockJob,
    timeoutMs: number,
    signal?: CancellationSignal,
  ): Promise<EnclosingBlock | undefined>;
  /** The uses of a name in a text; undefined: out of time. Rejects when the thread cannot run: the caller parses inline. */
  uses?(job: OutlineUsesJob, timeoutMs: number, signal?: CancellationSignal): Promise<PackedUses | undefined>;
  dispose?(): void;
}

/** A place where the host's language server says a symbol is used: 1-based line and column (UTF-16). */
export interface ReferenceLocation {
  path: string;
  line: number;
  column: number;
}

export interface Host {
  fs: FileSystemPort;
  documents?: DocumentsPort;
  roots(): readonly WorkspaceRoot[];
  /** Reads a shipped .wasm file (the parser runtime and grammars) by file name. */
  loadWasm?(file: string): Promise<Uint8Array>;
  /** True when the host reports every file change through Lectern.fileChanged/invalidate (a watcher). */
  watchesFiles?: boolean;
  /** The editor's symbols for a file in a language without a grammar here (VS Code's providers). */
  documentSymbols?(path: string): Promise<OutlineSymbol[] | undefined>;
  /**
   * The editor's language server (VS Code: vscode.executeReferenceProvider): every use of the symbol
   * whose name is at this place, or undefined when no server answers. Mode "references" prefers it
   * to its own tree-sitter scan, and says which answered.
   */
  references?(
    path: string,
    line: number,
    column: number,
    signal?: CancellationSignal,
  ): Promise<readonly ReferenceLocation[] | undefined>;
  /** Git repositories, their status and file contents at HEAD and in the index (mode "diff_preview"). */
  git?: GitPort;
  /**
   * The editor's exclusion globs for a workspace folder, relative to it (VS Code: the enabled
   * entries of `files.exclude`, plus `search.exclude` for 'search'). Workspace search skips what
   * they match, as the editor's own search does.
   */
  excludeGlobs?(root: WorkspaceRoot, purpose: 'files' | 'search'): readonly string[];
  /** Where the symbol index persists between processes (optional: without it every process builds it anew). */
  symbolCache?: SymbolCachePort;
  /** Parallel parsing for building the symbol index (optional: without it the index parses on the calling thread). */
  outlineWorkers?: OutlineWorkersPort;
  /** Outlines of large files off the host's thread (src/node/outlineThread.ts); absent: they run inline. */
  outlineThread?: OutlineThreadPort;
  /** Regular-expression scans off the host's thread (src/node/regexRunner.ts); absent: they run inline, checked between lines. */
  regex?: RegexScanPort;
  /** Rules out files of a workspace search that cannot match (ripgrep); absent: the search reads every file. */
  candidates?: CandidateFinderPort;
  /**
   * The token counter (default: gpt-tokenizer's o200k, loaded on first use). A host may bring its own,
   * e.g. the CLI's one-shot call, which spares the table's load when every count is far under every cap.
   */
  tokenCounter?(): Promise<TokenCounter>;
  /** Milliseconds since the epoch (sessions: idle reset, timeline); default Date.now. Tests pass a fixed clock. */
  clock?: () => number;
}
