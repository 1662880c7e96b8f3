// Long command and terminal outputs keep their head and tail, with a marker of what was cut.

const LONG_OUTPUT_CHARS = 10_000;
const KEEP_HEAD_CHARS = 2_000;
const KEEP_TAIL_CHARS = 2_000;

export function isLongOutput(text: string): boolean {
  return text.length > LONG_OUTPUT_CHARS;
}

/** Cuts at line ends near the 2k marks when there are any, so no line is split mid-way. */
export function trimOutput(text: string, head = KEEP_HEAD_CHARS, tail = KEEP_TAIL_CHARS): string {
  if (text.length <= head + tail) return text;
  let headEnd = text.lastIndexOf('\n', head);
  if (headEnd < head / 2) headEnd = head;
  else headEnd += 1;
  let tailStart = text.indexOf('\n', text.length - tail);
  if (tailStart === -1 || tailStart > text.length - tail / 2) tailStart = text.length - tail;
  else tailStart += 1;
  const cutLines = countLines(text.slice(headEnd, tailStart));
  const marker = `\n[… ${text.length - headEnd - (text.length - tailStart)} chars (${cutLines} lines) of this output cut from history; first ${headEnd} and last ${text.length - tailStart} chars kept …]\n`;
  return text.slice(0, headEnd) + marker + text.slice(tailStart);
}

function countLines(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) n++;
  return text.length > 0 && !text.endsWith('\n') ? n + 1 : n;
}
