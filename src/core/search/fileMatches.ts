// What a file-target search keeps as it goes: the first max_matches matching lines, the blocks of
// numbered lines shown (matches with their context), and the count and range of the ones left out.
import type { GutterLine } from '../text/gutter';
import { excerpt, SHOWN_LINE_CHARS } from './shown';

export interface SearchMatch {
  line: number;
  column: number;
  /** The line, or (longer than SHOWN_LINE_CHARS) the part of it around the match, as the text shows it. */
  text: string;
  /** A line shown cut: where it starts in the file and its length, in bytes (a byte window reads it whole). */
  start_byte?: number;
  line_bytes?: number;
}

/** The text of line [start, stop) of the chunk being searched, and where a position of it is in the file. */
export interface LineSource {
  lineAt(start: number, stop: number): string;
  /** The file's byte offset of position `at` of the chunk. */
  byteAt(at: number): number;
}

export class FileMatches {
  readonly matches: SearchMatch[] = [];
  /** Runs of shown lines: a match with its context, merged where they touch. */
  readonly blocks: GutterLine[][] = [];
  totalMatches = 0;
  firstOmitted: number | null = null;
  lastOmitted: number | null = null;
  /** The last lines seen (up to `before`): the context of the next match. */
  private readonly recent: { number: number; text: string }[] = [];
  private afterLeft = 0;
  private lastPrinted = 0;
  private lastMatched = 0;
  private block: GutterLine[] | undefined;

  constructor(
    private readonly source: LineSource,
    readonly maxMatches: number,
    private readonly before: number,
    private readonly after: number,
  ) {}

  get full(): boolean {
    return this.matches.length >= this.maxMatches;
  }

  /** Skips the next piece of an over-long line already matched or shown; true: skip it. */
  skipPiece(number: number): boolean {
    if (number === this.lastMatched || number === this.lastPrinted) return true;
    if (this.recent[this.recent.length - 1]?.number === number) this.recent.pop();
    return false;
  }

  /** One line's outcome: `column` of its first match, or -1; its text is made only when it is shown. */
  visit(number: number, start: number, stop: number, column: number, made?: string): void {
    if (column !== -1) return this.matched(number, start, stop, column, made);
    if (this.afterLeft > 0 && this.block) {
      this.block.push({ number, mark: '-', text: excerpt(made ?? this.source.lineAt(start, stop), 0) });
      this.lastPrinted = number;
      this.afterLeft--;
      return;
    }
    if (this.before > 0 && !this.full) {
      this.recent.push({ number, text: made ?? this.source.lineAt(start, stop) });
      if (this.recent.length > this.before) this.recent.shift();
    }
  }

  private matched(number: number, start: number, stop: number, column: number, made?: string): void {
    this.lastMatched = number;
    this.totalMatches++;
    if (this.full) {
      this.firstOmitted ??= number;
      this.lastOmitted = number;
      return;
    }
    const shown = made ?? this.source.lineAt(start, stop);
    // meta carries the line as it is unless it is long (then the excerpt the text shows, with its byte span).
    const text = shown.length > SHOWN_LINE_CHARS ? excerpt(shown, column) : shown;
    const match: SearchMatch = { line: number, column: column + 1, text };
    if (shown.length > SHOWN_LINE_CHARS) {
      match.start_byte = this.source.byteAt(start);
      match.line_bytes = this.source.byteAt(stop) - match.start_byte;
    }
    this.matches.push(match);
    const block = this.blockFor(number);
    for (const context of this.recent) {
      if (context.number > this.lastPrinted)
        block.push({ number: context.number, mark: '-', text: excerpt(context.text, 0) });
    }
    block.push({ number, mark: ':', text });
    this.lastPrinted = number;
    this.afterLeft = this.after;
    this.recent.length = 0;
  }

  /** The block a match at `number` (with its context before) goes in: the last one when they touch. */
  private blockFor(number: number): GutterLine[] {
    const contiguous = this.block !== undefined && number - this.recent.length <= this.lastPrinted + 1;
    if (!contiguous || !this.block) {
      this.block = [];
      this.blocks.push(this.block);
    }
    return this.block;
  }
}
