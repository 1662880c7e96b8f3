// Files a resident search holds in memory (kept bytes), gathered into batches that the host's thread
// scans (RegexScanPort.scanKept) while this one scans others: one message and one answer per batch,
// not per file. The search settles each batch's files in walk order once the batch is answered.
import type { KeptScanReply, KeptScanRequest } from '../ground/workerMessages';
import type { RegexScanPort } from '../ground/ports';
import { hitOffsets } from './threadScan';

/** A batch is sent once its texts reach this many characters (one per byte). */
const BATCH_CHARS = 2 * 1024 * 1024;
/** Batches sent and not answered, at most: past that kept files are scanned here, so both threads stay busy. */
const BATCHES_OUT = 3;

export type ScannedBatch = Extract<KeptScanReply, { scanned: true }> & { from: Int32Array };

export class KeptBatch {
  readonly request: KeptScanRequest;
  /** Once answered: what was found, or 'out of time', or what failed (scanning it here threw). */
  answer: ScannedBatch | 'out of time' | { failed: unknown } | undefined;
  readonly answered: Promise<void>;
  chars = 0;
  private resolve!: () => void;

  constructor(query: Omit<KeptScanRequest, 'texts'>) {
    this.request = { ...query, texts: [] };
    this.answered = new Promise((resolve) => (this.resolve = resolve));
  }

  settle(answer: Extract<KeptScanReply, { scanned: true }> | 'out of time' | { failed: unknown }): void {
    this.answer =
      answer === 'out of time' || 'failed' in answer ? answer : { ...answer, from: hitOffsets(answer.located) };
    this.resolve();
  }

  /** Settles it with what `scan` finds, or with its failure. */
  settleWith(scan: () => Extract<KeptScanReply, { scanned: true }>): void {
    try {
      this.settle(scan());
    } catch (failed) {
      this.settle({ failed });
    }
  }
}

type ScannedHere = (request: KeptScanRequest) => Extract<KeptScanReply, { scanned: true }>;

export class KeptBatches {
  private filling: KeptBatch | undefined;
  private readonly sent = new Map<KeptScanRequest, KeptBatch>();
  private stopped = false;

  constructor(
    private readonly port: Pick<RegexScanPort, 'handBack'>,
    private readonly scan: NonNullable<RegexScanPort['scanKept']>,
    private readonly query: Omit<KeptScanRequest, 'texts'>,
    /** Scans a batch on this thread (not sent, handed back, or the thread broke). */
    private readonly scanHere: ScannedHere,
    private readonly msLeft: () => number,
  ) {}

  /** Whether a kept file may join a batch now (else it is scanned here). */
  get open(): boolean {
    return this.sent.size < BATCHES_OUT;
  }

  /** Whether batches are out: the search takes their answers often. */
  get busy(): boolean {
    return this.sent.size > 0;
  }

  /** Adds a file's kept text to the batch being filled (sent once full); its batch and place in it. */
  add(text: string): { batch: KeptBatch; index: number } {
    const batch = (this.filling ??= new KeptBatch(this.query));
    const index = batch.request.texts.push(text) - 1;
    batch.chars += text.length;
    if (batch.chars >= BATCH_CHARS) this.send(batch);
    return { batch, index };
  }

  /** The walk is done: the batch being filled is scanned here (the thread goes on with those it has). */
  finish(): void {
    const filling = this.filling;
    this.filling = undefined;
    filling?.settleWith(() => this.scanHere(filling.request));
  }

  /** Takes back the newest batch the thread has not started, to scan it here (once its answer settles); false when there is none. */
  takeBackNewest(): boolean {
    const newest = [...this.sent.keys()].at(-1);
    if (!newest || this.port.handBack?.([newest]).length !== 1) return false;
    this.sent.delete(newest);
    return true;
  }

  /** Cancelled: nothing more is scanned, here or there. */
  cancel(): void {
    this.stopped = true;
    this.filling?.settle('out of time');
    this.filling = undefined;
    this.port.handBack?.([...this.sent.keys()]);
  }

  private send(batch: KeptBatch): void {
    this.filling = undefined;
    const { request } = batch;
    this.sent.set(request, batch);
    void this.scan(request, this.msLeft())
      .catch((): KeptScanReply => ({ scanned: false }))
      .then((reply) => {
        this.sent.delete(request);
        if (reply === undefined || this.stopped) batch.settle('out of time');
        else batch.settleWith(() => (reply.scanned ? reply : this.scanHere(request)));
      });
  }
}
