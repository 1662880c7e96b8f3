// A session's counters: what each means, what one read adds to them, their snapshot, and the
// estimate of the tokens a read saved against a plain whole-file read. Pure arithmetic on the calls
// the session saw: the same calls give the same numbers.
import type { ToolResponse } from '../ground/contract';
import type { MetricsSnapshot } from '../ground/stabilization';
import { type FileOf, rangeOf } from './answerParts';
import type { Served } from './servedIndex';

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
const DEFAULT_TOKENS_PER_BYTE = 0.28;

/**
 * Token cost of a plain whole-file read, estimated from the file's size: its bytes times the
 * token/byte ratio of the text actually served from it (line numbers and header included, as a
 * plain read tool shows them too). Answers under 256 bytes say little about the file, so they use
 * a typical ratio for code instead.
 */
export function tokensPerByte(tokens: number, bytes: number): number {
  return bytes >= 256 && tokens > 0 ? tokens / bytes : DEFAULT_TOKENS_PER_BYTE;
}

function wholeFileTokens(totalBytes: number, ratio: number): number {
  return Math.ceil(totalBytes * ratio);
}

export interface ServedRead {
  file: FileOf | null;
  /** The earlier answer this one points to, when it was de-duplicated. */
  pointedTo: Served | undefined;
  /** Tokens and token/byte ratio of the answer as the tool gave it. */
  rawTokens: number;
  ratio: number;
  ephemeral: boolean;
  /** Characters of the answer's text as the tool gave it (its notes included). */
  chars: number;
  /** The answer is the file's text (not, say, its diff): its lines count as read. */
  fileText: boolean;
}

export function countRead(m: Metrics, searchedFiles: ReadonlySet<string>, part: ToolResponse, read: ServedRead): void {
  const { file, pointedTo } = read;
  m.reads++;
  if (file && searchedFiles.has(file.display)) m.readsAfterSearch++;
  const totalBytes = part.meta.total_bytes;
  if (pointedTo) {
    m.deduplicated++;
    if (typeof totalBytes === 'number')
      m.tokensSaved += Math.max(0, wholeFileTokens(totalBytes, pointedTo.tokensPerByte) - part.meta.token_estimate);
    return;
  }
  const range = read.fileText ? rangeOf(part) : null;
  const span = range ? range.end - range.start + 1 : 0;
  if (!read.ephemeral) {
    m.lines += span;
    m.chars += read.chars;
    if (span > 0) m.spanReads++;
    m.maxSpan = Math.max(m.maxSpan, span);
  }
  if (part.meta.preview_degraded) m.degraded++;
  if (typeof totalBytes === 'number' && read.fileText)
    m.tokensSaved += Math.max(0, wholeFileTokens(totalBytes, read.ratio) - read.rawTokens);
}
