// Token estimates with gpt-tokenizer (o200k_base). Its table costs ~350 ms to load, so it loads on
// first use (or on a thread of its own: src/node/tokenizerThread.ts), never at activation.
import { utf8Length } from '../text/encoding';

export type TokenCounter = (text: string) => number;

let loading: Promise<TokenCounter> | undefined;

// Special-token text such as "<|endoftext|>" occurs in real source; count it as plain text.
const PLAIN = { disallowedSpecial: new Set<string>(), allowedSpecial: new Set<string>() };

/**
 * BPE is quadratic in the length of one pre-token, so a long unbroken run (base64, 'aaaa…')
 * counted whole takes seconds to minutes: count in pieces of bounded length instead. The sum
 * differs from a whole-text count by about 0.1%.
 */
const PIECE_CHARS = 2000;

/** Where the piece starting at `at` ends. */
function pieceEnd(text: string, at: number): number {
  const end = Math.min(text.length, at + PIECE_CHARS);
  const code = text.charCodeAt(end - 1);
  return code >= 0xd800 && code <= 0xdbff && end < text.length ? end + 1 : end; // keep a surrogate pair whole
}

function* pieces(text: string): Generator<string> {
  for (let at = 0; at < text.length;) {
    const end = pieceEnd(text, at);
    yield text.slice(at, end);
    at = end;
  }
}

/**
 * `text` in runs of whole pieces, each of at most `maxChars` (at least a piece's length): a counter made here
 * counts `text` as the sum of its counts of the runs (a thread counting for a host is sent runs).
 */
export function* pieceRuns(text: string, maxChars: number): Generator<string> {
  let start = 0;
  for (let at = 0; at < text.length;) {
    const end = pieceEnd(text, at);
    if (end - start > Math.max(maxChars, PIECE_CHARS + 1)) {
      yield text.slice(start, at);
      start = at;
    }
    at = end;
  }
  if (start < text.length) yield text.slice(start);
}

function inPieces(count: (piece: string) => number): TokenCounter {
  return (text) => {
    if (text.length <= PIECE_CHARS) return text.length === 0 ? 0 : count(text);
    let sum = 0;
    for (const piece of pieces(text)) sum += count(piece);
    return sum;
  };
}

/**
 * A counter's count of `text`, piece by piece as the counters made here count it (so the same
 * number), with `pace` awaited between pieces: a long text does not hold the host in one slice.
 */
export async function countPaced(count: TokenCounter, text: string, pace: () => Promise<void>): Promise<number> {
  if (text.length <= PIECE_CHARS) return count(text);
  let sum = 0;
  for (const piece of pieces(text)) {
    sum += count(piece);
    await pace();
  }
  return sum;
}

/** The part of gpt-tokenizer's o200k module used here. */
export type Tokenizer = Pick<typeof import('gpt-tokenizer/encoding/o200k_base'), 'countTokens'>;

let source: () => Promise<Tokenizer> = () => import('gpt-tokenizer/encoding/o200k_base');

/**
 * Where the table comes from, for a host that cannot import a module at run time (the web worker,
 * whose `require` serves only `vscode`, reads it with workspace.fs). Set before the first count.
 */
export function setTokenizerSource(load: () => Promise<Tokenizer>): void {
  source = load;
  loading = undefined;
}

export function loadTokenCounter(): Promise<TokenCounter> {
  loading ??= source().then(counterOf);
  return loading;
}

function counterOf(tokenizer: Tokenizer): TokenCounter {
  return inPieces((text) => tokenizer.countTokens(text, PLAIN));
}

/**
 * A counter that loads the table at its first count, for a host that can load it at once (Node
 * requires it). Most answers are far under every cap and never count exactly (tokenEstimate.ts), so a
 * one-shot call that reads small files never pays the table's load. (Resident Node hosts load it on a
 * thread of their own instead: src/node/tokenizerThread.ts.)
 */
export function countingOnFirstUse(load: () => Tokenizer): TokenCounter {
  let count: TokenCounter | undefined;
  return (text) => (count ??= counterOf(load()))(text);
}

/** The host's counter, or the default one. */
export function hostTokenCounter(host: { tokenCounter?(): Promise<TokenCounter> }): Promise<TokenCounter> {
  return host.tokenCounter ? host.tokenCounter() : loadTokenCounter();
}

/**
 * Whether `texts` surely fit `cap` tokens, uncounted: o200k never makes more tokens than UTF-8 bytes,
 * so where their bytes (`each` more per text, `reserve` besides) fit the cap, their tokens fit it too,
 * and exact counts would decide alike. Reads `texts` only until it is over (they may be made lazily).
 */
export function fitsInBytes(texts: Iterable<string>, cap: number, reserve = 0, each = 0): boolean {
  let bytes = reserve;
  for (const text of texts) if ((bytes += utf8Length(text) + each) > cap) return false;
  return bytes <= cap;
}
