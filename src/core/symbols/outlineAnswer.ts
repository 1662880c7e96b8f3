// A file's outline as an answer: asked for (`outline: true` in mode "file"), or given instead of
// the first part of a large file read without a range, because it says more for less.
import { LecternError, type ToolResponse } from '../ground/contract';
import { formatCount } from '../ground/format';
import { TOOL } from '../ground/tools';
import { renderOutline } from './outlineRead';
import { fileOutline } from './fileSymbols';
import type { SymbolEnv } from './symbolEnv';

const RANGE_FIELDS = ['offset', 'limit', 'start_line', 'end_line', 'start_byte', 'max_bytes', 'head', 'tail'] as const;

/** `outline: true`: the whole file's symbols; it takes no range. */
export async function readOutline(
  env: SymbolEnv,
  input: { target: string } & Partial<Record<(typeof RANGE_FIELDS)[number], number>>,
): Promise<ToolResponse> {
  if (RANGE_FIELDS.some((k) => input[k] !== undefined)) {
    throw new LecternError(
      'INVALID_ARGS',
      "outline returns the whole file's symbols; it takes no range.",
      `Example: ${TOOL.read} ${JSON.stringify({ mode: 'file', target: input.target, outline: true })}`,
    );
  }
  return renderOutline(env, await fileOutline(env, input.target), env.tokenCap, null);
}

/**
 * The outline of a file too large for one answer, instead of `firstPart` (its first lines); null
 * when it has no symbols, no grammar, or is too large or too slow to parse: the first part stands.
 */
export async function outlineInstead(
  env: SymbolEnv,
  target: string,
  firstPart: ToolResponse,
): Promise<ToolResponse | null> {
  try {
    const file = await fileOutline(env, target);
    if (file.symbols.length === 0) return null;
    // The start: the lines the first part showed, as the read that asks for them.
    const next = firstPart.meta.next as Record<string, unknown>;
    const call = Object.fromEntries(
      Object.entries(next).filter(([k]) => !(RANGE_FIELDS as readonly string[]).includes(k)),
    );
    const start = { ...call, start_line: 1, end_line: firstPart.meta.end_line ?? 1 };
    const budget = Math.min(env.tokenCap, Math.ceil(env.settings.maxPreviewChars / 3));
    return await renderOutline(
      env,
      file,
      budget,
      `This file is larger than one answer (${formatCount(firstPart.meta.total_lines ?? 0)} lines): here is its outline. Read a symbol or a range from it, or the start: ${JSON.stringify(start)}.`,
    );
  } catch {
    return null;
  }
}
