// Letter triples as a warm workspace search's candidate finder: a file whose grams
// (ground/fileGrams.ts) lack one that every match holds cannot match, and is counted without
// reading it. Grams are every three consecutive word characters (ASCII letters, digits, `_`, `$`)
// of the bytes, case folded; any other byte breaks the sequence. Where a match holds a literal's
// run of three or more word characters, the text holds its triples, whatever the case rule: the
// only characters beyond ASCII that fold to ASCII letters (ſ to s, K to k, in RE2 and Unicode
// regular expressions) are read as those letters here too.
import type { Grams } from '../ground/fileGrams';
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

let scratch = new Uint32Array(WORDS);

/** The symbol of the byte at `i` (at or above 0x80) and how many bytes it takes (ſ and K are two and three bytes of UTF-8), or NONE. */
function symbolAt(bytes: Uint8Array, i: number): number {
  const b = bytes[i]!;
  if (b === 0xc5 && bytes[i + 1] === 0xbf) return S | 0x200;
  if (b === 0xe2 && bytes[i + 1] === 0x84 && bytes[i + 2] === 0xaa) return K | 0x300;
  return NONE;
}

/** The grams of a file's bytes. */
export function gramsOf(bytes: Uint8Array): Grams {
  const bits = scratch;
  // The last two symbols as a pair number, and how many symbols the run has had (up to 2).
  let last = 0;
  let run = 0;
  for (let i = 0; i < bytes.length;) {
    const byte = bytes[i]!;
    let c = byte < 0x80 ? SYMBOL[byte]! : symbolAt(bytes, i);
    i += c > 0xff ? c >> 8 : 1;
    c &= 0xff;
    if (c === NONE) {
      run = 0;
      continue;
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
  let count = 0;
  for (let w = 0; w < WORDS; w++) count += popcount(bits[w]!);
  if (count * 2 >= bits.byteLength) {
    scratch = new Uint32Array(WORDS);
    return { bits };
  }
  const sorted = new Uint16Array(count);
  let n = 0;
  for (let w = 0; w < WORDS; w++) {
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

/**
 * The grams every match of `searcher` holds: those of each run of word characters in the text
 * each match holds; undefined when there is none.
 */
export function requiredGrams(searcher: TextSearcher): number[] | undefined {
  const out = new Set<number>();
  for (const literal of searcher.literals ?? []) {
    for (const [run] of literal.matchAll(/[A-Za-z0-9_$]{3,}/g)) {
      const symbols = [...run].map((ch) => SYMBOL[ch.charCodeAt(0)]!);
      for (let i = 2; i < symbols.length; i++)
        out.add((symbols[i - 2]! * SYMBOLS + symbols[i - 1]!) * SYMBOLS + symbols[i]!);
    }
  }
  return out.size > 0 ? [...out] : undefined;
}

/** Whether a file with these grams may match: it holds every one required. */
export function mayHold(grams: Grams, required: readonly number[]): boolean {
  if ('bits' in grams) return required.every((g) => (grams.bits[g >> 5]! & (1 << (g & 31))) !== 0);
  return required.every((g) => holds(grams.sorted, g));
}

function holds(sorted: Uint16Array, g: number): boolean {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = sorted[mid]!;
    if (v === g) return true;
    if (v < g) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}
