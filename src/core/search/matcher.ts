// Line matchers. Regular expressions run on RE2 (re2js): linear time, so no pattern can hang the host.
import { RE2JS } from 're2js';
import { LecternError } from '../contract';

export interface LineMatcher {
  /** Column (0-based, UTF-16 units) of the first match in `line`, or -1. */
  firstMatch(line: string): number;
}

export function createMatcher(query: string, isRegex: boolean, caseSensitive: boolean): LineMatcher {
  if (!isRegex) {
    if (caseSensitive) return { firstMatch: (line) => line.indexOf(query) };
    const needle = query.toLowerCase();
    return { firstMatch: (line) => line.toLowerCase().indexOf(needle) };
  }
  let pattern: RE2JS;
  try {
    pattern = RE2JS.compile(query, caseSensitive ? 0 : RE2JS.CASE_INSENSITIVE);
  } catch (error) {
    const detail = (error as Error).message;
    const lookaround = /\(\?[=!<]/.test(query) || /\\[1-9]/.test(query);
    throw new LecternError(
      'INVALID_REGEX',
      `The regular expression ${JSON.stringify(query)} does not compile: ${detail}`,
      lookaround
        ? 'RE2 syntax has no lookaround or backreferences: search for a simpler pattern and filter the matching lines yourself.'
        : 'Fix the pattern (RE2 syntax), or set is_regex false to search for the literal text.',
    );
  }
  return {
    firstMatch(line) {
      const matcher = pattern.matcher(line);
      return matcher.find() ? matcher.start() : -1;
    },
  };
}

/**
 * Searches a whole file's text for the lines that match, as fast as the query allows: a plain query
 * jumps from match to match, a regular expression is first tried once on the whole text (RE2's lazy
 * DFA) and, when that can match, tested line by line. Every answer equals testing each line alone.
 */
export interface TextSearcher {
  /** false: no line of `text` matches (a quick whole-text check); true: some line may. */
  mayMatch(text: string): boolean;
  /** Start of the next match at or after `from`, or -1 (plain queries); absent: test the lines one by one. */
  next?(text: string, from: number): number;
  /** The bytes to look for before decoding a file, when a plain match needs them verbatim. */
  needle?: Uint8Array;
  /** Column of the first match in one line (without its line break), or -1. */
  line: LineMatcher;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function createTextSearcher(query: string, isRegex: boolean, caseSensitive: boolean): TextSearcher {
  const line = createMatcher(query, isRegex, caseSensitive);
  if (!isRegex) {
    // No line holds a line break.
    if (query.includes('\n') || query.includes('\r')) return { mayMatch: () => false, line };
    if (caseSensitive) {
      return { mayMatch: (text) => text.includes(query), next: (text, from) => text.indexOf(query, from), needle: new TextEncoder().encode(query), line };
    }
    // eslint-disable-next-line no-control-regex
    const pattern = new RegExp(escapeRegExp(query), /^[\x00-\x7f]*$/.test(query) ? 'gi' : 'giu');
    const next = (text: string, from: number) => {
      pattern.lastIndex = from;
      return pattern.exec(text)?.index ?? -1;
    };
    return { mayMatch: (text) => next(text, 0) !== -1, next, line };
  }
  const flags = caseSensitive ? 0 : RE2JS.CASE_INSENSITIVE;
  const perLine = RE2JS.compile(query, flags);
  // The whole-text check answers like the lines unless anchors tell the text from its lines apart.
  const whole = /\\[Az]|\(\?[a-zA-Z]*-[a-zA-Z]*m/.test(query) ? undefined : RE2JS.compile(query, flags | RE2JS.MULTILINE);
  const dollar = query.includes('$');
  return {
    mayMatch: (text) => !whole || (dollar && text.includes('\r')) || whole.test(text),
    line: {
      firstMatch(text) {
        if (!perLine.test(text)) return -1;
        const matcher = perLine.matcher(text);
        return matcher.find() ? matcher.start() : -1;
      },
    },
  };
}
