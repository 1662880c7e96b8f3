// The frame shared by paged answers (a file's hunks, a summary's files): the header's page range, the
// tokens kept free for header and notes, and the footer of bracketed notes and the next call.
import type { NextCall } from '../ground/contract';
import type { ReadEnv } from '../ground/env';
import { callText, formatCount, plural } from '../ground/format';
import { TOOL } from '../ground/tools';

/** Tokens kept free for the header and the footer of an answer. */
const FRAME_RESERVE_TOKENS = 220;

/** The tokens a page may not use: the frame, the longest header, and the notes known so far. */
export function frameReserve(env: ReadEnv, header: string, notes: readonly string[]): number {
  return FRAME_RESERVE_TOKENS + env.countTokens(header) + notes.reduce((sum, n) => sum + env.countTokens(n) + 2, 0);
}

/** "3 hunks" when the page shows all, else "hunks 4-6 of 9". */
export function pageRange(unit: 'hunk' | 'file', offset: number, shown: number, total: number): string {
  return offset === 0 && shown === total
    ? plural(total, unit)
    : `${unit}s ${formatCount(offset + 1)}-${formatCount(offset + shown)} of ${formatCount(total)}`;
}

export function didNotFit(env: ReadEnv, count: number, unit: 'hunk' | 'file'): string {
  return `${plural(count, `more ${unit}`)} did not fit this answer (${formatCount(env.tokenCap)} tokens).`;
}

export function footerLines(notes: readonly string[], next: NextCall | null): string[] {
  const footer = notes.map((n) => `[${n}]`);
  if (next) footer.push(`[Next: ${callText(TOOL.read, next)}]`);
  return footer;
}
