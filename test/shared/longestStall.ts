// How long the host's event loop was held while some work ran: the longest gap between the turns of
// a short interval timer (a behaviour bound for the hardening tests, not a speed figure).

/** The longest the event loop was held while `work` ran, and what it answered. */
export async function longestStall<T>(work: () => Promise<T>, everyMs = 5): Promise<{ stallMs: number; result: T }> {
  let last = performance.now();
  let stallMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    stallMs = Math.max(stallMs, now - last);
    last = now;
  }, everyMs);
  try {
    const result = await work();
    return { stallMs: Math.max(stallMs, performance.now() - last), result };
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
): Promise<{ stallMs: number; result: T; statMs: number[] }> {
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
