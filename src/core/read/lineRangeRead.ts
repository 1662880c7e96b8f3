// A read of a line range (offset/limit, start_line/end_line, head): the lines asked for, as many as
// fit, and the exact call for the rest.
import { LecternError, type NextCall, type ToolResponse } from '../ground/contract';
import { callText, formatBytes, formatCount, plural } from '../ground/format';
import { LIMITS } from '../ground/settings';
import { TOOL } from '../ground/tools';
import type { OpenedRead } from './openedRead';
import type { ReadPlan } from './readPlan';
import { renderNumbered } from './shape';
import { lineSlice } from './slices';

async function outOfRange(read: OpenedRead, startLine: number, pageSize: number): Promise<never> {
  const total = (await read.index.totalLines(read.file.source, Infinity, read.env.signal))!;
  const page = Math.max(1, Math.min(pageSize, total));
  const lastPage = Math.max(1, total - page + 1);
  throw new LecternError(
    'OUT_OF_RANGE',
    `Line ${formatCount(startLine)} is past the end: ${read.label} has ${plural(total, 'line')}.`,
    lastPage === 1
      ? `Read it whole: ${callText(TOOL.read, read.call({ start_line: 1, end_line: total }))}.`
      : `Read from the start: ${callText(TOOL.read, read.call({ start_line: 1, end_line: page }))} or the last page: ${callText(TOOL.read, read.call({ start_line: lastPage, end_line: total }))}.`,
    { total_lines: total, total_bytes: read.size },
  );
}

export async function readLines(read: OpenedRead, plan: Extract<ReadPlan, { kind: 'lines' }>): Promise<ToolResponse> {
  const slice = await lineSlice(
    read.file.source,
    read.index,
    { startLine: plan.startLine, endLine: plan.endLine, maxBytes: LIMITS.maxLineReadBytes },
    read.env.signal,
  );
  if (!slice)
    return outOfRange(read, plan.startLine, Number.isFinite(plan.endLine) ? plan.endLine - plan.startLine + 1 : 200);
  const shaped = read.shape(slice, {
    maxChars: plan.sized ? null : read.maxPreviewChars(),
    cutLong: true,
    keepEnd: false,
    firstLine: plan.startLine,
  });
  const total = await read.totalLines();
  const shown = shaped.lines.length;
  const lastLine = plan.startLine + shown - 1;
  const endByte = slice.startByte + shaped.byteLength;
  const atEof = endByte >= read.size;
  const askedLast = Number.isFinite(plan.endLine) ? plan.endLine : null;
  const degraded =
    shaped.cappedBy !== null ||
    (slice.cappedByBytes && (askedLast === null ? false : lastLine < askedLast) && plan.sized);
  // A range past the end needs no note: the header says "of N".
  const longLineCut = slice.cutInLine && shown === 1;
  let next: NextCall | null = null;
  if (longLineCut) next = read.call({ start_byte: endByte, max_bytes: LIMITS.maxWindowBytes });
  else if (!atEof) {
    const remainingAsked = askedLast !== null && lastLine < askedLast ? askedLast - lastLine : null;
    let pageSize = remainingAsked ?? (plan.sized && askedLast !== null ? askedLast - plan.startLine + 1 : shown);
    // Never past the end the engine knows.
    if (total !== null) pageSize = Math.max(1, Math.min(pageSize, total - lastLine));
    // The next page in the words every suggestion uses, and the only ones the schema lists
    // (start_line/end_line), whichever words this call paged with.
    next = read.call({ start_line: lastLine + 1, end_line: lastLine + pageSize });
  }
  // A short bounded range got whole (the agent's own, or a [Next] of at most 60 lines): meta.next still
  // says what follows and the header how much is left; the text need not. A head and longer ranges keep
  // the line.
  const gotAll =
    plan.style === 'range' &&
    plan.sized &&
    askedLast !== null &&
    askedLast - plan.startLine + 1 <= LIMITS.preciseLines &&
    lastLine >= Math.min(askedLast, total ?? askedLast);
  if (degraded) read.notes.push(read.capNote(shaped, slice, 'lines'));
  const what =
    plan.style === 'head'
      ? `first ${plural(shown, 'line')}`
      : `lines ${formatCount(plan.startLine)}-${formatCount(lastLine)}`;
  return read.respond({
    content: read.contentOf(slice, shaped),
    body: renderNumbered(shaped.lines, plan.startLine, read.env.settings.lineNumbers),
    bodyTokens: shaped.bodyTokens,
    bodyCounted: shaped.bodyCounted,
    header: `${read.label} · ${what} of ${total === null ? 'an uncounted number (file over ' + formatBytes(LIMITS.countLinesBelowBytes) + ')' : formatCount(total)}`,
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
