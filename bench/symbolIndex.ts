// The symbol index's build and warm start on a workspace of 5,000 real source files (JavaScript and
// TypeScript copied from this repository's npm packages into the bench cache folder), each run in a
// fresh process: a plain read of the same files (the floor), the calling thread alone (baseline),
// worker threads, and a warm start from the persistent cache those workers wrote. Used by
// bench/symbolAccuracy.ts. With BENCH_BASELINE_TREE=DIR (another checkout, built, with its
// node_modules) the worker and warm runs are measured on that tree too, in the same run; with
// BENCH_REPEAT=N every run is repeated N times, interleaved, and its median kept.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { cacheDir } from './realCode';

const ROOT = resolve(__dirname, '..');
const FILES = 5_000;

export interface IndexRun {
  label: string;
  /** Measured on the baseline tree (BENCH_BASELINE_TREE), not this one. */
  before?: boolean;
  /** How many rounds this run's median is taken over. */
  rounds?: number;
  ms: number;
  cpuMs: number;
  files: number;
  filesPerSecond: number;
}

export interface IndexBench {
  files: number;
  megabytes: number;
  load: number;
  runs: IndexRun[];
}

/** Folders the index skips anyway (and test code, which repeats itself): not copied. */
const SKIP = /^(node_modules|dist|build|out|bin|vendor|coverage|target|obj|test|tests|__tests__|\..*)$/;

function collect(dir: string, out: string[]): void {
  if (out.length >= FILES) return;
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (out.length >= FILES) return;
    const path = join(dir, entry.name);
    if (entry.isDirectory() && !SKIP.test(entry.name)) collect(path, out);
    else if (entry.isFile() && /\.(ts|js|mjs|cjs)$/.test(entry.name) && statSync(path).size <= 200 * 1024)
      out.push(path);
  }
}

/** The workspace: made once, reused (bench/navigation.ts maps it too). */
export function workspace(): { root: string; files: number; bytes: number } {
  const root = join(cacheDir(), 'ws5000');
  const modules = join(ROOT, 'node_modules');
  if (!existsSync(join(root, '.complete'))) {
    rmSync(root, { recursive: true, force: true });
    const files: string[] = [];
    for (const pkg of readdirSync(modules).sort()) {
      if (pkg.startsWith('.')) continue;
      const dirs = pkg.startsWith('@')
        ? readdirSync(join(modules, pkg)).map((p) => join(modules, pkg, p))
        : [join(modules, pkg)];
      for (const dir of dirs) collect(dir, files);
    }
    for (const file of files) {
      const target = join(root, relative(modules, file));
      mkdirSync(dirname(target), { recursive: true });
      copyFileSync(file, target);
    }
    mkdirSync(root, { recursive: true });
    copyFileSync(__filename, join(root, '.complete'));
  }
  let count = 0;
  let bytes = 0;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(dir, entry.name));
      else if (!entry.name.startsWith('.')) {
        count++;
        bytes += statSync(join(dir, entry.name)).size;
      }
    }
  };
  walk(root);
  return { root, files: count, bytes };
}

function child(
  mode: 'read' | 'serial' | 'workers',
  root: string,
  cache: string | null,
  files: number,
  tree = ROOT,
): IndexRun {
  const script = join(tree, 'bench', 'symbolIndex.ts');
  const out = execFileSync(process.execPath, ['--import', 'tsx', script, '--child', mode, root, cache ?? ''], {
    cwd: tree,
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  const run = JSON.parse(out.trim().split('\n').pop()!) as IndexRun;
  return { ...run, files, filesPerSecond: files / (run.ms / 1000) };
}

export async function runIndexBench(): Promise<IndexBench> {
  if (!existsSync(join(ROOT, 'dist', 'outlineWorker.js')))
    execFileSync(process.execPath, ['esbuild.mjs'], { cwd: ROOT, stdio: 'pipe' });
  const ws = workspace();
  const cache = join(cacheDir(), 'index-cache');
  rmSync(cache, { recursive: true, force: true });
  const load = os.loadavg()[0]!;
  const named = (label: string, run: IndexRun, before = false): IndexRun => ({
    ...run,
    label,
    ...(before ? { before } : {}),
  });
  const threads = Math.min(os.availableParallelism?.() ?? os.cpus().length, 4);
  const baseline = process.env.BENCH_BASELINE_TREE;
  // BENCH_REPEAT=N rounds, interleaved (the machine's load changes under every run alike); each row is the run of median wall time.
  const rounds: IndexRun[][] = [];
  for (let round = 0; round < Math.max(1, Number(process.env.BENCH_REPEAT ?? 1)); round++) {
    const runs = [
      named('plain read of the same files (floor)', child('read', ws.root, null, ws.files)),
      named('cold, calling thread only (baseline)', child('serial', ws.root, null, ws.files)),
    ];
    if (baseline) {
      const before = join(cacheDir(), 'index-cache-before');
      rmSync(before, { recursive: true, force: true });
      runs.push(
        named(
          `before: cold, ${threads} worker threads, writing the cache`,
          child('workers', ws.root, before, ws.files, resolve(baseline)),
          true,
        ),
      );
      runs.push(
        named(
          'before: warm start from the cache (new process)',
          child('workers', ws.root, before, ws.files, resolve(baseline)),
          true,
        ),
      );
    }
    rmSync(cache, { recursive: true, force: true });
    runs.push(named(`cold, ${threads} worker threads, writing the cache`, child('workers', ws.root, cache, ws.files)));
    runs.push(named('warm start from the cache (new process)', child('workers', ws.root, cache, ws.files)));
    rounds.push(runs);
  }
  const median = (i: number) =>
    [...rounds.map((r) => r[i]!)].sort((a, b) => a.ms - b.ms)[Math.floor(rounds.length / 2)]!;
  const runs = rounds[0]!.map((_, i) => ({ ...median(i), rounds: rounds.length }));
  const bench: IndexBench = {
    files: ws.files,
    megabytes: ws.bytes / (1024 * 1024),
    load: (load + os.loadavg()[0]!) / 2,
    runs,
  };
  for (const run of bench.runs)
    console.log(`index: ${run.label}: ${run.ms.toFixed(0)} ms, ${run.filesPerSecond.toFixed(0)} files/s`);
  return bench;
}

/** In the child: one lookup of a missing name over the whole workspace, timed (after a call that loads the rest of the engine). */
async function runChild(mode: string, root: string, cache: string): Promise<void> {
  if (mode === 'read') return readChild(root);
  const { Lectern } = await import('../src/core/engine');
  const { INDEX_LIMITS } = await import('../src/core/symbols/workspaceIndex');
  const { nodeFileSystem } = await import('../src/node/nodeFileSystem');
  const { createWasmLoader } = await import('../src/node/wasmFiles');
  const { createOutlineWorkers } = await import('../src/node/outlineWorkers');
  const { createSymbolCache } = await import('../src/node/symbolCacheStore');
  INDEX_LIMITS.budgetMs = 10 * 60_000; // the whole index, however long it takes
  const roots = [{ name: 'ws', path: root }];
  const workers = mode === 'workers' ? createOutlineWorkers(join(ROOT, 'dist')) : undefined;
  const lectern = new Lectern({
    fs: nodeFileSystem,
    roots: () => roots,
    loadWasm: createWasmLoader(join(ROOT, 'dist')),
    ...(workers ? { outlineWorkers: workers } : {}),
    ...(cache ? { symbolCache: createSymbolCache(cache, () => roots) } : {}),
  });
  // Warm the engine (tokenizer, session layer) on a call that does not touch the index: what is timed is the index.
  await lectern.invoke('lectern_stat', { target: '.' });
  const cpu = process.cpuUsage();
  const started = performance.now();
  const response = await lectern.invoke('lectern_read', { mode: 'symbol', target: 'zzzNoSuchSymbolAnywhere' });
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  await lectern.dispose(); // the cache's writes, made after the answer
  await workers?.dispose();
  if (response.error?.code !== 'NOT_FOUND' || /still being built/.test(response.text))
    throw new Error(`unexpected answer: ${response.text.slice(0, 300)}`);
  process.stdout.write(
    JSON.stringify({ label: mode, ms, cpuMs: (used.user + used.system) / 1000, files: 0, filesPerSecond: 0 }) + '\n',
  );
}

/** The floor: the same files listed by the same walker and read whole (bytes decoded), nothing parsed. */
async function readChild(root: string): Promise<void> {
  const { listSourceFiles } = await import('../src/core/ground/walk');
  const { LANGUAGES } = await import('../src/core/symbols/languages/index');
  const { nodeFileSystem } = await import('../src/node/nodeFileSystem');
  const endings = new Set(LANGUAGES.flatMap((l) => l.extensions));
  const host = { fs: nodeFileSystem, roots: () => [{ name: 'ws', path: root }] };
  const cpu = process.cpuUsage();
  const started = performance.now();
  const listed = await listSourceFiles(
    host as never,
    host.roots(),
    (name) => endings.has(name.slice(name.lastIndexOf('.') + 1).toLowerCase()),
    50_000,
  );
  const decoder = new TextDecoder();
  let characters = 0;
  for (const file of listed.files) {
    const read = nodeFileSystem.readFileSync!(file.absolute, 2 * 1024 * 1024);
    if ('bytes' in read) characters += decoder.decode(read.bytes).length;
  }
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  if (characters === 0) throw new Error('read nothing');
  process.stdout.write(
    JSON.stringify({ label: 'read', ms, cpuMs: (used.user + used.system) / 1000, files: 0, filesPerSecond: 0 }) + '\n',
  );
}

if (require.main === module && process.argv[2] === '--child') {
  void runChild(process.argv[3]!, process.argv[4]!, process.argv[5] ?? '');
}
