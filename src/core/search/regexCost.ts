// How long a regular expression takes per character, measured, so that a scan predicted to be
// slow runs off the host's thread (Host.regex) instead of blocking it (a workspace search's scan
// spends a budget line by line: only the lines RE2 tests count). RE2 is linear in the text,
// but the constant depends on the pattern: `foo.*bar` ~0.3 µs per character, `(.*a){50}` ~12 µs.
import type { LineMatcher, TextSearcher } from './matcher';

/** A scan predicted to take longer than this runs on Host.regex when the host has it. */
export const INLINE_REGEX_MS = 15;

const SAMPLE = 'The quick brown fox jumps over a lazy dog; const value = items[42] ?? "fallback" (ok). '.repeat(12);

/** Timed runs over the sample; each costs ~20–400 µs. */
const SAMPLE_RUNS = 3;

const now = (): number => (typeof performance !== 'undefined' ? performance.now() : Date.now());

/**
 * Whether RE2 may go on over `chars` more characters (of `text`, when it is long: it is probed
 * first); false once the budget is spent (predicted or timed).
 */
export type RegexBudget = (chars: number, text?: string) => boolean;

/**
 * A text longer than this is probed before RE2 goes over it in one call, which cannot be stopped
 * midway: a few windows of it (at most 5% of it) are timed, since RE2's cost on the sample says
 * little of its cost on some texts ((.*a){50} on a line full of `a`).
 */
const PROBED_OVER = 16_384;
const PROBE_CHARS = 256;

export class RegexCost {
  private msPerChar: number;

  /** `texts`: literal text the pattern's matches hold, put in the sample (once) so that RE2 cannot rule it out at once. */
  constructor(
    private readonly matcher: LineMatcher,
    texts: readonly string[] = [],
  ) {
    const half = SAMPLE.length >> 1;
    const sample = texts.length > 0 ? `${SAMPLE.slice(0, half)} ${texts.join(' ')} ${SAMPLE.slice(half)}` : SAMPLE;
    // Timed once warm (the first run compiles RE2's program and the JIT's code), the fastest of a few
    // runs: one run that a collection or the scheduler interrupts can read 100 times too slow.
    matcher.firstMatch(sample);
    let fastest = Infinity;
    for (let run = 0; run < SAMPLE_RUNS; run++) {
      const started = now();
      matcher.firstMatch(sample);
      fastest = Math.min(fastest, now() - started);
    }
    this.msPerChar = Math.max(0, fastest) / sample.length;
  }

  /** A workspace search's regular expression's cost: its literal texts go in the sample. */
  static of(searcher: TextSearcher): RegexCost {
    return new RegexCost(
      searcher.line,
      searcher.clauses?.map((clause) => clause[0]!),
    );
  }

  /** Milliseconds a scan of `chars` characters (of `text`, probed when long) is expected to take. */
  predictMs(chars: number, text?: string): number {
    if (text && text.length > PROBED_OVER) this.probe(text);
    return chars * this.msPerChar;
  }

  /** Times RE2 on a window at the start, the middle and the end of a long text: a slower text raises the estimate. */
  private probe(text: string): void {
    for (const at of [0, (text.length - PROBE_CHARS) >> 1, text.length - PROBE_CHARS]) {
      // A window does not start or end inside a surrogate pair (RE2 would read half a character).
      const start = isLowSurrogate(text.charCodeAt(at)) ? at + 1 : at;
      const end = isLowSurrogate(text.charCodeAt(start + PROBE_CHARS)) ? start + PROBE_CHARS + 1 : start + PROBE_CHARS;
      const window = text.slice(start, end);
      this.time(window.length, () => this.matcher.firstMatch(window));
    }
  }

  /** Runs `work` over `chars` characters inline, learning from how long it took (a slower text raises the estimate). */
  time<T>(chars: number, work: () => T): T {
    const started = now();
    const result = work();
    const ms = now() - started;
    if (chars >= 256 && ms / chars > this.msPerChar) this.msPerChar = ms / chars;
    return result;
  }

  /**
   * A budget of `ms` for one scan: RE2 may run over characters while their predicted time, and
   * the time since the budget began, stay within it.
   */
  budget(ms: number): RegexBudget {
    const started = now();
    let predicted = 0;
    return (chars, text) => {
      predicted += this.predictMs(chars, text);
      return predicted <= ms && now() - started <= ms;
    };
  }
}

const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;
