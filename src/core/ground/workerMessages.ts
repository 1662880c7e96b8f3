// The worker message protocol: the requests the host's threads receive and the replies they send back
// (regex scans, outlines), plain data that crosses a thread boundary.
import type { FileVersion } from './fileSystemPort';
import type { PackedWords } from './fileWords';
import type { BlockRange, OutlineBounds, OutlineSymbol } from './symbolTypes';

/** One file's outline from the host's parallel parsers; no symbols when it could not be parsed (binary, too large). */
export interface ParsedOutline extends FileVersion {
  absolute: string;
  symbols?: OutlineSymbol[];
  /** No symbols because its parse ran out of time (not because it is binary, too large or gone). */
  outOfTime?: true;
  /** The words its text says (`countPackedWords`), for a file of at most WORDS_MAX_FILE_BYTES. */
  words?: PackedWords;
}

/** A matching line of a text: its number, where it is, and the column of the match. */
interface LineHit {
  line: number;
  start: number;
  stop: number;
  at: number;
  column?: number;
}

/** The matching lines of one text (as the search's scanText finds them). */
export interface RegexScanResult {
  count: number;
  hits: LineHit[];
  firstOmitted: number | null;
}

/** One file for RegexScanPort.scanFile: the search's query and limits, and the version the search expects. */
export interface FileScanRequest {
  path: string;
  /** Read no file larger than this. */
  maxBytes: number;
  expected: FileVersion;
  query: string;
  isRegex: boolean;
  caseSensitive: boolean;
  /** Hits located (and numbered) at most. */
  keep: number;
  /** Context lines before and after each shown match. */
  before: number;
  after: number;
}

/**
 * Files for RegexScanPort.scanKept: their texts as a search keeps them (one character per byte,
 * found clean of secrets), and the search's query.
 */
export interface KeptScanRequest {
  texts: string[];
  query: string;
  isRegex: boolean;
  caseSensitive: boolean;
  /** Hits located at most, per file. */
  keep: number;
}

/**
 * What RegexScanPort.scanKept found, per file in the request's order: its matching lines (-1: the
 * regular expression's work on it would pass the inline budget, so the search scans it as it would
 * inline), how many of them are located, and where: start, stop, at and column (-1: none) of each,
 * as findHits gives them, unnumbered. `scanned` false: handed back, not scanned.
 */
export type KeptScanReply =
  | { scanned: false }
  | { scanned: true; counts: Int32Array<ArrayBuffer>; located: Int32Array<ArrayBuffer>; hits: Int32Array<ArrayBuffer> };

/** A shown line of a match's context. */
export interface ShownLine {
  line: number;
  text: string;
}

/** A match as a search shows it: its line, 1-based column, text and context. */
export interface ShownMatch extends ShownLine {
  column: number;
  before: ShownLine[];
  after: ShownLine[];
}

/**
 * What RegexScanPort.scanFile found: `read` false when the file could not be read as the expected
 * version (gone, changed, not a file); else where it really is, and its matching lines: how many,
 * and the first `keep` of them as shown, a field each (a list of numbers or strings crosses to
 * another thread many times faster than as many objects): line, column, text, and (when the
 * request asked for context) the lines before and after.
 */
export type FileScanReply =
  | { read: false }
  | { read: true; real: string | undefined; nomatch: true }
  | ({ read: true; real: string | undefined } & ShownFields);

export interface ShownFields {
  count: number;
  lines: number[];
  columns: number[];
  texts: string[];
  context?: [before: ShownLine[], after: ShownLine[]][];
}

/** One text to outline off the host's thread (see src/core/symbols/textOutline.ts for the fields' meaning). */
export interface OutlineThreadJob {
  grammar: string;
  text: string;
  deadlineMs: number;
  bounds: OutlineBounds;
  members: boolean;
  /** Also the uses of `name` at `offsets` (as OutlineUsesJob), read from the outline's own tree: one parse for both. */
  uses?: { name: string; offsets: number[] };
}

export interface OutlineBlockJob {
  grammar: string;
  text: string;
  deadlineMs: number;
  range: BlockRange;
}

/** The uses of `name` at `offsets` (where it stands as a word) in `text` (mode "references"). */
export interface OutlineUsesJob {
  grammar: string;
  text: string;
  name: string;
  offsets: number[];
  deadlineMs: number;
}
