// An o200k token estimate without the tokenizer's 3 MB table: o200k first splits text into
// pre-tokens with one regular expression, and almost every pre-token of ordinary text is one token;
// a long one (an identifier run together, a hash) costs about one more per 10 characters. The
// pre-tokens are found here by one pass over the characters (ASCII by a table, the rest by Unicode
// class), which follows the expression's alternatives in order; it costs a few nanoseconds a
// character; texts over 2,048 characters are estimated from 20 evenly spaced slices of about 96 (to
// a line break where one is near), so an estimate reads at most about 3,200 characters whatever the
// length. test/unit/ground/tokenEstimate.test.ts checks it against the exact count on real text and on
// answers of every mode (within 25%); base64 is estimated low, at about half.

/** A character's class as o200k's pre-tokenizer sees it. */
const enum K {
  /** \p{Ll} */
  Lower,
  /** \p{Lu}, \p{Lt} */
  Upper,
  /** \p{Lm}, \p{Lo}, \p{M}: both cases in the expression. */
  Letter,
  /** \p{N} */
  Digit,
  /** \r, \n */
  Newline,
  /** Other \s */
  Space,
  /** Anything else (punctuation, symbols). */
  Other,
}

const ASCII = new Uint8Array(128);
for (let code = 0; code < 128; code++) {
  const ch = String.fromCharCode(code);
  ASCII[code] =
    ch >= 'a' && ch <= 'z'
      ? K.Lower
      : ch >= 'A' && ch <= 'Z'
        ? K.Upper
        : ch >= '0' && ch <= '9'
          ? K.Digit
          : ch === '\r' || ch === '\n'
            ? K.Newline
            : /\s/.test(ch)
              ? K.Space
              : K.Other;
}

const UPPER = /[\p{Lu}\p{Lt}]/u;
const LOWER = /\p{Ll}/u;
const LETTER = /[\p{Lm}\p{Lo}\p{M}]/u;
const DIGIT = /\p{N}/u;
const SPACE = /\s/u;

function unicodeKind(ch: string): K {
  if (LOWER.test(ch)) return K.Lower;
  if (UPPER.test(ch)) return K.Upper;
  if (LETTER.test(ch)) return K.Letter;
  if (DIGIT.test(ch)) return K.Digit;
  return SPACE.test(ch) ? K.Space : K.Other;
}

/** Set when a character beyond ASCII was classified: the pre-token holding it costs more (wideCost). */
let wideSeen = false;

/** The class of a character beyond ASCII; both halves of a surrogate pair have the pair's class. */
function wideKind(text: string, i: number): K {
  wideSeen = true;
  const code = text.charCodeAt(i);
  if (code >= 0xd800 && code <= 0xdbff) return unicodeKind(text.slice(i, i + 2));
  if (code >= 0xdc00 && code <= 0xdfff && i > 0) return unicodeKind(text.slice(i - 1, i + 1));
  return unicodeKind(text[i]!);
}

/** The class of text[i]; -1 past the end. */
function kindAt(text: string, i: number): number {
  if (i >= text.length) return -1;
  const code = text.charCodeAt(i);
  return code < 128 ? ASCII[code]! : wideKind(text, i);
}

const isLetter = (k: number) => k === K.Lower || k === K.Upper || k === K.Letter;

/** After a word: `'s`, `'t`, `'re`, `'ve`, `'m`, `'ll`, `'d` (any case) belong to it. */
function contraction(text: string, i: number): number {
  if (text.charCodeAt(i) !== 39) return 0;
  const a = text.charCodeAt(i + 1) | 0x20;
  if (a === 115 || a === 116 || a === 109 || a === 100) return 2; // s t m d
  const b = text.charCodeAt(i + 2) | 0x20;
  if ((a === 114 && b === 101) || (a === 118 && b === 101) || (a === 108 && b === 108)) return 3; // re ve ll
  return 0;
}

/** Where the word (a letter run, split where the expression splits cases) starting at `i` ends. */
function wordEnd(text: string, i: number): number {
  let j = i;
  let k = kindAt(text, j);
  while (k === K.Upper || k === K.Letter) k = kindAt(text, ++j);
  while (k === K.Lower || k === K.Letter) k = kindAt(text, ++j);
  return j + contraction(text, j);
}

/** Where the pre-token starting at `i` (of class `here`) ends: the expression's alternatives, in its order. */
function preTokenEnd(text: string, i: number, here: number): number {
  if (isLetter(here)) return wordEnd(text, i);
  if (here === K.Digit) {
    let j = i + 1;
    while (j - i < 3 && kindAt(text, j) === K.Digit) j++;
    return j;
  }
  const next = kindAt(text, i + 1);
  // One character that is not a letter, digit or line break, then a word.
  if (here !== K.Newline && isLetter(next)) return wordEnd(text, i + 1);
  if (here === K.Other || (next === K.Other && text.charCodeAt(i) === 32)) {
    let j = i + 1;
    while (kindAt(text, j) === K.Other) j++;
    for (let c = text.charCodeAt(j); c === 10 || c === 13 || c === 47; c = text.charCodeAt(++j));
    return j;
  }
  // White space: up to its last line break if it has one; else all of it but the last character
  // when something follows (that character starts the next pre-token); a lone one alone.
  let end = i;
  let lastBreak = -1;
  for (let k = here; k === K.Space || k === K.Newline; k = kindAt(text, ++end)) if (k === K.Newline) lastBreak = end;
  if (lastBreak >= 0) return lastBreak + 1;
  if (end === text.length || end - i === 1) return end;
  return end - 1;
}

/** A pre-token costs one token, and one more for every this many characters after its first. */
const CHARS_PER_EXTRA_TOKEN = 10;

/**
 * Beyond ASCII, o200k has fewer whole words: a character of a CJK script (from U+2E80) costs about
 * this much more, a Cyrillic one (whose words o200k mostly has) CYRILLIC_EXTRA, any other (accented
 * Latin, Greek…) WIDE_EXTRA.
 */
const CJK_EXTRA = 0.45;
const CYRILLIC_EXTRA = 0.05;
const WIDE_EXTRA = 0.3;

/** What the characters beyond ASCII of text[from, to) add to its pre-token's cost. */
function wideCost(text: string, from: number, to: number): number {
  let extra = 0;
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xdc00 && code <= 0xdfff) continue; // the low half of a pair counted with its high half
    if (code >= 0x2e80) extra += CJK_EXTRA;
    else if (code >= 0x400 && code <= 0x4ff) extra += CYRILLIC_EXTRA;
    else if (code >= 0x80) extra += WIDE_EXTRA;
  }
  return extra;
}

/** Pre-token cost of text[from, to). */
function scan(text: string, from: number, to: number): number {
  let tokens = 0;
  let extra = 0;
  wideSeen = false;
  for (let i = from; i < to;) {
    const end = Math.min(to, preTokenEnd(text, i, kindAt(text, i)));
    tokens += 1 + Math.floor((end - i - 1) / CHARS_PER_EXTRA_TOKEN);
    if (wideSeen) {
      extra += wideCost(text, i, end);
      wideSeen = false;
    }
    i = end;
  }
  return tokens + Math.round(extra);
}

/**
 * Texts up to this long are estimated whole; longer ones from SAMPLES slices of SAMPLE_CHARS. The
 * slices read about 2,050 characters whatever the length (snapped to line breaks), so a text up to
 * this long costs no more read whole, and its estimate is the scan's own rather than a sample's.
 */
const WHOLE_CHARS = 2048;
// 6 slices left one random piece of real text in a thousand outside 25% (a README's HTML, emoji and
// links in one slice). 12 kept 20,000 random pieces within 0.76–1.19, but not the pieces a property
// test draws most (near a file's end): the last 20-42 KB of fast-check's README, a table of
// contributors, went down to 0.73, its slices' line starts all markup. 20 keep those at 0.78 or more
// (the text scanned whole: 0.83), for about 8 µs more an estimate.
const SAMPLES = 20;
const SAMPLE_CHARS = 96;
/** A sample starts after the line break before it, and ends at the one after it, when that is this near. */
const SNAP = 32;

/** The o200k tokens of `text`, estimated (see above); 0 for empty text, at least 1 otherwise. */
export function estimateO200k(text: string): number {
  if (text.length <= WHOLE_CHARS) return scan(text, 0, text.length);
  let sampled = 0;
  let sampledChars = 0;
  const stride = Math.floor((text.length - SAMPLE_CHARS) / (SAMPLES - 1));
  for (let i = 0; i < SAMPLES; i++) {
    let start = i * stride;
    // Start and end each sample at a line break where one is near, so no pre-token is split.
    const lineStart = text.lastIndexOf('\n', start);
    if (lineStart >= 0 && start - lineStart < SNAP) start = lineStart + 1;
    let end = Math.min(text.length, start + SAMPLE_CHARS);
    const lineEnd = text.indexOf('\n', end);
    if (lineEnd >= 0 && lineEnd - end < SNAP) end = lineEnd + 1;
    sampled += scan(text, start, end);
    sampledChars += end - start;
  }
  return Math.max(1, Math.round((sampled * text.length) / sampledChars));
}

/** Figures a tool guessed from bytes, far below its cap (a read's small body): replaced by the estimate whatever the cap. */
const guessed = new WeakSet<object>();

/** Marks `meta`'s token figure a guess (see answerTokens). */
export function guessedFigure(meta: object): void {
  guessed.add(meta);
}

/**
 * The token figure an answer reports (meta.token_estimate): the estimate of its text where that is at
 * most half the call's cap, so far from it that an estimate 25% off decides nothing, or where the tool
 * only guessed; else what the tool counted with the host's counter against the cap. A function of the
 * text and the cap alone where it estimates, so every host reports the same figure for the same answer.
 * `counted`: the count, where it is made only when needed (default: the figure the tool counted).
 */
export function answerTokens(
  text: string,
  meta: { token_estimate: number },
  cap: number,
  counted: () => number = () => meta.token_estimate,
): number {
  const estimate = estimateO200k(text);
  return isEstimated(estimate, cap) || guessed.has(meta) ? estimate : counted();
}

/** Whether an answer whose text is estimated at `estimate` tokens reports that estimate (answerTokens). */
export function isEstimated(estimate: number, cap: number): boolean {
  return estimate <= cap / 2;
}

/**
 * The figure for an answer whose tool counted nothing: where the session will report the estimate
 * anyway (answerTokens), the estimate, with no exact count made for nothing. The margin (a quarter of
 * the cap, not half) leaves room for what the session adds before it settles the figure (a footer).
 */
export function uncountedFigure(text: string, cap: number, count: (text: string) => number): number {
  const estimate = estimateO200k(text);
  return isEstimated(2 * estimate, cap) ? estimate : count(text);
}
