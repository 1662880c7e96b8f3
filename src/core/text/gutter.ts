// Line numbers as the model sees them, for every answer that shows a file's lines (reads, symbol
// bodies, snippets, search blocks). Sparse (the default): a line carries `N<tab>` when it opens or
// closes a block of consecutive lines, when N is a multiple of 10, when it is a search match, or when
// its own text could pass for a numbered line or a block separator; every other line is the file's
// text as is, and its number is the numbered line's above plus the lines between. "every": each line
// carries its number (the gutter before sparse numbering).

/** How answers number a file's lines (the setting `lectern.lineNumbers`): sparse, or every line. */
export type LineNumbers = 'sparse' | 'every';

export interface GutterLine {
  number: number;
  text: string;
  /** Search blocks, as grep -n prints them: ':' a matching line (always numbered), '-' context. */
  mark?: ':' | '-';
}

/** Text that a reader could take for a gutter (`12\t`, `12:\t`, `12-\t`) or for a separator (`--`). */
const LOOKS_NUMBERED = /^(?:\d+[:-]?\t|--$)/;

/** Whether a line carries its number: the one rule of sparse numbering. */
export function carriesNumber(
  line: GutterLine,
  opensBlock: boolean,
  closesBlock: boolean,
  numbering: LineNumbers,
): boolean {
  return (
    numbering === 'every' ||
    opensBlock ||
    closesBlock ||
    line.number % 10 === 0 ||
    line.mark === ':' ||
    looksNumbered(line.text)
  );
}

function looksNumbered(text: string): boolean {
  const first = text.charCodeAt(0);
  // Most lines start with neither a digit nor '-': no regular expression for them.
  return ((first >= 48 && first <= 57) || first === 45) && LOOKS_NUMBERED.test(text);
}

/** One line as shown; `marks` false leaves a search's `:`/`-` out (matches without context read as a read's lines). */
export function gutterLine(line: GutterLine, numbered: boolean, marks = true): string {
  return numbered ? `${line.number}${marks ? (line.mark ?? '') : ''}\t${line.text}` : line.text;
}

/**
 * Lines in ascending order; a gap is shown as a `--` line, as grep -C does, except between two
 * matching lines (numbered both, so the gap is in their numbers: grep -n prints no separator either).
 */
export function renderGutter(lines: readonly GutterLine[], numbering: LineNumbers, marks = true): string {
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const opens = i === 0 || lines[i - 1]!.number !== line.number - 1;
    const closes = i === lines.length - 1 || lines[i + 1]!.number !== line.number + 1;
    if (opens && i > 0 && !(line.mark === ':' && lines[i - 1]!.mark === ':')) out.push('--');
    out.push(gutterLine(line, carriesNumber(line, opens, closes, numbering), marks));
  }
  return out.join('\n');
}

/**
 * One block of consecutive lines numbered from `first`, as renderGutter renders them (the same rule,
 * without building a GutterLine per line: every range, head, tail and window is one block).
 */
export function renderBlock(texts: readonly string[], first: number, numbering: LineNumbers): string {
  const last = texts.length - 1;
  let out = '';
  for (let i = 0; i <= last; i++) {
    const text = texts[i]!;
    const number = first + i;
    const numbered = numbering === 'every' || i === 0 || i === last || number % 10 === 0 || looksNumbered(text);
    out += i === 0 ? '' : '\n';
    out += numbered ? `${number}\t${text}` : text;
  }
  return out;
}

const NUMBERED = /^(\d+)([:-]?)\t/;

/**
 * The inverse, as a reader applies it to an answer's lines: a numbered line is that line; the lines
 * between two numbered ones are the lines between them when the numbers leave exactly room for them
 * and no `--` separates them. Anything else (headers, notes, separators) is null.
 */
export function readGutter(lines: readonly string[]): (GutterLine | null)[] {
  const out: (GutterLine | null)[] = lines.map(() => null);
  let previous = -1;
  for (let i = 0; i < lines.length; i++) {
    const m = NUMBERED.exec(lines[i]!);
    if (!m) continue;
    const number = Number(m[1]);
    out[i] = { number, text: lines[i]!.slice(m[0].length), ...(m[2] ? { mark: m[2] as ':' | '-' } : {}) };
    if (
      previous >= 0 &&
      out[previous]!.number + (i - previous) === number &&
      !lines.slice(previous + 1, i).includes('--')
    ) {
      const mark = m[2] ? { mark: '-' as const } : {};
      for (let k = previous + 1; k < i; k++)
        out[k] = { number: out[previous]!.number + (k - previous), text: lines[k]!, ...mark };
    }
    previous = i;
  }
  return out;
}
