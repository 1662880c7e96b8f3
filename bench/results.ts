// docs/benchmarks.json: every part's raw results with when, where and on what code it ran. It is the
// source of truth: docs/benchmarks.md and the chart are rendered from it, and a partial run
// (`--only=`) replaces only the parts it ran.
import type { McpPeerData } from './mcpPeer';
import type { SearchTreeResult } from './search';
import type {
  IndexResult,
  SizeResult,
  SymbolColdResult,
  SymbolFileResult,
  SymbolFileSpec,
  SymbolMemoryResult,
  TokenizerResult,
  TokensResult,
} from './types';

export const RESULTS_FORMAT = 1;

export const PART_NAMES = ['files', 'reads', 'memory', 'index', 'tokens', 'search', 'mcp'] as const;
export type PartName = (typeof PART_NAMES)[number];

export interface Machine {
  cpu: string;
  cores: number;
  memoryBytes: number;
  /** Kernel and architecture, e.g. "Linux 6.1.0 (x64)". */
  os: string;
  node: string;
}

export interface RunInfo {
  /** ISO 8601. */
  date: string;
  /** "commit abc1234", with " plus uncommitted changes in src/" when src/ was dirty. */
  code: string;
  machine: Machine;
  /** 1-minute load average at the start and end of the part. */
  loadStart: number;
  loadEnd: number;
  wallMs: number;
}

export interface FilesData {
  tokenizer: TokenizerResult;
  sizes: SizeResult[];
  /** Time to generate each size's file, by size label. */
  generateMs: Record<string, number>;
  skipped: string[];
}

export interface ReadsData {
  files: { spec: SymbolFileSpec; pkg: string; cold: SymbolColdResult[]; warm: SymbolFileResult }[];
  skipped: string[];
  /** The per-answer token cap of the default settings. */
  tokenCap: number;
}

export interface MemoryData {
  spec: SymbolFileSpec;
  result: SymbolMemoryResult;
}

export interface IndexData {
  result: IndexResult;
  budgetMs: number;
  maxFileBytes: number;
}

export interface TokensData {
  result: TokensResult;
}

export interface SearchData {
  /** Time to generate the search tree (null when not recorded). */
  generateMs: number | null;
  trees: SearchTreeResult[];
  skipped: string[];
}

export interface PartData {
  files: FilesData;
  reads: ReadsData;
  memory: MemoryData;
  index: IndexData;
  tokens: TokensData;
  search: SearchData;
  mcp: McpPeerData;
}

/** One part's last run: its data, or why it failed. */
export type PartRecord<K extends PartName> = { run: RunInfo; data: PartData[K] } | { run: RunInfo; error: string };

export type Parts = { [K in PartName]?: PartRecord<K> };

export interface BenchResults {
  format: typeof RESULTS_FORMAT;
  parts: Parts;
}

/** The previous results with the parts of this run put in their place; the parts not run are kept as they were. */
export function mergeResults(previous: BenchResults | null, fresh: Parts): BenchResults {
  const parts: Parts = {};
  for (const name of PART_NAMES) {
    const record = fresh[name] ?? previous?.parts[name];
    if (record) (parts as Record<PartName, unknown>)[name] = record;
  }
  return { format: RESULTS_FORMAT, parts };
}

export function parseResults(text: string): BenchResults {
  const value = JSON.parse(text) as Partial<BenchResults>;
  if (
    value === null ||
    typeof value !== 'object' ||
    value.format !== RESULTS_FORMAT ||
    typeof value.parts !== 'object' ||
    value.parts === null
  ) {
    throw new Error(`not a benchmark results file of format ${RESULTS_FORMAT}`);
  }
  const unknown = Object.keys(value.parts).filter((k) => !(PART_NAMES as readonly string[]).includes(k));
  if (unknown.length > 0) throw new Error(`unknown benchmark parts: ${unknown.join(', ')}`);
  return value as BenchResults;
}

/** One value per line at depth 1 and deeper: diffs between runs stay readable. */
export function serializeResults(results: BenchResults): string {
  return JSON.stringify(results, null, 1) + '\n';
}

/**
 * The same results with machine-specific paths made portable: the repository root becomes a relative
 * path and the home folder `~`, so the committed file names no one's machine.
 */
export function portablePaths<T>(value: T, places: { root: string; home: string }): T {
  const root = places.root.replace(/\/+$/, '');
  const home = places.home.replace(/\/+$/, '');
  const fix = (s: string): string => {
    if (s === root) return '.';
    let out = s.split(`${root}/`).join('');
    if (home.length > 1) out = out.split(`${home}/`).join('~/');
    return out;
  };
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return fix(v);
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(value) as T;
}
