// The one way a test waits: for a state to hold (polled) or for an event (a promise), never for a
// fixed time. On timeout it fails saying what it waited for, and what it last saw.

export interface EventuallyOptions {
  /** What the test waits for, as the failure names it: "the idle session to expire". */
  what: string;
  /** Default 10 s. */
  timeoutMs?: number;
  /** How often a condition is polled; default 20 ms. */
  intervalMs?: number;
  /** What was last seen instead, for the timeout's message. */
  seen?: () => string;
}

type Found<T> = T | undefined | false;

/**
 * Resolves with the first value `check` gives that is neither undefined nor false (so a boolean
 * check resolves with true, a lookup with what it found), or with the event's value when given a
 * promise. A check that throws is retried; its last error is in the timeout's message.
 */
export async function eventually<T>(
  check: (() => Found<T> | Promise<Found<T>>) | PromiseLike<T>,
  { what, timeoutMs = 10_000, intervalMs = 20, seen }: EventuallyOptions,
): Promise<T> {
  const timedOut = (failed: string) =>
    new Error(`timed out after ${timeoutMs} ms waiting for ${what}${failed}${seen ? `; last seen: ${seen()}` : ''}`);
  if (typeof check !== 'function') return awaitEvent(check, timeoutMs, () => timedOut(''));
  const until = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
      lastError = undefined;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > until) {
      throw timedOut(lastError === undefined ? '' : ` (the check last failed: ${String(lastError)})`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

function awaitEvent<T>(event: PromiseLike<T>, timeoutMs: number, timedOut: () => Error): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(timedOut()), timeoutMs);
    event.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
