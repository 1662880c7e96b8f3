// How long a regular expression takes per character, measured, so that a scan predicted to be
// slow runs off the host's thread (Host.regex) instead of blocking it (a workspace search's scan
// spends a budget line by line: only the lines RE2 tests count). RE2 is linear in the text,
// but the constant depends on the pattern: `foo.*bar` ~0.3 µs per character, `(.*a){50}` ~12 µs.
import type { LineMatcher } from './matcher';

/** A scan predicted to take longer than this runs on Host.regex when the host has it. */
export const INLINE_REGEX_MS = 15;

const SAMPLE = 'The quick brown fox jumps over a lazy dog; const value = items[42] ?? "fallback" (ok). '.repeat(12);

const now = (): number => (typeof performance !== 'undefined' ? performance.now() : Date.now());

/** Whether RE2 may go on over `chars` more characters; false once the budget is spent (predicted or timed). */
export type RegexBudget = (chars: number) => boolean;

export class RegexCost {
  private msPerChar: number;

  /** `texts`: literal text the pattern's matches hold, put in the sample (once) so that RE2 cannot rule it out at once. */
  constructor(matcher: LineMatcher, texts: readonly string[] = []) {
    const half = SAMPLE.length >> 1;
    const sample = texts.length > 0 ? `${SAMPLE.slice(0, half)} ${texts.join(' ')} ${SAMPLE.slice(half)}` : SAMPLE;
    // Timed once warm: the first run compiles RE2's program and the JIT's code.
    matcher.firstMatch(sample);
    const started = now();
    matcher.firstMatch(sample);
    this.msPerChar = Math.max(0, now() - started) / sample.length;
  }

  /** Milliseconds a scan of `chars` characters is expected to take. */
  predictMs(chars: number): number {
    return chars * this.msPerChar;
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
    return (chars) => {
      predicted += chars * this.msPerChar;
      return predicted <= ms && now() - started <= ms;
    };
  }
}
