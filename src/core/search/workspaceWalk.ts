// One workspace search under way: the walk over its scope, each file read (synchronously one at a
// time where the port can, large files it has learned on the host's thread meanwhile, else a few in
// flight), judged, scanned (files whose bytes it keeps partly on the host's thread, in batches) and
// ranked in walk order, with everything skipped counted for the answer (renderWorkspace.ts).
// Whole for now (over 400 lines): WorkspaceSearch is one class whose steps (read here, hand to a
// thread, batch, settle in walk order) share its counters and its in-order settling; it splits by
// step in a change of its own (issue 37), not while other work is changing it.
import { LecternError } from '../ground/contract';
import type { ReadEnv } from '../ground/env';
import { plural } from '../ground/format';
import { insideRoots, type ResolvedPath } from '../ground/paths';
import type { EntryStat } from '../ground/fileSystemPort';
import type { FileScanReply, FileScanRequest, RegexScanResult } from '../ground/workerMessages';
import { LIMITS } from '../ground/settings';
import { classRank } from '../ground/fileRank';
import { yieldToHost, type ListedFile } from '../ground/walk';
import { textHaystack, type Haystack } from './haystack';
import { findHits, materialize, numberHits } from './lineScan';
import { examine, readAsync, readSyncChecked, type Loaded, type Raw } from './loadFile';
import { learn, startPrefilter, gramsTest, wantsFinder, type SecretScan } from './prefilter';
import type { TextSearcher } from './matcher';
import { InOrder, type Step } from './inOrder';
import { handable, keptClean, keptHits, keptOf, keptSource, scanKeptTexts } from './threadScan';
import { KeptBatches, type KeptBatch } from './keptBatches';
import { Ranking, type FileResult, type Show } from './ranking';
import { INLINE_REGEX_MS, RegexCost } from './regexCost';
import type { Outcome } from './renderWorkspace';
import { globList, walkScope, type Scope, type WalkSkips } from './searchScope';
import { WORKSPACE_SEARCH_LIMITS, type WorkspaceSearchInput } from './workspaceLimits';

/** The sync fast path yields to the host's event loop this often. */
const SLICE_MS = 15;
/** And this often while files handed to the host's thread are out (to take their answers). */
const SLICE_HANDED_MS = 4;
/**
 * File text held to show the ranked files' matches once the ranking is final, at most: past that a
 * file's matches are numbered and decoded as it is ranked (ranking.ts).
 */
const HELD_FOR_SHOWING = 32 * 1024 * 1024;
/** Bytes handed to the host's thread and not answered yet, at most: past that files are read here, so both threads stay busy. */
const HANDED_MAX_BYTES = 16 * 1024 * 1024;

const limits = WORKSPACE_SEARCH_LIMITS;

const cancelled = () => new LecternError('CANCELLED', 'The search was cancelled.', 'Call again if you still need it.');

/** A file's matching lines, and the haystack their positions refer to. */
interface Scanned {
  scanned: RegexScanResult;
  source: Haystack;
}

/** What scanning a file found: its matching lines, none (skipped, ruled out), or 'stopped' (the time ran out in it). */
type Found = Scanned | 'stopped' | undefined;

/** A file read and scanned here. */
interface Here {
  loaded: Loaded;
  found: Found;
}

/** Kept files next to each other in the walk and in one batch, settled by one step. */
interface BatchRun {
  step: Step;
  batch: KeptBatch;
  /** The first file's place in the batch. */
  from: number;
  files: ListedFile[];
  orders: number[];
}

/** Files without matches next to each other in the walk, counted by one step. */
interface Tally {
  step: Step;
  files: number;
}

/** A file handed to the host's thread; `here`, once it was handed back and read here instead. */
interface Handed {
  file: ListedFile;
  here?: Promise<Here>;
}

type ReadSync = NonNullable<ReadEnv['host']['fs']['readFileSync']>;

/** The same, its haystack holding no view of the read buffer the next read reuses. */
const owned = (loaded: Loaded): Loaded => ('hay' in loaded ? loaded.own() : loaded);

export class WorkspaceSearch {
  private readonly maxResults: number;
  private readonly before: number;
  private readonly after: number;
  private readonly includes: string[];
  private readonly excludes: string[];
  private readonly walk: AsyncGenerator<ListedFile>;
  private readonly skips: WalkSkips;
  private readonly dirty: Set<string> | undefined;
  private readonly ranking: Ranking;
  private readonly started = Date.now();
  /** Secret-looking files (keys, .env, credentials) are not read at all without the user's approval. */
  /** Secret-looking files (keys, .env, credentials), judged by their real path under a linked start folder too. */
  private isSecret: (file: ListedFile) => boolean;
  /** A regular expression predicted to be slow on a file's text scans it off the host's thread, within the time left. */
  private readonly cost: RegexCost | undefined;
  private readonly large: { path: string; size: number; order: number }[] = [];
  private order = 0;
  private searched = 0;
  private totalMatches = 0;
  private matchedFiles = 0;
  private binary = 0;
  private unreadable = 0;
  private outside = 0;
  private secrets = 0;
  private largeCount = 0;
  private outOfTime = false;
  /**
   * A resident engine (an earlier search learned files) keeps the grams (letter triples) of the text
   * files this one reads, in the first half of its time: a search never runs out of time for them.
   */
  private readonly keepGrams: boolean;
  /** Whether a secret was redacted in the file just read (its bytes then are not the file's). */
  private redacted = false;
  /** The last file stat'ed, and its stat. */
  private statFile: ListedFile | undefined;
  private statVersion: EntryStat | undefined;
  private readonly redaction: Pick<ReadEnv, 'allowSecrets' | 'onRedacted'>;
  private failure: unknown;
  private stoppedIn: string | undefined;
  /**
   * Files are counted and ranked in walk order: while some handed to the host's thread are out, the
   * files after them wait for their turn.
   */
  private readonly settling = new InOrder((error) => void (this.failure ??= error));
  private handedBytes = 0;
  private readonly handed = new Map<FileScanRequest, Handed>();
  /** A handed file ran out of time: the files after it are not counted (as if not searched). */
  private halted = false;
  /** Kept files scanned on the host's thread, a batch at a time (a resident engine's: only with keepGrams). */
  private readonly batches: KeptBatches | undefined;
  /** The last steps queued for a run of batched files, and for files without matches (while not started, more join them). */
  private lastRun: BatchRun | undefined;
  private tally: Tally | undefined;

  constructor(
    private readonly env: ReadEnv,
    private readonly input: WorkspaceSearchInput,
    private readonly searcher: TextSearcher,
    private readonly scope: Scope,
  ) {
    this.maxResults = Math.min(input.max_results ?? input.max_matches ?? limits.defaultResults, limits.maxResults);
    this.before = Math.min(input.before ?? 0, LIMITS.maxSearchContext);
    this.after = Math.min(input.after ?? 0, LIMITS.maxSearchContext);
    this.includes = globList(input.include);
    this.excludes = globList(input.exclude, 'exclude');
    ({ walk: this.walk, skips: this.skips } = walkScope(env, scope, this.includes, this.excludes));
    const documents = env.host.documents;
    this.dirty = documents?.dirtyPaths ? new Set(documents.dirtyPaths()) : undefined;
    this.ranking = new Ranking(this.maxResults, this.maxResults + limits.listedFiles, HELD_FOR_SHOWING);
    const byPath = env.resolver.secretTest();
    this.isSecret = (file) => byPath(file.absolute, file.relative);
    this.cost = input.is_regex ? RegexCost.of(searcher) : undefined;
    this.keepGrams = (env.fileClasses?.size ?? 0) > 0;
    const port = env.host.regex;
    this.batches =
      port?.scanKept && this.keepGrams
        ? new KeptBatches(
            port,
            port.scanKept.bind(port),
            {
              query: input.query,
              isRegex: input.is_regex ?? false,
              caseSensitive: input.case_sensitive ?? false,
              keep: this.maxResults + 1,
            },
            (request) => scanKeptTexts(request, searcher, this.cost),
            () => this.msLeft(),
          )
        : undefined;
    this.redaction = {
      allowSecrets: env.allowSecrets,
      onRedacted: () => {
        this.redacted = true;
        env.onRedacted?.();
      },
    };
  }

  /** Walks the scope and searches every file it reaches, until the end, the time budget or a cancellation. */
  async run(): Promise<void> {
    this.isSecret = await this.env.resolver.secretTestUnder(this.scope.scopes);
    // Every file the walk reaches is checked as opened: its real path inside a workspace folder
    // (or inside the approved outside folder the scope names).
    const realRoots = this.scope.outsideFolder ? [this.scope.outsideFolder] : await this.env.resolver.realRoots();
    const readSync = this.env.host.fs.readFileSync?.bind(this.env.host.fs);
    try {
      if (readSync) await this.readEachSync(readSync, (real) => insideRoots(realRoots, real));
      else await this.readAsyncInFlight(realRoots);
    } catch (error) {
      // Cancelled: files still out are neither read here nor counted.
      this.halted = true;
      this.batches?.cancel();
      this.env.host.regex?.handBack?.([...this.handed.keys()]);
      throw error;
    } finally {
      await this.walk.return(undefined).catch(() => undefined);
    }
    if (this.failure !== undefined) throw this.failure;
    if (this.env.signal?.isCancellationRequested) throw cancelled();
  }

  /** What the search found and left out, for the answer; `notes` gets what was not searched. */
  outcome(notes: string[]): Outcome {
    this.noteSkipped(notes);
    return {
      ranking: this.ranking.settle(),
      maxResults: this.maxResults,
      totalMatches: this.totalMatches,
      matchedFiles: this.matchedFiles,
      searched: this.searched,
      binary: this.binary,
      unreadable: this.unreadable,
      large: this.large,
      largeCount: this.largeCount,
      skippedFolders: this.skips.folders,
      skippedFolderCount: this.skips.folderCount,
      skippedByRule: this.skips.byRule,
      outOfTime: this.outOfTime,
      elapsedMs: Date.now() - this.started,
      includes: this.includes,
      excludes: this.excludes,
      notes,
    };
  }

  private noteSkipped(notes: string[]): void {
    if (this.secrets > 0)
      notes.push(
        `${plural(this.secrets, 'secret-looking file')} (keys, .env, credentials) not searched; the user can approve them (CLI --allow-secrets on, setting lectern.allowSecrets).`,
      );
    if (this.stoppedIn)
      notes.push(
        `The regular expression ran out of time in ${this.stoppedIn}; files after it were not searched. A pattern with fewer repeated wildcards, or a narrower target, runs faster.`,
      );
    if (this.outside > 0)
      notes.push(
        `${plural(this.outside, 'file')} not searched: ${this.outside === 1 ? 'it leads' : 'they lead'} outside the workspace folders.`,
      );
  }

  /**
   * One file at a time, read synchronously (a thread-pool round trip per open, read and close
   * costs more than the read itself), yielding to the host every few milliseconds.
   */
  private async readEachSync(readSync: ReadSync, inside: (real: string) => boolean): Promise<void> {
    // Once earlier searches have learned files, their grams rule out files that cannot match; where
    // grams cannot tell, the candidate finder walks the scope in its own process while the walk here
    // is listed: what is known of each file then spares reading it (prefilter.ts).
    const grams = gramsTest(this.env, this.searcher);
    const finding = wantsFinder(this.env, this.searcher)
      ? startPrefilter(this.env, this.searcher, this.scope.scopes, this.msLeft())
      : undefined;
    const files = finding ? await this.listAll() : undefined;
    const known = finding ? await finding : undefined;
    const versionOf = (file: ListedFile) => this.versionOf(file);
    let slice = Date.now();
    for await (const file of files ?? this.walk) {
      if (this.env.signal?.isCancellationRequested) throw cancelled();
      const now = Date.now();
      if (this.outOfTime || now - this.started > limits.timeBudgetMs) {
        this.outOfTime = true;
        break;
      }
      if (this.secret(file)) continue;
      const dirty = this.unsaved(file);
      const shortcut = dirty ? undefined : (grams?.(file, versionOf) ?? known?.(file, versionOf));
      const order = this.order++;
      if (shortcut) await this.take(file, order, shortcut);
      else if (
        dirty ||
        !(this.gather(file, order, versionOf) || this.handOver(readSync, file, order, versionOf, inside))
      ) {
        // While files are out, the steps that settle them may read (into the same buffer) before this file is settled.
        const loaded = this.readHere(readSync, file, dirty, versionOf, inside);
        await this.take(file, order, this.settling.waiting ? owned(loaded) : loaded);
      }
      if (now - slice > (this.handedBytes > 0 || this.batches?.busy ? SLICE_HANDED_MS : SLICE_MS)) {
        await yieldToHost();
        slice = Date.now();
      }
    }
    this.batches?.finish();
    // The walk is done: the thread goes on with what it was sent, in order, while this thread takes
    // back the newest it has not started, one at a time, until they meet.
    while (this.settling.waiting && (this.takeBackFile(readSync, inside) || this.batches?.takeBackNewest()))
      await yieldToHost();
    await this.settling.done();
  }

  /** Takes back the newest file handed to the thread that it has not started, and reads it here; false when there is none. */
  private takeBackFile(readSync: ReadSync, inside: (real: string) => boolean): boolean {
    const newest = [...this.handed.keys()].at(-1);
    const [back] = newest ? (this.env.host.regex?.handBack?.([newest]) ?? []) : [];
    const handed = back && this.handed.get(back);
    if (!handed) return false;
    this.handed.delete(back);
    handed.here = this.readAndSearch(readSync, handed.file, inside);
    return true;
  }

  /** Reads and scans a file here that was handed over (its haystack owned: the walk reads on meanwhile). */
  private async readAndSearch(readSync: ReadSync, file: ListedFile, inside: (real: string) => boolean): Promise<Here> {
    const loaded = owned(this.readHere(readSync, file, undefined, (listed) => this.statNow(listed), inside));
    return { loaded, found: await this.search(file, loaded) };
  }

  /** Reads a file on this thread (or takes its unsaved or kept text), judges it and learns what it tells. */
  private readHere(
    readSync: ReadSync,
    file: ListedFile,
    dirty: Raw | undefined,
    versionOf: (file: ListedFile) => EntryStat | undefined,
    inside: (real: string) => boolean,
  ): Loaded {
    const raw =
      dirty ?? this.kept(file, versionOf) ?? readSyncChecked(readSync, file.absolute, limits.maxFileBytes, inside);
    this.redacted = false;
    const scanned = !this.env.allowSecrets && (dirty !== undefined || !this.knownClean(file, raw));
    const loaded = examine(raw, this.searcher, scanned ? this.redaction : undefined);
    const grams = this.keepGrams && this.msLeft() > limits.timeBudgetMs / 2;
    const scan: SecretScan = this.env.allowSecrets ? 'unscanned' : this.redacted ? 'redacted' : 'clean';
    if (!dirty) learn(this.env, file.absolute, raw, loaded, grams, scan);
    return loaded;
  }

  /**
   * Hands a large file the engine has learned to the host's thread (threadScan.ts) while the thread
   * is not busy enough; its answer is counted in walk order.
   */
  private handOver(
    readSync: ReadSync,
    file: ListedFile,
    order: number,
    versionOf: (file: ListedFile) => EntryStat | undefined,
    inside: (real: string) => boolean,
  ): boolean {
    const port = this.env.host.regex;
    // A read late in the search keeps no grams (learn() would forget them): it stays here.
    const left = this.msLeft();
    if (!port?.scanFile || !this.keepGrams || left <= limits.timeBudgetMs / 2) return false;
    const version = versionOf(file);
    if (!version || !handable(this.env, file.absolute, version, limits.maxFileBytes)) return false;
    const { size } = version;
    if (this.handedBytes + size > HANDED_MAX_BYTES) return false;
    const request: FileScanRequest = {
      path: file.absolute,
      maxBytes: limits.maxFileBytes,
      expected: version,
      query: this.input.query,
      isRegex: this.input.is_regex ?? false,
      caseSensitive: this.input.case_sensitive ?? false,
      keep: this.maxResults + 1,
      before: this.before,
      after: this.after,
    };
    this.handedBytes += size;
    const handed: Handed = { file };
    this.handed.set(request, handed);
    const reply = port.scanFile(request, left).then(
      (found) => found ?? ('out of time' as const),
      () => undefined,
    );
    void reply.then(() => {
      this.handedBytes -= size;
      this.handed.delete(request);
    });
    this.settling.queue(async () => {
      const answer = await reply;
      if (this.halted) return;
      if (answer === 'out of time') return this.stopIn(file);
      if (answer?.read && answer.real !== undefined && inside(answer.real))
        return this.settleThread(file, order, answer);
      // The thread could not read it as expected (or broke, or handed it back): read here.
      const { loaded, found } = await (handed.here ?? this.readAndSearch(readSync, file, inside));
      this.settle(file, order, loaded, found);
    });
    return true;
  }

  /**
   * Adds a kept file to a batch for the host's thread (keptBatches.ts) while the thread is not busy
   * enough; it is counted in walk order once its batch is answered.
   */
  private gather(file: ListedFile, order: number, versionOf: (file: ListedFile) => EntryStat | undefined): boolean {
    // A read late in the search keeps no grams (learn() would forget them): it stays here. So does a
    // kept file while the thread has files to read: a file read here costs this thread's heap a copy of
    // its text, and its garbage collection (this heap holds the engine's caches, ~10^6 objects to mark)
    // far more than the thread's; a kept text is scanned here without a copy.
    if (!this.batches?.open || this.handedBytes > 0 || this.msLeft() <= limits.timeBudgetMs / 2) return false;
    const version = versionOf(file);
    const text = version && keptClean(this.env, file.absolute, version);
    if (text === undefined) return false;
    const { batch, index } = this.batches.add(text);
    const last = this.lastRun;
    if (last && this.settling.pending === last.step && last.batch === batch) {
      last.files.push(file);
      last.orders.push(order);
      return true;
    }
    const run: BatchRun = { step: () => this.settleRun(run), batch, from: index, files: [file], orders: [order] };
    this.lastRun = run;
    this.settling.queue(run.step);
    return true;
  }

  /** Settles a run of batched files once their batch is answered. */
  private async settleRun({ batch, from, files, orders }: BatchRun): Promise<void> {
    if (!batch.answer) await batch.answered;
    for (let i = 0; i < files.length; i++) {
      const pending = this.settleKept(files[i]!, orders[i]!, batch, from + i);
      if (pending) await pending;
    }
  }

  /** Counts and ranks what a batch found in one of its files. */
  private settleKept(file: ListedFile, order: number, batch: KeptBatch, index: number): void | Promise<void> {
    const answer = batch.answer!;
    if (this.halted) return;
    if (answer === 'out of time') return this.stopIn(file);
    if ('failed' in answer) throw answer.failed;
    const text = batch.request.texts[index]!;
    const count = answer.counts[index]!;
    // Its regular expression would run too long to scan inline: scanned as the search scans any file.
    if (count === -1) return this.searchKept(file, order, text);
    this.searched++;
    if (count === 0) return;
    this.rank(file, order, count, text.length, (keep) => {
      const source = keptSource(text, this.searcher)!;
      const hits = keptHits(answer, answer.from, index);
      numberHits(source.hay, hits, keep + 1);
      return {
        kept: materialize(source, hits.slice(0, keep), this.before, this.after),
        firstOmitted: hits[keep]?.line ?? null,
      };
    });
  }

  private async searchKept(file: ListedFile, order: number, text: string): Promise<void> {
    const loaded = examine({ latin1: text }, this.searcher);
    this.settle(file, order, loaded, await this.search(file, loaded));
  }

  /** Counts and ranks what the thread found in a file. */
  private settleThread(file: ListedFile, order: number, reply: Extract<FileScanReply, { read: true }>): void {
    this.searched++;
    if ('nomatch' in reply || reply.count === 0) return;
    this.rank(file, order, reply.count, 0, (keep) => ({
      kept: keptOf(reply, keep),
      firstOmitted: reply.lines[keep] ?? null,
    }));
  }

  /** The time ran out in `file`: it and the files after it are not counted. */
  private stopIn(file: ListedFile): void {
    this.outOfTime = this.halted = true;
    if (this.input.is_regex) this.stoppedIn ??= this.scope.display(file.root, file.relative);
  }

  /** The file's stat now (undefined: nothing there, or not statable). */
  private statNow(file: ListedFile): EntryStat | undefined {
    try {
      return this.env.host.fs.statSync?.(file.absolute);
    } catch {
      return undefined;
    }
  }

  /** The stat of the file the search is at, taken once (its prefilters and kept bytes share it). */
  private versionOf(file: ListedFile): EntryStat | undefined {
    if (this.statFile === file) return this.statVersion;
    this.statFile = file;
    return (this.statVersion = this.statNow(file));
  }

  /**
   * The file's bytes as an earlier search read them, when a stat finds that same version (they were
   * read through the checks then, and the version's device and inode are the file's).
   */
  private kept(file: ListedFile, versionOf: (file: ListedFile) => EntryStat | undefined): Raw | undefined {
    const { fileBytes } = this.env;
    if (!fileBytes?.has(file.absolute)) return undefined;
    const version = versionOf(file);
    const latin1 = version?.kind === 'file' ? fileBytes.lookup(file.absolute, version) : undefined;
    if (latin1 === undefined || !version) return undefined;
    fileBytes.served++;
    return { latin1, version };
  }

  /** Whether an earlier search's secret scan found nothing in the version just read (counted: its scan is spared). */
  private knownClean(file: ListedFile, raw: Raw): boolean {
    const classes = this.env.fileClasses;
    if (!classes || !('version' in raw) || !raw.version || classes.lookup(file.absolute, raw.version) !== 'clean')
      return false;
    classes.scansSpared++;
    return true;
  }

  private msLeft(): number {
    return Math.max(0, limits.timeBudgetMs - (Date.now() - this.started));
  }

  /** Every file of the walk, in its order, until the time budget. */
  private async listAll(): Promise<ListedFile[]> {
    const files: ListedFile[] = [];
    for await (const file of this.walk) {
      if (this.env.signal?.isCancellationRequested) throw cancelled();
      if (this.msLeft() === 0) {
        this.outOfTime = true;
        break;
      }
      files.push(file);
    }
    return files;
  }

  /** A few files in flight through the port's async handles. */
  private async readAsyncInFlight(realRoots: string[]): Promise<void> {
    const worker = async () => {
      for (;;) {
        if (this.failure !== undefined || this.outOfTime) return;
        if (this.env.signal?.isCancellationRequested) {
          this.failure ??= cancelled();
          return;
        }
        if (Date.now() - this.started > limits.timeBudgetMs) {
          this.outOfTime = true;
          return;
        }
        const next = await this.walk.next();
        if (next.done) return;
        if (this.secret(next.value)) continue;
        const fileOrder = this.order++;
        const raw =
          this.unsaved(next.value) ??
          (await readAsync(this.env.host, checkedPath(next.value, realRoots), limits.maxFileBytes));
        await this.take(next.value, fileOrder, examine(raw, this.searcher, this.env));
      }
    };
    await Promise.all(
      Array.from({ length: limits.concurrency }, () =>
        worker().catch((error: unknown) => void (this.failure ??= error)),
      ),
    );
  }

  private secret(file: ListedFile): boolean {
    if (this.env.allowSecrets || !this.isSecret(file)) return false;
    this.secrets++;
    return true;
  }

  /** The editor's unsaved text of a file, when it has some. */
  private unsaved(file: ListedFile): Raw | undefined {
    const documents = this.env.host.documents;
    if (this.dirty ? this.dirty.has(file.absolute) : documents) {
      const doc = documents?.dirty(file.absolute);
      if (doc) return { text: doc.text };
    }
    return undefined;
  }

  /**
   * One file read: scanned, then counted and ranked, now or (files handed to the host's thread
   * before it are out) in its turn.
   */
  private async take(file: ListedFile, fileOrder: number, loaded: Loaded): Promise<void> {
    const found = await this.search(file, loaded);
    if (!this.settling.waiting) return this.settle(file, fileOrder, loaded, found);
    if (!('skip' in loaded) && (!found || (found !== 'stopped' && found.scanned.count === 0))) return this.countLater();
    this.settling.queue(() => this.settle(file, fileOrder, loaded, found));
  }

  /** A file searched without matches, counted in its turn (with the others next to it). */
  private countLater(): void {
    const last = this.tally;
    if (last && this.settling.pending === last.step) {
      last.files++;
      return;
    }
    const tally: Tally = {
      step: () => {
        if (!this.halted) this.searched += tally.files;
      },
      files: 1,
    };
    this.tally = tally;
    this.settling.queue(tally.step);
  }

  /** What scanning the file finds. */
  private async search(file: ListedFile, loaded: Loaded): Promise<Found> {
    if ('skip' in loaded || 'nomatch' in loaded) return undefined;
    return this.scan(file, 'hay' in loaded ? loaded : textHaystack(loaded.text));
  }

  /** Counts a file and ranks its matches. */
  private settle(file: ListedFile, fileOrder: number, loaded: Loaded, found: Found): void {
    if (this.halted) return;
    if ('skip' in loaded) return this.skipped(file, fileOrder, loaded);
    this.searched++;
    // The time ran out in this file: those after it are not counted (nor searched, but for some read while it was out).
    if (found === 'stopped') this.halted = true;
    if (!found || found === 'stopped' || found.scanned.count === 0) return;
    const { scanned } = found;
    // Only the lines the file shows are numbered and decoded, once the ranking is final: by then the
    // read buffer its haystack may view holds other files, so the haystack is owned now.
    const source = found.source.own();
    this.rank(file, fileOrder, scanned.count, source.hay.length, (keep) => {
      numberHits(source.hay, scanned.hits, keep + 1);
      return {
        kept: materialize(source, scanned.hits.slice(0, keep), this.before, this.after),
        firstOmitted: scanned.hits[keep]?.line ?? scanned.firstOmitted,
      };
    });
  }

  /** Ranks a file with `count` matching lines; `show` gives what it shows at its rank (holding `chars` of its text till then). */
  private rank(file: ListedFile, fileOrder: number, count: number, chars: number, show: Show): void {
    this.totalMatches += count;
    this.matchedFiles++;
    const result: FileResult = {
      display: this.scope.display(file.root, file.relative),
      order: fileOrder,
      tier: classRank(file.relative),
      count,
      kept: [],
      firstOmitted: null,
    };
    this.ranking.add(result, show, chars);
  }

  private skipped(file: ListedFile, fileOrder: number, loaded: Extract<Loaded, { skip: unknown }>): void {
    if (loaded.skip === 'binary') this.binary++;
    else if (loaded.skip === 'unreadable') this.unreadable++;
    else if (loaded.skip === 'outside') this.outside++;
    else {
      this.largeCount++;
      const large = this.large;
      large.push({ path: this.scope.display(file.root, file.relative), size: loaded.size ?? 0, order: fileOrder });
      large.sort((a, b) => a.order - b.order);
      if (large.length > 3) large.pop();
    }
  }

  /** The file's matching lines, and the haystack their positions refer to; 'stopped' when the time ran out. */
  private async scan(file: ListedFile, source: Haystack): Promise<Scanned | 'stopped'> {
    const cost = this.cost;
    // Inline scans keep one hit more than can be shown: the first left out, numbered when it is.
    const keep = this.maxResults + 1;
    const host = this.env.host;
    // A regular expression runs inline while its work on this file (the lines it tests, predicted
    // and timed) stays within a few milliseconds; past that the file is scanned off the host's thread.
    const budget = cost && host.regex ? cost.budget(INLINE_REGEX_MS) : undefined;
    const found = findHits(source, this.searcher, keep, budget);
    if (found) return { scanned: { ...found, firstOmitted: null }, source };
    const left = limits.timeBudgetMs - (Date.now() - this.started);
    const text = source.text();
    const { query, case_sensitive } = this.input;
    const result =
      left > 0
        ? await host.regex!.scan(query, case_sensitive ?? false, text, this.maxResults, left).catch(() => null)
        : undefined;
    if (result === null) {
      // no thread to run on: inline
      return { scanned: { ...findHits(source, this.searcher, keep), firstOmitted: null }, source };
    }
    if (!result) {
      this.outOfTime = true;
      this.stoppedIn = this.scope.display(file.root, file.relative);
      return 'stopped';
    }
    // The worker's positions are in the decoded text.
    return { scanned: result, source: text === source.hay ? source : textHaystack(text) };
  }
}

/** A listed file as a resolved path, checked against `realRoots` when opened. */
function checkedPath(file: ListedFile, realRoots: string[]): ResolvedPath {
  return { absolute: file.absolute, display: file.relative, root: file.root, outside: false, realRoots };
}
