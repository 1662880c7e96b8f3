// Line matchers. Regular expressions run on RE2 (re2js): linear time, so no pattern can hang the host.
import { RE2JS } from 're2js';
import { LecternError } from '../ground/contract';
import { bestClause, maxMatchLength, requiredClauses, shortest, usable, type Clause } from './requiredText';

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
  /** Byte sequences a matching file holds verbatim, one of each list (checked before decoding, where the host can). */
  needles?: Uint8Array[][];
  /** Column of the first match in one line (without its line break), or -1. */
  line: LineMatcher;
  /** The same for a line that holds every literal text (most of them match): one search, no test first. */
  heldLine?: LineMatcher;
  /** How many characters RE2 goes over to test such a line with `heldLine` (absent: the whole line). */
  heldCost?: (line: string) => number;
  /**
   * `next`, `candidate` and `mayMatch` work on bytes read as Latin-1 too (plain ASCII queries, and
   * expressions whose literal text is ASCII): no multi-byte character can hold what they look for.
   */
  ascii?: boolean;
  /**
   * Texts one of which every matching line holds (of several such clauses, the rarest), matched
   * case-insensitively (Unicode simple case folding, or less) unless `caseSensitive`: another engine
   * may rule files out by them (search/prefilter.ts).
   */
  literal?: { texts: Clause; caseSensitive: boolean };
  /** Every clause each match satisfies (`literal`'s texts are one), matched with the same case rule. */
  clauses?: readonly Clause[];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const isAscii = (text: string) => /^[\x00-\x7f]*$/.test(text);
const encoder = new TextEncoder();

/** RegExp flags of a case-insensitive literal as RE2 folds case: k and s have fold partners beyond ASCII (K, ſ). */
const foldFlags = (literal: string) => (isAscii(literal) && !/[ks]/i.test(literal) ? 'i' : 'iu');

const encodeClause = (clause: Clause) => clause.map((text) => encoder.encode(text));

/** Whether a text is found alike in bytes read as Latin-1: ASCII, and (any case) no letter with a fold partner beyond ASCII. */
const asciiFolded = (text: string, caseSensitive: boolean) => isAscii(text) && (caseSensitive || !/[ks]/i.test(text));

/** Plain alternatives, and whether the pattern asks for a word boundary (`\\b`) before or after them. */
interface Alternatives {
  texts: string[];
  before: boolean;
  after: boolean;
}

/**
 * The texts of a pattern that is only alternatives of plain text (`readFileSync|writeFileSync`,
 * `foo\\.bar`), each of two characters or more (ASCII when case is ignored, where RE2 and RegExp
 * fold alike), maybe between word boundaries (`\\bfoo\\b`, `\\b(?:get|set)Item\\b`); else undefined.
 */
function plainAlternatives(pattern: string, caseSensitive: boolean): Alternatives | undefined {
  const bounded = /^(\\b)?(?:\((?:\?:)?((?:[^()\\]|\\.)*)\)|((?:[^()\\]|\\.)*?))(\\b)?$/su.exec(pattern);
  if (!bounded) return undefined;
  const [, before, grouped, bare, after] = bounded;
  const inner = grouped ?? bare!;
  // Without a group, a boundary binds to the first or last alternative only.
  if (grouped === undefined && (before || after) && inner.includes('|')) return undefined;
  const branches = inner.split('|');
  const plainText = /^(?:[^\\.^$*+?()[\]{}|]|\\[^0-9A-Za-z])+$/;
  if (!branches.every((branch) => plainText.test(branch))) return undefined;
  const texts = branches.map((branch) => branch.replace(/\\(.)/gsu, '$1'));
  // No line holds a line break; V8 caps a RegExp's size.
  if (texts.some((text) => /[\r\n]/.test(text)) || pattern.length > LONG_PLAIN_QUERY) return undefined;
  if (!usable(texts) || (!caseSensitive && !texts.every(isAscii))) return undefined;
  // RE2's word boundary knows ASCII word characters only; RegExp's u flag would fold K and ſ into them.
  if ((before || after) && !caseSensitive && !texts.every((text) => asciiFolded(text, false))) return undefined;
  return { texts: [...new Set(texts)], before: !!before, after: !!after };
}

const WORD = '[A-Za-z0-9_]';
const isWordChar = (c: string) => /^[A-Za-z0-9_]$/.test(c);

/**
 * A searcher for plain alternatives: a jump to the next place one of them starts, as for a plain
 * query; between word boundaries, where the characters around them are (not) word characters as
 * RE2's `\\b` asks (the same in a line and in the whole text, whose line breaks are no word characters).
 */
function alternativesSearcher(
  { texts, before, after }: Alternatives,
  caseSensitive: boolean,
  line: LineMatcher,
): TextSearcher {
  const clause: Clause = texts;
  let next: (text: string, from: number) => number;
  if (!before && !after) next = clauseStart(clause, caseSensitive);
  else {
    const branch = (text: string) =>
      (before ? (isWordChar(text[0]!) ? `(?<!${WORD})` : `(?<=${WORD})`) : '') +
      escapeRegExp(text) +
      (after ? (isWordChar(text[text.length - 1]!) ? `(?!${WORD})` : `(?=${WORD})`) : '');
    const pattern = new RegExp(texts.map(branch).join('|'), caseSensitive ? 'g' : 'gi');
    next = (text, from) => {
      pattern.lastIndex = from;
      return pattern.exec(text)?.index ?? -1;
    };
  }
  return {
    mayMatch: (text) => next(text, 0) !== -1,
    next,
    needles: caseSensitive ? [encodeClause(clause)] : undefined,
    line,
    ascii: texts.every((text) => asciiFolded(text, caseSensitive)),
    literal: { texts: clause, caseSensitive },
    clauses: [clause],
  };
}

/** A RegExp finding any of `texts` (global), with the case rule RE2 applies to them. */
function anyOf(texts: Clause, caseSensitive: boolean): RegExp {
  const flags = caseSensitive ? '' : texts.some((text) => foldFlags(text) === 'iu') ? 'iu' : 'i';
  return new RegExp(texts.map(escapeRegExp).join('|'), `${flags}g`);
}

/** Where one of a clause's texts is next found at or after `from`: [start, end), or undefined. */
type ClauseFinder = (text: string, from: number) => [number, number] | undefined;

function clauseFinder(clause: Clause, caseSensitive: boolean): ClauseFinder {
  if (caseSensitive && clause.length === 1) {
    const [literal] = clause as [string];
    return (text, from) => {
      const at = text.indexOf(literal, from);
      return at === -1 ? undefined : [at, at + literal.length];
    };
  }
  const pattern = anyOf(clause, caseSensitive);
  return (text, from) => {
    pattern.lastIndex = from;
    const found = pattern.exec(text);
    return found ? [found.index, found.index + found[0].length] : undefined;
  };
}

/** Where one of a clause's texts next starts at or after `from`, or -1 (a plain indexOf for one case-sensitive text). */
function clauseStart(clause: Clause, caseSensitive: boolean): (text: string, from: number) => number {
  if (caseSensitive && clause.length === 1) {
    const [literal] = clause as [string];
    return (text, from) => text.indexOf(literal, from);
  }
  const find = clauseFinder(clause, caseSensitive);
  return (text, from) => find(text, from)?.[0] ?? -1;
}

/** Lines up to this long are searched alone for a clause: cheaper than a search on through the text. */
const SHORT_LINE = 512;

/**
 * Whether each line, as a scan goes forward, satisfies every clause. A short line is searched alone;
 * on a longer one the clause's next place in the text is found and remembered, so the text is
 * searched at most once per clause whatever the number of lines.
 */
function holdsAll(text: string, finders: readonly ClauseFinder[]): (start: number, stop: number) => boolean {
  const next: ([number, number] | undefined | null)[] = finders.map(() => null);
  return (start, stop) =>
    finders.every((find, i) => {
      let place = next[i];
      if (place === undefined) return false; // none left in the text
      if (place !== null && place[0] >= start) return place[1] <= stop;
      if (stop - start <= SHORT_LINE) return find(text.slice(start, stop), 0) !== undefined;
      next[i] = place = find(text, start);
      return place !== undefined && place[1] <= stop;
    });
}

/** How many places `find` finds in a line (the windows a long line's search goes over). */
function placesIn(line: string, find: ClauseFinder): number {
  let count = 0;
  for (let place = find(line, 0); place; place = find(line, Math.max(place[0] + 1, place[1]))) count++;
  return count;
}

/** Lines longer than this are searched as minified code's (longLineMatcher). */
const LONG_LINE = 1_000;

/**
 * Where the first match of a long line (minified code) starts, without running RE2 over all of it
 * where the pattern allows. A match spans at most `span` units and holds a text `find` finds, so
 * it lies within `span` of one: each place found, in order, is searched around, in RE2's own
 * engine with the line before it as context; the first match starting at or before the place is
 * the line's first (matches starting after it are left to the places after). Without a bound, a
 * repetition of any character (`.*`, `[^;]+`) keeps RE2's search alive to the end of the line
 * from each place it tries: RE2's DFA tests the line first, in one pass. Otherwise its search is
 * fastest (it jumps to the places a literal prefix is).
 */
function longLineMatcher(query: string, pattern: RE2JS, find: ClauseFinder, span: number): (line: string) => number {
  const search = (line: string) => {
    const matcher = pattern.matcher(line);
    return matcher.find() ? matcher.start() : -1;
  };
  if (!Number.isFinite(span)) {
    if (!/(?:\.|\[\^(?:\\.|[^\]])*\]|\\[WDS])(?:[*+]|\{\d+,\})/.test(query)) return search;
    return (line) => (pattern.test(line) ? search(line) : -1);
  }
  return (line) => {
    for (let from = 0; ;) {
      const at = find(line, from)?.[0];
      if (at === undefined) return -1;
      // A search in the middle of a character (u flag) finds the place before again.
      if (at < from) {
        from++;
        continue;
      }
      const start = windowStart(line, Math.max(0, at - span));
      // The window alone, with the character before it as context (for \b; `^` cannot match past
      // the text's start): RE2 given the whole line would look for its prefix up to the line's end.
      const context = start > 0 ? start - 1 : 0;
      const matcher = pattern.matcher(line.slice(context, Math.min(line.length, at + span + 1)));
      if (matcher.find(start - context) && context + matcher.start() <= at) return context + matcher.start();
      from = at + 1;
    }
  };
}

/** `start`, or the character before it when it would split a surrogate pair (RE2 would read half a character). */
function windowStart(line: string, start: number): number {
  const code = line.charCodeAt(start);
  const before = line.charCodeAt(start - 1);
  return start > 0 && code >= 0xdc00 && code <= 0xdfff && before >= 0xd800 && before <= 0xdbff ? start - 1 : start;
}

/** Case-insensitive plain queries longer than this are matched without a RegExp. */
const LONG_PLAIN_QUERY = 4_096;

export function createTextSearcher(query: string, isRegex: boolean, caseSensitive: boolean): TextSearcher {
  const line = createMatcher(query, isRegex, caseSensitive);
  return isRegex ? regexSearcher(query, caseSensitive) : plainSearcher(query, caseSensitive, line);
}

function plainSearcher(query: string, caseSensitive: boolean, line: LineMatcher): TextSearcher {
  // No line holds a line break.
  if (query.includes('\n') || query.includes('\r')) return { mayMatch: () => false, line };
  const ascii = isAscii(query);
  if (caseSensitive) {
    return {
      mayMatch: (text) => text.includes(query),
      next: (text, from) => text.indexOf(query, from),
      needles: [[encoder.encode(query)]],
      line,
      ascii,
      literal: { texts: [query], caseSensitive },
      clauses: [[query]],
    };
  }
  // A query too long for a regular expression (V8 caps its size) is matched line by line, lower-cased.
  if (query.length > LONG_PLAIN_QUERY) {
    const needle = query.toLowerCase();
    return { mayMatch: (text) => text.length >= query.length && text.toLowerCase().includes(needle), line };
  }
  // Case-insensitive without the u flag only for ASCII: no character above 127 then matches one below.
  const pattern = new RegExp(escapeRegExp(query), ascii ? 'gi' : 'giu');
  // Without the u flag a match is as long as the query: its end tells where it starts, with no match array.
  const next = ascii
    ? (text: string, from: number) => {
        pattern.lastIndex = from;
        return pattern.test(text) ? pattern.lastIndex - query.length : -1;
      }
    : (text: string, from: number) => {
        pattern.lastIndex = from;
        return pattern.exec(text)?.index ?? -1;
      };
  const literal = { texts: [query], caseSensitive };
  return { mayMatch: (text) => next(text, 0) !== -1, next, line, ascii, literal, clauses: [[query]] };
}

/** A searcher for a regular expression (one that compiles: createMatcher checked it). */
function regexSearcher(query: string, caseSensitive: boolean): TextSearcher {
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
  // Alternatives of plain text need no regular expression: the leftmost place any of them starts is
  // where RE2's leftmost match starts.
  const plain = plainAlternatives(query, caseSensitive);
  if (plain) return alternativesSearcher(plain, caseSensitive, lineMatcher);
  // The text every match must hold rules most files out without running the regex at all; the
  // scan jumps to the rarest clause's texts.
  const clauses = requiredClauses(query)
    .filter((clause) => usable(clause) && clause.join('').length <= LONG_PLAIN_QUERY)
    .sort((a, b) => shortest(b) - shortest(a))
    .slice(0, 3);
  const jump = bestClause(clauses, caseSensitive);
  if (jump) {
    const starts = clauses.map((clause) => clauseStart(clause, caseSensitive));
    const mayMatch = (text: string) => starts.every((start) => start(text, 0) !== -1);
    const places = clauseFinder(jump, caseSensitive);
    const others = clauses.filter((clause) => clause !== jump).map((clause) => clauseFinder(clause, caseSensitive));
    // ASCII texts (any case: letters without fold partners beyond ASCII) are found in the bytes
    // read as Latin-1 too: only the lines tested are decoded.
    const ascii = clauses.every((clause) => clause.every((text) => asciiFolded(text, caseSensitive)));
    const span = maxMatchLength(query);
    const longLineMatch = longLineMatcher(query, perLine, places, span);
    const window = 2 * span + 1;
    return {
      mayMatch,
      candidate: clauseStart(jump, caseSensitive),
      lineFilter: others.length > 0 ? (text) => holdsAll(text, others) : undefined,
      // The rarest first: most files that lack a literal lack it.
      needles: caseSensitive ? [jump, ...clauses.filter((c) => c !== jump)].map(encodeClause) : undefined,
      line: lineMatcher,
      heldLine: {
        firstMatch(text) {
          if (text.length > LONG_LINE) return longLineMatch(text);
          const matcher = perLine.matcher(text);
          return matcher.find() ? matcher.start() : -1;
        },
      },
      // A long line searched around its places costs their windows.
      heldCost: Number.isFinite(span)
        ? (line) => (line.length > LONG_LINE ? Math.min(line.length, placesIn(line, places) * window) : line.length)
        : undefined,
      ascii,
      literal: { texts: jump, caseSensitive },
      clauses,
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
