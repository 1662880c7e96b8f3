// `npm run bench:map-words`: what the words of every file cost a map (docs/navigation-benchmark.md), in one
// process, each part against a baseline measured in the same run:
//   - the words stage of a map over every file: read each file and count its words (what a map did in a cold
//     call and in a new process before the workers counted them), against loading them from the persistent
//     cache (what a map in a new process does now); median of 5, the two alternating;
//   - counting words against parsing, on one thread, over the same texts: what the workers now do besides;
//   - the heap the engine keeps per file: words packed (as a worker or the cache gives them) and unpacked.
//   --tree=5000 (default) or --tree=zod
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { Lectern } from '../src/core/engine';
import { countPackedWords, countWords, unpackWords } from '../src/core/ground/fileWords';
import { extractorVersion } from '../src/core/symbols/extractorVersion';
import { SymbolService } from '../src/core/symbols/service';
import { nodeFileSystem } from '../src/node/nodeFileSystem';
import { createOutlineWorkers } from '../src/node/outlineWorkers';
import { createSymbolCache } from '../src/node/symbolCacheStore';
import { createWasmLoader } from '../src/node/wasmFiles';
import { ensureSource, REPOS } from './economy/corpus';
import { workspace } from './symbolIndex';

const DIST = resolve(__dirname, '..', 'dist');
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${value.toFixed(0)} ms`;

function treeRoot(): string {
  if (process.argv.includes('--tree=zod')) {
    const zod = REPOS.find((repo) => repo.name === 'zod')!;
    return ensureSource(zod.name, zod.source, zod.sub);
  }
  return workspace().root;
}

/** A cold map with the workers and a new persistent cache; the cache folder. */
async function buildCache(root: string): Promise<string> {
  const roots = [{ name: 'ws', path: root }];
  const dir = mkdtempSync(join(os.tmpdir(), 'lectern-map-words-'));
  const workers = createOutlineWorkers(DIST, undefined, () => roots);
  const lectern = new Lectern({
    fs: nodeFileSystem,
    roots: () => roots,
    loadWasm: createWasmLoader(DIST),
    outlineWorkers: workers,
    symbolCache: createSymbolCache(dir, () => roots),
  });
  try {
    for (let call = 0; call < 100; call++) {
      const response = await lectern.invoke('lectern_read', { mode: 'map' }, { sessionId: `s${call}` });
      if (!/still being built/.test(response.text)) break;
    }
  } finally {
    await lectern.dispose(); // the cache's writes, made after the answers
    await workers.dispose();
  }
  return dir;
}

async function main(): Promise<void> {
  execFileSync(process.execPath, ['esbuild.mjs'], { cwd: resolve(__dirname, '..'), stdio: 'pipe' });
  const root = treeRoot();
  const dir = await buildCache(root);
  const roots = () => [{ name: 'ws', path: root }];
  const version = extractorVersion();
  const files = [...(await createSymbolCache(dir, roots).load(version)).keys()];
  const decoder = new TextDecoder('utf-8');
  const readAndCount = () => {
    for (const file of files) {
      const read = nodeFileSystem.readFileSync!(file, 1024 * 1024);
      if ('bytes' in read) countWords(decoder.decode(read.bytes));
    }
  };
  const load = async () => {
    for (const kept of (await createSymbolCache(dir, roots).loadWords!(version)).values()) unpackWords(kept.words);
  };
  const [reads, loads]: [number[], number[]] = [[], []];
  for (let i = 0; i < 5; i++) {
    let started = performance.now();
    readAndCount();
    reads.push(performance.now() - started);
    started = performance.now();
    await load();
    loads.push(performance.now() - started);
  }
  rmSync(dir, { recursive: true, force: true });

  const service = new SymbolService(createWasmLoader(DIST));
  const texts = files.map((file) => [file, readFileSync(file, 'utf8')] as const);
  for (const [file, text] of texts.slice(0, 20)) await service.outlineText(file, text); // the grammars load
  let [parse, count] = [0, 0];
  const packed = [];
  for (const [file, text] of texts) {
    let started = performance.now();
    await service.outlineText(file, text);
    parse += performance.now() - started;
    started = performance.now();
    packed.push(countPackedWords(text));
    count += performance.now() - started;
  }

  const heap = () => (globalThis.gc?.(), process.memoryUsage().heapUsed);
  let before = heap();
  const cloned = structuredClone(packed); // as a worker's message gives them
  const packedBytes = heap() - before;
  before = heap();
  const unpacked = cloned.map((words) => unpackWords(words));
  const unpackedBytes = heap() - before;
  const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
  process.stdout.write(
    [
      `${files.length} files (load average ${os.loadavg()[0]!.toFixed(1)})`,
      `words of every file: read and counted ${ms(median(reads))} (1.00), loaded from the cache ${ms(median(loads))} (${(median(loads) / median(reads)).toFixed(2)})`,
      `one thread: parsing ${ms(parse)} (1.00), counting words ${ms(count)} (${(count / parse).toFixed(3)})`,
      `heap: packed ${mb(packedBytes)}, unpacked ${mb(unpackedBytes)} (${unpacked.length} files)`,
    ].join('\n') + '\n',
  );
}

void main().catch((error) => {
  process.stderr.write(`bench:map-words: ${(error as Error).stack ?? error}\n`);
  process.exit(1);
});
