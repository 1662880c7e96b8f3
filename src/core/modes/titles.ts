// Pieces of the progress messages hosts show while a call runs ("Reading src/a.ts, lines 1-200"):
// each mode and tool writes its own title from these (CallDescriptor.title). The input is the
// caller's, unchecked.
import { formatCount } from '../ground/format';

export const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/** The targets named: "a.ts", "a.ts, b.ts", "a.ts, b.ts, c.ts and 2 more"; "a file" for none. */
export function targets(value: unknown): string {
  if (Array.isArray(value)) {
    const names = value.filter((v): v is string => typeof v === 'string');
    return names.length > 3 ? `${names.slice(0, 3).join(', ')} and ${names.length - 3} more` : names.join(', ');
  }
  return text(value) ?? 'a file';
}

/** The part of a file a read asks for: ", lines 3-9", ", last 5 lines", ", bytes from 200"; '' for none. */
function readRange(input: Record<string, unknown>): string {
  const head = num(input.head ?? input.lines);
  const start = num(input.start_line) ?? num(input.offset);
  const end =
    num(input.end_line) ?? (num(input.limit) !== undefined ? (start ?? 1) + num(input.limit)! - 1 : undefined);
  if (num(input.tail) !== undefined) return `, last ${formatCount(num(input.tail)!)} lines`;
  if (head !== undefined) return `, first ${formatCount(head)} lines`;
  if (start !== undefined || end !== undefined)
    return `, lines ${formatCount(start ?? 1)}-${end !== undefined ? formatCount(end) : 'end'}`;
  if (num(input.start_byte) !== undefined || num(input.max_bytes) !== undefined) {
    const from = num(input.start_byte) ?? 0;
    return `, bytes from ${formatCount(from)}`;
  }
  return '';
}

/** "Reading TARGET, RANGE": the title of a read of a file's text. */
export function readingTitle(input: Record<string, unknown>): string {
  return `Reading ${targets(input.target ?? input.path)}${readRange(input)}`;
}
