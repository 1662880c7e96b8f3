// `npm run bench`: latency and peak memory of Lectern's file reads (line ranges, byte windows, head,
// tail, stat) on generated files of 100 KB, 10 MB and 1 GB, each beside a plain fs.read of the same
// bytes in the same run (the floor); and of its symbol reads, outlines and snippets on real code of
// 100 KB, 1 MB and 9 MB, the workspace symbol index over thousands of real files, the memory of
// repeated parses, and the tokens a symbol answer saves per language (bench/symbols.ts); and workspace
// search against grep -rn on the same trees (bench/search.ts); and warm MCP reads beside the reference
// filesystem server over stdio (bench/mcpPeer.ts, the shipped production build of dist/cli.js).
// Writes every part's raw results to docs/benchmarks.json (bench/results.ts), then renders from that
// file the summary docs/benchmarks.md (bench/summary.ts) and its chart docs/benchmarks-reads.svg
// (bench/chart.ts), and prints a summary.
//
//   npm run bench                        everything (about 5 minutes on 2 cores)
//   npm run bench -- --only=files        file reads only (also: reads, memory, index, tokens, search, mcp;
//                                        symbols = reads,memory,index,tokens); comma-separated
//   npm run bench -- --sizes=100k,10m    a subset of the file-read sizes
//   npm run bench -- --render-only       measure nothing: render the summary and chart from the JSON
//   npm run bench -- --only=mcp --mcp-before=OLD/dist/cli.js [--mcp-before-label="commit abc1234"]
//                                        also time an older build in the same rounds
//   npm run bench -- --no-write          print only
//   npm run bench -- --out=/tmp/b        write benchmarks.json/.md and the chart into another folder
// A partial run (--only) replaces only its own parts in the JSON and keeps the others' results.
import { execFileSync } from 'node:child_process';
import { liveChildren, runBenchChild } from './childProcess';
import { existsSync, mkdirSync, readFileSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import { join, relative, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { readsChartSvg } from './chart';
import { writeBenchFile } from './generate';
import {
  mergeResults,
  PART_NAMES,
  parseResults,
  portablePaths,
  serializeResults,
  type BenchResults,
  type Machine,
  type Parts,
  type RunInfo,
} from './results';
import { runSearchBench, searchSummary, type SearchPart } from './search';
import { mcpSummary, runMcpPart, type McpPart } from './mcpPeer';
import { bytes, count, growth, ms, ratio } from './format';
import { renderSummary } from './summary';
import {
  coldRuns,
  packageOf,
  symbolFiles,
  symbolSummary,
  type PartRun,
  type ReadsPart,
  type SymbolParts,
} from './symbolReport';
import { verdictFlatReads } from './verdicts';
import type {
  ChildJob,
  ChildResult,
  IndexResult,
  SizeResult,
  SymbolColdResult,
  SymbolFileResult,
  SymbolMemoryResult,
  TokenizerResult,
  TokensResult,
} from './types';

const ROOT = resolve(__dirname, '..');
const DOCS = join(ROOT, 'docs');
const JSON_FILE = 'benchmarks.json';
const SUMMARY = 'benchmarks.md';
const CHART = 'benchmarks-reads.svg';
const KiB = 1024;
const MiB = 1024 * KiB;
const GiB = 1024 * MiB;

const SIZES: Record<string, { label: string; size: number }> = {
  '100k': { label: '100 KB', size: 100 * KiB },
  '10m': { label: '10 MB', size: 10 * MiB },
  '1g': { label: '1 GB', size: GiB },
};

const PARTS = PART_NAMES;
type Part = (typeof PARTS)[number];
const ALIASES: Record<string, readonly Part[]> = { symbols: ['reads', 'memory', 'index', 'tokens'], all: PARTS };

interface Args {
  sizes: string[];
  /** The folder of benchmarks.json, benchmarks.md and the chart; null: print only. */
  out: string | null;
  only: Set<Part>;
  renderOnly: boolean;
  /** Another build of the CLI the mcp part times in the same rounds. */
  mcpBefore?: string;
  /** What that build is, for the page. */
  mcpBeforeLabel?: string;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { sizes: Object.keys(SIZES), out: DOCS, only: new Set(PARTS), renderOnly: false };
  for (const arg of argv) {
    if (arg.startsWith('--sizes=')) {
      args.sizes = arg
        .slice('--sizes='.length)
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean);
      const unknown = args.sizes.filter((s) => !(s in SIZES));
      if (unknown.length > 0) usage(`unknown size ${unknown.join(', ')} (known: ${Object.keys(SIZES).join(', ')})`);
    } else if (arg.startsWith('--only=')) {
      args.only = new Set();
      for (const name of arg
        .slice('--only='.length)
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean)) {
        const parts = ALIASES[name] ?? (PARTS.includes(name as Part) ? [name as Part] : undefined);
        if (!parts) usage(`unknown part ${name} (known: ${[...PARTS, ...Object.keys(ALIASES)].join(', ')})`);
        for (const part of parts) args.only.add(part);
      }
    } else if (arg === '--render-only') args.renderOnly = true;
    else if (arg.startsWith('--mcp-before=')) args.mcpBefore = resolve(arg.slice('--mcp-before='.length));
    else if (arg.startsWith('--mcp-before-label=')) args.mcpBeforeLabel = arg.slice('--mcp-before-label='.length);
    else if (arg === '--no-write') args.out = null;
    else if (arg.startsWith('--out=')) args.out = resolve(arg.slice('--out='.length));
    else usage(`unknown argument ${arg}`);
  }
  return args;
}

function usage(message: string): never {
  process.stderr.write(
    `bench: ${message}\nusage: npm run bench -- [--only=files,reads,memory,index,tokens,search,mcp|symbols] [--mcp-before=CLI [--mcp-before-label=TEXT]] [--sizes=100k,10m,1g] [--render-only] [--no-write | --out=DIR]\n`,
  );
  process.exit(2);
}

// ---- running ------------------------------------------------------------------------------------

function runChild(job: ChildJob, timeoutMs: number): Promise<ChildResult> {
  return runBenchChild<ChildResult>(
    'child.ts',
    job,
    ROOT,
    timeoutMs,
    `bench child for ${JSON.stringify(job).slice(0, 200)}`,
  );
}

interface Run {
  date: Date;
  sizes: SizeResult[];
  skipped: string[];
  tokenizer: TokenizerResult;
  generateMs: Record<string, number>;
  totalMs: number;
  loadStart: number;
  loadEnd: number;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const jsonPath = args.out ? join(args.out, JSON_FILE) : null;
  // Read before measuring: a results file that cannot be merged into stops the run before it costs minutes.
  const previous = jsonPath ? readResults(jsonPath) : null;
  if (args.renderOnly) {
    if (!args.out || !jsonPath) usage('--render-only writes the summary: it cannot go with --no-write');
    if (!previous) usage(`--render-only: no ${relative(process.cwd(), jsonPath)} to render from`);
    process.stdout.write(
      `Wrote ${render(previous, args.out)
        .map((p) => relative(process.cwd(), p))
        .join(', ')} from ${relative(process.cwd(), jsonPath)}\n`,
    );
    return;
  }
  const started = performance.now();
  const written: string[] = [];
  const dir = await mkdtemp(join(os.tmpdir(), 'lectern-bench-'));
  const cleanup = () => {
    for (const child of liveChildren) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  };
  process.on('exit', cleanup);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      cleanup();
      process.exit(130);
    });
  }

  process.stderr.write(
    `lectern bench: ${os.cpus().length} cores, node ${process.version}, parts ${[...args.only].join(', ')}, files in ${dir}\n`,
  );
  const files = args.only.has('files') ? await runFiles(args, dir) : undefined;
  const symbols = await runSymbols(args, dir);
  const search = args.only.has('search') ? await runSearchBench(ROOT, dir) : undefined;
  const mcp = args.only.has('mcp') ? await runMcpPart(ROOT, args.mcpBefore, args.mcpBeforeLabel) : undefined;
  cleanup();

  if (args.out && jsonPath) {
    const results = mergeResults(previous, freshParts(files, symbols, search, mcp));
    mkdirSync(args.out, { recursive: true });
    writeFileSync(jsonPath, serializeResults(results));
    written.push(jsonPath, ...render(results, args.out));
  }
  if (files) process.stdout.write(summary(files));
  process.stdout.write(symbolSummary(symbols));
  if (search) process.stdout.write(searchSummary(search));
  if (mcp) process.stdout.write(mcpSummary(mcp.data));
  process.stdout.write(`\nBench wall time ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
  if (written.length > 0)
    process.stdout.write(
      `Wrote ${written.map((p) => relative(process.cwd(), p)).join(', ')}${args.only.size < PARTS.length ? ' (only the parts run were replaced in the JSON)' : ''}\n`,
    );
}

async function runFiles(args: Args, dir: string): Promise<Run> {
  const started = performance.now();
  const date = new Date();
  const loadStart = os.loadavg()[0]!;
  process.stderr.write('tokenizer cold load …\n');
  const tokenizer = (await runChild(
    { kind: 'tokenizer', label: 'tokenizer', dir, name: '', size: 0, lines: 0 },
    120_000,
  )) as TokenizerResult;

  const results: SizeResult[] = [];
  const skipped: string[] = [];
  const generateMs: Record<string, number> = {};
  for (const key of args.sizes) {
    const { label, size } = SIZES[key]!;
    const fs = statfsSync(dir);
    const free = fs.bavail * fs.bsize;
    if (free < size + 512 * MiB) {
      skipped.push(`${label}: only ${bytes(free)} free in ${os.tmpdir()}`);
      process.stderr.write(`skipping ${label}: only ${bytes(free)} free\n`);
      continue;
    }
    const name = `bench-${key}.ts`;
    const path = join(dir, name);
    process.stderr.write(`${label}: generating … `);
    const t = performance.now();
    const { lines } = await writeBenchFile(path, size);
    generateMs[label] = performance.now() - t;
    process.stderr.write(`${count(lines)} lines in ${ms(generateMs[label]!)} ms\n`);
    try {
      results.push((await runChild({ kind: 'size', label, dir, name, size, lines }, 240_000)) as SizeResult);
    } finally {
      rmSync(path, { force: true });
    }
  }
  return {
    date,
    sizes: results,
    skipped,
    tokenizer,
    generateMs,
    totalMs: performance.now() - started,
    loadStart,
    loadEnd: os.loadavg()[0]!,
  };
}

/** The symbol parts that were asked for, each timed with its own load average. */
async function runSymbols(args: Args, dir: string): Promise<SymbolParts> {
  const parts: SymbolParts = {};
  const code = codeVersion();
  const timed = async <T>(fn: () => Promise<T>): Promise<{ value: T; run: PartRun }> => {
    const date = new Date();
    const loadStart = os.loadavg()[0]!;
    const t = performance.now();
    const value = await fn();
    return {
      value,
      run: { date, loadStart, loadEnd: os.loadavg()[0]!, wallMs: performance.now() - t, code, cpus: os.cpus().length },
    };
  };
  const specs = symbolFiles(ROOT);
  const largest = specs[specs.length - 1]!;

  if (args.only.has('reads')) {
    const { responseTokenCap, DEFAULT_SETTINGS } = await import('../src/core/ground/settings');
    const { value, run } = await timed(async () => {
      const files: ReadsPart['files'] = [];
      const skipped: string[] = [];
      for (const spec of specs) {
        if (!existsSync(spec.path)) {
          skipped.push(`${spec.shown}: not installed`);
          continue;
        }
        try {
          const cold: SymbolColdResult[] = [];
          for (let i = 0; i < coldRuns(spec); i++) {
            process.stderr.write(`${spec.shown}: cold symbol read ${i + 1}/${coldRuns(spec)} … `);
            const result = (await runChild({ kind: 'sym-cold', file: spec }, 120_000)) as SymbolColdResult;
            process.stderr.write(`${ms(result.ms)} ms${result.outcome.ok ? '' : ` ${result.outcome.code}`}\n`);
            cold.push(result);
          }
          const warm = (await runChild({ kind: 'sym-file', file: spec }, 300_000)) as SymbolFileResult;
          files.push({ spec, pkg: packageOf(ROOT, spec.shown), cold, warm });
        } catch (error) {
          skipped.push(`${spec.shown}: the benchmark failed: ${(error as Error).message}`);
          process.stderr.write(`${spec.shown}: failed (${(error as Error).message})\n`);
        }
      }
      return { files, skipped };
    });
    parts.reads = { run, ...value, tokenCap: responseTokenCap(DEFAULT_SETTINGS) };
  }

  if (args.only.has('memory') && existsSync(largest.path)) {
    process.stderr.write(`memory: outlines of new versions of ${largest.shown} …\n`);
    await soft(parts, 'memory', async () => {
      const { value, run } = await timed(
        async () =>
          (await runChild({ kind: 'sym-memory', file: largest, dir, reps: 10 }, 300_000)) as SymbolMemoryResult,
      );
      parts.memory = { run, spec: largest, result: value };
    });
  }

  if (args.only.has('index')) {
    const { INDEX_LIMITS } = await import('../src/core/symbols/workspaceIndex');
    const roots = await indexRoots();
    process.stderr.write(`index: ${roots.map((r) => r.path).join(', ')} …\n`);
    await soft(parts, 'index', async () => {
      const { value, run } = await timed(
        async () =>
          (await runChild(
            { kind: 'index', roots, target: 'expandRange', symbolKind: 'function', maxCalls: 40 },
            420_000,
          )) as IndexResult,
      );
      parts.index = { run, result: value, budgetMs: INDEX_LIMITS.budgetMs, maxFileBytes: INDEX_LIMITS.maxFileBytes };
    });
  }

  if (args.only.has('tokens')) {
    process.stderr.write('tokens per language …\n');
    await soft(parts, 'tokens', async () => {
      const { value, run } = await timed(
        async () => (await runChild({ kind: 'tokens', root: ROOT }, 180_000)) as TokensResult,
      );
      parts.tokens = { run, result: value };
    });
  }
  return parts;
}

/** One symbol part: a failure is reported in its place instead of ending the whole run. */
async function soft(parts: SymbolParts, name: 'memory' | 'index' | 'tokens', fn: () => Promise<void>): Promise<void> {
  try {
    await fn();
  } catch (error) {
    (parts.failed ??= {})[name] = (error as Error).message;
    process.stderr.write(`${name}: failed (${(error as Error).message})\n`);
  }
}

/** node_modules as one root; the Python installation too when the walker finds under 5,000 files there. */
async function indexRoots(): Promise<{ name: string; path: string }[]> {
  const { listSourceFiles } = await import('../src/core/ground/walk');
  const { LANGUAGES } = await import('../src/core/symbols/languages/index');
  const { nodeFileSystem } = await import('../src/node/nodeFileSystem');
  const extensions = new Set(LANGUAGES.flatMap((l) => l.extensions));
  const wanted = (name: string) =>
    name.lastIndexOf('.') > 0 && extensions.has(name.slice(name.lastIndexOf('.') + 1).toLowerCase());
  const roots = [{ name: 'node_modules', path: join(ROOT, 'node_modules') }];
  const listed = await listSourceFiles({ fs: nodeFileSystem, roots: () => roots }, roots, wanted, 50_000);
  if (listed.files.length >= 5000) return roots;
  try {
    const stdlib = execFileSync('python3', ['-c', 'import sysconfig; print(sysconfig.get_paths()["stdlib"])'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    if (stdlib) roots.push({ name: 'python', path: stdlib });
  } catch {
    // no python3: node_modules alone
  }
  return roots;
}

// ---- the results: docs/benchmarks.json, and the summary and chart rendered from it ------------------

function machineNow(): Machine {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryBytes: os.totalmem(),
    os: `${os.type()} ${os.release()} (${os.arch()})`,
    node: process.version,
  };
}

function codeVersion(): string {
  try {
    const git = (...args: string[]) =>
      execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const dirty = git('status', '--porcelain', '--', 'src').length > 0;
    return `commit ${git('rev-parse', '--short', 'HEAD')}${dirty ? ' plus uncommitted changes in src/' : ''}`;
  } catch {
    return 'unknown (not a git checkout)';
  }
}

/** This run's parts as records of the results file, with paths that name no one's machine. */
function freshParts(
  files: Run | undefined,
  symbols: SymbolParts,
  search: SearchPart | undefined,
  mcp: McpPart | undefined,
): Parts {
  const machine = machineNow();
  const info = (run: { date: Date; code: string; loadStart: number; loadEnd: number; wallMs: number }): RunInfo => ({
    date: run.date.toISOString(),
    code: run.code,
    machine,
    loadStart: run.loadStart,
    loadEnd: run.loadEnd,
    wallMs: run.wallMs,
  });
  const parts: Parts = {};
  if (files)
    parts.files = {
      run: info({ ...files, code: codeVersion(), wallMs: files.totalMs }),
      data: { tokenizer: files.tokenizer, sizes: files.sizes, generateMs: files.generateMs, skipped: files.skipped },
    };
  if (symbols.reads)
    parts.reads = {
      run: info(symbols.reads.run),
      data: { files: symbols.reads.files, skipped: symbols.reads.skipped, tokenCap: symbols.reads.tokenCap },
    };
  if (symbols.memory)
    parts.memory = {
      run: info(symbols.memory.run),
      data: { spec: symbols.memory.spec, result: symbols.memory.result },
    };
  if (symbols.index)
    parts.index = {
      run: info(symbols.index.run),
      data: {
        result: symbols.index.result,
        budgetMs: symbols.index.budgetMs,
        maxFileBytes: symbols.index.maxFileBytes,
      },
    };
  if (symbols.tokens) parts.tokens = { run: info(symbols.tokens.run), data: { result: symbols.tokens.result } };
  if (search)
    parts.search = {
      run: info(search),
      data: { generateMs: search.generateMs, trees: search.trees, skipped: search.skipped },
    };
  if (mcp) parts.mcp = { run: info({ ...mcp, code: codeVersion() }), data: mcp.data };
  const load = os.loadavg()[0]!;
  for (const [name, message] of Object.entries(symbols.failed ?? {}) as [
    keyof NonNullable<SymbolParts['failed']>,
    string,
  ][]) {
    parts[name] = {
      run: info({ date: new Date(), code: codeVersion(), loadStart: load, loadEnd: load, wallMs: 0 }),
      error: message,
    };
  }
  return portablePaths(parts, { root: ROOT, home: os.homedir() });
}

function readResults(path: string): BenchResults | null {
  if (!existsSync(path)) return null;
  try {
    return parseResults(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`${relative(process.cwd(), path)}: ${(error as Error).message}; move it away to start afresh`);
  }
}

/** Writes the summary and the chart from the results; returns the files written. */
function render(results: BenchResults, dir: string): string[] {
  const written: string[] = [];
  const files = results.parts.files;
  const chart = join(dir, CHART);
  if (files && 'data' in files) {
    writeFileSync(chart, readsChartSvg(files.data));
    written.push(chart);
  } else {
    rmSync(chart, { force: true });
  }
  const summary = join(dir, SUMMARY);
  writeFileSync(summary, renderSummary(results, { json: JSON_FILE, chart: CHART }));
  written.push(summary);
  return written;
}

function summary(run: Run): string {
  const out: string[] = [
    '',
    `Lectern bench · ${os.cpus().length} cores · node ${process.version} · ${run.date.toISOString()} · load ${run.loadStart.toFixed(2)} → ${run.loadEnd.toFixed(2)}`,
  ];
  out.push(`tokenizer cold load ${ms(run.tokenizer.loadMs)} ms`);
  for (const s of run.sizes) {
    out.push('', `${s.label}  (first call of the process ${ms(s.cold.ms)} ms)`);
    const width = Math.max(...s.cases.map((c) => c.label.length));
    out.push(
      `  ${'case'.padEnd(width)}  ${'median'.padStart(9)}  ${'p95'.padStart(9)}  ${'floor'.padStart(8)}  ${'×floor'.padStart(8)}  ${'CPU'.padStart(9)}  ${'ΔRSS'.padStart(10)}`,
    );
    for (const c of s.cases) {
      out.push(
        `  ${c.label.padEnd(width)}  ${(ms(c.engine.median) + ' ms').padStart(9)}  ${(ms(c.engine.p95) + ' ms').padStart(9)}  ${(ms(c.floor.median) + ' ms').padStart(8)}  ${ratio(c.engine.median / c.floor.median).padStart(8)}  ${(ms(c.engineCpu.median) + ' ms').padStart(9)}  ${growth(c.memEngine.rss).padStart(10)}` +
          (c.scan ? `   (scan ${bytes(c.scan.bytes)}; plain scan ${ms(c.scan.plain.median)} ms)` : ''),
      );
    }
  }
  out.push('', verdictFlatReads(run).text.replace(/\*\*/g, ''));
  return out.join('\n') + '\n';
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
