// The scan of a file-target search: chunk by chunk, line numbers counted as it goes, only the lines
// that can match tested (lineFinder.ts), a slow regular expression tested off the host's thread,
// everything within the search's time budget. What it finds goes to FileMatches.
import type { ReadEnv } from '../ground/env';
import { formatCount } from '../ground/format';
import type { RegexScanPort } from '../ground/ports';
import { readChunks, type Chunk, type ChunkSource } from './fileChunks';
import { FileMatches, type LineSource } from './fileMatches';
import { lineFinder, type LineFinder } from './lineFinder';
import type { LineMatcher } from './matcher';
import { INLINE_REGEX_MS, RegexCost } from './regexCost';
import { utf8Length } from '../text/encoding';

/** A file-target search stops after this long, answering with what it found and saying so. */
const SEARCH_FILE_BUDGET_MS = 10_000;

export interface FileScanInput {
  query: string;
  is_regex?: boolean;
  case_sensitive?: boolean;
}

/** Column of a line's first match; undefined: a regular expression ran out of time on it. */
type Tested = number | undefined;

export class FileScan implements LineSource {
  readonly found: FileMatches;
  /** Lines read (the last line numbered). */
  totalLines = 0;
  /** Why the scan stopped early, when it did. */
  stopped: string | undefined;
  private readonly started = Date.now();
  private readonly cost: RegexCost | undefined;
  private readonly regex: RegexScanPort | undefined;
  private readonly finder: LineFinder | undefined;
  private readonly noContext: boolean;
  /** The chunk being searched. */
  private hay = '';
  /** The text of the line `test` tested, when it made it. */
  private made: string | undefined;
  /** The last line numbered before this chunk. */
  private lineNumber = 0;
  /** In the chunk: `number` is the number of the line that starts at `counted`. */
  private number = 0;
  private counted = 0;
  /** Where the chunk starts in the file, and the last position of it measured in bytes (matches come in order). */
  private chunkStartByte = 0;
  private measured = { at: 0, bytes: 0 };

  constructor(
    env: ReadEnv,
    private readonly input: FileScanInput,
    private readonly matcher: LineMatcher,
    limits: { maxMatches: number; before: number; after: number },
  ) {
    this.found = new FileMatches(this, limits.maxMatches, limits.before, limits.after);
    this.cost = input.is_regex ? new RegexCost(matcher) : undefined;
    this.regex = input.is_regex ? env.host.regex : undefined;
    this.noContext = limits.before === 0 && limits.after === 0;
    this.finder = lineFinder(input, this.noContext);
  }

  /** Scans the file to its end, the time budget or a regular expression that ran out of time. */
  async run(env: ReadEnv, source: ChunkSource, base: number, label: string, notes: string[]): Promise<void> {
    for await (const chunk of readChunks(env, source, base, label, notes)) {
      if (Date.now() - this.started > SEARCH_FILE_BUDGET_MS) {
        this.stopped = `Stopped after ${Math.round((Date.now() - this.started) / 1000)} s at line ${formatCount(this.totalLines)}`;
        return;
      }
      if (!(await this.scanChunk(chunk))) return;
    }
  }

  /** Line [start, stop) of the chunk without its CR. */
  lineAt(start: number, stop: number): string {
    const hay = this.hay;
    return stop > start && hay.charCodeAt(stop - 1) === 13 ? hay.slice(start, stop - 1) : hay.slice(start, stop);
  }

  byteAt(at: number): number {
    if (at < this.measured.at) this.measured = { at: 0, bytes: 0 };
    const { at: from, bytes } = this.measured;
    this.measured = { at, bytes: bytes + utf8Length(this.hay.slice(from, at)) };
    return this.chunkStartByte + this.measured.bytes;
  }

  /** false: a regular expression ran out of time in this chunk. */
  private async scanChunk(chunk: Chunk): Promise<boolean> {
    this.hay = chunk.text;
    this.chunkStartByte = chunk.startByte;
    this.measured = { at: 0, bytes: 0 };
    this.number = chunk.continued ? this.lineNumber : this.lineNumber + 1;
    this.counted = 0;
    let from = 0;
    if (chunk.continued) {
      const next = await this.continuedPiece();
      if (next === undefined) return false;
      from = next;
    }
    const finder = this.finder;
    const complete = finder?.find && finder.usable(this.hay) ? await this.foundLines(from) : await this.everyLine(from);
    if (!complete) return false;
    const hay = this.hay;
    this.numberAt(hay.length);
    // Past a final line break, `number` names the line after the chunk.
    this.lineNumber = hay.endsWith('\n') ? this.number - 1 : this.number;
    this.totalLines = this.lineNumber;
    return true;
  }

  /** The first line of a chunk that goes on a line longer than a chunk; where the next line starts, or undefined. */
  private async continuedPiece(): Promise<number | undefined> {
    const stop = this.stopOf(0);
    if (!this.found.skipPiece(this.number)) {
      let column = this.test(0, stop);
      if (typeof column !== 'number') column = await column;
      if (column === undefined) return this.ranOut(this.number);
      this.found.visit(this.number, 0, stop, column, this.made);
    }
    return stop + 1;
  }

  /** Only the lines the finder lands on can match: the others are counted, never made into strings. */
  private async foundLines(from: number): Promise<boolean> {
    const finder = this.finder!;
    const hay = this.hay;
    while (from < hay.length) {
      const at = finder.find!(hay, from);
      if (at === -1) break;
      const stop = this.stopOf(at);
      const n = this.numberAt(at); // no line break between the line's start and `at`
      const start = this.counted;
      if (finder.exact) {
        // Kept lines get their column from the line matcher (the finder may see case-folded text differently).
        const shown = this.found.full ? undefined : this.lineAt(start, stop);
        this.found.visit(n, start, stop, shown === undefined ? 0 : this.matcher.firstMatch(shown), shown);
      } else {
        let column = this.test(start, stop);
        if (typeof column !== 'number') column = await column;
        if (column === undefined) return this.ranOut(n) ?? false;
        this.found.visit(n, start, stop, column, this.made);
      }
      from = stop + 1;
    }
    return true;
  }

  /** Every line, numbered as it goes. */
  private async everyLine(from: number): Promise<boolean> {
    const hay = this.hay;
    const blank = this.finder?.blank;
    this.numberAt(from);
    for (let start = from; start < hay.length;) {
      const stop = this.stopOf(start);
      if (blank && this.noContext) {
        if (blank(hay, start, stop) === 0) this.found.visit(this.number, start, stop, 0);
      } else {
        let column = this.test(start, stop);
        if (typeof column !== 'number') column = await column;
        if (column === undefined) return this.ranOut(this.number) ?? false;
        this.found.visit(this.number, start, stop, column, this.made);
      }
      if (stop >= hay.length) break;
      start = stop + 1;
      this.number++;
      this.counted = start;
    }
    return true;
  }

  /**
   * Column of the first match in line [start, stop), or undefined when a regular expression ran out
   * of time on it; a promise only when the line is tested off the host's thread (callers await only
   * then: an await per line would cost more than the test).
   */
  private test(start: number, stop: number): Tested | Promise<Tested> {
    this.made = undefined;
    const blank = this.finder?.blank;
    if (blank) return blank(this.hay, start, stop);
    const made = (this.made = this.lineAt(start, stop));
    return this.offThread(made) ? this.firstMatchOffThread(made) : this.firstMatch(made);
  }

  /** A line a regular expression is predicted to be slow on: matched off the host's thread. */
  private offThread(text: string): boolean {
    return (
      this.regex !== undefined && this.cost !== undefined && this.cost.predictMs(text.length, text) > INLINE_REGEX_MS
    );
  }

  /** Column of the first match in a line, or -1 (inline). */
  private firstMatch(text: string): number {
    return this.cost ? this.cost.time(text.length, () => this.matcher.firstMatch(text)) : this.matcher.firstMatch(text);
  }

  /** The same off the host's thread; undefined when the time ran out. */
  private async firstMatchOffThread(text: string): Promise<Tested> {
    const left = SEARCH_FILE_BUDGET_MS - (Date.now() - this.started);
    const result =
      left > 0
        ? await this.regex!.scan(this.input.query, this.input.case_sensitive ?? false, text, 1, left).catch(() => null)
        : undefined;
    if (result === null) return this.firstMatch(text); // no thread to run on: inline
    return result ? (result.hits[0]?.column ?? -1) : undefined;
  }

  private ranOut(number: number): undefined {
    this.stopped = `The regular expression ran out of time (${Math.round(SEARCH_FILE_BUDGET_MS / 1000)} s) on line ${formatCount(number)}`;
    this.totalLines = number - 1;
    return undefined;
  }

  /** The number of the line holding `start`, counting the line breaks since the last one counted. */
  private numberAt(start: number): number {
    const hay = this.hay;
    for (let nl = hay.indexOf('\n', this.counted); nl !== -1 && nl < start; nl = hay.indexOf('\n', this.counted)) {
      this.number++;
      this.counted = nl + 1;
    }
    return this.number;
  }

  private stopOf(at: number): number {
    const nl = this.hay.indexOf('\n', at);
    return nl === -1 ? this.hay.length : nl;
  }
}
