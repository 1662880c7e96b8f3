// Lines of a text by offset: the 1-based line and column of an offset, and a line's text trimmed
// and cut around a column when it is very long.

/** Longest line text a navigation answer shows; longer ones are cut around the use with a marker. */
const MAX_SHOWN_LINE_CHARS = 160;

export class TextLines {
  private readonly starts: number[] = [0];

  constructor(private readonly text: string) {
    for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) this.starts.push(at + 1);
  }

  /** 1-based line and column of an offset. */
  position(offset: number): { line: number; column: number } {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.starts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - this.starts[low]! + 1 };
  }

  /** The offset of a 1-based line and column (clamped to the text). */
  offset(line: number, column: number): number {
    const start = this.starts[Math.max(0, Math.min(line, this.starts.length) - 1)]!;
    return Math.min(this.text.length, start + Math.max(0, column - 1));
  }

  /** Line `line`'s text, trimmed (empty past the end). */
  lineText(line: number): string {
    const start = this.starts[line - 1] ?? this.text.length;
    const end = line < this.starts.length ? this.starts[line]! - 1 : this.text.length;
    return this.text.slice(start, end).trim();
  }

  /** Line `line`'s text, trimmed, cut around `column` (1-based) with `…` when longer than the shown maximum. */
  shown(line: number, column: number): string {
    const start = this.starts[line - 1] ?? this.text.length;
    const end = line < this.starts.length ? this.starts[line]! - 1 : this.text.length;
    return cutAround(this.text.slice(start, end).replace(/\r$/, ''), column - 1);
  }
}

function cutAround(raw: string, at: number): string {
  const lead = raw.length - raw.trimStart().length;
  const line = raw.trim();
  if (line.length <= MAX_SHOWN_LINE_CHARS) return line;
  const center = Math.max(0, at - lead);
  const from = Math.max(0, Math.min(line.length - MAX_SHOWN_LINE_CHARS, center - MAX_SHOWN_LINE_CHARS / 2));
  const to = from + MAX_SHOWN_LINE_CHARS;
  return `${from > 0 ? '…' : ''}${line.slice(from, to)}${to < line.length ? '…' : ''}`;
}
