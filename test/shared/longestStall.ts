// How long the host's event loop was held while some work ran: the longest gap between the turns of
// a short interval timer (a behaviour bound for the hardening tests, not a speed figure). Measured in
// the main thread's own CPU time where the system tells it (Linux: /proc/thread-self/schedstat), so
// a loaded machine that keeps the process waiting for a core does not count as the code holding the
// loop; elsewhere in wall time. `wallMs` is the longest wall gap, for messages.
import { readFileSync } from 'node:fs';

/** The calling thread's CPU time in ms, or undefined where the system does not say. */
function threadCpuMs(): number | undefined {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return undefined;
  }
}

/** The longest the event loop was held while `work` ran (see above), and what it answered. */
export async function longestStall<T>(
  work: () => Promise<T>,
  everyMs = 5,
): Promise<{ stallMs: number; wallMs: number; result: T }> {
  let last = performance.now();
  let lastCpu = threadCpuMs();
  let stallMs = 0;
  let wallMs = 0;
  const tick = () => {
    const now = performance.now();
    const cpu = threadCpuMs();
    wallMs = Math.max(wallMs, now - last);
    stallMs = Math.max(stallMs, cpu === undefined || lastCpu === undefined ? now - last : cpu - lastCpu);
    last = now;
    lastCpu = cpu;
  };
  const timer = setInterval(tick, everyMs);
  try {
    const result = await work();
    tick();
    return { stallMs, wallMs, result };
  } finally {
    clearInterval(timer);
  }
}

/**
 * `longestStall` of `work` while another session calls `stat` in a loop, `gapMs` apart: how long each of
 * those calls took (a held loop makes them wait) is `statMs`.
 */
export async function stallWithStats<T>(
  stat: () => Promise<unknown>,
  work: () => Promise<T>,
  gapMs = 10,
): Promise<{ stallMs: number; wallMs: number; result: T; statMs: number[] }> {
  const statMs: number[] = [];
  let running = true;
  const stats = (async () => {
    while (running) {
      const started = performance.now();
      await stat();
      statMs.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, gapMs));
    }
  })();
  try {
    return { ...(await longestStall(work)), statMs };
  } finally {
    running = false;
    await stats;
  }
}
