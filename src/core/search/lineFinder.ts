// How a file-target search finds its candidate lines in a decoded chunk without testing every line:
// a plain query jumps from match to match (indexOf, or a case-insensitive RegExp where it finds
// exactly the lines the line matcher would); a regular expression with literal text jumps to the
// lines that hold it (then tests them); `^$` and `^\s*$` are a length check, not a regex call.
import { createTextSearcher } from './matcher';

export interface LineFinder {
  /** Position of the next candidate at or after `from` (a line start), or -1. */
  find?(text: string, from: number): number;
  /** Every line `find` lands on matches (plain queries); else each is tested. */
  exact: boolean;
  /** `find` may be used on this chunk (false: test every line). */
  usable(text: string): boolean;
  /** The column of the match in line [start, stop) of `text` (0), or -1: patterns that only match blank lines. */
  blank?(text: string, start: number, stop: number): number;
}

/** Case-insensitive plain queries longer than this are matched line by line (as the line matcher does). */
const LONG_PLAIN_QUERY = 4_096;
const isAscii = (text: string) => /^[\x00-\x7f]*$/.test(text);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A line [start, stop) without its CR is empty. */
const empty = (text: string, start: number, stop: number) =>
  stop === start || (stop === start + 1 && text.charCodeAt(start) === 13) ? 0 : -1;

/** A line holds only RE2's `\s` characters other than the line break (tab, form feed, CR, space). */
function whitespace(text: string, start: number, stop: number): number {
  for (let i = start; i < stop; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 12 && c !== 13) return -1;
  }
  return 0;
}

export function lineFinder(
  input: { query: string; is_regex?: boolean; case_sensitive?: boolean },
  noContext: boolean,
): LineFinder | undefined {
  const { query } = input;
  const caseSensitive = input.case_sensitive ?? false;
  if (input.is_regex) {
    if (query === '^$') return { exact: false, usable: () => false, blank: empty };
    if (query === '^\\s*$') return { exact: false, usable: () => false, blank: whitespace };
    if (!noContext) return undefined;
    const candidate = createTextSearcher(query, true, caseSensitive).candidate;
    return candidate ? { find: candidate, exact: false, usable: () => true } : undefined;
  }
  if (!noContext || query.length === 0 || query.includes('\n') || query.includes('\r')) return undefined;
  if (caseSensitive) return { find: (text, from) => text.indexOf(query, from), exact: true, usable: () => true };
  if (!isAscii(query) || query.length > LONG_PLAIN_QUERY) return undefined;
  // The line matcher lower-cases lines: only İ (U+0130) and the Kelvin sign (U+212A) lower-case to
  // ASCII (i, k), so a chunk holding one of them is tested line by line when the query has i or k.
  const folds = /[ik]/i.test(query);
  const pattern = new RegExp(escapeRegExp(query), 'gi');
  return {
    find(text, from) {
      pattern.lastIndex = from;
      return pattern.exec(text)?.index ?? -1;
    },
    exact: true,
    usable: (text) => !folds || (!text.includes('\u0130') && !text.includes('\u212a')),
  };
}
