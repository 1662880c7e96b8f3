// A read of a file's last lines (tail): as many of them as fit, numbered when the file's lines are
// counted, and where the earlier ones are.
import type { ToolResponse } from '../ground/contract';
import { callText, formatBytes, formatCount, plural } from '../ground/format';
import { LIMITS } from '../ground/settings';
import { TOOL } from '../ground/tools';
import type { OpenedRead } from './openedRead';
import type { ReadPlan } from './readPlan';
import { renderNumbered } from './shape';
import { tailSlice } from './slices';

export async function readTail(read: OpenedRead, plan: Extract<ReadPlan, { kind: 'tail' }>): Promise<ToolResponse> {
  const slice = await tailSlice(
    read.file.source,
    read.file.base,
    plan.lines,
    LIMITS.maxLineReadBytes,
    read.env.signal,
    read.index.knownTailFrom(plan.lines),
  );
  const total = await read.totalLines();
  const firstLine = total === null ? null : total - slice.lineCount + 1;
  const shaped = read.shape(slice, { maxChars: null, cutLong: true, keepEnd: true, firstLine });
  const shown = shaped.lines.length;
  const startByte = slice.endByte - shaped.byteLength;
  const shownFirst = firstLine === null ? null : firstLine + (slice.lineCount - shown);
  const degraded = shaped.cappedBy !== null || slice.cappedByBytes;
  if (shaped.tokenCutDisplay) read.notes.push(read.displayCutNote(shownFirst, startByte));
  if (shown < slice.lineCount || slice.cappedByBytes) {
    const earlier =
      shownFirst !== null && total !== null
        ? ` Earlier requested lines: ${callText(TOOL.read, read.call({ start_line: Math.max(1, total - plan.lines + 1), end_line: shownFirst - 1 }))}.`
        : ` Earlier bytes: ${callText(TOOL.read, read.call({ start_byte: Math.max(0, startByte - LIMITS.defaultWindowBytes), max_bytes: LIMITS.defaultWindowBytes }))}.`;
    read.notes.push(
      `The last ${plural(plan.lines, 'line')} do not fit the size cap; showing the last ${plural(shown, 'line')}.${earlier}`,
    );
  }
  if (slice.startsInLine && shown === slice.lineCount) {
    const lineStart =
      shownFirst === null ? undefined : await read.index.lineStart(read.file.source, shownFirst, read.env.signal);
    const from = lineStart ?? Math.max(read.file.base, startByte - LIMITS.defaultWindowBytes);
    read.notes.push(
      `The tail starts inside ${shownFirst === null ? 'a line' : `line ${formatCount(shownFirst)}`}, which is longer than ${formatBytes(LIMITS.maxLineReadBytes)} (continuing it from byte ${formatCount(startByte)}). ` +
        `Its start: ${callText(TOOL.read, read.call({ start_byte: from }))}.`,
    );
  }
  const range =
    shownFirst === null
      ? `last ${plural(shown, 'line')} (line numbers not counted: file over ${formatBytes(LIMITS.countLinesBelowBytes)})`
      : `last ${plural(shown, 'line')} (${formatCount(shownFirst)}-${formatCount(total!)} of ${formatCount(total!)})`;
  return read.respond({
    content: read.contentOf({ ...slice, bytes: slice.bytes.subarray(slice.bytes.length - shaped.byteLength) }, shaped),
    body: renderNumbered(shaped.lines, shownFirst, read.env.settings.lineNumbers),
    bodyTokens: shaped.bodyTokens,
    bodyCounted: shaped.bodyCounted,
    header: `${read.label} · ${range}`,
    meta: {
      total_lines: total,
      start_line: shownFirst,
      end_line: total,
      start_byte: startByte,
      end_byte: slice.endByte,
    },
    next: null,
    truncated: startByte > read.file.base,
    degraded,
  });
}
