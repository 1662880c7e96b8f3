// `npm run bench:navigation`: how long the navigation reads take at scale, each against a baseline
// measured in the same run on the same tree. Two trees: the 5,000-file workspace of the symbol index
// bench (bench/symbolIndex.ts) and the largest repository bench:economy uses (zod). Every cold run is
// a new process on an empty persistent cache, with the worker threads the CLI and the MCP server use.
//   - the symbol index's own cold build (a lookup of a missing name): the baseline of a cold map;
//   - a cold map, then warm maps (median of 5), a warm map after one file changed, a map in a new
//     process whose index loads from the persistent cache;
//   - references of a much-used name, cold (new process) and warm, against `grep -rnw` over the tree.
// The issue's goals: a warm map ≤ 1 s on 5,000 files; a cold map within the index build + 1 s.
//   --precision                 instead of the timings: recall and precision of references and the map against
//                               the compilers' own answers (bench/navigationPrecision/run.ts lists its flags)
//   --tree=5000 or --tree=zod   one tree only
//   --maps                      the index baseline and the maps only (no references)
//   --answers=DIR               also writes the maps at 300, 2,000 and 8,000 tokens to DIR (compare two builds)
import { execFileSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import { basename, join, resolve } from 'node:path';
import { ensureSource, REPOS } from './economy/corpus';
import { workspace } from './symbolIndex';

const ROOT = resolve(__dirname, '..');

interface Tree {
  label: string;
  root: string;
  /** A name with many uses (what references is timed on). */
  name: string;
  include: string;
}

type Timings = Record<string, number>;

function child(mode: string, tree: Tree, cache: string): Timings {
  const answers = flag('--answers')?.split('=')[1] ?? '';
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'bench', 'navigation.ts'), '--child', mode, tree.root, cache, tree.name, answers],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(out.trim().split('\n').pop()!) as Timings;
}

function grepMs(tree: Tree): { ms: number; lines: number } {
  const started = performance.now();
  let out = '';
  try {
    out = execFileSync('grep', ['-rnw', `--include=${tree.include}`, tree.name, '.'], {
      cwd: tree.root,
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    });
  } catch {
    // grep exits 1 when nothing matches
  }
  return { ms: performance.now() - started, lines: out.split('\n').filter(Boolean).length };
}

/** The bytes of the files under `dir` (the persistent cache a cold map wrote). */
function bytesUnder(dir: string): number {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name !== 'cold-map.txt')
    .reduce((sum, entry) => sum + statSync(join(entry.parentPath, entry.name)).size, 0);
}

const flag = (name: string) => process.argv.find((arg) => arg === name || arg.startsWith(`${name}=`));
const onlyTree = flag('--tree')?.split('=')[1];
const mapsOnly = flag('--maps') !== undefined;

function measure(tree: Tree): Record<string, number> {
  const cache = () => mkdtempSync(join(os.tmpdir(), 'lectern-nav-cache-'));
  const caches: string[] = [];
  const fresh = () => {
    const dir = cache();
    caches.push(dir);
    return dir;
  };
  try {
    const grep = grepMs(tree);
    const index = child('index', tree, fresh());
    const mapCache = fresh();
    const maps = child('map', tree, mapCache);
    const cacheBytes = bytesUnder(mapCache);
    const restart = child('restart', tree, mapCache);
    const refs = mapsOnly ? {} : child('references', tree, fresh());
    return { grepMs: grep.ms, grepLines: grep.lines, cacheBytes, ...index, ...maps, ...restart, ...refs };
  } finally {
    for (const dir of caches) rmSync(dir, { recursive: true, force: true });
  }
}

const f = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
// Two significant digits: a warm map is a small fraction of the index's build.
const r = (a: number, b: number) => (a / b).toPrecision(2);

function report(tree: Tree, t: Record<string, number>, files: number): string {
  const rows = [
    `### ${tree.label} (${files.toLocaleString('en-US')} source files)`,
    '',
    '| run | time | ratio | goal |',
    '|---|---:|---:|---|',
    `| symbol index, cold build (baseline) | ${f(t.indexMs!)} | 1.00 | |`,
    `| map, cold (new process, empty cache) | ${f(t.coldMapMs!)} | ${r(t.coldMapMs!, t.indexMs!)} × index | ≤ index + 1 s: ${t.coldMapMs! - t.indexMs! <= 1000 ? 'met' : 'not met'} (${t.coldMapMs! >= t.indexMs! ? '+' : '−'}${f(Math.abs(t.coldMapMs! - t.indexMs!))})${t.coldUnread ? `; incomplete: ${t.coldUnread} files not read in time` : ''} |`,
    `| map, warm (median of 5) | ${f(t.warmMapMs!)} | ${r(t.warmMapMs!, t.indexMs!)} × index | ≤ 1 s: ${t.warmMapMs! <= 1000 ? 'met' : 'not met'} |`,
    `| map, warm, one file changed | ${f(t.changedMapMs!)} | ${r(t.changedMapMs!, t.indexMs!)} × index | |`,
    `| map, new process, index from the persistent cache | ${f(t.restartMapMs!)} | ${r(t.restartMapMs!, t.indexMs!)} × index | ${t.restartSame ? "the cold map's answer" : 'another answer than the cold map'}${t.restartUnread ? `; incomplete: ${t.restartUnread} files not read for uses within the map's 4 s read budget` : ''} |`,
    `| \`grep -rnw ${tree.name}\` (baseline) | ${f(t.grepMs!)} | 1.00 | |`,
    `| references \`${tree.name}\`, cold (new process) | ${f(t.coldRefsMs!)} | ${r(t.coldRefsMs!, t.grepMs!)} × grep | |`,
    `| references \`${tree.name}\`, warm (median of 3) | ${f(t.warmRefsMs!)} | ${r(t.warmRefsMs!, t.grepMs!)} × grep | |`,
    `| persistent cache after the cold map | ${(t.cacheBytes! / 1024 / 1024).toFixed(1)} MB | | |`,
    '',
    `grep lines: ${t.grepLines}; uses answered: ${t.uses} in ${t.refsFiles} files${t.refsComplete ? '' : ' (stopped at the deadline)'}.`,
  ];
  // Without the references runs, their rows are left out.
  return (mapsOnly ? rows.filter((row) => !/references|grep lines/.test(row) && !row.includes('`grep')) : rows).join(
    '\n',
  );
}

async function main(): Promise<void> {
  execFileSync(process.execPath, ['esbuild.mjs'], { cwd: ROOT, stdio: 'pipe' });
  const ws = workspace();
  const zod = REPOS.find((repo) => repo.name === 'zod')!;
  const trees: Array<Tree & { files: number }> = [
    {
      label: 'zod (the largest repository of bench:economy)',
      root: ensureSource(zod.name, zod.source, zod.sub),
      name: 'ZodType',
      include: '*.ts',
      files: 0,
    },
    {
      label: "5,000 JavaScript/TypeScript files (the symbol index bench's workspace)",
      root: ws.root,
      name: 'Parser',
      include: '*.[jt]s',
      files: ws.files,
    },
  ];
  const out: string[] = [
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
    '',
  ];
  for (const tree of trees) {
    if (onlyTree !== undefined && !tree.label.startsWith(onlyTree === '5000' ? '5,000' : onlyTree)) continue;
    process.stderr.write(`navigation: ${tree.label}…\n`);
    const timings = measure(tree);
    out.push(report(tree, timings, timings.files ?? tree.files), '');
    process.stderr.write(out[out.length - 2] + '\n');
  }
  out.push(
    `load average at the end ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  process.stdout.write(out.join('\n') + '\n');
}

/** In the child: one engine on the CLI's Node host (worker threads, a persistent cache in `cache`). */
async function runChild(mode: string, root: string, cache: string, name: string, answers: string): Promise<void> {
  const { Lectern } = await import('../src/core/engine');
  const { nodeFileSystem } = await import('../src/node/nodeFileSystem');
  const { createWasmLoader } = await import('../src/node/wasmFiles');
  const { createOutlineWorkers } = await import('../src/node/outlineWorkers');
  const { createSymbolCache } = await import('../src/node/symbolCacheStore');
  // The index keeps its own budget per call: a cold build larger than one call is the calls an agent
  // makes until the answer is whole (each continues the build), timed together.
  const roots = [{ name: 'ws', path: root }];
  const workers = createOutlineWorkers(join(ROOT, 'dist'));
  const lectern = new Lectern({
    fs: nodeFileSystem,
    roots: () => roots,
    loadWasm: createWasmLoader(join(ROOT, 'dist')),
    outlineWorkers: workers,
    symbolCache: createSymbolCache(cache, () => roots),
  });
  // Warm the engine (tokenizer, session layer) on a call that touches no index.
  await lectern.invoke('lectern_stat', { target: '.' });
  const out: Timings = {};
  let calls = 0;
  const timed = async (tool: string, input: Record<string, unknown>) => {
    const started = performance.now();
    let response;
    // A session per call: a repeated call is answered whole, not as "already shown".
    do response = await lectern.invoke(tool, input, { sessionId: `nav-${calls++}` });
    while (/still being built/.test(response.text) && performance.now() - started < 20 * 60_000);
    const ms = performance.now() - started;
    if (!response.ok && response.error?.code !== 'NOT_FOUND') throw new Error(response.text.slice(0, 300));
    // A map that ran out of its read budget still answers; the run is marked incomplete.
    const unread = /([\d,]+) files were not read for uses in time/.exec(response.text)?.[1];
    if (unread) out.unreadFiles = Math.max(out.unreadFiles ?? 0, Number(unread.replace(/,/g, '')));
    if (/still being built/.test(response.text)) throw new Error(`incomplete: ${response.text.slice(0, 300)}`);
    return { ms, response };
  };
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  if (mode === 'index') {
    const { ms, response } = await timed('lectern_read', { mode: 'symbol', target: 'zzzNoSuchSymbolAnywhere' });
    out.indexMs = ms;
    out.files = Number(/of ([\d,]+) files/.exec(response.text)?.[1]?.replace(/,/g, '') ?? 0);
  } else if (mode === 'map') {
    const cold = await timed('lectern_read', { mode: 'map' });
    out.coldMapMs = cold.ms;
    out.coldUnread = out.unreadFiles ?? 0;
    out.files = Number(cold.response.meta.files ?? 0);
    const warm: number[] = [];
    for (let i = 0; i < 5; i++) {
      const run = await timed('lectern_read', { mode: 'map' });
      if (run.response.text !== cold.response.text) throw new Error('a warm map answered otherwise');
      warm.push(run.ms);
    }
    out.warmMapMs = median(warm);
    // The restart's map is checked against this one.
    writeFileSync(join(cache, 'cold-map.txt'), cold.response.text);
    if (answers) {
      mkdirSync(answers, { recursive: true });
      for (const tokens of [300, 2_000, 8_000]) {
        const { response } = await timed('lectern_read', { mode: 'map', max_tokens: tokens });
        writeFileSync(join(answers, `${basename(root)}-${tokens}.txt`), response.text);
      }
    }
    // One file changes (its modification time): the next map reads it again, and only it.
    // The first file the map shows: its folder's line, then the file's.
    const shown = /^(\S+\/)\n {2}(\S+)$/m.exec(cold.response.text);
    if (!shown) throw new Error(`no file in the map:\n${cold.response.text.slice(0, 300)}`);
    const changed = join(root, shown[1] === './' ? '' : shown[1]!, shown[2]!);
    const now = new Date();
    utimesSync(changed, now, now);
    out.changedMapMs = (await timed('lectern_read', { mode: 'map' })).ms;
  } else if (mode === 'restart') {
    const restart = await timed('lectern_read', { mode: 'map' });
    out.restartMapMs = restart.ms;
    // 0 when it answered otherwise than the cold map (files not read for their words in time).
    out.restartSame = restart.response.text === readFileSync(join(cache, 'cold-map.txt'), 'utf8') ? 1 : 0;
    out.restartUnread = out.unreadFiles ?? 0;
    delete out.unreadFiles;
  } else if (mode === 'references') {
    const cold = await timed('lectern_read', { mode: 'references', target: name });
    out.coldRefsMs = cold.ms;
    const header = /· ([\d,]+) uses?.*? in ([\d,]+) files?/.exec(cold.response.text);
    out.uses = Number(header?.[1]?.replace(/,/g, '') ?? 0);
    out.refsFiles = Number(header?.[2]?.replace(/,/g, '') ?? 0);
    out.refsComplete = /file_offset/.test(cold.response.text) ? 0 : 1;
    const warm: number[] = [];
    for (let i = 0; i < 3; i++) warm.push((await timed('lectern_read', { mode: 'references', target: name })).ms);
    out.warmRefsMs = median(warm);
  }
  await lectern.dispose(); // the cache's writes, made after the answers
  await workers.dispose();
  process.stdout.write(JSON.stringify(out) + '\n');
}

if (require.main === module) {
  if (process.argv[2] === '--child')
    void runChild(process.argv[3]!, process.argv[4]!, process.argv[5]!, process.argv[6]!, process.argv[7] ?? '').catch(
      (error) => {
        process.stderr.write(`${(error as Error).stack ?? error}\n`);
        process.exit(1);
      },
    );
  else if (process.argv.includes('--precision'))
    void import('./navigationPrecision/run')
      .then(({ runPrecision }) => runPrecision(process.argv.slice(2)))
      .catch((error) => {
        process.stderr.write(`bench:navigation --precision: ${(error as Error).stack ?? error}\n`);
        process.exit(1);
      });
  else
    void main().catch((error) => {
      process.stderr.write(`bench:navigation: ${(error as Error).stack ?? error}\n`);
      process.exit(1);
    });
}
