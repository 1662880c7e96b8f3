// Writes to the persistent symbol cache (Host.symbolCache) behind the answers: a save records its
// changes and returns at once, and the engine starts a flush when a call has answered (`flushSoon`).
// One flush runs at a time and writes everything pending in one save of the port (which groups the
// changes by shard); changes that arrive during a flush wait for the next one. Reads lay the changes
// not yet on disk over what the port loads, so a read right after a save sees it. A save that fails
// is dropped: a cache that cannot be written costs only time.
import type { CachedOutline, CachedWords, SymbolCachePort } from '../ground/symbolCachePort';
import { identityOf, sameIdentity } from '../ground/fileIdentity';

type Changes = Map<string, CachedOutline | null>;

/** The longest `dispose` waits for the writes (a cache that cannot be written must not hold a process). */
const DISPOSE_WAIT_MS = 2_000;

export class CacheWrites implements SymbolCachePort {
  /** Changes not yet handed to the port, per extractor version. */
  private pending = new Map<string, Changes>();
  /** The changes the running flush writes (still visible to reads until it ends). */
  private writing = new Map<string, Changes>();
  private flushing: Promise<void> | undefined;
  /** A flush was asked for while one ran: start the next when it ends. */
  private again = false;
  /** Flushes ended so far: a read of the port that a flush ended during may predate its writes. */
  private flushed = 0;

  constructor(private readonly port: SymbolCachePort) {}

  /** Records the changes: the last change of a path wins (`merge`). */
  save(version: string, changes: ReadonlyMap<string, CachedOutline | null>): Promise<void> {
    let pending = this.pending.get(version);
    if (!pending) this.pending.set(version, (pending = new Map()));
    for (const [absolute, outline] of changes) pending.set(absolute, merge(pending.get(absolute), outline));
    return Promise.resolve();
  }

  async load(version: string): Promise<Map<string, CachedOutline>> {
    const out = await this.beforeNoFlush(() => this.port.load(version));
    for (const changes of this.unwritten(version))
      for (const [absolute, outline] of changes) {
        if (outline) out.set(absolute, withoutWords(outline));
        else out.delete(absolute);
      }
    return out;
  }

  async loadWords(version: string): Promise<Map<string, CachedWords>> {
    const out =
      (await this.beforeNoFlush(async () => this.port.loadWords?.(version))) ?? new Map<string, CachedWords>();
    for (const changes of this.unwritten(version))
      for (const [absolute, outline] of changes) {
        // As the store keeps them: an outline without words leaves the file's words.
        if (!outline) out.delete(absolute);
        else if (outline.words) out.set(absolute, { ...identityOf(outline), words: outline.words });
      }
    return out;
  }

  async loadFile(version: string, absolute: string): Promise<CachedOutline | undefined> {
    for (;;) {
      for (const changes of [this.pending.get(version), this.writing.get(version)])
        if (changes?.has(absolute)) {
          const outline = changes.get(absolute);
          return outline ? withoutWords(outline) : undefined;
        }
      const flushed = this.flushed;
      const stored = this.port.loadFile
        ? await this.port.loadFile(version, absolute)
        : (await this.port.load(version)).get(absolute);
      if (this.flushed === flushed) return stored;
    }
  }

  /**
   * What `read` gets from the port, read again when a flush ended meanwhile: its changes left the
   * overlay then, and the read may have found the disk before them.
   */
  private async beforeNoFlush<T>(read: () => Promise<T>): Promise<T> {
    for (;;) {
      const flushed = this.flushed;
      const out = await read();
      if (this.flushed === flushed) return out;
    }
  }

  /** Starts writing what is pending unless a flush runs (then the next one starts when it ends). */
  flushSoon(): void {
    if (this.flushing) this.again = true;
    else if (this.pending.size > 0) this.flushing = this.flush();
  }

  /** Writes what is pending, waiting at most `waitMs` (the writes go on after that, unawaited). */
  async dispose(waitMs = DISPOSE_WAIT_MS): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)));
    try {
      await Promise.race([this.settled(), late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Resolves when nothing is pending or being written. */
  private async settled(): Promise<void> {
    for (;;) {
      this.flushSoon();
      if (!this.flushing) return;
      await this.flushing;
    }
  }

  private async flush(): Promise<void> {
    // After the answer: a timer's turn comes after the promise jobs that hand the answer to the host.
    await new Promise((resolve) => setTimeout(resolve, 0));
    this.writing = this.pending;
    this.pending = new Map();
    for (const [version, changes] of this.writing) {
      try {
        await this.port.save(version, changes);
      } catch {
        // a cache that cannot be written costs only time
      }
    }
    this.writing = new Map();
    this.flushed++;
    this.flushing = undefined;
    if (this.again) {
      this.again = false;
      this.flushSoon();
    }
  }

  /** Changes not on disk yet, oldest first. */
  private unwritten(version: string): Changes[] {
    return [this.writing.get(version), this.pending.get(version)].filter((changes) => changes !== undefined);
  }
}

/**
 * The change that stands for `earlier` then `later`: the later one, except that an outline without
 * words keeps the words an earlier change of the same file version carried (as two saves would have
 * left them in the word shard).
 */
function merge(earlier: CachedOutline | null | undefined, later: CachedOutline | null): CachedOutline | null {
  if (!later || later.words || !earlier?.words) return later;
  if (!sameIdentity(identityOf(earlier), identityOf(later))) return later;
  return { ...later, words: earlier.words };
}

function withoutWords(outline: CachedOutline): CachedOutline {
  if (!outline.words) return outline;
  const { words: _words, ...rest } = outline;
  return rest;
}
