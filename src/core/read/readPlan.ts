// What a read of a file asks for: its fields, checked and turned into one plan (a line range, a byte
// window, the tail, or the default read).
import { LecternError } from '../ground/contract';
import { formatCount } from '../ground/format';
import { LIMITS } from '../ground/settings';
import { TOOL } from '../ground/tools';

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

export type ReadPlan =
  | { kind: 'lines'; style: 'range' | 'head'; startLine: number; endLine: number; sized: boolean }
  | { kind: 'window'; startByte: number; maxBytes: number }
  | { kind: 'tail'; lines: number }
  | { kind: 'default' };

function invalid(message: string, example: Record<string, unknown>): LecternError {
  return new LecternError('INVALID_ARGS', message, `Example: ${TOOL.read} ${JSON.stringify(example)}`);
}

export function planRead(input: FileReadInput, notes: string[]): ReadPlan {
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
  const first = start_line ?? offset;
  if (first !== undefined && end_line !== undefined && first > end_line) {
    const name = start_line !== undefined ? 'start_line' : 'offset';
    throw invalid(`${name} (${first}) is after end_line (${end_line}).`, {
      target: t,
      start_line: end_line,
      end_line: first,
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
    // offset/limit are start_line/end_line in other words: a range may mix them (start_line with limit).
    const from = start_line ?? offset ?? 1;
    const last = end_line ?? (limit !== undefined ? from + limit - 1 : undefined);
    return { kind: 'lines', style: 'range', startLine: from, endLine: last ?? Infinity, sized: last !== undefined };
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
