// The literal text every match of an RE2 pattern holds, read from the pattern conservatively, as
// clauses: each match holds at least one text of every clause (`foo\w+bar` gives [foo] and [bar];
// `read(File|Dir)Sync` gives [read], [File, Dir] and [Sync]; `todo|fixme` gives [todo, fixme]).
// Workspace search rules out files and lines with them before running the expression, so a clause
// must never name text a match can do without: whatever this reader does not know gives no clause.
import { commonness } from './literalRarity';

/** Texts one of which every match holds. */
export type Clause = readonly string[];

/** A concatenation or group read so far: its clauses, and where the reading stopped. */
interface Read {
  clauses: Clause[];
  end: number;
}

/** Thrown where the reader does not know the syntax: the pattern then gives no clause. */
class Unknown extends Error {}

/**
 * The clauses every match of `pattern` satisfies: none when it has inline flags, `\Q…\E`, escapes
 * this reader does not know, or an alternative without literal text. Groups and character
 * classes end a run of literal text; a quantified character is dropped (min 0) or ends it (min 1);
 * a group's clauses count unless it may repeat zero times; lookarounds count for nothing.
 */
export function requiredClauses(pattern: string): Clause[] {
  if (/\(\?[^:P<]/.test(pattern)) return [];
  try {
    const top = alternation(pattern, 0);
    if (top.end !== pattern.length) return [];
    return unique(groupClauses(top.branches));
  } catch (error) {
    if (error instanceof Unknown) return [];
    throw error;
  }
}

/** The clauses of a group with these alternatives: all of the one; or one text of each alternative's best. */
function groupClauses(branches: Clause[][]): Clause[] {
  if (branches.length === 1) return branches[0]!;
  const union: string[] = [];
  for (const clauses of branches) {
    const best = bestClause(clauses.filter(usable), false);
    if (!best) return [];
    union.push(...best);
  }
  return [[...new Set(union)]];
}

/** A clause worth searching for: texts of two characters or more, none holding U+FFFD (bytes that are not UTF-8). */
export const usable = (clause: Clause): boolean =>
  clause.length > 0 && clause.every((text) => text.length >= 2 && !text.includes('\uFFFD'));

/** How common a clause's texts are together (lower is rarer). */
const clauseCommonness = (clause: Clause, caseSensitive: boolean) =>
  clause.reduce((sum, text) => sum + commonness(text, caseSensitive), 0);

/** The length of a clause's shortest text. */
export const shortest = (clause: Clause) => Math.min(...clause.map((text) => text.length));

/** The rarest clause (ties: the one whose shortest text is longest, then the first). */
export function bestClause(clauses: readonly Clause[], caseSensitive: boolean): Clause | undefined {
  let best: Clause | undefined;
  let bestScore = Infinity;
  for (const clause of clauses) {
    const score = clauseCommonness(clause, caseSensitive);
    if (score < bestScore || (score === bestScore && shortest(clause) > shortest(best!))) {
      best = clause;
      bestScore = score;
    }
  }
  return best;
}

function unique(clauses: Clause[]): Clause[] {
  const seen = new Set<string>();
  return clauses.filter((clause) => {
    const key = JSON.stringify(clause);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Alternatives from `at` up to an unmatched `)` or the end. */
function alternation(pattern: string, at: number): { branches: Clause[][]; end: number } {
  const branches: Clause[][] = [];
  let i = at;
  for (;;) {
    const read = concatenation(pattern, i);
    branches.push(read.clauses);
    i = read.end;
    if (pattern[i] !== '|') return { branches, end: i };
    i++;
  }
}

/** Where the character class starting at `at` (its `[`) ends, just after its `]`. */
function skipClass(pattern: string, at: number): number {
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
}

/** Where the group starting at `at` (its `(`) ends, just after its `)`. */
function skipGroup(pattern: string, at: number): number {
  let depth = 0;
  let i = at;
  while (i < pattern.length) {
    const g = pattern[i]!;
    if (g === '\\') i += 2;
    else if (g === '[') i = skipClass(pattern, i);
    else {
      if (g === '(') depth++;
      else if (g === ')') depth--;
      i++;
      if (depth === 0) break;
    }
  }
  return i;
}

/** Length of a capturing or non-capturing group's opening at `at` (`(`, `(?:`, `(?P<name>`, `(?<name>`), or 0 for a lookaround. */
function groupOpening(pattern: string, at: number): number {
  if (pattern[at + 1] !== '?') return 1;
  if (pattern[at + 2] === ':') return 3;
  const named = /^\(\?P?<[A-Za-z_]\w*>/.exec(pattern.slice(at, at + 40));
  return named ? named[0].length : 0;
}

/** A quantifier at `at`: its length and whether it allows zero repetitions; undefined when there is none. */
function quantifierAt(pattern: string, at: number): { length: number; optional: boolean } | undefined {
  const c = pattern[at];
  const counted = c === '{' ? /^\{(\d+)(,\d*)?\}/.exec(pattern.slice(at, at + 24)) : null;
  if (c !== '*' && c !== '?' && c !== '+' && !counted) return undefined;
  const optional = c === '*' || c === '?' || (counted !== null && Number(counted[1]) === 0);
  let length = counted ? counted[0].length : 1;
  if (pattern[at + length] === '?') length++; // lazy
  return { length, optional };
}

/** One alternative from `at`: runs of literal text and the clauses of its groups, up to `|`, `)` or the end. */
function concatenation(pattern: string, at: number): Read {
  const clauses: Clause[] = [];
  let run: string[] = [];
  let lastLiteral = false;
  const end = () => {
    if (run.length > 0) clauses.push([run.join('')]);
    run = [];
    lastLiteral = false;
  };
  let i = at;
  while (i < pattern.length) {
    const c = pattern[i]!;
    if (c === '|' || c === ')') break;
    if (c === '\\') {
      const d = pattern[i + 1];
      if (d === undefined) throw new Unknown();
      if (/[0-9A-Za-z]/.test(d)) {
        if ('pPxQEC'.includes(d) || /[0-9]/.test(d)) throw new Unknown();
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
      i = skipClass(pattern, i);
      continue;
    }
    if (c === '(') {
      end();
      const opening = groupOpening(pattern, i);
      if (opening === 0) {
        i = skipGroup(pattern, i);
        continue;
      }
      const inner = alternation(pattern, i + opening);
      if (pattern[inner.end] !== ')') throw new Unknown();
      i = inner.end + 1;
      if (!quantifierAt(pattern, i)?.optional) clauses.push(...groupClauses(inner.branches));
      continue;
    }
    const quantifier = quantifierAt(pattern, i);
    if (quantifier) {
      if (lastLiteral && quantifier.optional) run.pop();
      end();
      i += quantifier.length;
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
  return { clauses, end: i };
}

/**
 * The most UTF-16 units a match of `pattern` can span (two per character matched, whatever case
 * folding matches it to), or Infinity: a repetition without bound (`*`, `+`, `{n,}`), or syntax
 * this reader does not know (inline flags, lookarounds, `\p`, `\x`, `\Q…\E`).
 */
export function maxMatchLength(pattern: string): number {
  if (/\(\?[^:P<]/.test(pattern)) return Infinity;
  let i = 0;
  const alternatives = (): number => {
    let most = concat();
    while (pattern[i] === '|') {
      i++;
      most = Math.max(most, concat());
    }
    return most;
  };
  const concat = (): number => {
    let total = 0;
    while (i < pattern.length && pattern[i] !== '|' && pattern[i] !== ')') {
      const atom = atomLength();
      // Unbounded or unknown (a lookaround is not even read past).
      if (atom === Infinity) return Infinity;
      const quantifier = quantifierAt(pattern, i);
      if (!quantifier) {
        total += atom;
        continue;
      }
      const counted = /^\{(\d+)(?:,(\d+))?\}/.exec(pattern.slice(i, i + 24));
      if (!counted) {
        if (pattern[i] !== '?') return Infinity;
        total += atom;
      } else total += atom * Number(counted[2] ?? counted[1]);
      i += quantifier.length;
    }
    return total;
  };
  const atomLength = (): number => {
    const c = pattern[i]!;
    if (c === '(') {
      const opening = groupOpening(pattern, i);
      if (opening === 0) return Infinity;
      i += opening;
      const inner = alternatives();
      if (pattern[i] !== ')') return Infinity;
      i++;
      return inner;
    }
    if (c === '[') {
      i = skipClass(pattern, i);
      return 2;
    }
    if (c === '^' || c === '$') {
      i++;
      return 0;
    }
    if (c === '\\') {
      const d = pattern[i + 1];
      i += 2;
      if (d === undefined || 'pPxQEC'.includes(d) || /[0-9]/.test(d)) return Infinity;
      return 'bBAz'.includes(d) ? 0 : 2;
    }
    i += String.fromCodePoint(pattern.codePointAt(i)!).length;
    return 2;
  };
  const most = alternatives();
  return i === pattern.length ? most : Infinity;
}
