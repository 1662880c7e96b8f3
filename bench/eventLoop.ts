// `npm run bench:event-loop`: how long each mode holds the host's event loop on the probe's inputs
// (issue 36 §3: no main-thread slice longer than 100 ms). One engine on the Node host the CLI and the
// MCP server use (its outline thread and workers started from source), warmed by a first call of each
// tool; then, per input, the call runs on session A while a loop of `lectern_stat` calls runs on
// session B. Recorded: the call's time, the longest event-loop hold (the longest gap between turns of
// a 5 ms timer) and the slowest concurrent stat.
//   npm run bench:event-loop -- [--only=SUBSTRING] [--keep]
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { Lectern } from '../src/core/engine';
import { createNodeHost } from '../src/node/nodeHost';
import { longestStall } from '../test/shared/longestStall';
import { PROBE_CALLS, writeInputs, type ProbeCall } from './eventLoopInputs';

const HOLD_BOUND_MS = 100;
const STAT_PAUSE_MS = 10;

interface Row {
  label: string;
  callMs: number;
  holdMs: number;
  slowestStatMs: number;
  stats: number;
  answer: string;
}

/** Runs `call` on session A while session B stats a small file in a loop; the figures of that run. */
async function measure(lectern: Lectern, call: ProbeCall): Promise<Row> {
  const statMs: number[] = [];
  let running = true;
  const statLoop = (async () => {
    // Timed from when the stat was due (its pause over), so a held loop counts against it.
    let due = performance.now();
    while (running) {
      await lectern.invoke('lectern_stat', { target: 'stat-me.ts' }, { sessionId: 'B' });
      statMs.push(performance.now() - due);
      due = performance.now() + STAT_PAUSE_MS;
      await new Promise((done) => setTimeout(done, STAT_PAUSE_MS));
    }
  })();
  const started = performance.now();
  try {
    const { stallMs, result } = await longestStall(() => lectern.invoke(call.tool, call.input, { sessionId: 'A' }));
    const callMs = performance.now() - started;
    const answer = result.ok ? 'ok' : String(result.error?.code ?? 'error');
    return {
      label: call.label,
      callMs,
      holdMs: stallMs,
      slowestStatMs: Math.max(0, ...statMs),
      stats: statMs.length,
      answer,
    };
  } finally {
    running = false;
    await statLoop;
  }
}

const FIRST_COUNT: ProbeCall = {
  label: "file · the process's first exact count (the tokenizer's table loads)",
  tool: 'lectern_read',
  input: { target: 'warm/first-count.txt', start_line: 1, end_line: 3000 },
};

async function warm(lectern: Lectern): Promise<void> {
  const calls: [string, Record<string, unknown>][] = [
    ['lectern_read', { mode: 'references', target: 'warmUp', path: 'warm' }],
    ['lectern_read', { target: 'warm/w.ts', outline: true }],
    ['lectern_read', { target: 'warm/w.js', outline: true }],
    ['lectern_read', { mode: 'map', target: 'warm' }],
    ['lectern_search', { target: 'warm', query: 'warm\\w+', is_regex: true }],
    ['lectern_stat', { target: 'stat-me.ts' }],
  ];
  for (const [tool, input] of calls) await lectern.invoke(tool, input, { sessionId: 'warm' });
}

function table(rows: Row[]): string {
  const lines = [
    '| mode · input | call ms | longest hold ms | slowest stat ms (stats) | ≤ 100 ms | answer |',
    '|---|---:|---:|---:|---|---|',
  ];
  for (const r of rows) {
    const cells = [r.label, r.callMs.toFixed(0), r.holdMs.toFixed(0), `${r.slowestStatMs.toFixed(0)} (${r.stats})`];
    lines.push(`| ${cells.join(' | ')} | ${r.holdMs <= HOLD_BOUND_MS ? 'yes' : '**no**'} | ${r.answer} |`);
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
  const keep = process.argv.includes('--keep');
  const root = mkdtempSync(join(os.tmpdir(), 'lectern-event-loop-'));
  const generating = performance.now();
  writeInputs(root);
  mkdirSync(join(root, 'warm'), { recursive: true });
  writeFileSync(join(root, 'warm/w.ts'), 'export class Warm { warmUp() { return 1; } }\nnew Warm().warmUp();\n');
  writeFileSync(join(root, 'warm/w.js'), 'function warmJs() { return warmUp(); }\n');
  process.stdout.write(`inputs generated in ${((performance.now() - generating) / 1000).toFixed(1)} s at ${root}\n`);
  // A text far over the token cap: the first read of it is the process's first exact count.
  writeFileSync(join(root, 'warm/first-count.txt'), 'const value = compute(alpha, beta);\n'.repeat(10_000));
  const host = createNodeHost(() => [{ name: 'ws', path: root }], {
    bundleDir: resolve(__dirname, '../src/node'),
    tokenizerThread: true, // as the MCP server's and `lectern session`'s hosts
  });
  const lectern = new Lectern({ ...host, symbolCache: undefined }, () => ({ sessionGuard: false }));
  try {
    const rows: Row[] = [];
    // Before the warm-up: the tokenizer's table loads at this call (on the tokenizer's thread, which the calls of
    // both sessions wait for, without holding the loop).
    if (!only || FIRST_COUNT.label.includes(only)) rows.push(await measure(lectern, FIRST_COUNT));
    await warm(lectern);
    for (const call of PROBE_CALLS.filter((c) => !only || c.label.includes(only))) {
      rows.push(await measure(lectern, call));
      process.stdout.write(`  ${call.label}: ${rows.at(-1)!.holdMs.toFixed(0)} ms hold\n`);
    }
    const load = os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ');
    process.stdout.write(
      `\n${os.cpus().length} cores (${os.cpus()[0]?.model}), load average ${load}, Node ${process.version}\n\n`,
    );
    process.stdout.write(`${table(rows)}\n`);
  } finally {
    await host.dispose();
    if (!keep) rmSync(root, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
