// Shapes passed from the benchmark child processes (bench/child.ts) to the runner (bench/run.ts).

export interface ChildJob {
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

export type ChildResult = SizeResult | TokenizerResult;
