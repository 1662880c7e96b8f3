// Finding the matching lines of one file, then the text and context of the ones it shows.
import type { ShownLine, ShownMatch } from '../ground/workerMessages';
import type { Haystack } from './haystack';
import type { TextSearcher } from './matcher';
import type { RegexBudget } from './regexCost';
import { excerpt } from './shown';

/** A match a file keeps to show (a host's thread may have made it: workerMessages.ts). */
export type KeptMatch = ShownMatch;

/** A matching line found by findHits: where it is; its number once numberHits has counted it (else 0). */
export interface Hit {
  line: number;
  start: number;
  stop: number;
  /** Position of the match in `hay` (plain queries), or its column in the line (regular expressions). */
  at: number;
  column?: number;
  /** The line as decoded to be tested (regular expressions): not decoded again to be shown. */
  text?: string;
}

/** How many lines match, and the first of them. */
export interface FoundHits {
  count: number;
  hits: Hit[];
}

/** The lines of one file that match: how many, and where the first `keep` of them are (numbered). */
export function scanText(
  source: Haystack,
  searcher: TextSearcher,
  keep: number,
): { count: number; hits: Hit[]; firstOmitted: number | null } {
  const { count, hits } = findHits(source, searcher, keep + 1);
  numberHits(source.hay, hits, hits.length);
  return { count, hits: hits.slice(0, keep), firstOmitted: hits[keep]?.line ?? null };
}

/**
 * The lines of one file that match: how many, and where the first `keep` of them are, not yet
 * numbered (a file that ranks low numbers few of them, or none). With a `budget`, undefined once
 * the regular expression's work on this file would exceed it (the caller scans it elsewhere).
 */
export function findHits(source: Haystack, searcher: TextSearcher, keep: number): FoundHits;
export function findHits(
  source: Haystack,
  searcher: TextSearcher,
  keep: number,
  budget: RegexBudget | undefined,
): FoundHits | undefined;
export function findHits(
  source: Haystack,
  searcher: TextSearcher,
  keep: number,
  budget?: RegexBudget,
): FoundHits | undefined {
  const text = source.hay;
  const hits: Hit[] = [];
  let count = 0;
  if (text.length === 0) return { count, hits };
  // Without literal text to jump to, a regular expression tries the whole text first.
  if (budget && !searcher.next && !searcher.candidate && !budget(text.length, text)) return undefined;
  // A plain query's jumps are its whole-text check: it is not made twice.
  if (!searcher.next && !searcher.mayMatch(text)) return { count, hits };
  const end = text.endsWith('\n') ? text.length - 1 : text.length;
  const record = (start: number, stop: number, at: number, column?: number, text?: string) => {
    count++;
    if (hits.length < keep) hits.push({ line: 0, start, stop, at, column, text });
  };
  if (searcher.next) {
    for (let from = 0; from <= end;) {
      const at = searcher.next(text, from);
      if (at === -1 || at > end) break;
      let stop = text.indexOf('\n', at);
      if (stop === -1) stop = text.length;
      record(hits.length < keep && at > 0 ? text.lastIndexOf('\n', at - 1) + 1 : 0, stop, at);
      from = stop + 1;
    }
  } else if (searcher.candidate) {
    // Only the lines holding the literal texts every match holds are tested.
    const holdsAll = searcher.lineFilter?.(text);
    const held = searcher.heldLine ?? searcher.line;
    for (let from = 0; from <= end;) {
      const at = searcher.candidate(text, from);
      if (at === -1 || at > end) break;
      const start = at > 0 ? text.lastIndexOf('\n', at - 1) + 1 : 0;
      let stop = text.indexOf('\n', at);
      if (stop === -1) stop = text.length;
      // A line without the other literal texts cannot match: the regular expression is not run on it.
      if (!holdsAll || holdsAll(start, stop)) {
        const line = source.line(start, stop);
        if (budget && !budget(searcher.heldCost?.(line) ?? line.length, line)) return undefined;
        const column = held.firstMatch(line);
        if (column !== -1) record(start, stop, start, column, line);
      }
      from = stop + 1;
    }
  } else {
    for (let start = 0; start <= end;) {
      let stop = text.indexOf('\n', start);
      if (stop === -1) stop = text.length;
      const line = source.line(start, stop);
      if (budget && !budget(line.length, line)) return undefined;
      const column = searcher.line.firstMatch(line);
      if (column !== -1) record(start, stop, start, column, line);
      start = stop + 1;
    }
  }
  return { count, hits };
}

/** Numbers the first `upto` hits (in order, as findHits found them): counts the line breaks before them, once. */
export function numberHits(text: string, hits: Hit[], upto: number): void {
  let lineNumber = 1;
  let counted = 0; // start of line `lineNumber`
  for (const hit of hits.slice(0, upto)) {
    if (hit.line > 0) {
      ({ line: lineNumber, start: counted } = hit);
      continue;
    }
    for (let nl = text.indexOf('\n', counted); nl !== -1 && nl < hit.start; nl = text.indexOf('\n', counted)) {
      lineNumber++;
      counted = nl + 1;
    }
    hit.line = lineNumber;
  }
}

/** The text and context of the hits a file keeps. */
export function materialize(source: Haystack, hits: Hit[], before: number, after: number): KeptMatch[] {
  const end = source.hay.endsWith('\n') ? source.hay.length - 1 : source.hay.length;
  return hits.map((hit) => {
    const column = hit.column ?? source.column(hit.start, hit.at);
    return {
      line: hit.line,
      column: column + 1,
      text: excerpt(hit.text ?? source.line(hit.start, hit.stop), column),
      before: contextBefore(source, hit.start, hit.line, before),
      after: contextAfter(source, hit.stop, end, hit.line, after),
    };
  });
}

function contextBefore(source: Haystack, start: number, lineNumber: number, count: number): ShownLine[] {
  const lines: ShownLine[] = [];
  let at = start;
  for (let k = 1; k <= count && at > 0; k++) {
    const prev = at >= 2 ? source.hay.lastIndexOf('\n', at - 2) + 1 : 0;
    lines.unshift({ line: lineNumber - k, text: excerpt(source.line(prev, at - 1), 0) });
    at = prev;
  }
  return lines;
}

function contextAfter(source: Haystack, stop: number, end: number, lineNumber: number, count: number): ShownLine[] {
  const lines: ShownLine[] = [];
  let at = stop;
  for (let k = 1; k <= count && at < end; k++) {
    const next = at + 1;
    let nextStop = source.hay.indexOf('\n', next);
    if (nextStop === -1) nextStop = source.hay.length;
    lines.push({ line: lineNumber + k, text: excerpt(source.line(next, nextStop), 0) });
    at = nextStop;
  }
  return lines;
}
