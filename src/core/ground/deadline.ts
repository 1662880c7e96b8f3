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
  const end = now() + deadlineMs;
  return {
    get expired() {
      return now() >= end;
    },
    get isCancellationRequested() {
      return host?.isCancellationRequested === true || now() >= end;
    },
  };
}

export function deadlineExceeded(deadlineMs: number): LecternError {
  return new LecternError(
    'CANCELLED',
    `The call did not finish within its ${Math.round(deadlineMs / 1000)} s limit and was stopped.`,
    'Ask for less at once: a narrower target or query, a range of lines, or one symbol.',
  );
}

/** `work`, or a CANCELLED answer at the deadline (the timer never outlives the call). */
export async function withDeadline<T>(work: Promise<T>, deadlineMs: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(deadlineExceeded(deadlineMs)), deadlineMs);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
    work.catch(() => undefined); // an abandoned call's late failure is not unhandled
  }
}
