// Steps that must run in the order they were queued, each after the one before has finished: a
// workspace search counts and ranks its files in walk order while some are scanned elsewhere.
// Thousands of steps may queue behind one answer: a step is an array entry, not a promise.

const COMPACT_AT = 1024;

export type Step = () => void | Promise<void>;

export class InOrder {
  private readonly steps: Step[] = [];
  private running: Promise<void> | undefined;
  /** The next step to start. */
  private next = 0;

  constructor(private readonly onError: (error: unknown) => void) {}

  /** Whether steps are queued: one run now would overtake them. */
  get waiting(): boolean {
    return this.running !== undefined;
  }

  /** Runs `step` after every step queued before it (never before the caller's turn ends). */
  queue(step: Step): void {
    this.steps.push(step);
    this.running ??= this.drain();
  }

  /** The step queued last, while it has not started: a caller may add to what it does rather than queue another. */
  get pending(): Step | undefined {
    return this.next < this.steps.length ? this.steps[this.steps.length - 1] : undefined;
  }

  /** Resolves once every queued step has run. */
  async done(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    await Promise.resolve();
    // Steps queued meanwhile join the end of the list; none runs before the one ahead of it has finished.
    while (this.next < this.steps.length) {
      try {
        const pending = this.steps[this.next++]!();
        if (pending) await pending;
      } catch (error) {
        this.onError(error);
      }
      // The steps run drop out of the list (and what they held with them).
      if (this.next >= COMPACT_AT) {
        this.steps.splice(0, this.next);
        this.next = 0;
      }
    }
    this.steps.length = this.next = 0;
    this.running = undefined;
  }
}
