// Turns a slice's bytes into numbered lines that fit the caps (characters for reads that asked no
// size, tokens for every read), dropping whole lines so the resume point is always exact.
import { LecternError } from '../ground/contract';
import { LIMITS, type LineNumbers } from '../ground/settings';
import { decodeUtf8, utf8Length } from '../text/encoding';
import type { TokenCounter } from '../ground/tokens';
import { formatCount } from '../ground/format';
import { carriesNumber, gutterLine, renderBlock } from '../text/gutter';
import { TOOL } from '../ground/tools';

export interface ShapedLine {
  /** Text without its line terminator (a CR of CRLF is kept in `raw`). */
  raw: string;
  /** What the model sees for this line (long lines cut). */
  shown: string;
  byteLength: number;
  cut: boolean;
}

export interface Shaped {
  lines: ShapedLine[];
  /** Bytes covered by the kept lines. */
  byteLength: number;
  droppedLines: number;
  /** The single kept line was cut to fit the token cap. */
  tokenCutInLine: boolean;
  /** The single kept line is whole in `content`, but its display was cut to fit the token cap. */
  tokenCutDisplay: boolean;
  cappedBy: 'chars' | 'tokens' | 'lines' | null;
  /** Tokens of the kept lines as rendered (numbered), so the answer need not be counted again. */
  bodyTokens: number;
  /** True when `bodyTokens` was counted; false when estimated (far below the cap, ESTIMATED_TOKENS_PER_BYTE). */
  bodyCounted: boolean;
}

const encoder = new TextEncoder();
/** Tokens per UTF-8 byte of numbered source in o200k (about 0.25-0.3 on real code): the guess where no count is needed (the session replaces it by an estimate of the answer's text, ground/tokenEstimate.ts). */
const ESTIMATED_TOKENS_PER_BYTE = 0.3;

/** The estimate of the tokens of `bytes` UTF-8 bytes where no exact count is needed (an answer far below the cap). */
const tokensOfBytes = (bytes: number) => Math.ceil(bytes * ESTIMATED_TOKENS_PER_BYTE);

/** tokensOfBytes of `text`. */
export function estimateTokens(text: string): number {
  return tokensOfBytes(utf8Length(text));
}

/**
 * UTF-8 bytes of `rendered` (the lines rendered, with their gutters), from the lines' own byte
 * counts: only a line shown otherwise than read (cut) is measured. `lastLineEnds`: whether the
 * last of all lines read had its newline (every other line had).
 */
export function renderedBytes(
  rendered: string,
  lines: readonly ShapedLine[],
  lastOfAll: ShapedLine | undefined,
  lastLineEnds: boolean,
): number {
  let extra = 0;
  for (const line of lines) {
    if (line.cut) extra += utf8Length(line.shown) - line.shown.length;
    else extra += line.byteLength - line.raw.length - (line === lastOfAll && !lastLineEnds ? 0 : 1);
  }
  return rendered.length + extra;
}

export function splitLines(bytes: Uint8Array, fileLabel: string): ShapedLine[] {
  const text = decodeUtf8(bytes);
  if (text === undefined) {
    throw new LecternError(
      'BINARY_FILE',
      `${fileLabel} contains bytes that are not valid UTF-8 text in the requested range.`,
      `It is probably binary; ${TOOL.stat} reports its size and type.`,
    );
  }
  if (text.includes('\0')) {
    throw new LecternError(
      'BINARY_FILE',
      `${fileLabel} contains NUL bytes in the requested range; it is treated as binary.`,
      `${TOOL.stat} reports its size and type.`,
    );
  }
  if (text.length === 0) return [];
  const pieces = text.split('\n');
  if (pieces[pieces.length - 1] === '') pieces.pop();
  const lines: ShapedLine[] = [];
  // ASCII (as many slices of code are): a line's bytes are its characters and its newline.
  if (text.length === bytes.length) {
    const lastEnds = text.charCodeAt(text.length - 1) === 10;
    for (let i = 0; i < pieces.length; i++) {
      const raw = pieces[i]!;
      const newline = i < pieces.length - 1 || lastEnds ? 1 : 0;
      lines.push({
        raw,
        shown: raw.endsWith('\r') ? raw.slice(0, -1) : raw,
        byteLength: raw.length + newline,
        cut: false,
      });
    }
    return lines;
  }
  let at = 0;
  for (let i = 0; i < pieces.length; i++) {
    const raw = pieces[i]!;
    const next = bytes.indexOf(10, at);
    const end = next === -1 ? bytes.length : next + 1;
    lines.push({ raw, shown: raw.endsWith('\r') ? raw.slice(0, -1) : raw, byteLength: end - at, cut: false });
    at = end;
  }
  return lines;
}

/** Cuts a line's display at a character boundary (never inside a surrogate pair, never to nothing). */
function cutChars(text: string, max: number): string {
  let end = Math.min(max, text.length);
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end = end > 1 ? end - 1 : end + 1;
  return text.slice(0, end);
}

/** The longest prefix of `text` (at least one character) within `budget` tokens. */
function fitTokens(text: string, budget: number, cost: number, countTokens: TokenCounter): string {
  let chars = Math.max(1, Math.floor((text.length * budget) / cost));
  let shown = cutChars(text, chars);
  while (chars > 1 && countTokens(shown) > budget) {
    chars = Math.floor(chars * 0.9);
    shown = cutChars(text, chars);
  }
  return shown;
}

export function cutLongLines(lines: ShapedLine[], maxChars: number = LIMITS.maxLineChars): number {
  let cut = 0;
  for (const line of lines) {
    if (line.shown.length > maxChars) {
      line.shown = `${cutChars(line.shown, maxChars)} … [line cut: ${formatCount(maxChars)} of ${formatCount(line.shown.length)} characters shown]`;
      line.cut = true;
      cut++;
    }
  }
  return cut;
}

export interface ShapeOptions {
  maxChars: number | null;
  tokenCap: number;
  /** Tokens already taken by the header and footer. */
  reserveTokens: number;
  countTokens: TokenCounter;
  /** Keep the end (tail reads) instead of the start. */
  keepEnd: boolean;
  /** Allow cutting a single line to fit the token cap (byte windows). */
  allowLineCut: boolean;
  /** Most lines one answer may show (the session's per-read budget); absent: no line cap. */
  maxLines?: number;
  numbering: LineNumbers;
  /** The last line read ended with its newline (the slice's last byte is one). */
  lastLineEnds: boolean;
}

export function shapeLines(all: ShapedLine[], firstLine: number | null, options: ShapeOptions): Shaped {
  const capped = capLines(all, firstLine, options);
  const { lines, lineCapped } = capped;
  const whole = wholeIfItFits(all, capped, options);
  if (whole) return whole;
  const fit = fitLineByLine(lines, capped.firstLine, options);
  const { kept, tokenCutInLine } = fit;
  if (options.keepEnd) kept.reverse();
  return {
    lines: kept,
    byteLength: kept.reduce((sum, line) => sum + line.byteLength, 0),
    droppedLines: all.length - kept.length + (tokenCutInLine ? 1 : 0),
    tokenCutInLine,
    tokenCutDisplay: fit.tokenCutDisplay,
    cappedBy: fit.cappedBy ?? (lineCapped ? 'lines' : null),
    bodyTokens: fit.counted ? fit.tokens - options.reserveTokens : tokensOfBytes(fit.tokens - options.reserveTokens),
    bodyCounted: fit.counted,
  };
}

interface CappedLines {
  lines: ShapedLine[];
  firstLine: number | null;
  lineCapped: boolean;
}

/** The line cap first: the rest of the range is left for the next call, as for the other caps. */
function capLines(all: ShapedLine[], firstLine: number | null, options: ShapeOptions): CappedLines {
  const lineCapped = options.maxLines !== undefined && all.length > Math.max(1, options.maxLines);
  const lines = lineCapped
    ? options.keepEnd
      ? all.slice(all.length - Math.max(1, options.maxLines!))
      : all.slice(0, Math.max(1, options.maxLines!))
    : all;
  if (lineCapped && options.keepEnd && firstLine !== null) firstLine += all.length - lines.length;
  return { lines, firstLine, lineCapped };
}

/**
 * Every line (after the line cap) shown whole, when they fit. Most reads fit: count the whole body
 * once, and go line by line only when it does not (or plainly cannot: code runs 3-4 characters a
 * token, so 6 a token means surely over the cap).
 */
function wholeIfItFits(all: ShapedLine[], capped: CappedLines, options: ShapeOptions): Shaped | undefined {
  const { lines, lineCapped } = capped;
  const whole = renderNumbered(lines, capped.firstLine, options.numbering);
  const allLines = (bodyTokens: number, bodyCounted: boolean): Shaped => ({
    lines,
    byteLength: lines.reduce((sum, line) => sum + line.byteLength, 0),
    droppedLines: all.length - lines.length,
    tokenCutInLine: false,
    tokenCutDisplay: false,
    cappedBy: lineCapped ? 'lines' : null,
    bodyTokens,
    bodyCounted,
  });
  const budget = options.tokenCap - options.reserveTokens;
  const fitsChars = options.maxChars === null || whole.length <= options.maxChars;
  // Far below the cap there is nothing to count exactly: a token is at least one UTF-8 byte, so
  // the byte count bounds the tokens; the estimate is what code runs at.
  if (fitsChars && whole.length < budget) {
    const bytes = renderedBytes(whole, lines, all[all.length - 1], options.lastLineEnds) + 1;
    if (bytes <= budget) {
      return allLines(tokensOfBytes(bytes), false);
    }
  }
  if (fitsChars && whole.length <= budget * 6) {
    // Counted as the line-by-line path counts it: every line with its newline.
    const total = options.countTokens(whole + '\n');
    if (options.reserveTokens + total <= options.tokenCap) {
      return allLines(total, true);
    }
  }
  return undefined;
}

interface LineFit {
  /** In reading order (from the end for keepEnd). */
  kept: ShapedLine[];
  /** Tokens of the kept lines, with the reserve; their UTF-8 bytes where `counted` is false. */
  tokens: number;
  /** False when the character cap decided alone: the kept lines' bytes, a bound of their tokens, fit the token cap. */
  counted: boolean;
  cappedBy: Shaped['cappedBy'];
  tokenCutInLine: boolean;
  tokenCutDisplay: boolean;
}

/** The lines that fit the caps, counted one by one from the start (or the end for keepEnd). */
function fitLineByLine(lines: ShapedLine[], firstLine: number | null, options: ShapeOptions): LineFit {
  const order = options.keepEnd ? [...lines].reverse() : lines;
  // Lines are counted as they are met: the block's first one met carries its number; the other end's
  // number is added once the last kept line is known.
  const at = (i: number) => (firstLine === null ? null : firstLine + (options.keepEnd ? lines.length - 1 - i : i));
  const texts: string[] = [];
  const rendered = (i: number) => {
    const line = order[i]!;
    const number = at(i);
    return (texts[i] ??=
      (number === null
        ? line.shown
        : gutterLine(
            { number, text: line.shown },
            carriesNumber({ number, text: line.shown }, i === 0, false, options.numbering),
          )) + '\n');
  };
  return fitByChars(order, rendered, at, options) ?? fitCounted(order, rendered, at, options);
}

/**
 * The character cap alone decides when the lines it admits are, in UTF-8 bytes, within the token cap
 * (a token is at least a byte): no count can then stop earlier, so none is made.
 */
function fitByChars(
  order: ShapedLine[],
  rendered: (i: number) => string,
  at: (i: number) => number | null,
  options: ShapeOptions,
): LineFit | undefined {
  if (options.maxChars === null) return undefined;
  let chars = 0;
  let bytes = options.reserveTokens;
  let count = 0;
  for (; count < order.length; count++) {
    const text = rendered(count);
    if (count > 0 && chars + text.length > options.maxChars) break;
    chars += text.length;
    bytes += utf8Length(text);
    if (bytes > options.tokenCap) return undefined;
  }
  if (count === order.length) return undefined;
  const closing = at(count - 1);
  if (count > 1 && closing !== null) bytes += `${closing}\t`.length;
  if (bytes > options.tokenCap) return undefined;
  return {
    kept: order.slice(0, count),
    tokens: bytes,
    counted: false,
    cappedBy: 'chars',
    tokenCutInLine: false,
    tokenCutDisplay: false,
  };
}

function fitCounted(
  order: ShapedLine[],
  rendered: (i: number) => string,
  at: (i: number) => number | null,
  options: ShapeOptions,
): LineFit {
  const fit: LineFit = {
    kept: [],
    tokens: options.reserveTokens,
    counted: true,
    cappedBy: null,
    tokenCutInLine: false,
    tokenCutDisplay: false,
  };
  const kept = fit.kept;
  let chars = 0;
  for (let i = 0; i < order.length; i++) {
    const line = order[i]!;
    const text = rendered(i);
    if (options.maxChars !== null && kept.length > 0 && chars + text.length > options.maxChars) {
      fit.cappedBy = 'chars';
      break;
    }
    const cost = options.countTokens(text);
    if (fit.tokens + cost > options.tokenCap) {
      // Never answer with no line at all: the next call would ask for the same one again.
      if (kept.length === 0) keepFirstLineCut(fit, line, cost, options);
      fit.cappedBy = 'tokens';
      break;
    }
    chars += text.length;
    fit.tokens += cost;
    kept.push(line);
  }
  const closing = at(kept.length - 1);
  if (
    kept.length > 1 &&
    closing !== null &&
    !carriesNumber({ number: closing, text: kept[kept.length - 1]!.shown }, false, false, options.numbering)
  ) {
    fit.tokens += options.countTokens(`${closing}\t`);
  }
  return fit;
}

/** The first line alone is over the cap: keep as much of it as fits. */
function keepFirstLineCut(fit: LineFit, line: ShapedLine, cost: number, options: ShapeOptions): void {
  const shown = fitTokens(line.shown, Math.max(1, options.tokenCap - fit.tokens), cost, options.countTokens);
  if (shown.length >= line.shown.length) fit.kept.push(line);
  else if (options.allowLineCut && !options.keepEnd) {
    fit.kept.push({ raw: shown, shown, byteLength: encoder.encode(shown).length, cut: true });
    fit.tokenCutInLine = true;
  } else {
    // Line reads keep the line whole in `content` and cut only its display.
    fit.kept.push({ ...line, shown: `${shown} … [line cut to fit the token cap]`, cut: true });
    fit.tokenCutDisplay = true;
  }
}

/** The lines as the model sees them: numbered from `firstLine` (src/core/text/gutter.ts), or bare where their numbers are unknown. */
export function renderNumbered(lines: readonly ShapedLine[], firstLine: number | null, numbering: LineNumbers): string {
  if (firstLine === null) return lines.map((line) => line.shown).join('\n');
  return renderBlock(
    lines.map((line) => line.shown),
    firstLine,
    numbering,
  );
}
