// Letter triples as a warm workspace search's candidate finder: a file whose grams
// (ground/fileGrams.ts) lack one that every match holds cannot match, and is counted without
// reading it. Grams are every three consecutive word characters (ASCII letters, digits, `_`, `$`)
// of the bytes, case folded; any other byte breaks the sequence. Where a match holds a literal's
// run of three or more word characters, the text holds its triples, whatever the case rule: the
// only characters beyond ASCII that fold to ASCII letters (ſ to s, K to k, in RE2 and Unicode
// regular expressions) are read as those letters here too. A second set keeps the triples that hold
// an uppercase letter as written (hashed: two may share a bit, which only lets a file through), for
// case-sensitive queries, where a match holds them verbatim.
import type { Grams, GramSet } from '../ground/fileGrams';
import type { TextSearcher } from './matcher';

const SYMBOLS = 38;
const PAIRS = SYMBOLS * SYMBOLS;
const NONE = 255;
/** Gram numbers: (a * 38 + b) * 38 + c for the triple of symbols a, b, c. */
const GRAMS = PAIRS * SYMBOLS;
const WORDS = Math.ceil(GRAMS / 32);

/** Each byte's symbol (0-37, letters folded), or NONE for a byte that ends a run. */
const SYMBOL = new Uint8Array(256).fill(NONE);
for (let c = 0; c < 26; c++) {
  SYMBOL[0x61 + c] = c;
  SYMBOL[0x41 + c] = c;
}
for (let d = 0; d < 10; d++) SYMBOL[0x30 + d] = 26 + d;
SYMBOL[0x5f] = 36; // _
SYMBOL[0x24] = 37; // $
const S = SYMBOL[0x73]!;
const K = SYMBOL[0x6b]!;

/** Cased grams: (a * 64 + b) * 64 + c for symbols as written (a-z, A-Z, digits, _, $), hashed to 16 bits. */
const CASED = new Uint8Array(256).fill(NONE);
for (let c = 0; c < 26; c++) {
  CASED[0x61 + c] = c;
  CASED[0x41 + c] = 26 + c;
}
for (let d = 0; d < 10; d++) CASED[0x30 + d] = 52 + d;
CASED[0x5f] = 62;
CASED[0x24] = 63;
const CASED_WORDS = 65_536 / 32;
const casedHash = (n: number) => Math.imul(n, 0x9e3779b1) >>> 16;
const isUpper = (code: number) => (code >= 0x41 && code <= 0x5a ? 1 : 0);

let scratch = new Uint32Array(WORDS);
let casedScratch = new Uint32Array(CASED_WORDS);

/** The symbol of the byte at `i` (at or above 0x80) and how many bytes it takes (ſ and K are two and three bytes of UTF-8), or NONE. */
function symbolAt(bytes: Uint8Array, i: number): number {
  const b = bytes[i]!;
  if (b === 0xc5 && bytes[i + 1] === 0xbf) return S | 0x200;
  if (b === 0xe2 && bytes[i + 1] === 0x84 && bytes[i + 2] === 0xaa) return K | 0x300;
  return NONE;
}

/** The folded symbol of each cased one. */
const FOLD = Uint8Array.from({ length: 64 }, (_, x) => (x < 26 ? x : x - 26));

/** The grams of a file's bytes. */
export function gramsOf(bytes: Uint8Array): Grams {
  const bits = scratch;
  const cased = casedScratch;
  // The last two symbols as a pair number, and how many symbols the run has had (up to 2); the
  // same as written, with which of the last three were uppercase letters.
  let last = 0;
  let run = 0;
  let casedLast = 0;
  let casedRun = 0;
  let upper = 0;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    let c: number;
    if (byte < 0x80) {
      const x = CASED[byte]!;
      if (x === NONE) {
        run = casedRun = upper = 0;
        continue;
      }
      upper = ((upper << 1) | (x >= 26 && x < 52 ? 1 : 0)) & 7;
      if (casedRun === 2) {
        const n = (casedLast << 6) | x;
        if (upper !== 0) {
          const h = casedHash(n);
          cased[h >> 5]! |= 1 << (h & 31);
        }
        casedLast = n & 0xfff;
      } else {
        casedLast = casedRun === 0 ? x : (casedLast << 6) | x;
        casedRun++;
      }
      c = FOLD[x]!;
    } else {
      casedRun = upper = 0;
      c = symbolAt(bytes, i);
      if (c === NONE) {
        run = 0;
        continue;
      }
      i += (c >> 8) - 1;
      c &= 0xff;
    }
    if (run === 2) {
      const g = last * SYMBOLS + c;
      bits[g >> 5]! |= 1 << (g & 31);
      last = g % PAIRS;
    } else {
      last = run === 0 ? c : last * SYMBOLS + c;
      run++;
    }
  }
  const folded = setOf(bits);
  if ('bits' in folded) scratch = new Uint32Array(WORDS);
  const casedSet = setOf(cased);
  if ('bits' in casedSet) casedScratch = new Uint32Array(CASED_WORDS);
  return { folded, cased: casedSet };
}

/** The set in `bits` (which it keeps, when dense, else clears for the next file). */
function setOf(bits: Uint32Array): GramSet {
  let count = 0;
  for (let w = 0; w < bits.length; w++) count += popcount(bits[w]!);
  if (count * 2 >= bits.byteLength) return { bits };
  const sorted = new Uint16Array(count);
  let n = 0;
  for (let w = 0; w < bits.length; w++) {
    for (let word = bits[w]!; word !== 0; word &= word - 1) sorted[n++] = w * 32 + (31 - Math.clz32(word & -word));
  }
  bits.fill(0);
  return { sorted };
}

function popcount(word: number): number {
  word -= (word >>> 1) & 0x55555555;
  word = (word & 0x33333333) + ((word >>> 2) & 0x33333333);
  return (((word + (word >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Grams a text holds: folded, and (case-sensitive queries) cased. */
interface TextGrams {
  folded: number[];
  cased: number[];
}

/** Grams every match holds (`folded`, `cased`), and of each clause of several texts, the grams of one of them (`any`). */
export interface RequiredGrams extends TextGrams {
  any: TextGrams[][];
}

/** The grams of each run of three or more word characters in `text` (as written too, when `cased`). */
function textGrams(text: string, cased: boolean): TextGrams {
  const folded = new Set<number>();
  const casedGrams = new Set<number>();
  for (const [run] of text.matchAll(/[A-Za-z0-9_$]{3,}/g)) {
    const codes = [...run].map((ch) => ch.charCodeAt(0));
    for (let i = 2; i < codes.length; i++) {
      const [a, b, c] = [codes[i - 2]!, codes[i - 1]!, codes[i]!];
      folded.add((SYMBOL[a]! * SYMBOLS + SYMBOL[b]!) * SYMBOLS + SYMBOL[c]!);
      if (cased && isUpper(a) + isUpper(b) + isUpper(c) > 0)
        casedGrams.add(casedHash((CASED[a]! << 12) | (CASED[b]! << 6) | CASED[c]!));
    }
  }
  return { folded: ascending(folded), cased: ascending(casedGrams) };
}

/** Required grams are looked up in ascending order (inSet). */
const ascending = (grams: Set<number>) => [...grams].sort((a, b) => a - b);

/**
 * The grams every match of `searcher` holds: those of each run of word characters in the text of
 * each clause it satisfies (as written too, when the query tells case); for a clause of several
 * texts, one of theirs; undefined when there is none.
 */
export function requiredGrams(searcher: TextSearcher): RequiredGrams | undefined {
  const cased = searcher.literal?.caseSensitive ?? false;
  const folded = new Set<number>();
  const casedAll = new Set<number>();
  const any: TextGrams[][] = [];
  for (const clause of searcher.clauses ?? []) {
    const grams = clause.map((text) => textGrams(text, cased));
    // A text without grams may be what a file holds: the clause then rules nothing out.
    if (grams.some((g) => g.folded.length === 0)) continue;
    if (grams.length > 1) {
      any.push(grams);
      continue;
    }
    for (const g of grams[0]!.folded) folded.add(g);
    for (const g of grams[0]!.cased) casedAll.add(g);
  }
  if (folded.size === 0 && any.length === 0) return undefined;
  return { folded: ascending(folded), cased: ascending(casedAll), any };
}

/** Whether a file with these grams may match: it holds every one required, and those of a text of each clause. */
export function mayHold(grams: Grams, required: RequiredGrams): boolean {
  if (!inSet(grams.folded, required.folded) || !inSet(grams.cased, required.cased)) return false;
  return required.any.every((clause) =>
    clause.some((text) => inSet(grams.folded, text.folded) && inSet(grams.cased, text.cased)),
  );
}

/** Whether `set` holds every gram of `required` (ascending). */
function inSet(set: GramSet, required: readonly number[]): boolean {
  if ('bits' in set) {
    const bits = set.bits;
    for (const g of required) if ((bits[g >> 5]! & (1 << (g & 31))) === 0) return false;
    return true;
  }
  // Each gram is searched for past the one before: a gallop from there, then a binary search.
  const sorted = set.sorted;
  let from = 0;
  for (const g of required) {
    let step = 1;
    let hi = from;
    while (hi < sorted.length && sorted[hi]! < g) {
      from = hi + 1;
      hi += step;
      step <<= 1;
    }
    hi = Math.min(hi, sorted.length - 1);
    while (from <= hi) {
      const mid = (from + hi) >> 1;
      if (sorted[mid]! < g) from = mid + 1;
      else hi = mid - 1;
    }
    if (sorted[from] !== g) return false;
    from++;
  }
  return true;
}
