// The default read (no range asked): the file from its start, whole when it fits the preview, else
// its first lines and the call for the next page.
import type { ToolResponse } from '../ground/contract';
import { formatBytes, formatCount, plural } from '../ground/format';
import { LIMITS } from '../ground/settings';
import type { OpenedRead } from './openedRead';
import { renderNumbered } from './shape';
import { lineSlice } from './slices';

export async function readDefault(read: OpenedRead): Promise<ToolResponse> {
  const maxChars = read.maxPreviewChars();
  const slice = (await lineSlice(
    read.file.source,
    read.index,
    { startLine: 1, endLine: Infinity, maxBytes: LIMITS.maxLineReadBytes },
    read.env.signal,
  ))!;
  const shaped = read.shape(slice, { maxChars, cutLong: true, keepEnd: false });
  const endByte = slice.startByte + shaped.byteLength;
  const total = await read.totalLines();
  const shown = shaped.lines.length;
  const whole = endByte >= read.size;
  if (whole) {
    if (shaped.tokenCutDisplay) read.notes.push(read.displayCutNote(1, slice.startByte));
    return read.respond({
      content: read.contentOf(slice, shaped),
      body: renderNumbered(shaped.lines, 1, read.env.settings.lineNumbers),
      bodyTokens: shaped.bodyTokens,
      bodyCounted: shaped.bodyCounted,
      header: `${read.label} · whole file, ${plural(shown, 'line')} (${formatBytes(read.size)})`,
      meta: { total_lines: total, start_line: 1, end_line: shown, start_byte: slice.startByte, end_byte: endByte },
      next: null,
      truncated: false,
      degraded: shaped.cappedBy !== null,
    });
  }
  if (shaped.tokenCutDisplay) read.notes.push(read.displayCutNote(1, slice.startByte));
  // The answer ended inside a line (a huge single-line file): the rest of it continues by bytes,
  // since the next line may not exist. Otherwise the header ("lines 1-274 of 292") and [Next] say
  // the rest; the next page is no longer than what is left.
  const next = slice.cutInLine
    ? read.call({ start_byte: endByte, max_bytes: LIMITS.maxWindowBytes })
    : read.call({
        start_line: shown + 1,
        end_line: shown + (total === null ? shown : Math.max(1, Math.min(shown, total - shown))),
      });
  return read.respond({
    content: read.contentOf(slice, shaped),
    body: renderNumbered(shaped.lines, 1, read.env.settings.lineNumbers),
    bodyTokens: shaped.bodyTokens,
    bodyCounted: shaped.bodyCounted,
    header: `${read.label} · lines 1-${formatCount(shown)} of ${total === null ? '?' : formatCount(total)}`,
    meta: { total_lines: total, start_line: 1, end_line: shown, start_byte: slice.startByte, end_byte: endByte },
    next,
    truncated: true,
    degraded: true,
  });
}
