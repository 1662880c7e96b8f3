// What one call adds to its session's counters (see Metrics for what each counter means).
import type { ToolResponse } from '../ground/contract';
import type { Served } from './dedup';
import { wholeFileTokens, type Metrics } from './metrics';
import { rangeOf, type FileOf } from './parts';
import { searchResultFiles } from './relevance';
import type { Session } from './session';

export interface ServedRead {
  file: FileOf | null;
  /** The earlier answer this one points to, when it was de-duplicated. */
  pointedTo: Served | undefined;
  /** Tokens and token/byte ratio of the answer as the tool gave it. */
  rawTokens: number;
  ratio: number;
  ephemeral: boolean;
}

export function countRead(m: Metrics, searchedFiles: ReadonlySet<string>, part: ToolResponse, read: ServedRead): void {
  const { file, pointedTo } = read;
  m.reads++;
  if (file && searchedFiles.has(file.display)) m.readsAfterSearch++;
  const totalBytes = part.meta.total_bytes;
  if (pointedTo) {
    m.deduplicated++;
    if (typeof totalBytes === 'number') m.tokensSaved += Math.max(0, wholeFileTokens(totalBytes, pointedTo.tokensPerByte) - part.meta.token_estimate);
    return;
  }
  const range = part.mode === 'diff_preview' ? null : rangeOf(part);
  const span = range ? range.end - range.start + 1 : 0;
  if (!read.ephemeral) {
    m.lines += span;
    m.chars += part.text.length;
    if (span > 0) m.spanReads++;
    m.maxSpan = Math.max(m.maxSpan, span);
  }
  if (part.meta.preview_degraded) m.degraded++;
  if (typeof totalBytes === 'number' && part.mode !== 'diff_preview') m.tokensSaved += Math.max(0, wholeFileTokens(totalBytes, read.ratio) - read.rawTokens);
}

/** A search answered: counted, and its result files kept as the relevance baseline. */
export function countSearch(session: Session, response: ToolResponse, seq: number, input: Record<string, unknown> | undefined): void {
  session.metrics.searches++;
  const files = searchResultFiles(response);
  if (files) session.recordSearch({ seq, query: typeof input?.query === 'string' ? input.query : '', files });
}
