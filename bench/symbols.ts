// Benchmark jobs for symbol reads, outlines, snippets, the workspace symbol index and the token
// saving of symbol answers, on real code. Run in a child process by bench/child.ts (one job per
// process, so a cold read really is the first of its process), started by bench/run.ts.
import { copyFileSync, readdirSync, readFileSync, statSync, utimesSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import { execFileSync } from 'node:child_process';
import type { ToolResponse } from '../src/core/ground/contract';
import type { Host } from '../src/core/ground/ports';
import { collect, HEAVY, memoryOf, NORMAL, peakRss, plainRead, stats, timePair, type Timing } from './measure';
import { renderGutter } from '../src/core/text/gutter';
import type {
  IndexCall,
  IndexJob,
  IndexResult,
  LanguageTokens,
  MemorySample,
  Outcome,
  SymbolCase,
  SymbolColdJob,
  SymbolColdResult,
  SymbolFileJob,
  SymbolFileResult,
  SymbolFileSpec,
  SymbolMemoryJob,
  SymbolMemoryResult,
  Spent,
  TokensJob,
  TokensResult,
} from './types';

// ---- the tree-sitter WASM heap ------------------------------------------------------------------

// web-tree-sitter keeps its emscripten module private; its linear memory is created with
// `new WebAssembly.Memory`, so watching that constructor (before the engine is imported) is the one
// way to see the heap size from outside. Nothing else changes: the object handed back is the real one.
interface WasmMemory {
  readonly buffer: ArrayBuffer;
}
type MemoryConstructor = new (descriptor: unknown) => WasmMemory;
// The lib this project compiles against (ES2022, Node) declares no WebAssembly: looked up, typed as used here.
const wasm: { Memory: MemoryConstructor } = Reflect.get(globalThis, 'WebAssembly');
const memories: WasmMemory[] = [];
wasm.Memory = new Proxy(wasm.Memory, {
  construct(Original, args) {
    const memory: WasmMemory = Reflect.construct(Original, args);
    memories.push(memory);
    return memory;
  },
});

function wasmBytes(): number {
  return memories.reduce((sum, m) => sum + m.buffer.byteLength, 0);
}

// ---- where a read's time goes: the tree-sitter facade's methods, timed from outside ----------------

/** Wraps the facade's prototype (the engine's instances share it); nothing about the calls changes. */
async function instrument(): Promise<Spent> {
  const { TreeSitter } = await import('../src/core/symbols/treeSitter');
  const spent: Spent = { languageMs: 0, queryMs: 0, parses: [] };
  const proto = TreeSitter.prototype;
  const language = proto.language;
  const query = proto.query;
  const parse = proto.parse;
  proto.language = async function (this: InstanceType<typeof TreeSitter>, ...args: Parameters<typeof language>) {
    const t = performance.now();
    try {
      return await language.apply(this, args);
    } finally {
      spent.languageMs += performance.now() - t;
    }
  };
  proto.query = function (this: InstanceType<typeof TreeSitter>, ...args: Parameters<typeof query>) {
    const t = performance.now();
    try {
      return query.apply(this, args);
    } finally {
      spent.queryMs += performance.now() - t;
    }
  };
  proto.parse = async function (this: InstanceType<typeof TreeSitter>, ...args: Parameters<typeof parse>) {
    // The language is awaited inside parse: time it apart so the parse figure is the parse.
    await this.language(args[0]);
    const t = performance.now();
    const tree = await parse.apply(this, args);
    spent.parses.push({ ms: performance.now() - t, ok: tree !== null, chars: args[1].length });
    return tree;
  };
  return spent;
}

/** The outline cache of an engine (private state, read for the report). */
function outlineCache(engine: object): { entries: number; bytes: number } {
  const service = (engine as { symbols?: { cache?: Map<string, unknown>; cachedBytes?: number } }).symbols;
  return { entries: service?.cache?.size ?? 0, bytes: service?.cachedBytes ?? 0 };
}

// ---- the engine -----------------------------------------------------------------------------------

async function loadEngine() {
  const t = performance.now();
  const { Lectern } = await import('../src/core/engine');
  const { nodeFileSystem } = await import('../src/node/nodeFileSystem');
  const { createWasmLoader } = await import('../src/node/wasmFiles');
  const importMs = performance.now() - t;
  const { loadTokenCounter } = await import('../src/core/ground/tokens');
  const t2 = performance.now();
  const countTokens = await loadTokenCounter();
  const tokenizerMs = performance.now() - t2;
  const loadWasm = createWasmLoader();
  // The session guard is off: the benchmarks repeat calls to time them, which a session would answer with pointers.
  const make = (roots: { name: string; path: string }[]) =>
    new Lectern({ fs: nodeFileSystem, roots: () => roots, loadWasm } satisfies Host, () => ({ sessionGuard: false }));
  return { make, importMs, tokenizerMs, countTokens, loadWasm };
}

function outcome(response: ToolResponse): Outcome {
  return {
    ok: response.ok,
    code: response.error?.code ?? null,
    tokens: response.meta.token_estimate,
    degraded: response.meta.preview_degraded,
  };
}

function rootOf(file: SymbolFileSpec) {
  return [{ name: 'bench', path: dirname(file.path) }];
}

const symbolInput = (file: SymbolFileSpec) => ({ mode: 'symbol', target: file.symbol, path: basename(file.path) });
const outlineInput = (file: SymbolFileSpec) => ({ mode: 'file', target: basename(file.path), outline: true });
const snippetInput = (file: SymbolFileSpec) => ({
  mode: 'snippet',
  target: basename(file.path),
  start_line: file.snippetLine,
  expand: 'block',
});

function cpuMsSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

// ---- cold: the first symbol read of a fresh process ----------------------------------------------

export async function runSymbolCold(job: SymbolColdJob): Promise<SymbolColdResult> {
  const { make, importMs, tokenizerMs } = await loadEngine();
  const spent = await instrument();
  const engine = make(rootOf(job.file));
  let response: ToolResponse | undefined;
  let ms = 0;
  let cpuMs = 0;
  const mem = await memoryOf(async () => {
    const cpu = process.cpuUsage();
    const t = performance.now();
    response = await engine.invoke('lectern_read', symbolInput(job.file));
    ms = performance.now() - t;
    cpuMs = cpuMsSince(cpu);
  }, 1);
  return {
    kind: 'sym-cold',
    id: job.file.id,
    ms,
    cpuMs,
    importMs,
    tokenizerMs,
    mem,
    outcome: outcome(response!),
    wasmBytes: wasmBytes(),
    spent,
  };
}

// ---- warm: symbol, outline and snippet reads on one engine ---------------------------------------

const MEDIUM: Timing = { minIters: 10, budgetMs: 1500, warmup: 1, settle: false };

export async function runSymbolFile(job: SymbolFileJob): Promise<SymbolFileResult> {
  const { file } = job;
  const { make, loadWasm } = await loadEngine();
  const spent = await instrument();
  const engine = make(rootOf(file));
  const size = statSync(file.path).size;
  const big = size > 4 * 1024 * 1024;
  const medium = size > 512 * 1024;

  // The first outline of the process: runtime init, grammar load, query compile, parse, render.
  let t = performance.now();
  const primeResponse = await engine.invoke('lectern_read', outlineInput(file));
  const prime = {
    ms: performance.now() - t,
    outcome: outcome(primeResponse),
    spent: { ...spent, parses: [...spent.parses] },
  };
  process.stderr.write(
    `  ${file.shown}: first outline ${prime.ms.toFixed(0)} ms${primeResponse.ok ? '' : ` (${primeResponse.error?.code})`}\n`,
  );

  // The stages on their own, on a second facade (the runtime is initialized by now; the grammar and
  // the query are loaded and compiled again, as a new engine would).
  const { TreeSitter } = await import('../src/core/symbols/treeSitter');
  const { languageForPath } = await import('../src/core/symbols/languages/index');
  const { extractOutline } = await import('../src/core/symbols/outline');
  const { SYMBOL_LIMITS } = await import('../src/core/symbols/service');
  const runtime = new TreeSitter(loadWasm);
  const spec = languageForPath(file.path)!;
  const text = await readFile(file.path, 'utf8');
  collect();
  t = performance.now();
  const language = await runtime.language(spec);
  const grammarMs = performance.now() - t;
  t = performance.now();
  const query = runtime.query(spec, language);
  const queryMs = performance.now() - t;
  t = performance.now();
  const tree = await runtime.parse(spec, text, SYMBOL_LIMITS.parseDeadlineMs);
  const parseMs = performance.now() - t;
  let extractMs = 0;
  let symbolCount = 0;
  if (tree) {
    t = performance.now();
    const symbols = extractOutline(tree, query, spec, text);
    extractMs = performance.now() - t;
    const countAll = (list: typeof symbols): number => list.reduce((n, s) => n + 1 + countAll(s.children), 0);
    symbolCount = countAll(symbols);
    tree.delete();
  }
  runtime.dispose();
  const stages = {
    grammarMs,
    queryMs,
    parseMs,
    parsed: tree !== null,
    extractMs,
    symbols: symbolCount,
    deadlineMs: SYMBOL_LIMITS.parseDeadlineMs,
  };
  process.stderr.write(
    `  ${file.shown}: parse ${parseMs.toFixed(0)} ms${tree ? '' : ' (deadline passed)'}, outline query ${extractMs.toFixed(0)} ms\n`,
  );

  const defs: {
    id: string;
    label: string;
    input: Record<string, unknown>;
    timing: Timing;
    memReps: number;
    floor: 'range' | 'file';
  }[] = [
    {
      id: 'symbol',
      label: `symbol \`${file.symbol}\`, warm`,
      input: symbolInput(file),
      timing: NORMAL,
      memReps: 5,
      floor: 'range',
    },
    {
      id: 'outline',
      label: 'outline, warm',
      input: outlineInput(file),
      timing: big ? MEDIUM : NORMAL,
      memReps: big ? 3 : 5,
      floor: 'file',
    },
    {
      id: 'snippet',
      label: `snippet line ${file.snippetLine}, expand "block"`,
      input: snippetInput(file),
      timing: big ? HEAVY : medium ? MEDIUM : NORMAL,
      memReps: big ? 1 : 5,
      floor: 'range',
    },
  ];
  const cases: SymbolCase[] = [];
  for (const def of defs) {
    process.stderr.write(`  ${file.shown}: ${def.label} … `);
    const call = async () => engine.invoke('lectern_read', def.input);
    const reference = await call();
    const start = reference.meta.start_byte ?? 0;
    const end = reference.meta.end_byte ?? 0;
    const notes = [...(reference.meta.notes ?? [])];
    if (
      reference.ok &&
      def.floor === 'range' &&
      !Buffer.from(reference.content, 'utf8').equals(await plainRead(file.path, start, end - start))
    ) {
      notes.push(`content differs from the file's bytes [${start}, ${end})`);
    }
    const floor = def.floor === 'file' ? () => readFile(file.path) : () => plainRead(file.path, start, end - start);
    const times = await timePair(call, floor, def.timing);
    const mem = await memoryOf(call, def.memReps);
    const memFloor = await memoryOf(floor, def.memReps);
    const engineStats = stats(times.engine);
    cases.push({
      id: def.id,
      label: def.label,
      engine: engineStats,
      engineCpu: stats(times.engineCpu),
      floor: stats(times.floor),
      floorLabel: def.floor === 'file' ? 'fs.readFile (whole file)' : 'fs.read (same bytes)',
      outcome: outcome(reference),
      bytesReturned: def.floor === 'range' ? end - start : Buffer.byteLength(reference.text),
      linesReturned:
        reference.meta.start_line !== null && reference.meta.end_line !== null
          ? `${reference.meta.start_line}-${reference.meta.end_line}`
          : null,
      notes,
      mem,
      memFloor,
    });
    process.stderr.write(
      `${engineStats.median.toFixed(1)} ms (n=${engineStats.n})${reference.ok ? '' : ` ${reference.error?.code}`}\n`,
    );
  }
  return {
    kind: 'sym-file',
    id: file.id,
    bytes: size,
    lines: primeResponse.meta.total_lines ?? text.split('\n').length,
    symbols: (primeResponse.meta.outline as { symbols?: number } | undefined)?.symbols ?? symbolCount,
    prime,
    stages,
    cases,
    wasmBytes: wasmBytes(),
  };
}

// ---- memory: outlines of distinct versions of the largest file ------------------------------------

function memorySample(ms: number, result: Outcome, engine: object | undefined, parseMs: number | null): MemorySample {
  collect();
  const m = process.memoryUsage();
  return {
    ms,
    outcome: result,
    rss: m.rss,
    heap: m.heapUsed,
    external: m.external,
    peakRss: peakRss() ?? 0,
    wasmBytes: wasmBytes(),
    cache: engine ? outlineCache(engine) : { entries: 0, bytes: 0 },
    parseMs,
  };
}

export async function runSymbolMemory(job: SymbolMemoryJob): Promise<SymbolMemoryResult> {
  const { make } = await loadEngine();
  const spent = await instrument();
  const copy = join(job.dir, basename(job.file.path));
  copyFileSync(job.file.path, copy);
  let engine: ReturnType<typeof make> | undefined = make([{ name: 'bench', path: job.dir }]);
  const base = memorySample(0, { ok: true, code: null, tokens: 0, degraded: false }, engine, null);
  const samples: MemorySample[] = [];
  const stamp = Math.floor(Date.now() / 1000) - 3600;
  for (let i = 0; i < job.reps; i++) {
    // A new mtime is a new version: the outline cache misses and the file is parsed again.
    utimesSync(copy, stamp + i, stamp + i);
    const t = performance.now();
    const response = await engine.invoke('lectern_read', { mode: 'file', target: basename(copy), outline: true });
    const elapsed = performance.now() - t;
    const parsed = spent.parses[spent.parses.length - 1];
    const sample = memorySample(elapsed, outcome(response), engine, parsed ? parsed.ms : null);
    samples.push(sample);
    process.stderr.write(
      `  memory: outline ${i + 1}/${job.reps} ${sample.ms.toFixed(0)} ms, RSS ${(sample.rss / 2 ** 20).toFixed(0)} MiB, heap ${(sample.heap / 2 ** 20).toFixed(0)} MiB, WASM ${(sample.wasmBytes / 2 ** 20).toFixed(0)} MiB\n`,
    );
  }
  engine = undefined;
  void engine;
  const released = memorySample(0, { ok: true, code: null, tokens: 0, degraded: false }, undefined, null);
  return { kind: 'sym-memory', id: job.file.id, bytes: statSync(copy).size, base, samples, released };
}

// ---- the workspace index -----------------------------------------------------------------------

const BUILDING = /still being built \(([\d,]+) of ([\d,]+) files so far\)/;

export async function runIndex(job: IndexJob): Promise<IndexResult> {
  const { make } = await loadEngine();
  const engine = make(job.roots);
  // Reads the index's private state for what the answers do not say (files and symbols indexed).
  const index = engine['workspaceIndex'];
  const { INDEX_LIMITS } = await import('../src/core/symbols/workspaceIndex');
  const budgetMs = INDEX_LIMITS.budgetMs;
  const calls: IndexCall[] = [];
  const input = { mode: 'symbol', target: job.target, ...(job.symbolKind ? { kind: job.symbolKind } : {}) };
  const started = performance.now();
  const cpuStart = process.cpuUsage();
  const mem = await memoryOf(async () => {
    for (let i = 0; i < job.maxCalls; i++) {
      const cpu = process.cpuUsage();
      const t = performance.now();
      const response = await engine.invoke('lectern_read', input);
      const ms = performance.now() - t;
      const said = [...(response.meta.notes ?? []), response.error?.message ?? ''].join(' ');
      const building = BUILDING.exec(said);
      const total = index['listing']?.files.length ?? 0;
      const call: IndexCall = {
        ms,
        cpuMs: cpuMsSince(cpu),
        indexed: building ? Number(building[1]!.replace(/,/g, '')) : index['entries'].size,
        total: building ? Number(building[2]!.replace(/,/g, '')) : total,
        // An ambiguous answer carries no notes: then only the time tells whether the budget ran out.
        complete: !building && !(response.error?.code === 'AMBIGUOUS_SYMBOL' && ms >= budgetMs),
        outcome: outcome(response),
      };
      calls.push(call);
      process.stderr.write(
        `  index: call ${i + 1}: ${ms.toFixed(0)} ms, ${call.indexed} of ${call.total} files${call.complete ? ', complete' : ''} (${response.ok ? 'ok' : response.error?.code})\n`,
      );
      if (call.complete) break;
    }
  }, 1);
  const totalMs = performance.now() - started;
  const totalCpuMs = cpuMsSince(cpuStart);
  collect();
  const m = process.memoryUsage();
  const after = {
    rss: m.rss,
    heap: m.heapUsed,
    external: m.external,
    wasmBytes: wasmBytes(),
    cache: outlineCache(engine),
  };

  // Warm: the index is built; each query still lists (every 15 s) and stats every file.
  const warm: number[] = [];
  const warmCpu: number[] = [];
  let warmResponse: ToolResponse | undefined;
  const warmStart = performance.now();
  while (warm.length < 5 || (warm.length < 30 && performance.now() - warmStart < 4000)) {
    const cpu = process.cpuUsage();
    const t = performance.now();
    warmResponse = await engine.invoke('lectern_read', input);
    warm.push(performance.now() - t);
    warmCpu.push(cpuMsSince(cpu));
  }
  const notFound: number[] = [];
  let notFoundResponse: ToolResponse | undefined;
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    notFoundResponse = await engine.invoke('lectern_read', { mode: 'symbol', target: 'lecternBenchNoSuchSymbol' });
    notFound.push(performance.now() - t);
  }

  // What the index holds, and what the walker listed.
  const { listSourceFiles } = await import('../src/core/ground/walk');
  const { LANGUAGES } = await import('../src/core/symbols/languages/index');
  const { nodeFileSystem } = await import('../src/node/nodeFileSystem');
  const extensions = new Set(LANGUAGES.flatMap((l) => l.extensions));
  const t = performance.now();
  const listing = await listSourceFiles(
    { fs: nodeFileSystem, roots: () => job.roots },
    job.roots,
    (name) => extensions.has(name.slice(name.lastIndexOf('.') + 1).toLowerCase()) && name.lastIndexOf('.') > 0,
    INDEX_LIMITS.maxFiles,
  );
  const listMs = performance.now() - t;
  let bytesListed = 0;
  let overLimit = 0;
  for (const f of listing.files) {
    const size = statSync(f.absolute).size;
    if (size > INDEX_LIMITS.maxFileBytes) overLimit++;
    else bytesListed += size;
  }
  let indexedBytes = 0;
  let symbols = 0;
  for (const entry of index['entries'].values()) {
    indexedBytes += statSync(entry.absolute).size;
    symbols += entry.symbols.length;
  }
  return {
    kind: 'index',
    roots: job.roots,
    listed: listing.files.length,
    listMs,
    bytesListed,
    overLimit,
    calls,
    totalMs,
    totalCpuMs,
    indexedFiles: index['entries'].size,
    indexedBytes,
    symbols,
    mem,
    after,
    warm: stats(warm),
    warmCpu: stats(warmCpu),
    warmOutcome: outcome(warmResponse!),
    warmHead: warmResponse!.text.split('\n').slice(0, 2).join('\n'),
    notFound: stats(notFound),
    notFoundOutcome: outcome(notFoundResponse!),
  };
}

// ---- tokens: a symbol's answer against its whole file, per language ------------------------------

const MAX_FILES = 12;
const MAX_READS_PER_FILE = 40;
const MAX_FILE_BYTES = 300 * 1024;
/** Kinds an agent reads as a unit (variables and fields are read with their container). */
const READ_KINDS = new Set(['function', 'method', 'class', 'interface', 'type', 'enum', 'module']);

function walkFiles(dir: string, keep: (path: string) => boolean, out: string[] = [], depth = 0): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (depth < 6 && !['node_modules', 'test', 'tests', 'dist', '__pycache__', 'site-packages'].includes(entry.name))
        walkFiles(path, keep, out, depth + 1);
    } else if (entry.isFile() && keep(path)) out.push(path);
  }
  return out;
}

/** Up to `n` files spread evenly over the size distribution (not only the largest or smallest). */
function spread(paths: string[], n: number): string[] {
  const sized = paths
    .map((p) => ({ p, size: statSync(p).size }))
    .filter((f) => f.size > 0 && f.size <= MAX_FILE_BYTES)
    .sort((a, b) => a.size - b.size || a.p.localeCompare(b.p));
  if (sized.length <= n) return sized.map((f) => f.p);
  return Array.from({ length: n }, (_, i) => sized[Math.round((i * (sized.length - 1)) / (n - 1))]!.p);
}

function pythonStdlib(): string | undefined {
  try {
    return (
      execFileSync('python3', ['-c', 'import sysconfig; print(sysconfig.get_paths()["stdlib"])'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim() || undefined
    );
  } catch {
    return undefined;
  }
}

interface FileSet {
  language: string;
  source: 'real' | 'fixture';
  where: string;
  files: string[];
}

function fileSets(root: string, missing: string[]): FileSet[] {
  const nm = join(root, 'node_modules');
  const sets: FileSet[] = [];
  const real = (language: string, where: string, files: string[]) => {
    if (files.length === 0) missing.push(`${language}: no real files found (${where})`);
    else sets.push({ language, source: 'real', where, files });
  };
  const ts = (p: string) => /\.(ts|mts|cts)$/.test(p) && !/\.d\.[mc]?ts$/.test(p);
  real(
    'TypeScript',
    'node_modules/ajv/lib, node_modules/@azure/msal-common/src',
    spread(
      [...walkFiles(join(nm, 'ajv', 'lib'), ts), ...walkFiles(join(nm, '@azure', 'msal-common', 'src'), ts)],
      MAX_FILES,
    ),
  );
  const js = (p: string) => /\.(js|mjs|cjs)$/.test(p);
  real(
    'JavaScript',
    'node_modules/mocha/lib, node_modules/picomatch/lib, node_modules/ignore/index.js',
    spread(
      [
        ...walkFiles(join(nm, 'mocha', 'lib'), (p) => js(p) && !p.endsWith('mocha.cjs')),
        ...walkFiles(join(nm, 'picomatch', 'lib'), js),
        ...[join(nm, 'ignore', 'index.js')].filter((p) => {
          try {
            return statSync(p).isFile();
          } catch {
            return false;
          }
        }),
      ],
      MAX_FILES,
    ),
  );
  const stdlib = pythonStdlib();
  if (stdlib) {
    const top = readdirSync(stdlib)
      .filter((n) => n.endsWith('.py'))
      .map((n) => join(stdlib, n));
    real('Python', `${stdlib} (top-level modules)`, spread(top, MAX_FILES));
  } else missing.push('Python: python3 not found');
  const cFiles = [
    ...[
      'tree-sitter-ruby',
      'tree-sitter-python',
      'tree-sitter-c-sharp',
      'tree-sitter-rust',
      'tree-sitter-javascript',
      'tree-sitter-cpp',
    ].map((p) => join(nm, p, 'src', 'scanner.c')),
    ...(stdlib
      ? [
          'site-packages/wrapt/_wrappers.c',
          'site-packages/lazy_object_proxy/cext.c',
          'site-packages/markupsafe/_speedups.c',
          'site-packages/numpy/f2py/src/fortranobject.c',
          'distutils/tests/xxmodule.c',
        ].map((p) => join(stdlib, p))
      : []),
  ].filter((p) => {
    try {
      return statSync(p).isFile();
    } catch {
      return false;
    }
  });
  real(
    'C',
    "tree-sitter grammars' hand-written src/scanner.c; C extensions in the Python installation",
    spread(cFiles, MAX_FILES),
  );
  const fixtures = join(root, 'test', 'fixtures', 'symbols');
  const names: Record<string, string> = {
    c: 'C',
    cpp: 'C++',
    csharp: 'C#',
    go: 'Go',
    java: 'Java',
    php: 'PHP',
    ruby: 'Ruby',
    rust: 'Rust',
  };
  for (const dir of readdirSync(fixtures).sort()) {
    const files = walkFiles(join(fixtures, dir), () => true);
    if (files.length > 0)
      sets.push({ language: names[dir] ?? dir, source: 'fixture', where: `test/fixtures/symbols/${dir}`, files });
  }
  return sets;
}

function median(values: number[]): number {
  return values.length === 0 ? 0 : stats(values).median;
}

export async function runTokens(job: TokensJob): Promise<TokensResult> {
  const { make, countTokens } = await loadEngine();
  const { fileOutline } = await import('../src/core/symbols/fileSymbols');
  const { flattenSymbols, qualifiedName } = await import('../src/core/symbols/namePath');
  const missing: string[] = [];
  const sets = fileSets(job.root, missing);
  const stdlib = pythonStdlib();
  const engine = make([{ name: 'repo', path: job.root }, ...(stdlib ? [{ name: 'python', path: stdlib }] : [])]);
  // The engine's own environment (a private method): the structured outline behind `outline: true`.
  const env = await engine['env']({}, { isCancellationRequested: false });
  const languages: LanguageTokens[] = [];
  for (const set of sets) {
    const answers: number[] = [];
    const spans: number[] = [];
    const wholes: number[] = [];
    const overFile: number[] = [];
    const overSpan: number[] = [];
    const overNumbered: number[] = [];
    const saving: number[] = [];
    let misses = 0;
    let degraded = 0;
    let filesUsed = 0;
    for (const path of set.files) {
      let outline;
      try {
        outline = await fileOutline(env, path);
      } catch (error) {
        missing.push(`${set.language}: ${relative(job.root, path)}: ${(error as Error).message}`);
        continue;
      }
      const text = readFileSync(path, 'utf8');
      const lines = text.split('\n');
      const fileTokens = countTokens(text);
      const flat = flattenSymbols(outline.symbols).filter((f) => READ_KINDS.has(f.symbol.kind));
      if (flat.length === 0) continue;
      filesUsed++;
      const step = Math.max(1, flat.length / MAX_READS_PER_FILE);
      for (let k = 0; k < flat.length; k += step) {
        const item = flat[Math.floor(k)]!;
        const name = qualifiedName(item.path);
        const same = flat
          .filter((o) => qualifiedName(o.path) === name && o.symbol.kind === item.symbol.kind)
          .sort((a, b) => a.symbol.startLine - b.symbol.startLine);
        const input: Record<string, unknown> = { mode: 'symbol', target: `/${name}`, path, kind: item.symbol.kind };
        if (same.length > 1) input.index = same.indexOf(item) + 1;
        const response = await engine.invoke('lectern_read', input);
        if (
          !response.ok ||
          (response.meta.resolved_symbol as { start_line?: number } | undefined)?.start_line !== item.symbol.startLine
        ) {
          misses++;
          continue;
        }
        if (response.meta.preview_degraded) degraded++;
        const spanLines = lines
          .slice(item.symbol.contextStartLine - 1, item.symbol.endLine)
          .map((l) => l.replace(/\r$/, ''));
        const spanTokens = Math.max(1, countTokens(spanLines.join('\n')));
        answers.push(response.meta.token_estimate);
        spans.push(spanTokens);
        wholes.push(fileTokens);
        overFile.push(response.meta.token_estimate / fileTokens);
        saving.push(fileTokens / response.meta.token_estimate);
        overSpan.push(response.meta.token_estimate / spanTokens);
        // As test/unit/symbols/answerSize.test.ts measures it: against the span numbered as reads number it,
        // whole answers of three lines or more.
        if (!response.meta.preview_degraded && spanLines.length >= 3) {
          const numberedSpan = countTokens(
            renderGutter(
              spanLines.map((text, i) => ({ number: item.symbol.contextStartLine + i, text })),
              'sparse',
            ),
          );
          overNumbered.push(response.meta.token_estimate / numberedSpan);
        }
      }
    }
    languages.push({
      language: set.language,
      source: set.source,
      where: set.where,
      files: filesUsed,
      reads: answers.length,
      misses,
      degraded,
      answer: median(answers),
      span: median(spans),
      file: median(wholes),
      answerOverFile: median(overFile),
      answerOverSpan: median(overSpan),
      answerOverNumberedSpan: median(overNumbered),
      numberedReads: overNumbered.length,
      saving: median(saving),
    });
    process.stderr.write(
      `  tokens: ${set.language} (${set.source}): ${answers.length} reads in ${filesUsed} files, answer ${median(answers)} / file ${median(wholes)} tokens${misses ? `, ${misses} missed` : ''}\n`,
    );
  }
  return { kind: 'tokens', languages, missing };
}
