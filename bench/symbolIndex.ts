// The symbol index's build and warm start on a workspace of 5,000 real source files (JavaScript and
// TypeScript copied from this repository's npm packages into the bench cache folder), each run in a
// fresh process: the calling thread alone (baseline), worker threads, and a warm start from the
// persistent cache those workers wrote. Used by bench/symbolAccuracy.ts.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { cacheDir } from './realCode';

const ROOT = resolve(__dirname, '..');
const FILES = 5_000;

export interface IndexRun {
  label: string;
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
    else if (entry.isFile() && /\.(ts|js|mjs|cjs)$/.test(entry.name) && statSync(path).size <= 200 * 1024) out.push(path);
  }
}

/** The workspace: made once, reused. */
function workspace(): { root: string; files: number; bytes: number } {
  const root = join(cacheDir(), 'ws5000');
  const modules = join(ROOT, 'node_modules');
  if (!existsSync(join(root, '.complete'))) {
    rmSync(root, { recursive: true, force: true });
    const files: string[] = [];
    for (const pkg of readdirSync(modules).sort()) {
      if (pkg.startsWith('.')) continue;
      const dirs = pkg.startsWith('@') ? readdirSync(join(modules, pkg)).map((p) => join(modules, pkg, p)) : [join(modules, pkg)];
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

function child(mode: 'serial' | 'workers', root: string, cache: string | null, files: number): IndexRun {
  const out = execFileSync(process.execPath, ['--import', 'tsx', __filename, '--child', mode, root, cache ?? ''], { cwd: ROOT, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  const run = JSON.parse(out.trim().split('\n').pop()!) as IndexRun;
  return { ...run, files, filesPerSecond: files / (run.ms / 1000) };
}

export async function runIndexBench(): Promise<IndexBench> {
  if (!existsSync(join(ROOT, 'dist', 'outlineWorker.js'))) execFileSync(process.execPath, ['esbuild.mjs'], { cwd: ROOT, stdio: 'pipe' });
  const ws = workspace();
  const cache = join(cacheDir(), 'index-cache');
  rmSync(cache, { recursive: true, force: true });
  const load = os.loadavg()[0]!;
  const serial = child('serial', ws.root, null, ws.files);
  const workers = child('workers', ws.root, cache, ws.files);
  const warm = child('workers', ws.root, cache, ws.files);
  const named = (label: string, run: IndexRun) => ({ ...run, label });
  const bench: IndexBench = {
    files: ws.files,
    megabytes: ws.bytes / (1024 * 1024),
    load: (load + os.loadavg()[0]!) / 2,
    runs: [named('cold, calling thread only (baseline)', serial), named(`cold, ${Math.min(os.cpus().length, 4)} worker threads, writing the cache`, workers), named('warm start from the cache (new process)', warm)],
  };
  for (const run of bench.runs) console.log(`index: ${run.label}: ${run.ms.toFixed(0)} ms, ${run.filesPerSecond.toFixed(0)} files/s`);
  return bench;
}

/** In the child: one lookup of a missing name over the whole workspace, timed (after a call that loads the rest of the engine). */
async function runChild(mode: string, root: string, cache: string): Promise<void> {
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
  await workers?.dispose();
  if (response.error?.code !== 'NOT_FOUND' || /still being built/.test(response.text)) throw new Error(`unexpected answer: ${response.text.slice(0, 300)}`);
  process.stdout.write(JSON.stringify({ label: mode, ms, cpuMs: (used.user + used.system) / 1000, files: 0, filesPerSecond: 0 }) + '\n');
}

if (require.main === module && process.argv[2] === '--child') {
  void runChild(process.argv[3]!, process.argv[4]!, process.argv[5] ?? '');
}
