// The one-line progress message a host shows while a tool runs ("Reading src/a.ts, lines 1-200").
import { formatCount } from '../ground/format';

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

function targets(value: unknown): string {
  if (Array.isArray(value)) {
    const names = value.filter((v): v is string => typeof v === 'string');
    return names.length > 3 ? `${names.slice(0, 3).join(', ')} and ${names.length - 3} more` : names.join(', ');
  }
  return text(value) ?? 'a file';
}

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

export function describeInvocation(tool: string, raw: unknown): string {
  const input = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const target = targets(input.target ?? input.path);
  if ((tool === 'lectern_read' && input.mode === 'diff_preview') || tool === 'dry_run_diff') {
    const against = text(input.against) ?? 'HEAD';
    const where = text(input.target ?? input.path) ?? 'the workspace';
    return `Previewing changes in ${where} against ${against === 'INDEX' ? 'the index' : against === 'WORKTREE' ? 'the file on disk' : 'HEAD'}`;
  }
  switch (tool) {
    case 'lectern_read':
    case 'read_file':
    case 'read_file_range':
    case 'read_file_head':
      return `Reading ${target}${readRange(input)}`;
    case 'read_file_tail':
      return `Reading ${target}, last ${formatCount(num(input.lines) ?? 50)} lines`;
    case 'lectern_search':
    case 'search_in_file':
      return `Searching ${text(input.target ?? input.path) ?? 'the workspace'} for ${JSON.stringify(text(input.query) ?? '')}`;
    case 'lectern_stat':
    case 'stat_file':
      return `Checking ${target}`;
    default:
      return `Running ${tool}`;
  }
}
