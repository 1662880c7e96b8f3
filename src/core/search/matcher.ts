// Line matchers. Regular expressions run on RE2 (re2js): linear time, so no pattern can hang the host.
import { RE2JS } from 're2js';
import { LecternError } from '../ground/contract';
import { rarest } from './literalRarity';

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
      `The regular expression ${JSON.stringify(query.length > 200 ? `${query.slice(0, 200)}…` : query)} does not compile: ${detail.length > 300 ? `${detail.slice(0, 300)}…` : detail}`,
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
 * jumps from match to match; a regular expression first rules files out by the literal text every
 * match must hold (or, without one, one try on the whole text with RE2's lazy DFA), then tests the
 * lines one by one. Every answer equals testing each line alone.
 */
export interface TextSearcher {
  /** false: no line of `text` matches (a quick whole-text check); true: some line may. */
  mayMatch(text: string): boolean;
  /** Start of the next match at or after `from`, or -1 (plain queries); absent: test the lines one by one. */
  next?(text: string, from: number): number;
  /** A place at or after `from` that a match's line must hold, or -1: only those lines are tested (regular expressions with literal text). */
  candidate?(text: string, from: number): number;
  /**
   * For one text, scanned line by line forward: false when line [start, stop) lacks literal text
   * every match holds (besides what `candidate` found in it), so it is not tested.
   */
  lineFilter?(text: string): (start: number, stop: number) => boolean;
  /** Byte sequences every matching file holds verbatim (checked before decoding, where the host can). */
  needles?: Uint8Array[];
  /** Column of the first match in one line (without its line break), or -1. */
  line: LineMatcher;
  /** The same for a line that holds every literal text (most of them match): one search, no test first. */
  heldLine?: LineMatcher;
  /**
   * `next`, `candidate` and `mayMatch` work on bytes read as Latin-1 too (plain ASCII queries, and
   * expressions whose literal text is ASCII): no multi-byte character can hold what they look for.
   */
  ascii?: boolean;
  /**
   * Text every matching line holds (of several, the rarest), matched case-insensitively (Unicode
   * simple case folding, or less) unless `caseSensitive`: another engine may rule files out by it
   * (search/prefilter.ts).
   */
  literal?: { text: string; caseSensitive: boolean };
  /** Every text each match holds (`literal` is one of them), matched with the same case rule. */
  literals?: readonly string[];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const isAscii = (text: string) => /^[\x00-\x7f]*$/.test(text);
const encoder = new TextEncoder();

/** RegExp flags of a case-insensitive literal as RE2 folds case: k and s have fold partners beyond ASCII (K, ſ). */
const foldFlags = (literal: string) => (isAscii(literal) && !/[ks]/i.test(literal) ? 'i' : 'iu');

function foldedTest(literal: string): (text: string) => boolean {
  const pattern = new RegExp(escapeRegExp(literal), foldFlags(literal));
  return (text) => pattern.test(text);
}

/** Where a literal is next found at or after `from`: [start, end), or undefined. */
type LiteralFinder = (text: string, from: number) => [number, number] | undefined;

function literalFinder(literal: string, caseSensitive: boolean): LiteralFinder {
  if (caseSensitive) {
    return (text, from) => {
      const at = text.indexOf(literal, from);
      return at === -1 ? undefined : [at, at + literal.length];
    };
  }
  const pattern = new RegExp(escapeRegExp(literal), `${foldFlags(literal)}g`);
  return (text, from) => {
    pattern.lastIndex = from;
    const found = pattern.exec(text);
    return found ? [found.index, found.index + found[0].length] : undefined;
  };
}

/**
 * Whether each line, as a scan goes forward, holds every literal: each literal's next place is
 * remembered, so the text is searched once per literal whatever the number of lines.
 */
function holdsAll(text: string, finders: readonly LiteralFinder[]): (start: number, stop: number) => boolean {
  const next: ([number, number] | undefined | null)[] = finders.map(() => null);
  return (start, stop) =>
    finders.every((find, i) => {
      let place = next[i];
      if (place === undefined) return false; // none left in the text
      if (place === null || place[0] < start) next[i] = place = find(text, start);
      return place !== undefined && place[1] <= stop;
    });
}

/**
 * Literal runs every match of an RE2 pattern contains, read conservatively: none when the pattern
 * has a top-level alternation, inline flags or escapes this reader does not know. Groups and
 * character classes end a run; a quantified character is dropped (min 0) or ends it (min 1).
 */
export function requiredLiterals(pattern: string): string[] {
  if (/\(\?[^:P<]/.test(pattern)) return [];
  const runs: string[][] = [];
  let run: string[] = [];
  let lastLiteral = false;
  const end = () => {
    if (run.length > 0) runs.push(run);
    run = [];
    lastLiteral = false;
  };
  const skipClass = (at: number): number => {
    let i = at + 1;
    if (pattern[i] === '^') i++;
    if (pattern[i] === ']') i++;
    while (i < pattern.length && pattern[i] !== ']') {
      if (pattern[i] === '\\') i += 2;
      else if (pattern.startsWith('[:', i)) {
        const close = pattern.indexOf(':]', i + 2);
        i = close === -1 ? pattern.length : close + 2;
      } else i++;
    }
    return i + 1;
  };
  let i = 0;
  while (i < pattern.length) {
    const c = pattern[i]!;
    if (c === '|' || c === ')') return [];
    if (c === '\\') {
      const d = pattern[i + 1];
      if (d === undefined) return [];
      if (/[0-9A-Za-z]/.test(d)) {
        if ('pPxQEC'.includes(d) || /[0-9]/.test(d)) return [];
        end(); // a class (\w, \d, \s…) or an assertion (\b, \A…)
        i += 2;
        continue;
      }
      run.push(d);
      lastLiteral = true;
      i += 2;
      continue;
    }
    if (c === '[') {
      end();
      i = skipClass(i);
      continue;
    }
    if (c === '(') {
      end();
      let depth = 0;
      while (i < pattern.length) {
        const g = pattern[i]!;
        if (g === '\\') i += 2;
        else if (g === '[') i = skipClass(i);
        else {
          if (g === '(') depth++;
          else if (g === ')') depth--;
          i++;
          if (depth === 0) break;
        }
      }
      continue;
    }
    const counted = c === '{' ? /^\{(\d+)(,\d*)?\}/.exec(pattern.slice(i)) : null;
    if (c === '*' || c === '?' || c === '+' || counted) {
      const optional = c === '*' || c === '?' || (counted !== null && Number(counted[1]) === 0);
      if (lastLiteral && optional) run.pop();
      end();
      i += counted ? counted[0].length : 1;
      if (pattern[i] === '?') i++; // lazy
      continue;
    }
    if (c === '.' || c === '^' || c === '$') {
      end();
      i++;
      continue;
    }
    const char = String.fromCodePoint(pattern.codePointAt(i)!);
    run.push(char);
    lastLiteral = true;
    i += char.length;
  }
  end();
  return runs.map((r) => r.join('')).filter((r) => r.length > 0);
}

/** Case-insensitive plain queries longer than this are matched without a RegExp. */
const LONG_PLAIN_QUERY = 4_096;

export function createTextSearcher(query: string, isRegex: boolean, caseSensitive: boolean): TextSearcher {
  const line = createMatcher(query, isRegex, caseSensitive);
  if (!isRegex) {
    // No line holds a line break.
    if (query.includes('\n') || query.includes('\r')) return { mayMatch: () => false, line };
    const ascii = isAscii(query);
    if (caseSensitive) {
      return {
        mayMatch: (text) => text.includes(query),
        next: (text, from) => text.indexOf(query, from),
        needles: [encoder.encode(query)],
        line,
        ascii,
        literal: { text: query, caseSensitive },
        literals: [query],
      };
    }
    // A query too long for a regular expression (V8 caps its size) is matched line by line, lower-cased.
    if (query.length > LONG_PLAIN_QUERY) {
      const needle = query.toLowerCase();
      return { mayMatch: (text) => text.length >= query.length && text.toLowerCase().includes(needle), line };
    }
    // Case-insensitive without the u flag only for ASCII: no character above 127 then matches one below.
    const pattern = new RegExp(escapeRegExp(query), ascii ? 'gi' : 'giu');
    const next = (text: string, from: number) => {
      pattern.lastIndex = from;
      return pattern.exec(text)?.index ?? -1;
    };
    const literal = { text: query, caseSensitive };
    return { mayMatch: (text) => next(text, 0) !== -1, next, line, ascii, literal, literals: [query] };
  }
  const flags = caseSensitive ? 0 : RE2JS.CASE_INSENSITIVE;
  const perLine = RE2JS.compile(query, flags);
  // A test first: on most lines (no match) it is cheaper than a search for where the match starts.
  const lineMatcher: LineMatcher = {
    firstMatch(text) {
      if (!perLine.test(text)) return -1;
      const matcher = perLine.matcher(text);
      return matcher.find() ? matcher.start() : -1;
    },
  };
  // The longest literals a match must hold rule most files out without running the regex at all;
  // the scan jumps to the rarest of them.
  const literals = requiredLiterals(query)
    .filter((l) => l.length >= 2 && !l.includes('\uFFFD'))
    .sort((a, b) => b.length - a.length)
    .slice(0, 3);
  if (literals.length > 0) {
    const tests = literals.map((l) => (caseSensitive ? (text: string) => text.includes(l) : foldedTest(l)));
    const mayMatch = (text: string) => tests.every((test) => test(text));
    const jump = rarest(literals, caseSensitive);
    const candidate = literalFinder(jump, caseSensitive);
    const others = literals.filter((l) => l !== jump).map((l) => literalFinder(l, caseSensitive));
    // ASCII literals (any case: letters without fold partners beyond ASCII) are found in the bytes
    // read as Latin-1 too: only the lines tested are decoded.
    const ascii = literals.every((l) => isAscii(l) && (caseSensitive || !/[ks]/i.test(l)));
    return {
      mayMatch,
      candidate: (text, from) => candidate(text, from)?.[0] ?? -1,
      lineFilter: others.length > 0 ? (text) => holdsAll(text, others) : undefined,
      // The rarest first: most files that lack a literal lack it.
      needles: caseSensitive ? [jump, ...literals.filter((l) => l !== jump)].map((l) => encoder.encode(l)) : undefined,
      line: lineMatcher,
      heldLine: {
        firstMatch(text) {
          const matcher = perLine.matcher(text);
          return matcher.find() ? matcher.start() : -1;
        },
      },
      ascii,
      literal: { text: jump, caseSensitive },
      literals,
    };
  }
  // Otherwise one try on the whole text, which answers like its lines unless anchors tell them apart.
  const whole = /\\[Az]|\(\?[a-zA-Z]*-[a-zA-Z]*m/.test(query)
    ? undefined
    : RE2JS.compile(query, flags | RE2JS.MULTILINE);
  const dollar = query.includes('$');
  // That pays off when most texts fail it; when most pass, testing their lines alone is cheaper.
  let tested = 0;
  let passed = 0;
  return {
    mayMatch(text) {
      if (!whole || (dollar && text.includes('\r'))) return true;
      // One line: the whole-text try would only repeat the line's own test.
      const nl = text.indexOf('\n');
      if (nl === -1 || nl === text.length - 1) return true;
      if (tested >= 32 && passed * 2 > tested) return true;
      tested++;
      const may = whole.test(text);
      if (may) passed++;
      return may;
    },
    line: lineMatcher,
  };
}
