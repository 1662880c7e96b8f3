// How a search answer shows what it was given and what it found: the query (a short prefix of a
// long one) and a matching line (a long one cut around the match).
import { clip, formatCount } from '../ground/format';

/** A line longer than this is shown cut around its match. */
export const SHOWN_LINE_CHARS = 400;

/** The query as an answer's header shows it: at most a short prefix of a long one. */
export function shownQuery(query: string, isRegex: boolean): string {
  const short = clip(query, 200);
  return isRegex ? `/${short}/` : JSON.stringify(short);
}

/** One line's display: long lines are cut around the match. */
export function excerpt(text: string, column: number): string {
  const clean = text.endsWith('\r') ? text.slice(0, -1) : text;
  if (clean.length <= SHOWN_LINE_CHARS) return clean;
  const from = Math.max(0, Math.min(column - SHOWN_LINE_CHARS / 4, clean.length - SHOWN_LINE_CHARS));
  const body = clean.slice(from, from + SHOWN_LINE_CHARS);
  return `${from > 0 ? '…' : ''}${body}${from + SHOWN_LINE_CHARS < clean.length ? '…' : ''} [line of ${formatCount(clean.length)} characters]`;
}
