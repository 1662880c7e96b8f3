// Shapes passed from the benchmark child processes (bench/child.ts) to the runner (bench/run.ts).

export interface SizeJob {
  kind: 'size' | 'tokenizer';
  label: string;
  dir: string;
  /** File name inside dir (the engine's target, relative to its one root). */
  name: string;
  size: number;
  lines: number;
}

export interface Stats {
  median: number;
  p95: number;
  min: number;
  max: number;
  n: number;
}

/** Growth in bytes over the level after a full GC. */
export interface Mem {
  rss: number;
  heap: number;
  external: number;
}

export interface CaseResult {
  id: string;
  label: string;
  engineKind: 'shared' | 'fresh' | 'primed';
  engine: Stats;
  /** CPU time (user + system, all threads of the process) of each engine call: robust to other load. */
  engineCpu: Stats;
  floor: Stats;
  floorKind: 'fs.read' | 'fs.stat';
  bytesReturned: number;
  startByte: number | null;
  endByte: number | null;
  startLine: number | null;
  endLine: number | null;
  totalLines: number | null;
  tokens: number;
  degraded: boolean;
  /** What one engine call read from disk. */
  engineReads: { reads: number; bytes: number };
  memEngine: Mem;
  memFloor: Mem;
  /** For cases that scan: a plain sequential scan of as many bytes. */
  scan?: { bytes: number; plain: Stats };
}

export interface SizeResult {
  kind: 'size';
  label: string;
  size: number;
  lines: number;
  importMs: number;
  cold: { ms: number; mem: Mem; warmMedian: number | null };
  cases: CaseResult[];
}

export interface TokenizerResult {
  kind: 'tokenizer';
  loadMs: number;
  mem: Mem;
  bytes: number;
  tokens: number;
  lines: number;
  /** countTokens over the whole 64 KiB text at once. */
  whole: Stats;
  /** countTokens called once per numbered line, as the read shaping does. */
  perLine: Stats;
  /** UTF-8 decode + split of the same bytes (no tokens). */
  decodeSplit: Stats;
}

export type ChildJob = SizeJob | SymbolColdJob | SymbolFileJob | SymbolMemoryJob | IndexJob | TokensJob;

export type ChildResult =
  SizeResult | TokenizerResult | SymbolColdResult | SymbolFileResult | SymbolMemoryResult | IndexResult | TokensResult;

// ---- symbols, outlines, snippets (bench/symbols.ts) --------------------------------------------

/** One real source file the symbol cases run on. */
export interface SymbolFileSpec {
  id: string;
  /** Size class shown in the report: "100 KB", "1 MB", "9 MB". */
  sizeClass: string;
  /** Path shown in the report (relative to the repository). */
  shown: string;
  path: string;
  /** A symbol that exists in the file (name path), read warm and cold. */
  symbol: string;
  /** A line inside a block, for the snippet with expand "block". */
  snippetLine: number;
}

export interface SymbolColdJob {
  kind: 'sym-cold';
  file: SymbolFileSpec;
}

export interface SymbolFileJob {
  kind: 'sym-file';
  file: SymbolFileSpec;
}

export interface SymbolMemoryJob {
  kind: 'sym-memory';
  file: SymbolFileSpec;
  /** Temp directory for the copy whose mtime is changed between reads. */
  dir: string;
  reps: number;
}

export interface IndexJob {
  kind: 'index';
  roots: { name: string; path: string }[];
  /** A symbol name that exists once in the roots (its read answers with the index state). */
  target: string;
  symbolKind?: string;
  maxCalls: number;
}

export interface TokensJob {
  kind: 'tokens';
  root: string;
}

/** Whether an answer was a real answer, and if not, its error code. */
export interface Outcome {
  ok: boolean;
  code: string | null;
  tokens: number;
  degraded: boolean;
}

export interface SymbolColdResult {
  kind: 'sym-cold';
  id: string;
  /** Wall and CPU time of the first symbol read of the process (tokenizer already loaded). */
  ms: number;
  cpuMs: number;
  importMs: number;
  tokenizerMs: number;
  mem: Mem;
  outcome: Outcome;
  /** Size of the tree-sitter WASM linear memory after the call. */
  wasmBytes: number;
  spent: Spent;
}

/** Time inside the tree-sitter facade during a read (bench/symbols.ts instrument()). */
export interface Spent {
  /** The first call includes the runtime init and the grammar load. */
  languageMs: number;
  /** Outline query compile (first call per language). */
  queryMs: number;
  parses: { ms: number; ok: boolean; chars: number }[];
}

export interface CacheState {
  entries: number;
  /** Source bytes the outline cache counts against its budget. */
  bytes: number;
}

export interface SymbolCase {
  id: string;
  label: string;
  engine: Stats;
  engineCpu: Stats;
  floor: Stats;
  floorLabel: string;
  outcome: Outcome;
  bytesReturned: number;
  linesReturned: string | null;
  notes: string[];
  mem: Mem;
  memFloor: Mem;
}

export interface SymbolFileResult {
  kind: 'sym-file';
  id: string;
  bytes: number;
  lines: number;
  symbols: number;
  /** First outline of this process (runtime init + grammar + query compile + parse + render). */
  prime: { ms: number; outcome: Outcome; spent: Spent };
  /** Stages on a second TreeSitter instance, after the first read (runtime already initialized). */
  stages: {
    grammarMs: number;
    queryMs: number;
    parseMs: number;
    parsed: boolean;
    extractMs: number;
    symbols: number;
    deadlineMs: number;
  };
  cases: SymbolCase[];
  wasmBytes: number;
}

export interface MemorySample {
  ms: number;
  outcome: Outcome;
  /** After a full GC. */
  rss: number;
  heap: number;
  external: number;
  /** VmHWM since the process started. */
  peakRss: number;
  wasmBytes: number;
  cache: CacheState;
  /** The parse inside this read, when there was one. */
  parseMs: number | null;
}

export interface SymbolMemoryResult {
  kind: 'sym-memory';
  id: string;
  bytes: number;
  base: MemorySample;
  samples: MemorySample[];
  /** After the engine is dropped and a full GC. */
  released: MemorySample;
}

export interface IndexCall {
  ms: number;
  cpuMs: number;
  indexed: number;
  total: number;
  complete: boolean;
  outcome: Outcome;
}

export interface IndexResult {
  kind: 'index';
  roots: { name: string; path: string }[];
  listed: number;
  listMs: number;
  bytesListed: number;
  overLimit: number;
  calls: IndexCall[];
  totalMs: number;
  totalCpuMs: number;
  indexedFiles: number;
  indexedBytes: number;
  symbols: number;
  mem: Mem;
  after: { rss: number; heap: number; external: number; wasmBytes: number; cache: CacheState };
  warm: Stats;
  warmCpu: Stats;
  warmOutcome: Outcome;
  /** The first lines of the warm answer (what the query found). */
  warmHead: string;
  notFound: Stats;
  notFoundOutcome: Outcome;
}

export interface LanguageTokens {
  language: string;
  source: 'real' | 'fixture';
  where: string;
  files: number;
  reads: number;
  /** Reads that answered another symbol than asked, or an error. */
  misses: number;
  degraded: number;
  answer: number;
  span: number;
  file: number;
  /** Medians over reads of answer ÷ whole file and answer ÷ span. */
  answerOverFile: number;
  answerOverSpan: number;
  /** Median of whole file ÷ answer over reads. */
  saving: number;
  /** Against the span as numbered lines, whole answers of 3+ lines (as answerSize.test.ts). */
  answerOverNumberedSpan: number;
  numberedReads: number;
}

export interface TokensResult {
  kind: 'tokens';
  languages: LanguageTokens[];
  missing: string[];
}
