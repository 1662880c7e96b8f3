// Precise reads: a symbol, or a range of at most PRECISE_LINES lines (or a byte window of at most
// PRECISE_BYTES). The read budget never refuses or shrinks them; it steers broad reads instead.
import { LIMITS } from '../ground/settings';

/** The longest range that counts as precise, and the page a broad read shrinks to at the hard limit. */
export const PRECISE_LINES = LIMITS.preciseLines;
/** The largest byte window that counts as precise. */
export const PRECISE_BYTES = 8192;

const int = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** Whether a lectern_read input asks for something precise (decided from the input alone). */
export function isPreciseRead(input: Record<string, unknown>): boolean {
  const mode = input.mode ?? 'file';
  if (mode === 'symbol') return true;
  if (mode !== 'file' && mode !== 'snippet') return false;
  if (Array.isArray(input.target) || input.outline === true) return false;
  const start = int(input.start_line) ?? int(input.offset);
  const end =
    int(input.end_line) ??
    (int(input.limit) !== undefined && start !== undefined ? start + int(input.limit)! - 1 : undefined);
  if (start !== undefined && end !== undefined)
    return end - start + 1 + 2 * (int(input.context_lines) ?? 0) <= PRECISE_LINES;
  if (mode === 'snippet' && start !== undefined && end === undefined)
    return 1 + 2 * (int(input.context_lines) ?? 0) <= PRECISE_LINES;
  const edge = int(input.head) ?? int(input.tail);
  if (edge !== undefined) return edge <= PRECISE_LINES;
  const bytes = int(input.max_bytes);
  return input.start_byte !== undefined && bytes !== undefined && bytes <= PRECISE_BYTES;
}
