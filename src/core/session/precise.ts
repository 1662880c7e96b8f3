// Precise reads: a symbol, or a range of at most PRECISE_LINES lines (or a byte window of at most
// PRECISE_BYTES). The read budget never refuses or shrinks them; it steers broad reads instead.
// Each mode says whether a call of it is precise (CallDescriptor.precise); the modes that read
// ranges decide with isPreciseRange.
import { LIMITS } from '../ground/settings';

/** The longest range that counts as precise, and the page a broad read shrinks to at the hard limit. */
export const PRECISE_LINES = LIMITS.preciseLines;
/** The largest byte window that counts as precise. */
const PRECISE_BYTES = 8192;

const int = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/**
 * Whether a read of one target asks for a precise range (decided from the input alone): start and
 * end (or offset and limit) with their context lines, a head or tail, or a small byte window.
 * `pointIsRange`: a start line alone asks for that line (with its context), not for the rest of the file.
 */
export function isPreciseRange(input: Record<string, unknown>, pointIsRange = false): boolean {
  if (Array.isArray(input.target)) return false;
  const start = int(input.start_line) ?? int(input.offset);
  const end =
    int(input.end_line) ??
    (int(input.limit) !== undefined && start !== undefined ? start + int(input.limit)! - 1 : undefined);
  if (start !== undefined && end !== undefined)
    return end - start + 1 + 2 * (int(input.context_lines) ?? 0) <= PRECISE_LINES;
  if (pointIsRange && start !== undefined && end === undefined)
    return 1 + 2 * (int(input.context_lines) ?? 0) <= PRECISE_LINES;
  const edge = int(input.head) ?? int(input.tail);
  if (edge !== undefined) return edge <= PRECISE_LINES;
  const bytes = int(input.max_bytes);
  return input.start_byte !== undefined && bytes !== undefined && bytes <= PRECISE_BYTES;
}
