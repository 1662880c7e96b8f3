// One read of an opened file: its line index, how a slice is shaped to fit the caps, the notes on
// what was cut, and the answer made of it (header, numbered body, notes, the next call, meta).
import type { NextCall, ReadMeta, ToolResponse } from '../ground/contract';
import type { ReadEnv } from '../ground/env';
import { callText, formatBytes, formatCount, plural } from '../ground/format';
import { LineIndex } from '../ground/lineIndex';
import type { ResolvedPath } from '../ground/paths';
import { LIMITS } from '../ground/settings';
import { guessedFigure } from '../ground/tokenEstimate';
import { TOOL } from '../ground/tools';
import type { TextFile } from './openText';
import type { FileReadInput } from './readPlan';
import { cutLongLines, estimateTokens, shapeLines, splitLines, type Shaped } from './shape';
import type { Slice } from './slices';

const HEADER_RESERVE_TOKENS = 160;

/** Decodes a slice's bytes for `content` (stateless without `stream`, so one serves every read). */
const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });

/** The line index counts newlines per 4 KiB: a line is found by reading at most that much before it. */
const INDEX_GRAIN = 4 * 1024;
/** Larger files are indexed per chunk (64 KiB), so an index stays at most 16,384 numbers per 64 MiB or per GiB. */
const INDEX_FINE_BELOW_BYTES = 64 * 1024 * 1024;

/** What a read answers with, before the flags, notes and meta are added. */
export interface ReadParts {
  /** Tokens of `body` when already counted or estimated. */
  bodyTokens?: number;
  /** False when `bodyTokens` is an estimate: the header and notes are estimated too (no exact count far below the cap). */
  bodyCounted?: boolean;
  content: string;
  body: string;
  header: string;
  meta: Pick<ReadMeta, 'total_lines' | 'start_line' | 'end_line' | 'start_byte' | 'end_byte'>;
  next: NextCall | null;
  /** meta.next only, no [Next] line: the agent bounded the read itself and got all of it. */
  quietNext?: boolean;
  truncated: boolean;
  degraded: boolean;
  longLineCut?: boolean;
}

/** The line index of a file version, shared by every read of it (env.indexes): fine-grained below 1 MiB. */
function lineIndexOf(env: ReadEnv, file: TextFile): LineIndex {
  const size = file.source.size;
  return env.indexes.get(
    file.versionKey,
    () => new LineIndex(file.base, size, size <= INDEX_FINE_BELOW_BYTES ? INDEX_GRAIN : LIMITS.chunkBytes),
  );
}

/** A file opened for one read, and what every kind of read shares: its index, shaping, notes and answer. */
export class OpenedRead {
  readonly index: LineIndex;
  readonly size: number;

  constructor(
    readonly env: ReadEnv,
    readonly path: ResolvedPath,
    readonly file: TextFile,
    readonly input: FileReadInput,
    readonly notes: string[],
  ) {
    this.size = file.source.size;
    this.index = lineIndexOf(env, file);
  }

  get label(): string {
    return this.path.display;
  }

  call(fields: Record<string, unknown>): NextCall {
    return { mode: 'file', target: this.label, ...fields };
  }

  async totalLines(): Promise<number | null> {
    return (await this.index.totalLines(this.file.source, LIMITS.countLinesBelowBytes, this.env.signal)) ?? null;
  }

  maxPreviewChars(): number {
    return this.input.max_preview_chars ?? this.env.settings.maxPreviewChars;
  }

  shape(
    slice: Slice,
    options: { maxChars: number | null; cutLong: boolean; keepEnd: boolean; firstLine?: number | null },
  ): Shaped {
    const lines = splitLines(slice.bytes, this.label);
    if (options.cutLong) {
      const cut = cutLongLines(lines);
      if (cut > 0) {
        this.notes.push(
          `${plural(cut, 'line')} longer than ${formatCount(LIMITS.maxLineChars)} characters ${cut === 1 ? 'was' : 'were'} cut for display; read a long line whole with start_byte/max_bytes (its bytes are in the range shown in the header).`,
        );
      }
    }
    const firstLine = options.firstLine === undefined ? 1 : options.firstLine;
    const shaped = shapeLines(lines, firstLine, {
      maxChars: options.maxChars,
      tokenCap: this.env.tokenCap,
      reserveTokens: HEADER_RESERVE_TOKENS,
      countTokens: this.env.countTokens,
      keepEnd: options.keepEnd,
      allowLineCut: !options.cutLong,
      maxLines: this.env.maxLines,
      numbering: this.env.settings.lineNumbers,
      lastLineEnds: slice.bytes[slice.bytes.length - 1] === 10,
    });
    // A line shown otherwise than it is (a line cut to fit, not a window that ends in it).
    if (shaped.lines.some((line) => line.cut && line.shown !== line.raw)) this.env.onDisplayCut?.();
    return shaped;
  }

  capNote(shaped: Shaped, slice: Slice, kind: 'lines' | 'window'): string {
    if (shaped.tokenCutDisplay) {
      const rest =
        shaped.droppedLines > 0
          ? ` ${plural(shaped.droppedLines, 'more line')} of the ${kind === 'window' ? 'window' : 'range'} left for the next call.`
          : '';
      return this.displayCutNote(slice.firstLine, slice.startByte) + rest;
    }
    if (shaped.cappedBy === 'tokens') {
      return `Shortened to fit the per-answer token cap (${formatCount(this.env.tokenCap)} tokens); ${plural(shaped.droppedLines, 'line')} of the ${kind === 'window' ? 'window' : 'range'} left for the next call.`;
    }
    if (shaped.cappedBy === 'lines') {
      return `Capped at ${plural(this.env.maxLines ?? shaped.lines.length, 'line')} per read (the session's read budget); ${plural(shaped.droppedLines, 'more line')} of the ${kind === 'window' ? 'window' : 'range'} left for the next call. Search first to read only what you need.`;
    }
    if (shaped.cappedBy === 'chars') {
      return `Shortened to ${formatCount(this.maxPreviewChars())} characters (max_preview_chars); give a range (limit or end_line) to read more at once.`;
    }
    return `The range is larger than ${formatBytes(slice.bytes.length)} per answer; it continues in the next call.`;
  }

  displayCutNote(line: number | null, startByte: number): string {
    return `${line === null ? 'A line' : `Line ${formatCount(line)}`} alone is over the per-answer token cap (${formatCount(this.env.tokenCap)} tokens): its display is cut (content has it whole); read it in pieces from ${callText(TOOL.read, this.call({ start_byte: startByte }))}.`;
  }

  contentOf(slice: Slice, shaped: Shaped): string {
    const bytes = slice.bytes.subarray(0, shaped.byteLength);
    return utf8.decode(bytes);
  }

  respond(parts: ReadParts): ToolResponse {
    const flags: string[] = [];
    if (this.file.origin === 'buffer') flags.push('unsaved editor buffer');
    if (this.file.encoding !== 'utf-8')
      flags.push(
        this.file.encoding === 'utf-8-bom'
          ? 'UTF-8 with BOM (BOM not shown)'
          : `${this.file.encoding.toUpperCase()}, shown as UTF-8; byte offsets refer to the UTF-8 form`,
      );
    if (parts.longLineCut) {
      this.notes.push(
        `A single line is longer than ${formatBytes(LIMITS.maxLineReadBytes)}: shown up to byte ${formatCount(parts.meta.end_byte!)}. Continue it with a byte window from there.`,
      );
    }
    const footer = this.notes.map((note) => `[${note}]`);
    if (parts.next && !parts.quietNext) footer.push(`[Next: ${callText(TOOL.read, parts.next)}]`);
    const header = flags.length > 0 ? `${parts.header} · ${flags.join(' · ')}` : parts.header;
    const text = [header, parts.body, ...footer].filter((piece) => piece.length > 0).join('\n');
    const tokens =
      parts.bodyTokens === undefined
        ? this.env.countTokens(text)
        : parts.bodyTokens +
          (parts.bodyCounted === false ? estimateTokens : this.env.countTokens)([header, ...footer].join('\n')) +
          (parts.body.length > 0 ? 1 : 0);
    // One literal, in emptyMeta's order and then the file's: built field by field, not by spreading
    // (a spread and fields after it are defined one by one, on every read).
    const meta: ReadMeta = {
      truncated: parts.truncated,
      token_estimate: tokens,
      preview_degraded: parts.degraded,
      total_lines: parts.meta.total_lines,
      total_bytes: this.size,
      start_line: parts.meta.start_line,
      end_line: parts.meta.end_line,
      start_byte: parts.meta.start_byte,
      end_byte: parts.meta.end_byte,
      next: parts.next,
      source: this.file.origin,
      encoding: this.file.encoding,
      bom: this.file.base > 0,
      version: this.file.versionKey,
      absolute_path: this.path.absolute,
    };
    // A figure guessed from bytes (far below the cap): the session puts the estimate of the text in its place.
    if (parts.bodyCounted === false) guessedFigure(meta);
    if (this.notes.length > 0) meta.notes = [...this.notes];
    return {
      ok: true,
      mode: 'file',
      target: this.label,
      content: parts.content,
      text,
      meta,
      location: { file: this.label, line: parts.meta.start_line, end_line: parts.meta.end_line },
    };
  }
}
