// Measurement helpers shared by the benchmark child processes (bench/child.ts, bench/symbols.ts):
// statistics, peak memory (VmHWM), paired engine/floor timing, and the plain-read floors.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import type { Mem, Stats } from './types';

const gc = globalThis.gc;
if (!gc) throw new Error('run with --expose-gc (npm run bench does)');
export const collect = () => {
  gc();
  gc();
};

// ---- measurement helpers ----------------------------------------------------------------------

export function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
  return { median: at(0.5), p95: at(0.95), min: sorted[0]!, max: sorted[sorted.length - 1]!, n: sorted.length };
}

/** Peak resident set (VmHWM) in bytes; reset with resetPeakRss (Linux only, else undefined). */
export function peakRss(): number | undefined {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

export function resetPeakRss(): void {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
  } catch {
    // not Linux: the 1 ms sampler alone bounds the peak
  }
}

/**
 * Growth of RSS, V8 heap and external (ArrayBuffer) memory while `fn` runs `reps` times, after a
 * full GC. RSS is the kernel's high-water mark (exact even inside synchronous work); heap and
 * external are sampled every millisecond while the event loop is free and after every call.
 */
export async function memoryOf(fn: () => Promise<unknown>, reps: number): Promise<Mem> {
  collect();
  const base = process.memoryUsage();
  resetPeakRss();
  let rss = base.rss;
  let heap = base.heapUsed;
  let external = base.external;
  const sample = () => {
    const m = process.memoryUsage();
    if (m.rss > rss) rss = m.rss;
    if (m.heapUsed > heap) heap = m.heapUsed;
    if (m.external > external) external = m.external;
  };
  const timer = setInterval(sample, 1);
  try {
    for (let i = 0; i < reps; i++) {
      await fn();
      sample();
    }
  } finally {
    clearInterval(timer);
  }
  const hwm = peakRss();
  if (hwm !== undefined && hwm > rss) rss = hwm;
  return { rss: rss - base.rss, heap: heap - base.heapUsed, external: external - base.external };
}

export interface Timing {
  minIters: number;
  budgetMs: number;
  warmup: number;
  /** Collect garbage (untimed) after each engine call, so the floor does not pay the engine's GC debt. */
  settle: boolean;
}
export const NORMAL: Timing = { minIters: 20, budgetMs: 1500, warmup: 3, settle: false };
export const HEAVY: Timing = { minIters: 3, budgetMs: 0, warmup: 0, settle: true };
export const MAX_ITERS = 300;

/** Engine and floor alternate, so both see the same machine state (page cache, CPU frequency, noise). */
export async function timePair(
  engine: () => Promise<unknown>,
  floor: () => Promise<unknown>,
  timing: Timing,
): Promise<{ engine: number[]; engineCpu: number[]; floor: number[] }> {
  for (let i = 0; i < timing.warmup; i++) {
    await engine();
    await floor();
  }
  collect();
  const e: number[] = [];
  const cpu: number[] = [];
  const f: number[] = [];
  const started = performance.now();
  while (e.length < MAX_ITERS && (e.length < timing.minIters || performance.now() - started < timing.budgetMs)) {
    const c = process.cpuUsage();
    let t = performance.now();
    await engine();
    e.push(performance.now() - t);
    const used = process.cpuUsage(c);
    cpu.push((used.user + used.system) / 1000);
    if (timing.settle) collect();
    t = performance.now();
    await floor();
    f.push(performance.now() - t);
  }
  return { engine: e, engineCpu: cpu, floor: f };
}

// ---- floors -------------------------------------------------------------------------------------

/** The floor: open, one plain fs read of exactly [start, start + length), close. */
export async function plainRead(path: string, start: number, length: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.allocUnsafe(length);
    let filled = 0;
    while (filled < length) {
      const { bytesRead } = await handle.read(buffer, filled, length - filled, start + filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return buffer.subarray(0, filled);
  } finally {
    await handle.close();
  }
}

/** A plain sequential scan counting newlines (Buffer#indexOf) in the first `length` bytes, 1 MiB reused buffer. */
export async function plainScan(path: string, length: number): Promise<number> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.allocUnsafe(1024 * 1024);
    let position = 0;
    let newlines = 0;
    while (position < length) {
      const { bytesRead } = await handle.read(buffer, 0, Math.min(buffer.length, length - position), position);
      if (bytesRead === 0) break;
      for (let at = buffer.indexOf(10); at !== -1 && at < bytesRead; at = buffer.indexOf(10, at + 1)) newlines++;
      position += bytesRead;
    }
    return newlines;
  } finally {
    await handle.close();
  }
}

/** Runs a command (grep, rg, find); resolves with its wall time and the number of lines it printed. */
export function outputLines(args: string[], cwd: string): Promise<{ ms: number; lines: number }> {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    const child = spawn(args[0]!, args.slice(1), {
      cwd,
      env: { ...process.env, LC_ALL: 'C' },
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let lines = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
    });
    child.on('error', reject);
    // grep exits 1 when nothing matched, 2 on errors it still reports past (unreadable files).
    child.on('close', () => resolve({ ms: performance.now() - t, lines }));
  });
}
