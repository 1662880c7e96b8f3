// What the symbol cache's writes cost the answers, on the symbol index bench's 5,000 real files
// (bench/symbolIndex.ts), each run in a fresh process on a private copy of them:
//   - a cold index build with worker threads and an empty persistent cache (the calls until the
//     index is whole), then the engine's dispose (the writes still pending, this tree only);
//   - a symbol read that has to parse, in a warm engine over that full cache (the file changed
//     before each read): median of 15.
// With --baseline=DIR (another checkout with its node_modules, e.g. `git archive` of main) the same
// runs are made on that tree's sources, alternating with this tree's: figures are ratios of one run.
//   npx tsx bench/cacheWrites.ts [--baseline=DIR] [--rounds=3]
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, relative, resolve } from 'node:path';
import { workspace } from './symbolIndex';

const ROOT = resolve(__dirname, '..');
const flag = (name: string) => process.argv.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);

interface Run {
  indexMs: number;
  disposeMs: number;
  /** The index build and the writes left after it: what a process that builds the index and ends costs. */
  indexAndWritesMs?: number;
  parseReadMs: number;
}

/** The .ts file nearest 20 KB: a file an agent edits, then reads a symbol of. */
function pickFile(root: string): string {
  let best: [number, string] = [Infinity, ''];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) {
        const distance = Math.abs(statSync(path).size - 20_000);
        if (distance < best[0]) best = [distance, path];
      }
    }
  };
  walk(root);
  return best[1];
}

async function child(tree: string, root: string, cache: string, file: string): Promise<void> {
  const { Lectern } = await import(join(tree, 'src/core/engine'));
  const { nodeFileSystem } = await import(join(tree, 'src/node/nodeFileSystem'));
  const { createWasmLoader } = await import(join(tree, 'src/node/wasmFiles'));
  const { createOutlineWorkers } = await import(join(tree, 'src/node/outlineWorkers'));
  const { createSymbolCache } = await import(join(tree, 'src/node/symbolCacheStore'));
  const roots = [{ name: 'ws', path: root }];
  const workers = createOutlineWorkers(join(tree, 'dist'));
  const lectern = new Lectern(
    {
      fs: nodeFileSystem,
      roots: () => roots,
      loadWasm: createWasmLoader(join(tree, 'dist')),
      outlineWorkers: workers,
      symbolCache: createSymbolCache(cache, () => roots),
    },
    () => ({ sessionGuard: false }),
  );
  await lectern.invoke('lectern_stat', { target: '.' });
  let started = performance.now();
  let calls = 0;
  let text: string;
  do
    text = (
      await lectern.invoke('lectern_read', { mode: 'symbol', target: 'zzzNoSuchSymbol' }, { sessionId: `i${calls++}` })
    ).text;
  while (/still being built/.test(text));
  const indexMs = performance.now() - started;
  started = performance.now();
  await lectern.dispose?.();
  const disposeMs = performance.now() - started;
  const original = readFileSync(file, 'utf8');
  const outline = await lectern.invoke('lectern_read', { target: relative(root, file), outline: true });
  const name = /^\s*(?:export\s+)?(?:async\s+)?(?:function|class|interface)\s+(\w+)/m.exec(original)?.[1];
  if (!outline.ok || !name) throw new Error(`no symbol in ${file}`);
  const reads: number[] = [];
  for (let i = 0; i < 15; i++) {
    writeFileSync(file, `${original}\n// edit ${i}\n`);
    started = performance.now();
    const answer = await lectern.invoke(
      'lectern_read',
      { mode: 'symbol', target: name, path: relative(root, file) },
      { sessionId: `r${i}` },
    );
    reads.push(performance.now() - started);
    if (!answer.ok) throw new Error(answer.text.slice(0, 300));
    await new Promise((done) => setTimeout(done, 100)); // the agent's next turn
  }
  writeFileSync(file, original);
  await lectern.dispose?.();
  await workers.dispose();
  const parseReadMs = [...reads].sort((a, b) => a - b)[7]!;
  process.stdout.write(JSON.stringify({ indexMs, disposeMs, parseReadMs } satisfies Run) + '\n');
}

function measure(tree: string, root: string, file: string): Run {
  const cache = join(os.tmpdir(), `lectern-cache-writes-${process.pid}`);
  rmSync(cache, { recursive: true, force: true });
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'bench', 'cacheWrites.ts'), '--child', tree, root, cache, file],
    { cwd: tree, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
  );
  rmSync(cache, { recursive: true, force: true });
  const run = JSON.parse(out.trim().split('\n').pop()!) as Run;
  return { ...run, indexAndWritesMs: run.indexMs + run.disposeMs };
}

async function main(): Promise<void> {
  const at = process.argv.indexOf('--child');
  if (at >= 0) {
    const [tree, root, cache, file] = process.argv.slice(at + 1);
    return child(tree!, root!, cache!, file!);
  }
  const baseline = flag('--baseline');
  const rounds = Number(flag('--rounds') ?? 3);
  for (const tree of [ROOT, ...(baseline ? [resolve(baseline)] : [])])
    if (!existsSync(join(tree, 'dist', 'outlineWorker.js')))
      execFileSync(process.execPath, ['esbuild.mjs'], { cwd: tree, stdio: 'pipe' });
  const root = join(os.tmpdir(), `lectern-cache-writes-ws-${process.pid}`);
  cpSync(workspace().root, root, { recursive: true });
  const file = pickFile(root);
  const runs: { tree: string; run: Run }[] = [];
  try {
    for (let round = 0; round < rounds; round++)
      for (const [label, tree] of baseline
        ? [
            ['before', resolve(baseline)],
            ['after', ROOT],
          ]
        : [['this tree', ROOT]]) {
        const run = measure(tree!, root, file);
        runs.push({ tree: label!, run });
        process.stderr.write(`${label}: ${JSON.stringify(run)}\n`);
      }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  const median = (label: string, key: keyof Run) => {
    const values = runs
      .filter((r) => r.tree === label)
      .map((r) => r.run[key] ?? 0)
      .sort((a, b) => a - b);
    return values[Math.floor(values.length / 2)]!;
  };
  const labels = baseline ? ['before', 'after'] : ['this tree'];
  const rows = ['| run | ' + labels.join(' | ') + (baseline ? ' | after / before |' : ' |')];
  rows.push('|---|' + labels.map(() => '---|').join('') + (baseline ? '---|' : ''));
  for (const [key, title] of [
    ['indexMs', 'cold index build, 5,000 files (ms)'],
    ['disposeMs', 'dispose: the writes left pending (ms)'],
    ['indexAndWritesMs', 'index build, then the writes left (ms)'],
    ['parseReadMs', 'symbol read that parses, full cache (median ms)'],
  ] as const) {
    const values = labels.map((label) => median(label, key) ?? 0);
    const ratio = baseline ? ` | ${values[0]! >= 1 ? (values[1]! / values[0]!).toFixed(2) : '–'} |` : ' |';
    rows.push(`| ${title} | ${values.map((v) => v.toFixed(0)).join(' | ')}${ratio}`);
  }
  process.stdout.write(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}, ${rounds} rounds alternating\n${rows.join('\n')}\n`,
  );
}

main().catch((error) => {
  process.stderr.write(`${(error as Error).stack ?? error}\n`);
  process.exitCode = 1;
});
