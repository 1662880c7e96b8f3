// Scoring a `references` answer against an oracle's: the lines an answer lists (read from its text, as
// an agent reads it), split into certain lines and lines marked `~`, and recall and precision of each.
import type { OracleReferences } from './oracle';

export interface ListedLine {
  /** `file:line`. */
  at: string;
  /** Marked `~`: the answer is not sure the receiver is the target's type. */
  marked: boolean;
}

const USE = /^ {2}(~?)(\d+) · /;

/**
 * The lines a references page lists. After the header (`references NAME · …`), a line without
 * indentation names a file (`path`, or `path → declaring-file` where the name is declared in several
 * files); each indented `  12 · enclosing · text` (or `  ~12 · …`) is a use in it.
 * The bracketed lines (the next page's call, notes) list nothing.
 */
export function parseReferences(text: string): ListedLine[] {
  const out: ListedLine[] = [];
  let file: string | undefined;
  for (const [i, line] of text.split('\n').entries()) {
    if (i === 0 && line.startsWith('references ')) continue;
    const use = USE.exec(line);
    if (use && file !== undefined) out.push({ at: `${file}:${use[2]}`, marked: use[1] === '~' });
    else if (line !== '' && !/^[\s[]/.test(line)) file = line.split(' → ')[0];
  }
  return out;
}

export interface SymbolScore {
  /** Lines the oracle says use the symbol (its own declaration never counts). */
  oracle: number;
  /** Of those, the lines the answer listed (marked or not). */
  found: number;
  unmarked: number;
  unmarkedRight: number;
  marked: number;
  markedRight: number;
  /** Listed lines the oracle does not name as uses: `file:line ~?`, for reading why. */
  wrong: string[];
  /** Oracle lines the answer did not list. */
  missed: string[];
}

/**
 * `own` is the declaration the target names: listing it is neither right nor wrong. Another line that
 * declares the symbol (an overload, a merged namespace) is wrong: a declaration is not a use.
 */
export function scoreAnswer(listed: readonly ListedLine[], oracle: OracleReferences, own: string): SymbolScore {
  const truth = new Set(oracle.uses.filter((at) => at !== own));
  const seen = new Map<string, boolean>();
  // A line listed on two pages (or twice) counts once; certain wins over marked.
  for (const { at, marked } of listed) if (at !== own) seen.set(at, (seen.get(at) ?? true) && marked);
  const score: SymbolScore = {
    oracle: truth.size,
    found: 0,
    unmarked: 0,
    unmarkedRight: 0,
    marked: 0,
    markedRight: 0,
    wrong: [],
    missed: [],
  };
  for (const [at, marked] of seen) {
    const right = truth.has(at);
    if (marked) {
      score.marked++;
      if (right) score.markedRight++;
    } else {
      score.unmarked++;
      if (right) score.unmarkedRight++;
    }
    if (!right) score.wrong.push(marked ? `${at} ~` : at);
  }
  for (const at of truth)
    if (seen.has(at)) score.found++;
    else score.missed.push(at);
  return score;
}

/** Pooled over symbols: recall, precision of unmarked and of marked lines (undefined: no line to judge). */
export function pooled(scores: readonly SymbolScore[]): {
  recall?: number;
  unmarked?: number;
  marked?: number;
} {
  const sum = (pick: (s: SymbolScore) => number) => scores.reduce((total, s) => total + pick(s), 0);
  const share = (part: number, whole: number) => (whole === 0 ? undefined : part / whole);
  return {
    recall: share(
      sum((s) => s.found),
      sum((s) => s.oracle),
    ),
    unmarked: share(
      sum((s) => s.unmarkedRight),
      sum((s) => s.unmarked),
    ),
    marked: share(
      sum((s) => s.markedRight),
      sum((s) => s.marked),
    ),
  };
}

export function median(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
