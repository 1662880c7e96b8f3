// `npm run bench:scale`: references of a name with thousands of uses on workspaces of 25,000 and
// 100,000 real source files (bench/scaleWorkspace.ts makes them), against `rg -w -n` in the same
// process (bench/referencesScaleChild.ts): the first page, every page, peak memory, and how each
// grows from 25,000 to 100,000 files. Needs ripgrep: $LECTERN_RIPGREP (VS Code's, see docs) or `rg`
// on PATH (Debian: `apt-get install ripgrep`). Writes docs/scale-benchmark.md unless --no-write.
//
//   npm run bench:scale                         both sizes, the name `join`
//   npm run bench:scale -- --sizes=25000 --name=push
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runBenchChild } from './childProcess';
import { bytes, count, ms, ratio } from './format';
import type { ScaleJob, ScaleResult } from './referencesScaleChild';
import type { SearchScaleJob, SearchScaleResult } from './searchScaleChild';
import { scaleWorkspace } from './scaleWorkspace';
import { ripgrepOnPath } from '../src/node/ripgrep';

const ROOT = resolve(__dirname, '..');

function option(name: string): string | undefined {
  return process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function row(files: number, r: ScaleResult): string {
  const rg = median(r.rgMs);
  if (r.error && r.pages === 0)
    return `| ${count(files)} | ${ms(rg)} ms (${count(r.rgLines)} lines) | ${r.error} after ${ms(r.allPagesMs)} ms | | ${ms(r.firstPageNoFinderMs)} ms (${ratio(r.firstPageNoFinderMs / rg)}) | ${bytes(r.peakRss)} |`;
  return `| ${count(files)} | ${ms(rg)} ms (${count(r.rgLines)} lines) | ${ms(r.firstPageMs)} ms (${ratio(r.firstPageMs / rg)}) | ${ms(r.allPagesMs)} ms, ${count(r.pages)} pages, ${count(r.uses)} uses${r.complete ? '' : ' (stopped)'} (${ratio(r.allPagesMs / rg)}) | ${ms(r.firstPageNoFinderMs)} ms (${ratio(r.firstPageNoFinderMs / rg)}) | ${bytes(r.peakRss)} |`;
}

function growthLine(small: [number, ScaleResult], large: [number, ScaleResult]): string {
  const [a, ra] = small;
  const [b, rb] = large;
  const x = (big: number, little: number) => ratio(big / little);
  return `×${(b / a).toFixed(0)} files → rg ${x(median(rb.rgMs), median(ra.rgMs))}, first page ${x(rb.firstPageMs, ra.firstPageMs)}, all pages ${x(rb.allPagesMs, ra.allPagesMs)}, peak memory ${x(rb.peakRss, ra.peakRss)}`;
}

/** Warm search against `rg -n` per size and query (medians of the runs), the first search, peak memory. */
function searchTable(searches: readonly [number, SearchScaleResult][]): string[] {
  const labels = searches[0]?.[1].queries.map((q) => q.label) ?? [];
  const cell = (q: SearchScaleResult['queries'][number]) => {
    const [lectern, rg] = [median(q.lecternMs), median(q.rgMs)];
    return `${ms(lectern)} ms vs ${ms(rg)} ms (${ratio(lectern / rg)})${q.ok ? '' : ' (an error)'}`;
  };
  return [
    `Search, warm in one engine (a session's node host, ripgrep as its candidate finder), against \`rg -n\` in the same process, alternated, the median of ${searches[0]?.[1].queries[0]?.lecternMs.length ?? 0} runs (bench/searchScaleChild.ts):`,
    '',
    `| files | first search | ${labels.join(' | ')} | peak memory |`,
    `|---|---|${labels.map(() => '---').join('|')}|---|`,
    ...searches.map(
      ([files, r]) =>
        `| ${count(files)} | ${ms(r.firstMs)} ms | ${r.queries.map(cell).join(' | ')} | ${bytes(r.peakRss)} |`,
    ),
  ];
}

async function main(): Promise<void> {
  const chosen = process.env.LECTERN_RIPGREP;
  const rg = chosen && chosen !== 'off' ? chosen : ripgrepOnPath();
  if (!rg) throw new Error('no ripgrep: apt-get install ripgrep, or set LECTERN_RIPGREP');
  const sizes = (option('sizes') ?? '25000,100000').split(',').map(Number);
  const name = option('name') ?? 'join';
  const results: [number, ScaleResult][] = [];
  const searches: [number, SearchScaleResult][] = [];
  for (const size of sizes) {
    const { root } = scaleWorkspace(size);
    const job: ScaleJob = { root, name, rg, dist: join(ROOT, 'dist'), maxMs: Number(option('max-ms') ?? 600_000) };
    process.stderr.write(`bench:scale: references ${name} on ${count(size)} files…\n`);
    const result = await runBenchChild<ScaleResult>('referencesScaleChild.ts', job, ROOT, 1_800_000, 'scale');
    results.push([size, result]);
    process.stderr.write(`bench:scale: search on ${count(size)} files…\n`);
    const searchJob: SearchScaleJob = { root, rg, dist: join(ROOT, 'dist'), runs: 3 };
    searches.push([
      size,
      await runBenchChild<SearchScaleResult>('searchScaleChild.ts', searchJob, ROOT, 900_000, 'search'),
    ]);
  }
  const lines = [
    `# references at scale`,
    '',
    `\`lectern_read {"mode":"references","target":"${name}"}\` on workspaces of real code made by bench/scaleWorkspace.ts, a new engine with ripgrep as its candidate finder, every page by each answer's next call, against \`rg -w -n ${name}\` in the same process (made by \`npm run bench:scale\`; ${new Date().toISOString().slice(0, 10)}).`,
    '',
    '| files | rg -w -n | first page (vs rg) | all pages (vs rg) | first page, no finder (vs rg) | peak memory |',
    '|---|---|---|---|---|---|',
    ...results.map(([files, r]) => row(files, r)),
  ];
  if (results.length >= 2 && results.every(([, r]) => r.pages > 0))
    lines.push('', `Growth: ${growthLine(results[0]!, results[results.length - 1]!)}.`);
  lines.push('', ...searchTable(searches));
  const text = `${lines.join('\n')}\n`;
  process.stdout.write(text);
  if (!process.argv.includes('--no-write')) writeFileSync(join(ROOT, 'docs', 'scale-benchmark.md'), text);
}

void main().catch((error: unknown) => {
  process.stderr.write(`bench:scale: ${(error as Error).message}\n`);
  process.exit(1);
});
