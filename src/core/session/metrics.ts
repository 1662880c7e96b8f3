// A session's counters, its metrics snapshot and its budget state. Pure arithmetic on the calls
// the session saw: the same calls give the same numbers.
import type { BudgetLimits, BudgetState, MetricsSnapshot } from '../ground/stabilization';

/** A budget's soft limits (the configured values) and hard limits (hardLimitMultiplier times them). */
export interface Limits {
  softReads: number;
  softLines: number;
  hardReads: number;
  hardLines: number;
}

export function limitsOf(limits: BudgetLimits): Limits {
  const hard = (value: number) => Math.max(value, Math.ceil(value * limits.hardLimitMultiplier));
  return {
    softReads: limits.maxReadsPerSession,
    softLines: limits.maxTotalReadLines,
    hardReads: hard(limits.maxReadsPerSession),
    hardLines: hard(limits.maxTotalReadLines),
  };
}

/** ok below the configured values; soft from them on; hard from the hard limits on (further reads are refused). */
export function budgetState(metrics: Pick<MetricsSnapshot, 'reads_count' | 'reads_lines_total'>, limits: BudgetLimits): BudgetState {
  const l = limitsOf(limits);
  if (metrics.reads_count >= l.hardReads || metrics.reads_lines_total >= l.hardLines) return 'hard';
  if (metrics.reads_count >= l.softReads || metrics.reads_lines_total >= l.softLines) return 'soft';
  return 'ok';
}

/**
 * What the counters mean:
 * - reads: every answered read (lectern_read in any mode and the legacy reads; each target of a
 *   list read), de-duplicated and ephemeral ones included. Refused and failed reads are not reads.
 * - lines / chars: file lines and answer characters kept in the context: not those of pointers
 *   (de-duplicated reads serve no lines) nor of ephemeral reads (their content is not kept).
 * - spanReads: the reads those lines came from (avg_read_span = lines / spanReads).
 * - readsAfterSearch: reads of a file an earlier search of the session listed.
 * - tokensServed: tokens of every answer of the session, any tool, errors included.
 * - tokensSaved: per read, what a plain whole-file read would have cost minus what was served.
 */
export class Metrics {
  reads = 0;
  lines = 0;
  chars = 0;
  searches = 0;
  readsAfterSearch = 0;
  spanReads = 0;
  maxSpan = 0;
  degraded = 0;
  deduplicated = 0;
  tokensServed = 0;
  tokensSaved = 0;

  snapshot(): MetricsSnapshot {
    return {
      reads_count: this.reads,
      reads_lines_total: this.lines,
      reads_chars_total: this.chars,
      search_count: this.searches,
      read_after_search_ratio: this.reads === 0 ? 0 : this.readsAfterSearch / this.reads,
      avg_read_span: this.spanReads === 0 ? 0 : this.lines / this.spanReads,
      max_read_span: this.maxSpan,
      preview_degraded_count: this.degraded,
      deduplicated_reads: this.deduplicated,
      tokens_served: this.tokensServed,
      tokens_saved: this.tokensSaved,
    };
  }

  /** Counters back from a saved snapshot (the two derived counts from their ratios). */
  static from(snapshot: MetricsSnapshot): Metrics {
    const m = new Metrics();
    const n = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : 0);
    m.reads = Math.round(n(snapshot.reads_count));
    m.lines = Math.round(n(snapshot.reads_lines_total));
    m.chars = Math.round(n(snapshot.reads_chars_total));
    m.searches = Math.round(n(snapshot.search_count));
    m.readsAfterSearch = Math.min(m.reads, Math.round(n(snapshot.read_after_search_ratio) * m.reads));
    m.spanReads = n(snapshot.avg_read_span) > 0 ? Math.round(m.lines / n(snapshot.avg_read_span)) : 0;
    m.maxSpan = Math.round(n(snapshot.max_read_span));
    m.degraded = Math.round(n(snapshot.preview_degraded_count));
    m.deduplicated = Math.round(n(snapshot.deduplicated_reads));
    m.tokensServed = Math.round(n(snapshot.tokens_served));
    m.tokensSaved = Math.round(n(snapshot.tokens_saved));
    return m;
  }
}

/** Tokens per byte of code when an answer is too small to measure (about 3.5 bytes a token). */
export const DEFAULT_TOKENS_PER_BYTE = 0.28;

/**
 * Token cost of a plain whole-file read, estimated from the file's size: its bytes times the
 * token/byte ratio of the text actually served from it (line numbers and header included, as a
 * plain read tool shows them too). Answers under 256 bytes say little about the file, so they use
 * a typical ratio for code instead.
 */
export function tokensPerByte(tokens: number, bytes: number): number {
  return bytes >= 256 && tokens > 0 ? tokens / bytes : DEFAULT_TOKENS_PER_BYTE;
}

export function wholeFileTokens(totalBytes: number, ratio: number): number {
  return Math.ceil(totalBytes * ratio);
}
