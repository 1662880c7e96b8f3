// The one line a read becomes when a kept read holds its lines: short (< 30 tokens), and it names
// the kept read by its turn and range so the model can scroll back to it.
import type { LineRange } from './types';

const MAX_PATH_CHARS = 36;

export function rangeLabel(range: LineRange | undefined, outline = false): string {
  if (outline) return 'outline';
  return range ? `L${range.start}-${range.end}` : 'whole file';
}

/** Long paths keep their end (the file name says most). */
function shortPath(path: string): string {
  return path.length <= MAX_PATH_CHARS ? path : `…${path.slice(path.length - MAX_PATH_CHARS + 1)}`;
}

export function pointerLine(
  path: string,
  range: LineRange | undefined,
  outline: boolean,
  keptTurn: number,
  keptRange: LineRange | undefined,
): string {
  return `[${shortPath(path)} ${rangeLabel(range, outline)} read again; see turn ${keptTurn}, ${rangeLabel(keptRange, outline)}]`;
}

/** An earlier call whose answer a later identical call repeats word for word (`latest`: replaces). */
export function repeatLine(tool: string, input: unknown, laterTurn: number, latest = false): string {
  let args = JSON.stringify(input ?? {});
  if (args.length > 40) args = `${args.slice(0, 39)}…`;
  return latest
    ? `[${tool} ${args}: answered again in turn ${laterTurn}; that answer is the current one]`
    : `[${tool} ${args}: the same answer again in turn ${laterTurn}]`;
}
