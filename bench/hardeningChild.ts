// One process of `npm run bench:hardening` (bench/hardening.ts): runs a few calls through the engine
// of a given checkout (this one, or a baseline's) on a generated file, or a file search beside grep,
// and prints one JSON line starting with "RESULT ": wall and CPU time per call (CPU includes worker
// threads), the longest stall of the event loop, the process's peak RSS, and each answer's head.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { collect, peakRss } from './measure';

export interface HardeningCall {
  label: string;
  tool: string;
  input: Record<string, unknown>;
}

export interface HardeningJob {
  /** The checkout whose src/ runs (this repository, or a baseline). */
  srcRoot: string;
  root: string;
  calls: HardeningCall[];
  /** Repeat the calls this many times (file search: alternating with grep). */
  runs: number;
  /** grep over the same file, timed in the same loop. */
  grep?: string[];
  /** Only the file system (older checkouts' node host takes other options; a search needs no more). */
  plainHost?: boolean;
  /** Wait this long after the calls, then measure what the process still holds. */
  idleMs?: number;
}

export interface CallResult {
  label: string;
  wallMs: number[];
  cpuMs: number[];
  stallMs: number;
  ok: boolean;
  head: string;
  notes: string[];
  matches?: number;
}

export interface HardeningResult {
  calls: CallResult[];
  grepMs: number[];
  grepLines: number;
  peakRss: number;
  /** RSS after idleMs and a full GC: what a long-lived host keeps. */
  idleRss?: number;
}

async function main(): Promise<void> {
  const job = JSON.parse(process.argv[2]!) as HardeningJob;
  const { Lectern } = (await import(join(job.srcRoot, 'src/core/engine.ts'))) as typeof import('../src/core/engine');
  const roots = [{ name: 'ws', path: job.root }];
  let host: import('../src/core/ground/ports').Host;
  if (job.plainHost) {
    const { nodeFileSystem } = (await import(
      join(job.srcRoot, 'src/node/nodeFileSystem.ts')
    )) as typeof import('../src/node/nodeFileSystem');
    host = { fs: nodeFileSystem, roots: () => roots };
  } else {
    const { createNodeHost } = (await import(
      join(job.srcRoot, 'src/node/nodeHost.ts')
    )) as typeof import('../src/node/nodeHost');
    host = createNodeHost(() => roots, { bundleDir: join(job.srcRoot, 'src/node') });
    delete host.symbolCache; // every run parses: no cache from an earlier process
  }
  const results: CallResult[] = job.calls.map((c) => ({
    label: c.label,
    wallMs: [],
    cpuMs: [],
    stallMs: 0,
    ok: false,
    head: '',
    notes: [],
  }));
  const grepMs: number[] = [];
  let grepLines = 0;
  for (let run = 0; run < job.runs; run++) {
    // A fresh engine per run: nothing cached from the previous one.
    const lectern = new Lectern(host);
    for (let i = 0; i < job.calls.length; i++) {
      const call = job.calls[i]!;
      const result = results[i]!;
      let last = performance.now();
      let stall = 0;
      const ticker = setInterval(() => {
        const now = performance.now();
        stall = Math.max(stall, now - last);
        last = now;
      }, 5);
      const cpu = process.cpuUsage();
      const t = performance.now();
      const response = await lectern.invoke(call.tool, call.input, { sessionId: `bench-${run}-${i}` }); // a session per call: nothing de-duplicated
      result.wallMs.push(performance.now() - t);
      const used = process.cpuUsage(cpu);
      result.cpuMs.push((used.user + used.system) / 1000);
      clearInterval(ticker);
      stall = Math.max(stall, performance.now() - last);
      result.stallMs = Math.max(result.stallMs, stall);
      result.ok = response.ok;
      result.head = response.text.split('\n').slice(0, 4).join('\n').slice(0, 400);
      result.notes = response.text
        .split('\n')
        .filter((l) => l.startsWith('['))
        .map((l) => l.slice(0, 300));
      const total = /"total_matches":(\d+)/.exec(JSON.stringify(response.meta));
      if (total) result.matches = Number(total[1]);
    }
    if (job.grep) {
      const t = performance.now();
      const out = spawnSync(job.grep[0]!, job.grep.slice(1), {
        cwd: job.root,
        env: { ...process.env, LC_ALL: 'C' },
        maxBuffer: 1 << 30,
      });
      grepMs.push(performance.now() - t);
      grepLines = out.stdout.toString('latin1').split('\n').length - 1;
    }
  }
  const result: HardeningResult = { calls: results, grepMs, grepLines, peakRss: peakRss() ?? 0 };
  if (job.idleMs) {
    await new Promise((resolve) => setTimeout(resolve, job.idleMs));
    collect();
    result.idleRss = process.memoryUsage().rss;
  }
  process.stdout.write(`RESULT ${JSON.stringify(result)}\n`);
  process.exit(0); // worker threads (index, regex) may still be winding down
}

main().catch((error) => {
  process.stderr.write(`${(error as Error).stack}\n`);
  process.exit(1);
});
