// `npm run bench`: latency and peak memory of Lectern's file reads (line ranges, byte windows, head,
// tail, stat) on generated files of 100 KB, 10 MB and 1 GB, each beside a plain fs.read of the same
// bytes in the same run (the floor); and of its symbol reads, outlines and snippets on real code of
// 100 KB, 1 MB and 9 MB, the workspace symbol index over thousands of real files, the memory of
// repeated parses, and the tokens a symbol answer saves per language (bench/symbols.ts); and workspace
// search against grep -rn on the same trees (bench/search.ts).
// Writes docs/benchmarks.md and prints a summary.
//
//   npm run bench                        everything (about 5 minutes on 2 cores), writes docs/benchmarks.md
//   npm run bench -- --only=files        file reads only (also: reads, memory, index, tokens, search;
//                                        symbols = reads,memory,index,tokens); comma-separated
//   npm run bench -- --sizes=100k,10m    a subset of the file-read sizes
//   npm run bench -- --no-write          print only
//   npm run bench -- --out=/tmp/b.md     write elsewhere
// A partial run (--only) replaces only its own parts of an existing report and keeps the others.
import { execFileSync } from 'node:child_process';
import { liveChildren, runBenchChild } from './childProcess';
import { existsSync, mkdirSync, readFileSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { writeBenchFile } from './generate';
import { renderSearch, runSearchBench, searchSummary } from './search';
import { bytes, count, growth, ms, ratio } from './format';
import { coldRuns, packageOf, renderIndex, renderIntro, renderMemory, renderReads, renderTokens, symbolFiles, symbolSummary, type PartRun, type ReadsPart, type SymbolParts } from './symbolReport';
import type { ChildJob, ChildResult, IndexResult, SizeResult, SymbolColdResult, SymbolFileResult, SymbolMemoryResult, TokenizerResult, TokensResult } from './types';

const ROOT = resolve(__dirname, '..');
const KiB = 1024;
const MiB = 1024 * KiB;
const GiB = 1024 * MiB;

const SIZES: Record<string, { label: string; size: number }> = {
  '100k': { label: '100 KB', size: 100 * KiB },
  '10m': { label: '10 MB', size: 10 * MiB },
  '1g': { label: '1 GB', size: GiB },
};

const PARTS = ['files', 'reads', 'memory', 'index', 'tokens', 'search'] as const;
type Part = (typeof PARTS)[number];
const ALIASES: Record<string, readonly Part[]> = { symbols: ['reads', 'memory', 'index', 'tokens'], all: PARTS };

interface Args {
  sizes: string[];
  out: string | null;
  only: Set<Part>;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { sizes: Object.keys(SIZES), out: join(ROOT, 'docs', 'benchmarks.md'), only: new Set(PARTS) };
  for (const arg of argv) {
    if (arg.startsWith('--sizes=')) {
      args.sizes = arg.slice('--sizes='.length).split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
      const unknown = args.sizes.filter((s) => !(s in SIZES));
      if (unknown.length > 0) usage(`unknown size ${unknown.join(', ')} (known: ${Object.keys(SIZES).join(', ')})`);
    } else if (arg.startsWith('--only=')) {
      args.only = new Set();
      for (const name of arg.slice('--only='.length).split(',').map((s) => s.trim().toLowerCase()).filter(Boolean)) {
        const parts = ALIASES[name] ?? (PARTS.includes(name as Part) ? [name as Part] : undefined);
        if (!parts) usage(`unknown part ${name} (known: ${[...PARTS, ...Object.keys(ALIASES)].join(', ')})`);
        for (const part of parts) args.only.add(part);
      }
    } else if (arg === '--no-write') args.out = null;
    else if (arg.startsWith('--out=')) args.out = resolve(arg.slice('--out='.length));
    else usage(`unknown argument ${arg}`);
  }
  return args;
}

function usage(message: string): never {
  process.stderr.write(`bench: ${message}\nusage: npm run bench -- [--only=files,reads,memory,index,tokens,search|symbols] [--sizes=100k,10m,1g] [--no-write | --out=FILE]\n`);
  process.exit(2);
}

// ---- running ------------------------------------------------------------------------------------


function runChild(job: ChildJob, timeoutMs: number): Promise<ChildResult> {
  return runBenchChild<ChildResult>('child.ts', job, ROOT, timeoutMs, `bench child for ${JSON.stringify(job).slice(0, 200)}`);
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
  const started = performance.now();
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

  process.stderr.write(`lectern bench: ${os.cpus().length} cores, node ${process.version}, parts ${[...args.only].join(', ')}, files in ${dir}\n`);
  const files = args.only.has('files') ? await runFiles(args, dir) : undefined;
  const symbols = await runSymbols(args, dir);
  const search = args.only.has('search') ? await runSearchBench(ROOT, dir) : undefined;
  cleanup();

  const fresh = new Map<string, string[]>();
  if (files) fresh.set('files', renderFiles(files));
  if (symbols.reads) fresh.set('reads', renderReads(symbols.reads));
  if (symbols.memory) fresh.set('memory', renderMemory(symbols.memory));
  if (symbols.index) fresh.set('index', renderIndex(symbols.index));
  if (symbols.tokens) fresh.set('tokens', renderTokens(symbols.tokens));
  if (search) fresh.set('search', renderSearch(search));
  for (const [name, message] of Object.entries(symbols.failed ?? {})) fresh.set(name, [`### ${name}`, '', `**The benchmark failed** (${new Date().toISOString()}): ${message}`, '']);
  if (args.out) {
    mkdirSync(dirname(args.out), { recursive: true });
    writeFileSync(args.out, compose(fresh, existsSync(args.out) ? readFileSync(args.out, 'utf8') : ''));
  }
  if (files) process.stdout.write(summary(files));
  process.stdout.write(symbolSummary(symbols));
  if (search) process.stdout.write(searchSummary(search));
  process.stdout.write(`\nBench wall time ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
  if (args.out) process.stdout.write(`Wrote ${relative(process.cwd(), args.out) || args.out}${args.only.size < PARTS.length ? ' (only the parts run were replaced)' : ''}\n`);
}

async function runFiles(args: Args, dir: string): Promise<Run> {
  const started = performance.now();
  const date = new Date();
  const loadStart = os.loadavg()[0]!;
  process.stderr.write('tokenizer cold load …\n');
  const tokenizer = (await runChild({ kind: 'tokenizer', label: 'tokenizer', dir, name: '', size: 0, lines: 0 }, 120_000)) as TokenizerResult;

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
  return { date, sizes: results, skipped, tokenizer, generateMs, totalMs: performance.now() - started, loadStart, loadEnd: os.loadavg()[0]! };
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
    return { value, run: { date, loadStart, loadEnd: os.loadavg()[0]!, wallMs: performance.now() - t, code, cpus: os.cpus().length } };
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
      const { value, run } = await timed(async () => (await runChild({ kind: 'sym-memory', file: largest, dir, reps: 10 }, 300_000)) as SymbolMemoryResult);
      parts.memory = { run, spec: largest, result: value };
    });
  }

  if (args.only.has('index')) {
    const { INDEX_LIMITS } = await import('../src/core/symbols/workspaceIndex');
    const roots = await indexRoots();
    process.stderr.write(`index: ${roots.map((r) => r.path).join(', ')} …\n`);
    await soft(parts, 'index', async () => {
      const { value, run } = await timed(async () => (await runChild({ kind: 'index', roots, target: 'expandRange', symbolKind: 'function', maxCalls: 40 }, 420_000)) as IndexResult);
      parts.index = { run, result: value, budgetMs: INDEX_LIMITS.budgetMs, maxFileBytes: INDEX_LIMITS.maxFileBytes };
    });
  }

  if (args.only.has('tokens')) {
    process.stderr.write('tokens per language …\n');
    await soft(parts, 'tokens', async () => {
      const { value, run } = await timed(async () => (await runChild({ kind: 'tokens', root: ROOT }, 180_000)) as TokensResult);
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
  const wanted = (name: string) => name.lastIndexOf('.') > 0 && extensions.has(name.slice(name.lastIndexOf('.') + 1).toLowerCase());
  const roots = [{ name: 'node_modules', path: join(ROOT, 'node_modules') }];
  const listed = await listSourceFiles({ fs: nodeFileSystem, roots: () => roots }, roots, wanted, 50_000);
  if (listed.files.length >= 5000) return roots;
  try {
    const stdlib = execFileSync('python3', ['-c', 'import sysconfig; print(sysconfig.get_paths()["stdlib"])'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    if (stdlib) roots.push({ name: 'python', path: stdlib });
  } catch {
    // no python3: node_modules alone
  }
  return roots;
}

// ---- the report ---------------------------------------------------------------------------------

const FLAT_CASES = ['head', 'tail', 'win-start', 'win-mid', 'win-end', 'win-max', 'stat', 'stat-fresh', 'win-mid-fresh'];

/** The machine, for the report's head (each part says when it ran, and under what load). */
function machine(): string[] {
  const cpus = os.cpus();
  return [
    `- CPU: ${cpus[0]?.model ?? 'unknown'}, ${cpus.length} cores`,
    `- Memory: ${bytes(os.totalmem())}`,
    `- OS: ${os.type()} ${os.release()} (${os.arch()})`,
    `- Node: ${process.version} (TypeScript run with tsx)`,
  ];
}

function fileRun(run: Run): string[] {
  const cpus = os.cpus();
  return [
    `- Date: ${run.date.toISOString()}`,
    `- Code: ${codeVersion()}`,
    `- Load average (1 min) at start / end: ${run.loadStart.toFixed(2)} / ${run.loadEnd.toFixed(2)}${Math.max(run.loadStart, run.loadEnd) > cpus.length * 0.5 ? ' (other work was running: expect noisier figures)' : ''}`,
    `- Wall time of this part: ${(run.totalMs / 1000).toFixed(0)} s`,
  ];
}

function codeVersion(): string {
  try {
    const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const dirty = git('status', '--porcelain', '--', 'src').length > 0;
    return `commit ${git('rev-parse', '--short', 'HEAD')}${dirty ? ' plus uncommitted changes in src/' : ''}`;
  } catch {
    return 'unknown (not a git checkout)';
  }
}

function verdict(run: Run): { holds: boolean | null; text: string } {
  const big = run.sizes.find((s) => s.size >= GiB);
  if (!big) return { holds: null, text: 'The 1 GB file was not benchmarked in this run.' };
  const cases = big.cases.filter((c) => FLAT_CASES.includes(c.id));
  const worstMedian = cases.reduce((a, c) => (c.engine.median > a.engine.median ? c : a));
  const worstP95 = cases.reduce((a, c) => (c.engine.p95 > a.engine.p95 ? c : a));
  const worstCpu = cases.reduce((a, c) => (c.engineCpu.p95 > a.engineCpu.p95 ? c : a));
  const worstRss = cases.reduce((a, c) => (c.memEngine.rss > a.memEngine.rss ? c : a));
  const worstRead = cases.reduce((a, c) => (c.engineReads.bytes > a.engineReads.bytes ? c : a));
  const holds = worstMedian.engine.median < 50 && worstCpu.engineCpu.p95 < 100 && worstRss.memEngine.rss < 32 * MiB && worstRead.engineReads.bytes < 4 * MiB;
  const contention = worstP95.engine.p95 >= 100 && worstCpu.engineCpu.p95 < 100;
  const text =
    `On the 1 GB file, windows (64 KiB and 256 KiB, start/middle/end), head, tail and stat: ` +
    `slowest median ${ms(worstMedian.engine.median)} ms (${worstMedian.label}); slowest p95 ${ms(worstP95.engine.p95)} ms wall (${worstP95.label}), ` +
    `${ms(worstCpu.engineCpu.p95)} ms CPU (${worstCpu.label}); ` +
    `largest peak RSS growth ${growth(worstRss.memEngine.rss)} (${worstRss.label}); ` +
    `most bytes read from disk by one call ${bytes(worstRead.engineReads.bytes)} (${worstRead.label}) of ${bytes(big.size)}. ` +
    `Criteria: median < 50 ms, CPU p95 < 100 ms, peak RSS growth < 32 MiB, < 4 MiB read per call. ` +
    (holds ? '**Holds.**' : '**Does not hold.**') +
    (contention ? ' (The wall-clock p95 above 100 ms with a low CPU p95 is time spent waiting for the CPU while other work ran, not work done by the engine.)' : '');
  return { holds, text };
}

function sizeTable(s: SizeResult): string[] {
  const rows = [
    '| case | median ms | p95 ms | floor median ms | × floor (median) | × floor (p95) | CPU ms median / p95 | bytes returned | read by engine | peak ΔRSS | peak Δheap | peak Δexternal | n |',
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
  ];
  for (const c of s.cases) {
    const returned = c.floorKind === 'fs.stat' ? '— (fs.stat)' : `${bytes(c.bytesReturned)}${c.degraded ? ' ¹' : ''}`;
    rows.push(
      `| ${c.label} | ${ms(c.engine.median)} | ${ms(c.engine.p95)} | ${ms(c.floor.median)} | ${ratio(c.engine.median / c.floor.median)} | ${ratio(c.engine.p95 / c.floor.p95)} | ${ms(c.engineCpu.median)} / ${ms(c.engineCpu.p95)} | ${returned} | ${bytes(c.engineReads.bytes)} in ${count(c.engineReads.reads)} reads | ${growth(c.memEngine.rss)} | ${growth(c.memEngine.heap)} | ${growth(c.memEngine.external)} | ${c.engine.n} |`,
    );
  }
  return rows;
}

/** Derived from this run: how much of a warm 64 KiB window the token counting explains. */
function whereTimeGoes(run: Run): string[] {
  const t = run.tokenizer;
  const largest = run.sizes[run.sizes.length - 1];
  const window = largest?.cases.find((c) => c.id === 'win-mid');
  if (!largest || !window) return [];
  const tokens = t.perLine.median + t.whole.median;
  const out = [
    `Where the time goes (derived from this run): a warm 64 KiB window of the ${largest.label} file takes ${ms(window.engine.median)} ms ` +
      `against ${ms(window.floor.median)} ms for the plain read. Counting the tokens of 64 KiB of this text line by line ` +
      `(${ms(t.perLine.median)} ms, as \`shapeLines\` does) plus once more over the whole answer (${ms(t.whole.median)} ms, ` +
      `for \`meta.token_estimate\`) comes to ${ms(tokens)} ms, ` +
      `about ${Math.min(100, Math.round((100 * tokens) / window.engine.median))}% of it.`,
  ];
  const scan = run.sizes.flatMap((s) => s.cases).filter((c) => c.scan && c.engineKind === 'fresh' && c.id === 'lines-deep-scan').pop();
  if (scan?.scan) {
    out.push(
      '',
      `The first deep line range scans ${bytes(scan.scan.bytes)} in ${count(scan.engineReads.reads)} reads of 64 KiB: ` +
        `${ms(scan.engine.median)} ms, ${ratio(scan.engine.median / scan.scan.plain.median)} a plain scan of the same bytes ` +
        `(${ms(scan.scan.plain.median)} ms with a reused 1 MiB \`Buffer\` and \`Buffer#indexOf\`).`,
    );
  }
  out.push('');
  return out;
}

function renderFiles(run: Run): string[] {
  const t = run.tokenizer;
  const out: string[] = [
    '## File reads: this run',
    '',
    ...fileRun(run),
    '',
    '## Method',
    '',
    '- Files are generated at bench time in a temp directory (deleted afterwards): TypeScript-like lines of varied',
    '  length and indentation (mean ~67 bytes, about 1 in 100 a long string literal of up to ~1.3 KB), blank lines,',
    '  and comments in several scripts (accents, CJK, Greek, Cyrillic, emoji: about a fifth of the lines carry',
    '  multi-byte UTF-8). Sizes are exact: 100 KiB, 10 MiB (a repeated 1 MiB block) and 1 GiB (the same block',
    '  1,024 times). The machine has far more RAM than 1 GiB and the files were just written, so they sit in the',
    '  page cache: these are warm-cache figures, and the floor enjoys the same cache.',
    '- Each size runs in its own Node process (`--expose-gc`). Calls go through',
    '  `new Lectern(host).invoke(...)` with `host.fs` = `nodeFileSystem` (wrapped only to count the bytes read).',
    '- **Floor**: in the same process, alternating with the engine call, the same bytes read plainly:',
    '  `fs.promises.open` + one `handle.read` of exactly `[meta.start_byte, meta.end_byte)` into `Buffer.allocUnsafe` +',
    '  `close`. For stat the floor is `fs.promises.stat`. Ratios are engine ÷ floor (median ÷ median, p95 ÷ p95).',
    '- **Session** cases reuse one engine per file (its line-index cache is warm after the first call, as in an',
    '  agent session). **First in session** cases create a new engine for every call (tokenizer already loaded):',
    '  this is the cost of the first read of a file. The deep line range is measured both ways: first call',
    '  (scans from the start of the file to the range) and again on the same engine (served from the line index).',
    '- Latency: 3 warm-up pairs, then at least 20 iterations and up to 1.5 s of engine time (at most 300);',
    '  the 1 GB first-call scan runs 3 times. Median and p95 of wall time per call (`performance.now()`). The CPU',
    '  column is the process\'s CPU time (user + system, all threads, `process.cpuUsage()`) per engine call: on a',
    '  shared machine it separates work done from time spent waiting for a core.',
    '- Memory: after a full GC, the case runs 5 times (once for the heavy scan); peak RSS growth is the kernel',
    '  high-water mark (`VmHWM`, reset through `/proc/self/clear_refs`) over the post-GC RSS; heap and external',
    '  (ArrayBuffer) growth are sampled every 1 ms and after each call (heap is an upper bound: it includes garbage',
    '  not yet collected). The floor\'s own growth is measured the same way (in the JSON; its maximum per size is',
    '  given under each table).',
    '- "read by engine": bytes and read calls one engine call issued to the file system (its read amplification).',
    '- ¹ the answer was shortened to fit the per-answer token cap (default 25,600 tokens), so fewer bytes came back',
    '  than the window asked for; the floor reads the bytes that came back.',
    '',
    '## Cold start',
    '',
    `- Tokenizer (gpt-tokenizer o200k_base) load in a fresh process: **${ms(t.loadMs)} ms**, heap +${growth(t.mem.heap)}, RSS +${growth(t.mem.rss)}.`,
  ];
  for (const s of run.sizes) {
    out.push(
      `- ${s.label}: first call of the process (\`head: 50\`, includes the tokenizer load${s.size <= 32 * MiB ? ' and the line count of the file' : ''}): ` +
        `**${ms(s.cold.ms)} ms** (warm: ${s.cold.warmMedian === null ? '?' : ms(s.cold.warmMedian)} ms), RSS +${growth(s.cold.mem.rss)}, heap +${growth(s.cold.mem.heap)}; ` +
        `importing the engine modules through tsx: ${ms(s.importMs)} ms.`,
    );
  }
  out.push(
    '',
    `Token counting on ${bytes(t.bytes)} of the bench text (${count(t.lines)} lines, ${count(t.tokens)} tokens), warm: ` +
      `one \`countTokens\` call on the whole text ${ms(t.whole.median)} ms; one call per numbered line (what \`shapeLines\` does) ` +
      `${ms(t.perLine.median)} ms; UTF-8 decode + split alone ${ms(t.decodeSplit.median)} ms.`,
    '',
    ...whereTimeGoes(run),
    '## Verdict: "windows and tails of a 1 GB file take milliseconds with flat memory"',
    '',
    verdict(run).text,
    '',
  );
  for (const s of run.sizes) {
    const floorRss = Math.max(...s.cases.map((c) => c.memFloor.rss));
    const floorHeap = Math.max(...s.cases.map((c) => c.memFloor.heap));
    out.push(
      `## ${s.label} (${count(s.size)} bytes, ${count(s.lines)} lines; generated in ${ms(run.generateMs[s.label] ?? 0)} ms)`,
      '',
      ...sizeTable(s),
      '',
      `Floor memory for comparison: peak ΔRSS at most ${growth(floorRss)}, peak Δheap at most ${growth(floorHeap)} over all cases of this size.`,
      '',
    );
    const scans = s.cases.filter((c) => c.scan);
    if (scans.length > 0) {
      out.push(
        'Cases that scan, against a plain sequential scan of as many bytes (`handle.read` into one reused 1 MiB `Buffer`, newlines counted with `Buffer#indexOf`):',
        '',
        '| case | bytes scanned | engine median ms | plain scan median ms | × plain scan |',
        '|---|--:|--:|--:|--:|',
        ...scans.map((c) => `| ${c.label} | ${bytes(c.scan!.bytes)} | ${ms(c.engine.median)} | ${ms(c.scan!.plain.median)} | ${ratio(c.engine.median / c.scan!.plain.median)} |`),
        '',
      );
    }
  }
  if (run.skipped.length > 0) out.push('## Skipped', '', ...run.skipped.map((s) => `- ${s}`), '');
  out.push('## File reads: raw results', '', '<details><summary>JSON</summary>', '', '```json', JSON.stringify({ tokenizer: run.tokenizer, sizes: run.sizes }, null, 1), '```', '', '</details>', '');
  return out;
}

// ---- the document: one marked block per part, so a partial run keeps the other parts -------------

const BLOCK = /<!-- bench:([\w-]+) -->\n([\s\S]*?)\n<!-- \/bench:\1 -->/g;

function oldBlocks(previous: string): Map<string, string> {
  const blocks = new Map<string, string>();
  for (const match of previous.matchAll(BLOCK)) blocks.set(match[1]!, match[2]!);
  // A report from before the parts were marked: all of it after the machine is the file reads.
  const legacy = blocks.size === 0 ? /## Machine\n\n([\s\S]*?)\n\n(## Method[\s\S]*?)\n*$/.exec(previous) : null;
  if (legacy) blocks.set('files', `## File reads: this run\n\n${legacy[1]}\n\n${legacy[2]}`);
  return blocks;
}

function compose(fresh: Map<string, string[]>, previous: string): string {
  const kept = oldBlocks(previous);
  const block = (name: string) => {
    const body = fresh.has(name) ? fresh.get(name)!.join('\n').replace(/\n+$/, '') : kept.get(name);
    return body === undefined ? [] : [`<!-- bench:${name} -->`, body, `<!-- /bench:${name} -->`, ''];
  };
  const symbolBlocks = ['reads', 'memory', 'index', 'tokens'].flatMap(block);
  return [
    '# Benchmarks',
    '',
    'Generated by `npm run bench` (bench/run.ts). Do not edit by hand; rerun it. `npm run bench -- --only=files` (or',
    '`reads`, `memory`, `index`, `tokens`, `search`; `symbols` = reads to tokens) reruns some parts and keeps the others: each',
    'part says when it ran and under what load.',
    '',
    '## Machine',
    '',
    ...machine(),
    '',
    ...block('files'),
    ...(symbolBlocks.length > 0 ? [...renderIntro(), ...symbolBlocks] : []),
    ...block('search'),
  ].join('\n');
}

function summary(run: Run): string {
  const out: string[] = ['', `Lectern bench · ${os.cpus().length} cores · node ${process.version} · ${run.date.toISOString()} · load ${run.loadStart.toFixed(2)} → ${run.loadEnd.toFixed(2)}`];
  out.push(`tokenizer cold load ${ms(run.tokenizer.loadMs)} ms`);
  for (const s of run.sizes) {
    out.push('', `${s.label}  (first call of the process ${ms(s.cold.ms)} ms)`);
    const width = Math.max(...s.cases.map((c) => c.label.length));
    out.push(`  ${'case'.padEnd(width)}  ${'median'.padStart(9)}  ${'p95'.padStart(9)}  ${'floor'.padStart(8)}  ${'×floor'.padStart(8)}  ${'CPU'.padStart(9)}  ${'ΔRSS'.padStart(10)}`);
    for (const c of s.cases) {
      out.push(
        `  ${c.label.padEnd(width)}  ${(ms(c.engine.median) + ' ms').padStart(9)}  ${(ms(c.engine.p95) + ' ms').padStart(9)}  ${(ms(c.floor.median) + ' ms').padStart(8)}  ${ratio(c.engine.median / c.floor.median).padStart(8)}  ${(ms(c.engineCpu.median) + ' ms').padStart(9)}  ${growth(c.memEngine.rss).padStart(10)}` +
          (c.scan ? `   (scan ${bytes(c.scan.bytes)}; plain scan ${ms(c.scan.plain.median)} ms)` : ''),
      );
    }
  }
  out.push('', verdict(run).text.replace(/\*\*/g, ''));
  return out.join('\n') + '\n';
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
