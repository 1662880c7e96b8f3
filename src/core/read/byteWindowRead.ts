// A read of a byte window (start_byte/max_bytes): whole lines from the line that holds start_byte, a
// line longer than the window cut at a character boundary, and the next window.
import { LecternError, type ToolResponse } from '../ground/contract';
import { callText, formatBytes, formatCount, plural } from '../ground/format';
import { LIMITS } from '../ground/settings';
import { TOOL } from '../ground/tools';
import type { OpenedRead } from './openedRead';
import type { ReadPlan } from './readPlan';
import { renderNumbered } from './shape';
import { byteWindow } from './slices';

export async function readWindow(read: OpenedRead, plan: Extract<ReadPlan, { kind: 'window' }>): Promise<ToolResponse> {
  if (plan.startByte >= read.size) {
    const lastStart = Math.max(read.file.base, read.size - plan.maxBytes);
    throw new LecternError(
      'OUT_OF_RANGE',
      `start_byte ${formatCount(plan.startByte)} is past the end: ${read.label} has ${plural(read.size, 'byte')}.`,
      `Read the start: ${callText(TOOL.read, read.call({ start_byte: 0, max_bytes: plan.maxBytes }))} or the end: ${callText(TOOL.read, read.call({ start_byte: lastStart, max_bytes: plan.maxBytes }))}.`,
      { total_bytes: read.size },
    );
  }
  const slice = await byteWindow(read.file.source, read.file.base, plan.startByte, plan.maxBytes);
  const before = await read.index.newlinesBefore(
    read.file.source,
    slice.startByte,
    LIMITS.countLinesBelowBytes,
    read.env.signal,
    slice.bytes,
  );
  const firstLine = before === undefined ? null : before + 1;
  const shaped = read.shape(slice, { maxChars: null, cutLong: false, keepEnd: false, firstLine });
  const endByte = slice.startByte + shaped.byteLength;
  const total = await read.totalLines();
  const shown = shaped.lines.length;
  const lastLine = firstLine === null ? null : firstLine + shown - 1;
  if (slice.snappedFrom !== null) {
    read.notes.push(
      `start_byte ${formatCount(slice.snappedFrom)} was inside a line; the window starts at that line's first byte (${formatCount(slice.startByte)}).`,
    );
  }
  if (slice.startsInLine)
    read.notes.push(`The window starts inside a line longer than ${formatCount(plan.maxBytes)} bytes (continuing it).`);
  const cutHere = (slice.cutInLine && shown === 1) || shaped.tokenCutInLine;
  if (cutHere) {
    read.notes.push(
      `A single line is longer than this window: it is cut at byte ${formatCount(endByte)} (at a character boundary). Continue with start_byte ${formatCount(endByte)}.`,
    );
  }
  const degraded = shaped.cappedBy !== null;
  if (degraded) read.notes.push(read.capNote(shaped, slice, 'window'));
  const lineText =
    firstLine === null
      ? `line numbers not counted (file over ${formatBytes(LIMITS.countLinesBelowBytes)})`
      : `lines ${formatCount(firstLine)}-${formatCount(lastLine!)} of ${total === null ? '?' : formatCount(total)}`;
  return read.respond({
    content: read.contentOf(slice, shaped),
    body: renderNumbered(shaped.lines, firstLine, read.env.settings.lineNumbers),
    bodyTokens: shaped.bodyTokens,
    bodyCounted: shaped.bodyCounted,
    header: `${read.label} · bytes ${formatCount(slice.startByte)}-${formatCount(endByte)} of ${formatCount(read.size)} · ${lineText}`,
    meta: {
      total_lines: total,
      start_line: firstLine,
      end_line: lastLine,
      start_byte: slice.startByte,
      end_byte: endByte,
    },
    // After a token cut the next window is the size that fit: a full-size one would snap back to the line start.
    next:
      endByte < read.size
        ? read.call({
            start_byte: endByte,
            max_bytes: shaped.tokenCutInLine ? endByte - slice.startByte : plan.maxBytes,
          })
        : null,
    truncated: slice.startByte > read.file.base || endByte < read.size,
    degraded,
  });
}
