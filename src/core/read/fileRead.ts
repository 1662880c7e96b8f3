// `lectern_read` mode "file": line ranges, byte windows, head, tail and the default read, each
// answered with exact positions, a "lines a-b of N" header and the exact next call.
import { LecternError, type NextCall, type ReadMeta, type ToolResponse } from '../ground/contract';
import { requireInside, type ResolvedPath } from '../ground/paths';
import { guessedFigure } from '../ground/tokenEstimate';
import type { ReadEnv } from '../ground/env';
import { LIMITS } from '../ground/settings';
import { LineIndex } from '../ground/lineIndex';
import { callText, formatBytes, formatCount, plural } from '../ground/format';
import { openText, type TextFile } from './openText';
import { cutLongLines, estimateTokens, renderNumbered, shapeLines, splitLines, type Shaped } from './shape';
import { byteWindow, lineSlice, tailSlice, type Slice } from './slices';

export interface FileReadInput {
  target: string;
  offset?: number;
  limit?: number;
  start_line?: number;
  end_line?: number;
  start_byte?: number;
  max_bytes?: number;
  head?: number;
  tail?: number;
  max_preview_chars?: number;
}

type Plan =
  | { kind: 'lines'; style: 'offset' | 'range' | 'head'; startLine: number; endLine: number; sized: boolean }
  | { kind: 'window'; startByte: number; maxBytes: number }
  | { kind: 'tail'; lines: number }
  | { kind: 'default' };

const HEADER_RESERVE_TOKENS = 160;

/** Decodes a slice's bytes for `content` (stateless without `stream`, so one serves every read). */
const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });

/** The line index counts newlines per 4 KiB: a line is found by reading at most that much before it. */
const INDEX_GRAIN = 4 * 1024;
/** Larger files are indexed per chunk (64 KiB), so an index stays at most 16,384 numbers per 64 MiB or per GiB. */
const INDEX_FINE_BELOW_BYTES = 64 * 1024 * 1024;

function invalid(message: string, example: Record<string, unknown>): LecternError {
  return new LecternError('INVALID_ARGS', message, `Example: lectern_read ${JSON.stringify(example)}`);
}

export function planRead(input: FileReadInput, notes: string[]): Plan {
  const { target, offset, limit, start_line, end_line, start_byte, max_bytes, head, tail } = input;
  const t = typeof target === 'string' ? target : 'src/index.ts';
  const lineParams = [offset, limit, start_line, end_line].some((v) => v !== undefined);
  const byteParams = start_byte !== undefined || max_bytes !== undefined;
  if (head !== undefined && tail !== undefined) throw invalid('Use head or tail, not both.', { target: t, tail });
  if ((head !== undefined || tail !== undefined) && (lineParams || byteParams)) {
    throw invalid(`${head !== undefined ? 'head' : 'tail'} cannot be combined with a range or a byte window.`, {
      target: t,
      start_line: 1,
      end_line: 100,
    });
  }
  if (start_line !== undefined && end_line !== undefined && start_line > end_line) {
    throw invalid(`start_line (${start_line}) is after end_line (${end_line}).`, {
      target: t,
      start_line: end_line,
      end_line: start_line,
    });
  }
  if (offset !== undefined && start_line !== undefined) {
    throw invalid('Use offset/limit or start_line/end_line, not both.', {
      target: t,
      start_line,
      end_line: end_line ?? start_line + 99,
    });
  }
  if (limit !== undefined && end_line !== undefined) {
    const from = start_line ?? offset ?? 1;
    throw invalid('limit and end_line both set the end of the range; use one.', {
      target: t,
      start_line: from,
      end_line: end_line >= from ? end_line : from + limit - 1,
    });
  }
  if (head !== undefined) return { kind: 'lines', style: 'head', startLine: 1, endLine: head, sized: true };
  if (tail !== undefined) return { kind: 'tail', lines: tail };
  if (lineParams) {
    if (byteParams) notes.push('start_byte/max_bytes were ignored: line parameters take precedence.');
    if (offset !== undefined || limit !== undefined) {
      const from = offset ?? 1;
      return {
        kind: 'lines',
        style: 'offset',
        startLine: from,
        endLine: limit !== undefined ? from + limit - 1 : Infinity,
        sized: limit !== undefined,
      };
    }
    const from = start_line ?? 1;
    return {
      kind: 'lines',
      style: 'range',
      startLine: from,
      endLine: end_line ?? Infinity,
      sized: end_line !== undefined,
    };
  }
  if (byteParams) {
    let maxBytes = max_bytes ?? LIMITS.defaultWindowBytes;
    if (maxBytes > LIMITS.maxWindowBytes) {
      notes.push(`max_bytes ${formatCount(maxBytes)} is above the cap; used ${formatCount(LIMITS.maxWindowBytes)}.`);
      maxBytes = LIMITS.maxWindowBytes;
    }
    return { kind: 'window', startByte: start_byte ?? 0, maxBytes };
  }
  return { kind: 'default' };
}

export async function readFile(env: ReadEnv, input: FileReadInput): Promise<ToolResponse> {
  const notes: string[] = [];
  const plan = planRead(input, notes);
  const path = await env.resolver.resolve(input.target);
  requireInside(path, env.allowOutside, 'Read files', env.allowSecrets);
  const file = await openText(env.host, path, env.sniffs, env);
  try {
    return await new FileRead(env, path, file, input, notes).run(plan);
  } finally {
    await file.source.close().catch(() => undefined);
  }
}

class FileRead {
  private readonly index: LineIndex;
  private readonly size: number;

  constructor(
    private readonly env: ReadEnv,
    private readonly path: ResolvedPath,
    private readonly file: TextFile,
    private readonly input: FileReadInput,
    private readonly notes: string[],
  ) {
    this.size = file.source.size;
    this.index = env.indexes.get(
      file.versionKey,
      () => new LineIndex(file.base, this.size, this.size <= INDEX_FINE_BELOW_BYTES ? INDEX_GRAIN : LIMITS.chunkBytes),
    );
  }

  private get label(): string {
    return this.path.display;
  }

  private call(fields: Record<string, unknown>): NextCall {
    return { mode: 'file', target: this.label, ...fields };
  }

  private async totalLines(): Promise<number | null> {
    return (await this.index.totalLines(this.file.source, LIMITS.countLinesBelowBytes, this.env.signal)) ?? null;
  }

  async run(plan: Plan): Promise<ToolResponse> {
    if (this.size === this.file.base) return this.empty(plan);
    switch (plan.kind) {
      case 'lines':
        return this.lines(plan);
      case 'window':
        return this.window(plan);
      case 'tail':
        return this.tail(plan);
      case 'default':
        return this.defaultRead();
    }
  }

  private empty(plan: Plan): ToolResponse {
    const past =
      (plan.kind === 'lines' && plan.startLine > 1) || (plan.kind === 'window' && plan.startByte > this.file.base);
    const message = `${this.label} exists and is empty (0 lines, ${plural(this.size - this.file.base, 'byte')} of text).`;
    if (past)
      throw new LecternError('OUT_OF_RANGE', message, 'There is nothing to read.', {
        total_lines: 0,
        total_bytes: this.size,
      });
    return this.respond({
      content: '',
      body: '',
      header: message,
      meta: { total_lines: 0, start_line: null, end_line: null, start_byte: this.file.base, end_byte: this.file.base },
      next: null,
      truncated: false,
      degraded: false,
    });
  }

  private async outOfRange(startLine: number, pageSize: number): Promise<never> {
    const total = (await this.index.totalLines(this.file.source, Infinity, this.env.signal))!;
    const page = Math.max(1, Math.min(pageSize, total));
    const lastPage = Math.max(1, total - page + 1);
    throw new LecternError(
      'OUT_OF_RANGE',
      `Line ${formatCount(startLine)} is past the end: ${this.label} has ${plural(total, 'line')}.`,
      lastPage === 1
        ? `Read it whole: ${callText('lectern_read', this.call({ start_line: 1, end_line: total }))}.`
        : `Read from the start: ${callText('lectern_read', this.call({ start_line: 1, end_line: page }))} or the last page: ${callText('lectern_read', this.call({ start_line: lastPage, end_line: total }))}.`,
      { total_lines: total, total_bytes: this.size },
    );
  }

  private async lines(plan: Extract<Plan, { kind: 'lines' }>): Promise<ToolResponse> {
    const slice = await lineSlice(
      this.file.source,
      this.index,
      { startLine: plan.startLine, endLine: plan.endLine, maxBytes: LIMITS.maxLineReadBytes },
      this.env.signal,
    );
    if (!slice)
      return this.outOfRange(plan.startLine, Number.isFinite(plan.endLine) ? plan.endLine - plan.startLine + 1 : 200);
    const shaped = this.shape(slice, {
      maxChars: plan.sized ? null : this.maxPreviewChars(),
      cutLong: true,
      keepEnd: false,
      firstLine: plan.startLine,
    });
    const total = await this.totalLines();
    const shown = shaped.lines.length;
    const lastLine = plan.startLine + shown - 1;
    const endByte = slice.startByte + shaped.byteLength;
    const atEof = endByte >= this.size;
    const askedLast = Number.isFinite(plan.endLine) ? plan.endLine : null;
    const degraded =
      shaped.cappedBy !== null ||
      (slice.cappedByBytes && (askedLast === null ? false : lastLine < askedLast) && plan.sized);
    // A range past the end needs no note: the header says "of N".
    const longLineCut = slice.cutInLine && shown === 1;
    let next: NextCall | null = null;
    if (longLineCut) next = this.call({ start_byte: endByte, max_bytes: LIMITS.maxWindowBytes });
    else if (!atEof) {
      const remainingAsked = askedLast !== null && lastLine < askedLast ? askedLast - lastLine : null;
      let pageSize = remainingAsked ?? (plan.sized && askedLast !== null ? askedLast - plan.startLine + 1 : shown);
      // Never past the end the engine knows.
      if (total !== null) pageSize = Math.max(1, Math.min(pageSize, total - lastLine));
      next =
        plan.style === 'range'
          ? this.call({ start_line: lastLine + 1, end_line: lastLine + pageSize })
          : this.call({ offset: lastLine + 1, limit: pageSize });
    }
    // A short range the agent bounded itself (start_line/end_line) and got whole: meta.next still says
    // what follows, the text need not. Pages (offset/limit, as [Next] gives them) and long ranges keep it.
    const gotAll =
      plan.style === 'range' &&
      plan.sized &&
      askedLast !== null &&
      askedLast - plan.startLine + 1 <= LIMITS.preciseLines &&
      lastLine >= Math.min(askedLast, total ?? askedLast);
    if (degraded) this.notes.push(this.capNote(shaped, slice, 'lines'));
    const what =
      plan.style === 'head'
        ? `first ${plural(shown, 'line')}`
        : `lines ${formatCount(plan.startLine)}-${formatCount(lastLine)}`;
    return this.respond({
      content: this.contentOf(slice, shaped),
      body: renderNumbered(shaped.lines, plan.startLine, this.env.settings.lineNumbers),
      bodyTokens: shaped.bodyTokens,
      bodyCounted: shaped.bodyCounted,
      header: `${this.label} · ${what} of ${total === null ? 'an uncounted number (file over ' + formatBytes(LIMITS.countLinesBelowBytes) + ')' : formatCount(total)}`,
      meta: {
        total_lines: total,
        start_line: plan.startLine,
        end_line: lastLine,
        start_byte: slice.startByte,
        end_byte: endByte,
      },
      next,
      quietNext: gotAll && !longLineCut,
      truncated: plan.startLine > 1 || !atEof,
      degraded,
      longLineCut,
    });
  }

  private async window(plan: Extract<Plan, { kind: 'window' }>): Promise<ToolResponse> {
    if (plan.startByte >= this.size) {
      const lastStart = Math.max(this.file.base, this.size - plan.maxBytes);
      throw new LecternError(
        'OUT_OF_RANGE',
        `start_byte ${formatCount(plan.startByte)} is past the end: ${this.label} has ${plural(this.size, 'byte')}.`,
        `Read the start: ${callText('lectern_read', this.call({ start_byte: 0, max_bytes: plan.maxBytes }))} or the end: ${callText('lectern_read', this.call({ start_byte: lastStart, max_bytes: plan.maxBytes }))}.`,
        { total_bytes: this.size },
      );
    }
    const slice = await byteWindow(this.file.source, this.file.base, plan.startByte, plan.maxBytes);
    const before = await this.index.newlinesBefore(
      this.file.source,
      slice.startByte,
      LIMITS.countLinesBelowBytes,
      this.env.signal,
      slice.bytes,
    );
    const firstLine = before === undefined ? null : before + 1;
    const shaped = this.shape(slice, { maxChars: null, cutLong: false, keepEnd: false, firstLine });
    const endByte = slice.startByte + shaped.byteLength;
    const total = await this.totalLines();
    const shown = shaped.lines.length;
    const lastLine = firstLine === null ? null : firstLine + shown - 1;
    if (slice.snappedFrom !== null) {
      this.notes.push(
        `start_byte ${formatCount(slice.snappedFrom)} was inside a line; the window starts at that line's first byte (${formatCount(slice.startByte)}).`,
      );
    }
    if (slice.startsInLine)
      this.notes.push(
        `The window starts inside a line longer than ${formatCount(plan.maxBytes)} bytes (continuing it).`,
      );
    const cutHere = (slice.cutInLine && shown === 1) || shaped.tokenCutInLine;
    if (cutHere) {
      this.notes.push(
        `A single line is longer than this window: it is cut at byte ${formatCount(endByte)} (at a character boundary). Continue with start_byte ${formatCount(endByte)}.`,
      );
    }
    const degraded = shaped.cappedBy !== null;
    if (degraded) this.notes.push(this.capNote(shaped, slice, 'window'));
    const lineText =
      firstLine === null
        ? `line numbers not counted (file over ${formatBytes(LIMITS.countLinesBelowBytes)})`
        : `lines ${formatCount(firstLine)}-${formatCount(lastLine!)} of ${total === null ? '?' : formatCount(total)}`;
    return this.respond({
      content: this.contentOf(slice, shaped),
      body: renderNumbered(shaped.lines, firstLine, this.env.settings.lineNumbers),
      bodyTokens: shaped.bodyTokens,
      bodyCounted: shaped.bodyCounted,
      header: `${this.label} · bytes ${formatCount(slice.startByte)}-${formatCount(endByte)} of ${formatCount(this.size)} · ${lineText}`,
      meta: {
        total_lines: total,
        start_line: firstLine,
        end_line: lastLine,
        start_byte: slice.startByte,
        end_byte: endByte,
      },
      // After a token cut the next window is the size that fit: a full-size one would snap back to the line start.
      next:
        endByte < this.size
          ? this.call({
              start_byte: endByte,
              max_bytes: shaped.tokenCutInLine ? endByte - slice.startByte : plan.maxBytes,
            })
          : null,
      truncated: slice.startByte > this.file.base || endByte < this.size,
      degraded,
    });
  }

  private async tail(plan: Extract<Plan, { kind: 'tail' }>): Promise<ToolResponse> {
    const slice = await tailSlice(
      this.file.source,
      this.file.base,
      plan.lines,
      LIMITS.maxLineReadBytes,
      this.env.signal,
      this.index.knownTailFrom(plan.lines),
    );
    const total = await this.totalLines();
    const firstLine = total === null ? null : total - slice.lineCount + 1;
    const shaped = this.shape(slice, { maxChars: null, cutLong: true, keepEnd: true, firstLine });
    const shown = shaped.lines.length;
    const startByte = slice.endByte - shaped.byteLength;
    const shownFirst = firstLine === null ? null : firstLine + (slice.lineCount - shown);
    const degraded = shaped.cappedBy !== null || slice.cappedByBytes;
    if (shaped.tokenCutDisplay) this.notes.push(this.displayCutNote(shownFirst, startByte));
    if (shown < slice.lineCount || slice.cappedByBytes) {
      const earlier =
        shownFirst !== null && total !== null
          ? ` Earlier requested lines: ${callText('lectern_read', this.call({ start_line: Math.max(1, total - plan.lines + 1), end_line: shownFirst - 1 }))}.`
          : ` Earlier bytes: ${callText('lectern_read', this.call({ start_byte: Math.max(0, startByte - LIMITS.defaultWindowBytes), max_bytes: LIMITS.defaultWindowBytes }))}.`;
      this.notes.push(
        `The last ${plural(plan.lines, 'line')} do not fit the size cap; showing the last ${plural(shown, 'line')}.${earlier}`,
      );
    }
    if (slice.startsInLine && shown === slice.lineCount) {
      const lineStart =
        shownFirst === null ? undefined : await this.index.lineStart(this.file.source, shownFirst, this.env.signal);
      const from = lineStart ?? Math.max(this.file.base, startByte - LIMITS.defaultWindowBytes);
      this.notes.push(
        `The tail starts inside ${shownFirst === null ? 'a line' : `line ${formatCount(shownFirst)}`}, which is longer than ${formatBytes(LIMITS.maxLineReadBytes)} (continuing it from byte ${formatCount(startByte)}). ` +
          `Its start: ${callText('lectern_read', this.call({ start_byte: from }))}.`,
      );
    }
    const range =
      shownFirst === null
        ? `last ${plural(shown, 'line')} (line numbers not counted: file over ${formatBytes(LIMITS.countLinesBelowBytes)})`
        : `last ${plural(shown, 'line')} (${formatCount(shownFirst)}-${formatCount(total!)} of ${formatCount(total!)})`;
    return this.respond({
      content: this.contentOf(
        { ...slice, bytes: slice.bytes.subarray(slice.bytes.length - shaped.byteLength) },
        shaped,
      ),
      body: renderNumbered(shaped.lines, shownFirst, this.env.settings.lineNumbers),
      bodyTokens: shaped.bodyTokens,
      bodyCounted: shaped.bodyCounted,
      header: `${this.label} · ${range}`,
      meta: {
        total_lines: total,
        start_line: shownFirst,
        end_line: total,
        start_byte: startByte,
        end_byte: slice.endByte,
      },
      next: null,
      truncated: startByte > this.file.base,
      degraded,
    });
  }

  private async defaultRead(): Promise<ToolResponse> {
    const maxChars = this.maxPreviewChars();
    const slice = (await lineSlice(
      this.file.source,
      this.index,
      { startLine: 1, endLine: Infinity, maxBytes: LIMITS.maxLineReadBytes },
      this.env.signal,
    ))!;
    const shaped = this.shape(slice, { maxChars, cutLong: true, keepEnd: false });
    const endByte = slice.startByte + shaped.byteLength;
    const total = await this.totalLines();
    const shown = shaped.lines.length;
    const whole = endByte >= this.size;
    if (whole) {
      if (shaped.tokenCutDisplay) this.notes.push(this.displayCutNote(1, slice.startByte));
      return this.respond({
        content: this.contentOf(slice, shaped),
        body: renderNumbered(shaped.lines, 1, this.env.settings.lineNumbers),
        bodyTokens: shaped.bodyTokens,
        bodyCounted: shaped.bodyCounted,
        header: `${this.label} · whole file, ${plural(shown, 'line')} (${formatBytes(this.size)})`,
        meta: { total_lines: total, start_line: 1, end_line: shown, start_byte: slice.startByte, end_byte: endByte },
        next: null,
        truncated: false,
        degraded: shaped.cappedBy !== null,
      });
    }
    if (shaped.tokenCutDisplay) this.notes.push(this.displayCutNote(1, slice.startByte));
    // The answer ended inside a line (a huge single-line file): the rest of it continues by bytes,
    // since the next line may not exist. Otherwise the header ("lines 1-274 of 292") and [Next] say
    // the rest; the next page is no longer than what is left.
    const next = slice.cutInLine
      ? this.call({ start_byte: endByte, max_bytes: LIMITS.maxWindowBytes })
      : this.call({ offset: shown + 1, limit: total === null ? shown : Math.max(1, Math.min(shown, total - shown)) });
    return this.respond({
      content: this.contentOf(slice, shaped),
      body: renderNumbered(shaped.lines, 1, this.env.settings.lineNumbers),
      bodyTokens: shaped.bodyTokens,
      bodyCounted: shaped.bodyCounted,
      header: `${this.label} · lines 1-${formatCount(shown)} of ${total === null ? '?' : formatCount(total)}`,
      meta: { total_lines: total, start_line: 1, end_line: shown, start_byte: slice.startByte, end_byte: endByte },
      next,
      truncated: true,
      degraded: true,
    });
  }

  private maxPreviewChars(): number {
    return this.input.max_preview_chars ?? this.env.settings.maxPreviewChars;
  }

  private shape(
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

  private capNote(shaped: Shaped, slice: Slice, kind: 'lines' | 'window'): string {
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

  private displayCutNote(line: number | null, startByte: number): string {
    return `${line === null ? 'A line' : `Line ${formatCount(line)}`} alone is over the per-answer token cap (${formatCount(this.env.tokenCap)} tokens): its display is cut (content has it whole); read it in pieces from ${callText('lectern_read', this.call({ start_byte: startByte }))}.`;
  }

  private contentOf(slice: Slice, shaped: Shaped): string {
    const bytes = slice.bytes.subarray(0, shaped.byteLength);
    return utf8.decode(bytes);
  }

  private respond(parts: {
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
  }): ToolResponse {
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
    if (parts.next && !parts.quietNext) footer.push(`[Next: ${callText('lectern_read', parts.next)}]`);
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
