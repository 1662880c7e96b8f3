// Steps that must run in the order they were queued, each after the one before has finished: a
// workspace search counts and ranks its files in walk order while some are scanned elsewhere.

export class InOrder {
  private tail: Promise<void> | undefined;

  constructor(private readonly onError: (error: unknown) => void) {}

  /** Whether steps are queued: one run now would overtake them. */
  get waiting(): boolean {
    return this.tail !== undefined;
  }

  /** Runs `step` after every step queued before it. */
  queue(step: () => void | Promise<void>): void {
    const next = (this.tail ?? Promise.resolve()).then(step).catch(this.onError);
    this.tail = next;
    void next.then(() => {
      if (this.tail === next) this.tail = undefined;
    });
  }

  /** Resolves once every queued step has run. */
  async done(): Promise<void> {
    while (this.tail) await this.tail;
  }
}
