// Every call has a deadline: its signal reports cancellation when the host cancels or the time is
// up, so every loop that checks it ends; and the engine answers at the deadline even if some work
// would not check (a backstop: the work is abandoned, its answer dropped).
import { LecternError } from './contract';
import type { CancellationSignal } from './ports';

/** No call runs longer than this (searches stop at 10 s, git commands at 15-30 s, first index builds take longest). */
export const CALL_DEADLINE_MS = 60_000;

export interface CallSignal extends CancellationSignal {
  /** True when the deadline, not the host, ended the call. */
  readonly expired: boolean;
}

export function callSignal(
  host: CancellationSignal | undefined,
  deadlineMs: number,
  now: () => number = Date.now,
): CallSignal {
  return new DeadlineSignal(host, now() + deadlineMs, now);
}

/** callSignal's answer (a class: an object literal's getters are defined anew on every call). */
class DeadlineSignal implements CallSignal {
  constructor(
    private readonly host: CancellationSignal | undefined,
    private readonly end: number,
    private readonly now: () => number,
  ) {}

  get expired(): boolean {
    return this.now() >= this.end;
  }

  get isCancellationRequested(): boolean {
    return this.host?.isCancellationRequested === true || this.now() >= this.end;
  }
}

function deadlineExceeded(deadlineMs: number): LecternError {
  return new LecternError(
    'CANCELLED',
    `The call did not finish within its ${Math.round(deadlineMs / 1000)} s limit and was stopped.`,
    'Ask for less at once: a narrower target or query, a range of lines, or one symbol.',
  );
}

interface Pending {
  end: number;
  expire: () => void;
}

/**
 * One timer for every call's deadline rather than one per call (a timer set and cleared on every
 * call is a measurable part of a small read). It holds the process only while a call is pending
 * (Node's ref/unref where the timer has them): idle, it never keeps a process alive.
 */
const pending = new Set<Pending>();
let timer: ReturnType<typeof setTimeout> | undefined;
let timerAt = Infinity;

function hold(held: boolean): void {
  if (typeof timer !== 'object' || timer === null) return;
  if (held && 'ref' in timer && typeof timer.ref === 'function') timer.ref();
  if (!held && 'unref' in timer && typeof timer.unref === 'function') timer.unref();
}

function arm(at: number): void {
  if (timer !== undefined) clearTimeout(timer);
  timerAt = at;
  timer = setTimeout(fire, Math.max(0, at - Date.now()));
}

function fire(): void {
  timer = undefined;
  timerAt = Infinity;
  const now = Date.now();
  let next = Infinity;
  for (const call of [...pending]) {
    if (call.end <= now) call.expire();
    else next = Math.min(next, call.end);
  }
  if (next !== Infinity) arm(next);
}

/** `work`, or a CANCELLED answer at the deadline (the shared timer holds the process only while calls are pending). */
export async function withDeadline<T>(work: Promise<T>, deadlineMs: number): Promise<T> {
  let reject: (error: unknown) => void = () => undefined;
  const late = new Promise<never>((_, r) => (reject = r));
  const call: Pending = { end: Date.now() + deadlineMs, expire: () => reject(deadlineExceeded(deadlineMs)) };
  pending.add(call);
  if (call.end < timerAt) arm(call.end);
  if (pending.size === 1) hold(true);
  try {
    return await Promise.race([work, late]);
  } finally {
    pending.delete(call);
    if (pending.size === 0) hold(false);
    work.catch(() => undefined); // an abandoned call's late failure is not unhandled
  }
}
