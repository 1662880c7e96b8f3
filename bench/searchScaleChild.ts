// One process of the search-at-scale benchmark (bench/referencesScale.ts, `npm run bench:scale`): on
// one workspace, warm `lectern_search` in one engine (a `lectern session`'s node host, ripgrep as its
// candidate finder) against `rg -n` in the same process, alternated, for a rare literal, a common
// identifier and a regular expression; the first search of the engine; and the process's peak memory.
// Prints one JSON line starting with "RESULT ".
import { performance } from 'node:perf_hooks';
import { Lectern } from '../src/core/engine';
import type { Host } from '../src/core/ground/ports';
import { createNodeHost } from '../src/node/nodeHost';
import { createRipgrepFinder } from '../src/node/ripgrep';
import { outputLines, peakRss } from './measure';

export interface SearchScaleJob {
  root: string;
  rg: string;
  /** The built dist/ folder: the node host's worker threads and grammars. */
  dist: string;
  runs: number;
}

interface SearchScaleQuery {
  label: string;
  input: Record<string, unknown>;
  rgArgs: string[];
}

const SCALE_QUERIES: SearchScaleQuery[] = [
  {
    label: 'rare literal',
    input: { query: 'ShellCompNoDescRequestCmd' },
    rgArgs: ['-F', '--', 'ShellCompNoDescRequestCmd'],
  },
  { label: 'identifier', input: { query: 'sendRequest' }, rgArgs: ['-F', '--', 'sendRequest'] },
  { label: 'regex', input: { query: 'func \\w+Handler\\(', is_regex: true }, rgArgs: ['--', 'func \\w+Handler\\('] },
];

export interface SearchScaleResult {
  /** The engine's first search (a query that matches nothing): its walk, and the finder's first run. */
  firstMs: number;
  /** Per query, each run's ms: Lectern warm, and `rg -n` before it. */
  queries: { label: string; lecternMs: number[]; rgMs: number[]; ok: boolean }[];
  peakRss: number;
}

async function main(): Promise<void> {
  const job = JSON.parse(process.argv[2]!) as SearchScaleJob;
  const node = createNodeHost(() => [{ name: 'ws', path: job.root }], { bundleDir: job.dist, watch: true });
  const host: Host = { ...node, candidates: createRipgrepFinder(job.rg) };
  const lectern = new Lectern(host, () => ({ sessionGuard: false }));
  const rg = (args: string[]) => outputLines([job.rg, '--no-config', '-n', ...args, '.'], job.root);
  await rg(['-F', '--', 'warm the page cache']);
  let t = performance.now();
  await lectern.invoke('lectern_search', { query: 'lectern_bench_nothing_zz' }, { sessionId: 'first' });
  const firstMs = performance.now() - t;
  const queries: SearchScaleResult['queries'] = [];
  for (const query of SCALE_QUERIES) {
    const row = { label: query.label, lecternMs: [] as number[], rgMs: [] as number[], ok: true };
    for (let run = 0; run < job.runs; run++) {
      row.rgMs.push((await rg(query.rgArgs)).ms);
      t = performance.now();
      // A session per run: a repeated search is not answered from the session's memory of it.
      const r = await lectern.invoke('lectern_search', query.input, { sessionId: `${query.label}:${run}` });
      row.lecternMs.push(performance.now() - t);
      row.ok &&= r.ok;
    }
    queries.push(row);
  }
  const result: SearchScaleResult = { firstMs, queries, peakRss: peakRss() ?? 0 };
  process.stdout.write(`RESULT ${JSON.stringify(result)}\n`);
  process.exit(0);
}

void main();
