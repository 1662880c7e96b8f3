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
