// Host.regex on Node: regular-expression scans that could run long (RE2 is linear, but a pattern
// like (.*a){50} costs ~10 µs per character) run on a worker thread, so the host's thread never
// blocks, and are stopped at their time limit by terminating the worker (a new one starts on the
// next scan). The worker keeps the process alive only while a scan is pending: a `lectern call`
// exits right after its answer.
import type { Worker } from 'node:worker_threads';
import { HeldTexts } from './heldTexts';
import { startWorkerThread } from './workerThread';
import type {
  FileScanReply,
  FileScanRequest,
  KeptScanReply,
  KeptScanRequest,
  RegexScanResult,
} from '../core/ground/workerMessages';
import type { RegexScanPort } from '../core/ground/ports';

/** What the worker (src/workers/regexWorker.ts) is sent: one text to scan with a regular expression. */
export interface ScanRequest {
  id: number;
  query: string;
  caseSensitive: boolean;
  text: string;
  keep: number;
}

/** Or one file to read and scan. */
export interface FileRequest {
  id: number;
  file: FileScanRequest;
}

/** Or a batch of kept texts to scan (posted as a KeptMessage). */
interface KeptRequest {
  id: number;
  kept: KeptScanRequest;
}

/** A file or a batch: they wait their turn here. */
type Queued = FileRequest | KeptRequest;

type Reply = RegexScanResult | FileScanReply | KeptScanReply;

const queued = (request: Queued): FileScanRequest | KeptScanRequest =>
  'file' in request ? request.file : request.kept;

/**
 * Files (or batches) the worker holds at once (one it scans, the next ready); the rest wait here,
 * where the caller can take them back (handBack) to scan them itself once it has nothing else to do.
 */
const POSTED_FILES = 2;

/**
 * The worker's young generation, in MB: what it allocates is short-lived (a batch's hits, a scan's
 * lines), and V8's default lets it grow to tens of MB the process keeps.
 */
const YOUNG_MB = 8;

interface Pending {
  request: ScanRequest | Queued;
  resolve(result: Reply | undefined): void;
  reject(error: Error): void;
  timer: ReturnType<typeof setTimeout>;
}

export function createRegexRunner(dir: string = __dirname): RegexScanPort {
  const runner = new RegexRunner(dir);
  return {
    scan: (query, caseSensitive, text, keep, timeoutMs) =>
      runner.send<RegexScanResult>({ id: runner.nextId(), query, caseSensitive, text, keep }, timeoutMs),
    scanFile: (file, timeoutMs) => runner.send<FileScanReply>({ id: runner.nextId(), file }, timeoutMs),
    scanKept: (kept, timeoutMs) => runner.send<KeptScanReply>({ id: runner.nextId(), kept }, timeoutMs),
    handBack: (requests) => runner.handBack(requests),
    dispose: () => runner.stop(),
  };
}

class RegexRunner {
  private worker: Worker | undefined;
  private lastId = 0;
  private readonly pending = new Map<number, Pending>();
  /** File and batch scans not posted yet, and the ids of those the worker holds. */
  private readonly waiting: Queued[] = [];
  private readonly posted = new Set<number>();
  /** What the current worker holds of the texts batches sent it. */
  private readonly held = new HeldTexts();

  constructor(private readonly dir: string) {}

  nextId(): number {
    return this.lastId++;
  }

  /** Sends one request (a file waits its turn); the worker answers them in order. */
  send<R extends Reply>(request: ScanRequest | Queued, timeoutMs: number): Promise<R | undefined> {
    this.worker ??= this.start();
    this.worker.ref(); // busy: a CLI process waits for this answer
    return new Promise<R | undefined>((resolve, reject) => {
      const timer = setTimeout(() => this.expire(request.id), Math.max(1, timeoutMs));
      this.pending.set(request.id, { request, resolve: resolve as Pending['resolve'], reject, timer });
      if (!('text' in request)) {
        this.waiting.push(request);
        this.pump();
      } else this.worker!.postMessage(request);
    });
  }

  /** Answers those of `requests` not posted yet `read: false` (or `scanned: false`), and returns them. */
  handBack<R extends FileScanRequest | KeptScanRequest>(requests: readonly R[]): R[] {
    const mine = new Set<FileScanRequest | KeptScanRequest>(requests);
    const back = this.waiting.filter((request) => mine.has(queued(request)));
    this.waiting.splice(0, this.waiting.length, ...this.waiting.filter((request) => !mine.has(queued(request))));
    for (const request of back)
      this.settle(request.id, (p) => p.resolve('file' in request ? { read: false } : { scanned: false }));
    return back.map((request) => queued(request) as R);
  }

  /** Ends the worker; the scans in flight answer undefined (out of time) or fail with `error` (the worker broke). */
  stop(error?: Error): void {
    const stopped = this.worker;
    this.worker = undefined;
    this.waiting.length = 0;
    this.posted.clear();
    void stopped?.terminate();
    for (const id of [...this.pending.keys()]) this.settle(id, (p) => (error ? p.reject(error) : p.resolve(undefined)));
  }

  /**
   * One scan is out of time: the worker, mid-scan, is ended (it cannot be interrupted otherwise);
   * the other requests (other searches' too) go to a new worker, each within its own time.
   */
  private expire(id: number): void {
    void this.worker?.terminate();
    this.worker = undefined;
    this.posted.clear();
    this.settle(id, (p) => p.resolve(undefined));
    const requests = [...this.pending.values()].map((p) => p.request);
    this.waiting.splice(0, this.waiting.length, ...requests.filter((r): r is Queued => !('text' in r)));
    for (const request of requests) if ('text' in request) (this.worker ??= this.start()).postMessage(request);
    this.pump();
  }

  private settle(id: number, answer: (p: Pending) => void): void {
    const p = this.pending.get(id);
    if (!p) return;
    this.pending.delete(id);
    clearTimeout(p.timer);
    answer(p);
    // Idle: the worker (and its message port, which a 'message' listener refs) holds no process open.
    if (this.pending.size === 0) this.worker?.unref();
  }

  private start(): Worker {
    const created = startWorkerThread(this.dir, 'regexWorker', {
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_MB },
    });
    this.held.reset();
    created.on('message', (message: { id: number; result?: Reply; error?: string }) => {
      if (this.posted.delete(message.id)) this.pump();
      this.settle(message.id, (p) =>
        message.error !== undefined ? p.reject(new Error(message.error)) : p.resolve(message.result),
      );
    });
    created.on('error', (error) => {
      if (this.worker === created) this.stop(error);
    });
    created.on('exit', () => {
      if (this.worker === created) this.stop(new Error('the regular-expression worker exited'));
    });
    return created;
  }

  /** Posts waiting file and batch scans while the worker holds fewer than POSTED_FILES. */
  private pump(): void {
    while (this.posted.size < POSTED_FILES && this.waiting.length > 0) {
      const request = this.waiting.shift()!;
      this.posted.add(request.id);
      const worker = (this.worker ??= this.start());
      worker.postMessage('kept' in request ? { id: request.id, kept: this.held.message(request.kept) } : request);
    }
  }
}
