// What the core needs from its host (VS Code, the CLI, tests): the Host and its ports. Small on purpose.
// The file system port, the symbol cache port and the worker message protocol have files of their own.
import type { FileSystemPort } from './fileSystemPort';
import type { GitPort } from './gitPort';
import type { SymbolCachePort } from './symbolCachePort';
import type { EnclosingBlock, OutlineSymbol, PackedUses, TextOutline } from './symbolTypes';
import type { TokenCounter } from './tokens';
import type {
  FileScanReply,
  FileScanRequest,
  KeptScanReply,
  KeptScanRequest,
  OutlineBlockJob,
  OutlineThreadJob,
  OutlineUsesJob,
  ParsedOutline,
  RegexScanResult,
} from './workerMessages';

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

/** Parses files on disk in parallel (worker threads), handing each outline over as it is done. */
export interface OutlineWorkersPort {
  outline(files: readonly string[], maxFileBytes: number, signal?: CancellationSignal): AsyncIterable<ParsedOutline>;
  /** Starts the workers and loads the grammars of `files` (a sample) while the caller does other work; outline() then starts at once. */
  prepare?(files: readonly string[]): void;
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

/**
 * What Host.references rejects with when its engine is there but cannot answer and the caller should
 * know why (an index.scip that cannot be read): the answer carries the message, tree-sitter answers.
 */
export class ReferencesUnavailable extends Error {}

/** A place where the host's language server says a symbol is used: 1-based line and column (UTF-16). */
export interface ReferenceLocation {
  path: string;
  line: number;
  column: number;
}

/** A precise engine's answer: its places, and which engine answered (shown in the answer). */
export interface EngineReferences {
  locations: readonly ReferenceLocation[];
  /** "typescript-language-server", "pyright", "language server" (VS Code's), a SCIP index… */
  engine: string;
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
   * A precise engine (VS Code: vscode.executeReferenceProvider; Node: a language server it started):
   * every use of the symbol whose name is at this place, and which engine answered, or undefined when
   * none answers. Mode "references" prefers it to its own tree-sitter scan, and says which answered.
   */
  references?(
    path: string,
    line: number,
    column: number,
    signal?: CancellationSignal,
  ): Promise<EngineReferences | undefined>;
  /**
   * How long a references read waits for `references` before tree-sitter answers; absent:
   * REFERENCE_LIMITS.languageServerMs. VS Code's servers start with the editor, not for Lectern, and
   * a warm one answers in milliseconds: waiting out one that is still starting gives the answer the
   * later calls give, where tree-sitter would answer the first call differently.
   */
  referencesWaitMs?: number;
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
