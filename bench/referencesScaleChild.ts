// One process of the references-at-scale benchmark (bench/referencesScale.ts): on one workspace,
// `rg -w -n NAME` against Lectern's references of NAME — the first page of a new engine (its walk,
// the word prefilter and the parse of the candidates it needs), then every page by each answer's
// next call — alternating with rg in the same process, and the process's peak memory. Also the
// first page without the candidate finder (every file read), the cost the prefilter spares. Prints
// one JSON line starting with "RESULT ".
import { performance } from 'node:perf_hooks';
import { Lectern } from '../src/core/engine';
import type { Host } from '../src/core/ground/ports';
import { createNodeHost } from '../src/node/nodeHost';
import { createRipgrepFinder } from '../src/node/ripgrep';
import { outputLines, peakRss } from './measure';

export interface ScaleJob {
  root: string;
  name: string;
  rg: string;
  /** The built dist/ folder (npm run build): the node host's worker threads and grammars. */
  dist: string;
  /** Stop following pages after this long (the figure then says so). */
  maxMs: number;
}

export interface ScaleResult {
  /** `rg -w -n` over the tree: each run's ms, and the lines it printed. */
  rgMs: number[];
  rgLines: number;
  firstPageMs: number;
  allPagesMs: number;
  pages: number;
  /** Uses listed over all pages. */
  uses: number;
  /** Every page was followed (false: maxMs ran out first, or a call answered an error). */
  complete: boolean;
  /** The first line of the error a call answered instead of a page. */
  error?: string;
  /** The first page without the candidate finder, in a new engine (after the peak is taken). */
  firstPageNoFinderMs: number;
  peakRss: number;
}

const rgRun = (job: ScaleJob) => outputLines([job.rg, '--no-config', '-w', '-n', '--', job.name, '.'], job.root);

/**
 * The host a `lectern session` or `lectern mcp` process runs on (its outline thread and workers from
 * the built dist/, its persistent symbol cache, stats kept while the kernel reports no change), with
 * ripgrep as its candidate finder or none.
 */
function engine(job: ScaleJob, withFinder: boolean): Lectern {
  const node = createNodeHost(() => [{ name: 'ws', path: job.root }], { bundleDir: job.dist, watch: true });
  const { candidates: _found, ...rest } = node;
  const host: Host = withFinder ? { ...rest, candidates: createRipgrepFinder(job.rg) } : rest;
  return new Lectern(host, () => ({ sessionGuard: false }));
}

async function pages(
  job: ScaleJob,
): Promise<Pick<ScaleResult, 'firstPageMs' | 'allPagesMs' | 'pages' | 'uses' | 'complete' | 'error'>> {
  const lectern = engine(job, true);
  let input: Record<string, unknown> | null = { mode: 'references', target: job.name };
  const started = performance.now();
  let firstPageMs = 0;
  let count = 0;
  let uses = 0;
  while (input && performance.now() - started < job.maxMs) {
    const r = await lectern.invoke('lectern_read', input, { sessionId: 'bench' });
    if (!r.ok) {
      // An answer that is no page (cancelled at the call's time limit on a loaded machine): the figure says so.
      const error = r.text.split('\n')[0]!;
      return { firstPageMs, allPagesMs: performance.now() - started, pages: count, uses, complete: false, error };
    }
    if (count++ === 0) firstPageMs = performance.now() - started;
    uses += (r.meta.references as unknown[]).length;
    input = (r.meta.next as Record<string, unknown> | null) ?? null;
  }
  return { firstPageMs, allPagesMs: performance.now() - started, pages: count, uses, complete: input === null };
}

async function main(): Promise<void> {
  const job = JSON.parse(process.argv[2]!) as ScaleJob;
  await rgRun(job); // the page cache holds the tree from here on, for both
  const before = await rgRun(job);
  const paged = await pages(job);
  const after = await rgRun(job);
  const peak = peakRss() ?? 0;
  const noFinder = engine(job, false);
  const t = performance.now();
  await noFinder.invoke('lectern_read', { mode: 'references', target: job.name }, { sessionId: 'bench' });
  const firstPageNoFinderMs = performance.now() - t;
  const result: ScaleResult = {
    rgMs: [before.ms, after.ms],
    rgLines: after.lines,
    ...paged,
    firstPageNoFinderMs,
    peakRss: peak,
  };
  process.stdout.write(`RESULT ${JSON.stringify(result)}\n`);
  process.exit(0);
}

void main();
