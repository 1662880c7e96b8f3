// The lines a symbol answer shows, numbered as the settings ask, long lines cut for display.
import type { LineNumbers } from '../ground/settings';
import { cutLongLines, renderNumbered, type ShapedLine } from '../read/shape';
import { lineText, type SourceText } from './sourceText';

export function numbered(
  source: SourceText,
  first: number,
  last: number,
  numbering: LineNumbers,
): { body: string; content: string; cut: number } {
  const content = lineText(source, first, last);
  const raw = content.split('\n');
  if (raw[raw.length - 1] === '') raw.pop();
  const lines: ShapedLine[] = raw.map((r) => ({
    raw: r,
    shown: r.endsWith('\r') ? r.slice(0, -1) : r,
    byteLength: 0,
    cut: false,
  }));
  const cut = cutLongLines(lines);
  return { body: renderNumbered(lines, first, numbering), content, cut };
}

type Numbered = ReturnType<typeof numbered>;

/** The lines a symbol answer shows: the body, or (head-only) its signature and doc with its members. */
export interface SymbolShown {
  first: number;
  last: number;
  rendered: Numbered;
  members: string[];
  /** The body did not fit: the head is shown instead. */
  degraded: boolean;
}
