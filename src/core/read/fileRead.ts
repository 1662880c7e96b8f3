// `lectern_read` mode "file": line ranges, byte windows, head, tail and the default read, each
// answered with exact positions, a "lines a-b of N" header and the exact next call.
import { LecternError, type ToolResponse } from '../ground/contract';
import type { ReadEnv } from '../ground/env';
import { plural } from '../ground/format';
import { requireInside } from '../ground/paths';
import { readWindow } from './byteWindowRead';
import { readDefault } from './defaultRead';
import { readLines } from './lineRangeRead';
import { OpenedRead } from './openedRead';
import { openText } from './openText';
import { planRead, type FileReadInput, type ReadPlan } from './readPlan';
import { readTail } from './tailRead';

export async function readFile(env: ReadEnv, input: FileReadInput): Promise<ToolResponse> {
  const notes: string[] = [];
  const plan = planRead(input, notes);
  const path = await env.resolver.resolve(input.target);
  requireInside(path, env.allowOutside, 'Read files', env.allowSecrets);
  const file = await openText(env.host, path, env.sniffs, env);
  try {
    return await answer(new OpenedRead(env, path, file, input, notes), plan);
  } finally {
    await file.source.close().catch(() => undefined);
  }
}

async function answer(read: OpenedRead, plan: ReadPlan): Promise<ToolResponse> {
  if (read.size === read.file.base) return emptyFile(read, plan);
  switch (plan.kind) {
    case 'lines':
      return readLines(read, plan);
    case 'window':
      return readWindow(read, plan);
    case 'tail':
      return readTail(read, plan);
    case 'default':
      return readDefault(read);
  }
}

function emptyFile(read: OpenedRead, plan: ReadPlan): ToolResponse {
  const past =
    (plan.kind === 'lines' && plan.startLine > 1) || (plan.kind === 'window' && plan.startByte > read.file.base);
  const message = `${read.label} exists and is empty (0 lines, ${plural(read.size - read.file.base, 'byte')} of text).`;
  if (past)
    throw new LecternError('OUT_OF_RANGE', message, 'There is nothing to read.', {
      total_lines: 0,
      total_bytes: read.size,
    });
  return read.respond({
    content: '',
    body: '',
    header: message,
    meta: { total_lines: 0, start_line: null, end_line: null, start_byte: read.file.base, end_byte: read.file.base },
    next: null,
    truncated: false,
    degraded: false,
  });
}
