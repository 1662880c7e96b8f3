// Latency of windows, head, tail and ranges through the engine against a plain fs read of the same
// bytes (the floor: open, one read, close, as bench/measure.ts), in the same run; medians of repeated
// runs after a warm-up, engine and floor alternating. Each timed call, the engine's as the floor's,
// comes right after an untimed one of its own kind: the other's work in between (a thread-pool round
// trip, or the engine's code) would otherwise be timed as part of it (about 40 us on a small read). The session guard is off here so a 64 KiB window
// stays 64 KiB (with it on, a session's per-read line budget shortens long windows).
import { closeSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { plainRead } from '../measure';
import { createLectern } from './lectern';

export interface LatencyRow {
  read: string;
  bytes: number;
  lecternMs: number;
  floorMs: number;
  ratio: number;
  /** CPU time of the process (all its threads) per call, medians: what a loaded machine does not distort. */
  lecternCpuMs: number;
  floorCpuMs: number;
  cpuRatio: number;
  /**
   * The same bytes read synchronously (openSync, readSync, closeSync), as the engine's own file calls
   * are: no thread pool, no promises. Context only; the floor above is the one the ratios use.
   */
  syncFloorMs: number;
}

function syncRead(path: string, start: number, length: number): string {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.allocUnsafe(length);
    const read = readSync(fd, buffer, 0, length, start);
    return buffer.subarray(0, read).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export async function runLatency(
  root: string,
  file: string,
  totalLines: number,
  runs = 25,
  warmup = 6000,
): Promise<LatencyRow[]> {
  const engine = createLectern(root, { sessionGuard: false });
  const mid = Math.floor(totalLines / 2);
  const cases: Array<[string, Record<string, unknown>]> = [
    ['window 64 KiB', { start_byte: 1 << 20, max_bytes: 65536 }],
    ['window 4 KiB', { start_byte: 1 << 20, max_bytes: 4096 }],
    ['head 200', { head: 200 }],
    ['tail 200', { tail: 200 }],
    ['range 60 lines', { start_line: mid, end_line: mid + 59 }],
    ['range 250 lines', { start_line: mid, end_line: mid + 249 }],
  ];
  const rows: LatencyRow[] = [];
  let session = 0;
  // Warm both paths up first (JIT, the thread pool), as a session's earlier calls do: in a fresh
  // process (--only=latency) both run several times slower for their first few hundred calls.
  for (let i = 0; i < warmup; i++) {
    const [, input] = cases[i % cases.length]!;
    const response = await engine.invoke(
      'lectern_read',
      { mode: 'file', target: file, ...input },
      { sessionId: `latency-warm-${i}` },
    );
    if (response.ok)
      await plainRead(join(root, file), response.meta.start_byte!, response.meta.end_byte! - response.meta.start_byte!);
  }
  for (const [name, input] of cases) {
    const lectern: number[] = [];
    const floor: number[] = [];
    const lecternCpu: number[] = [];
    const floorCpu: number[] = [];
    const syncFloor: number[] = [];
    let span: [number, number] = [0, 0];
    for (let i = 0; i < runs + 3; i++) {
      await engine.invoke(
        'lectern_read',
        { mode: 'file', target: file, ...input },
        { sessionId: `latency-${session++}` },
      );
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      const response = await engine.invoke(
        'lectern_read',
        { mode: 'file', target: file, ...input },
        { sessionId: `latency-${session++}` },
      );
      const t1 = performance.now();
      const c1 = process.cpuUsage(c0);
      if (!response.ok) throw new Error(`${name}: ${response.text}`);
      span = [response.meta.start_byte!, response.meta.end_byte!];
      // The floor on a warm thread pool: Lectern's own file calls are synchronous, so a read right
      // after it would otherwise also time waking the pool's threads.
      await plainRead(join(root, file), span[0], span[1] - span[0]);
      const c2 = process.cpuUsage();
      const t2 = performance.now();
      (await plainRead(join(root, file), span[0], span[1] - span[0])).toString('utf8');
      const t3 = performance.now();
      const c3 = process.cpuUsage(c2);
      const t4 = performance.now();
      syncRead(join(root, file), span[0], span[1] - span[0]);
      const t5 = performance.now();
      if (i >= 3) {
        lectern.push(t1 - t0);
        floor.push(t3 - t2);
        lecternCpu.push((c1.user + c1.system) / 1000);
        floorCpu.push((c3.user + c3.system) / 1000);
        syncFloor.push(t5 - t4);
      }
    }
    const l = median(lectern);
    const f = median(floor);
    const lc = median(lecternCpu);
    const fc = median(floorCpu);
    rows.push({
      read: name,
      bytes: span[1] - span[0],
      lecternMs: l,
      floorMs: f,
      ratio: l / f,
      lecternCpuMs: lc,
      floorCpuMs: fc,
      cpuRatio: lc / fc,
      syncFloorMs: median(syncFloor),
    });
  }
  return rows;
}
