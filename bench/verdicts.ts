// The claims `npm run bench` checks, each judged from a part's results: whether it holds, and why.
import { bytes, count, growth, ms } from './format';
import type { FilesData, ReadsData } from './results';
import type { Outcome, SymbolCase, SymbolFileResult } from './types';

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;

export interface Verdict {
  claim: string;
  /** null: not measured in the run the results come from. */
  holds: boolean | null;
  text: string;
}

/** The cases of the 1 GB claim: those that must not depend on the file's size. */
const FLAT_CASES = [
  'head',
  'tail',
  'win-start',
  'win-mid',
  'win-end',
  'win-max',
  'stat',
  'stat-fresh',
  'win-mid-fresh',
];

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(0.5 * sorted.length) - 1)] ?? 0;
}

export function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(0.95 * sorted.length) - 1)] ?? 0;
}

export function said(o: Outcome): string {
  if (o.ok) return o.degraded ? 'ok, shortened' : 'ok';
  return `**${o.code}**`;
}

export function caseOf(f: SymbolFileResult, id: string): SymbolCase | undefined {
  return f.cases.find((c) => c.id === id);
}

export function verdictFlatReads(data: Pick<FilesData, 'sizes'>): Verdict {
  const claim = 'windows and tails of a 1 GB file take milliseconds with flat memory';
  const big = data.sizes.find((s) => s.size >= GiB);
  if (!big) return { claim, holds: null, text: 'The 1 GB file was not benchmarked in this run.' };
  const cases = big.cases.filter((c) => FLAT_CASES.includes(c.id));
  const worstMedian = cases.reduce((a, c) => (c.engine.median > a.engine.median ? c : a));
  const worstP95 = cases.reduce((a, c) => (c.engine.p95 > a.engine.p95 ? c : a));
  const worstCpu = cases.reduce((a, c) => (c.engineCpu.p95 > a.engineCpu.p95 ? c : a));
  const worstRss = cases.reduce((a, c) => (c.memEngine.rss > a.memEngine.rss ? c : a));
  const worstRead = cases.reduce((a, c) => (c.engineReads.bytes > a.engineReads.bytes ? c : a));
  const holds =
    worstMedian.engine.median < 50 &&
    worstCpu.engineCpu.p95 < 100 &&
    worstRss.memEngine.rss < 32 * MiB &&
    worstRead.engineReads.bytes < 4 * MiB;
  const contention = worstP95.engine.p95 >= 100 && worstCpu.engineCpu.p95 < 100;
  const text =
    `On the 1 GB file, windows (64 KiB and 256 KiB, start/middle/end), head, tail and stat: ` +
    `slowest median ${ms(worstMedian.engine.median)} ms (${worstMedian.label}); slowest p95 ${ms(worstP95.engine.p95)} ms wall (${worstP95.label}), ` +
    `${ms(worstCpu.engineCpu.p95)} ms CPU (${worstCpu.label}); ` +
    `largest peak RSS growth ${growth(worstRss.memEngine.rss)} (${worstRss.label}); ` +
    `most bytes read from disk by one call ${bytes(worstRead.engineReads.bytes)} (${worstRead.label}) of ${bytes(big.size)}. ` +
    `Criteria: median < 50 ms, CPU p95 < 100 ms, peak RSS growth < 32 MiB, < 4 MiB read per call. ` +
    (holds ? '**Holds.**' : '**Does not hold.**') +
    (contention
      ? ' (The wall-clock p95 above 100 ms with a low CPU p95 is time spent waiting for the CPU while other work ran, not work done by the engine.)'
      : '');
  return { claim, holds, text };
}

export function verdictWarm1MB(part: ReadsData): Verdict {
  const claim = 'warm symbol reads in a 1 MB file take tens of milliseconds';
  const oneMB = part.files.filter((f) => f.spec.sizeClass === '1 MB');
  const cases = oneMB.map((f) => ({ f, c: caseOf(f.warm, 'symbol') })).filter((x) => x.c);
  if (cases.length === 0) return { claim, holds: null, text: 'No 1 MB file was benchmarked in this run.' };
  const holds = cases.every(({ c }) => c!.outcome.ok && c!.engine.median < 100);
  const text =
    cases
      .map(
        ({ f, c }) =>
          `\`${f.spec.symbol}\` in ${f.spec.shown} (${bytes(f.warm.bytes)}, ${count(f.warm.symbols)} symbols): median **${ms(c!.engine.median)} ms**, p95 ${ms(c!.engine.p95)} ms, CPU ${ms(c!.engineCpu.median)} / ${ms(c!.engineCpu.p95)} ms (${said(c!.outcome)}, ${count(c!.outcome.tokens)} tokens)`,
      )
      .join('; ') + `. Criterion: median under 100 ms. ${holds ? '**Holds.**' : '**Does not hold.**'}`;
  return { claim, holds, text };
}

export function verdictOutlines(part: ReadsData): Verdict {
  const claim = 'outlines fit their budget on the largest files';
  if (part.files.length === 0) return { claim, holds: null, text: 'No file was benchmarked in this run.' };
  const rows = part.files.map((f) => ({ f, c: caseOf(f.warm, 'outline')!, prime: f.warm.prime }));
  const largest = rows.reduce((a, b) => (b.f.warm.bytes > a.f.warm.bytes ? b : a));
  const over = rows.filter((r) => !r.c.outcome.ok || r.c.outcome.tokens > part.tokenCap || !r.prime.outcome.ok);
  const coldOver = largest.f.cold.filter((c) => !c.outcome.ok);
  const holds = over.length === 0 && coldOver.length === 0;
  const text =
    `Outline answers against the ${count(part.tokenCap)}-token cap: ` +
    rows.map((r) => `${r.f.spec.shown} ${count(r.c.outcome.tokens)} tokens (${said(r.c.outcome)})`).join('; ') +
    `. On the largest file (${bytes(largest.f.warm.bytes)}, ${count(largest.f.warm.symbols)} symbols) the first outline of a process took ${ms(largest.prime.ms)} ms, ` +
    `a warm one ${ms(largest.c.engine.median)} ms (p95 ${ms(largest.c.engine.p95)} ms); its parse took ${ms(largest.f.warm.stages.parseMs)} ms warm and up to ${ms(Math.max(0, ...largest.f.cold.flatMap((c) => c.spent.parses.map((p) => p.ms)), ...largest.prime.spent.parses.map((p) => p.ms)))} ms as the first parse of a process, against a ${ms(largest.f.warm.stages.deadlineMs)} ms deadline` +
    `${coldOver.length > 0 ? `, and ${coldOver.length} of ${largest.f.cold.length} cold reads fell back (${coldOver.map((c) => c.outcome.code).join(', ')})` : ''}. ` +
    (holds
      ? '**Holds.**'
      : `**Does not hold**: ${over.map((r) => `${r.f.spec.shown} answered ${r.c.outcome.ok ? `${count(r.c.outcome.tokens)} tokens, ${count(r.c.outcome.tokens - part.tokenCap)} over the cap` : r.c.outcome.code}`).join('; ')}${coldOver.length > 0 ? `; cold reads of ${largest.f.spec.shown} timed out` : ''}.`);
  return { claim, holds, text };
}
