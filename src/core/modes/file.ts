// `lectern_read` mode "file": lines, a byte window, head, tail or the outline of one file, or of
// several files in one call (each answered on its own; together they share the token cap).
import { addNotes, draft, drafted, listDraft, type Draft } from '../ground/answer';
import { emptyMeta, type ToolResponse } from '../ground/contract';
import { errorResponse, shortText } from '../ground/errors';
import { formatCount } from '../ground/format';
import type { Fields, InputOf, Same } from '../ground/schema';
import { planRead, type FileReadInput } from '../read/readPlan';
import { readFile } from '../read/fileRead';
import { isPreciseRange } from '../session/precise';
import type { SymbolEnv } from '../symbols/symbolEnv';
import { defineMode } from './mode';
import { outlineInstead, readOutline } from './outline';
import { endLine, startLine } from './readFields';
import { readingTitle } from './titles';
import { TOOL } from '../ground/tools';

const fileFields = {
  offset: {
    type: 'integer',
    minimum: 1,
    description: 'Like start_line.',
  },
  limit: {
    type: 'integer',
    minimum: 1,
    description: 'Lines from offset.',
  },
  start_line: startLine,
  end_line: endLine,
  start_byte: {
    type: 'integer',
    minimum: 0,
    description: 'Byte window start.',
  },
  max_bytes: {
    type: 'integer',
    minimum: 1,
    description: 'Window bytes.',
  },
  // Their names say what they are: first and last N lines.
  head: { type: 'integer', minimum: 1 },
  tail: { type: 'integer', minimum: 1 },
  max_preview_chars: {
    type: 'integer',
    minimum: 100,
    description: 'Chars cap.',
  },
  outline: {
    type: 'boolean',
    description: 'Symbol tree.',
  },
} as const satisfies Fields;

export type FileInput = InputOf<typeof fileFields> & { target: string | string[] };
type OneFileInput = FileInput & { target: string };

/** The reader takes exactly these fields (outline aside): a field added to one and not the other fails to compile. */
const readerTakesTheseFields: Same<Omit<OneFileInput, 'outline'>, FileReadInput> = true;
void readerTakesTheseFields;

/** Tokens per byte of source code, a little above what o200k gives on real code (for "is it over the cap"). */
const TOKENS_PER_BYTE = 0.3;

/**
 * One file: its outline when asked for, or instead of the first part of a file over the per-answer
 * cap. A file under the cap answers with text (up to the preview bound) and the exact call for the rest.
 */
async function readOne(env: SymbolEnv, input: OneFileInput): Promise<Draft> {
  const { outline, ...rest } = input;
  if (outline) return draft(await readOutline(env, rest));
  const answer = await drafted(env, (e) => readFile(e, rest));
  const response = answer.response;
  if (!response.ok || response.meta.next === null || planRead(rest, []).kind !== 'default') return answer;
  if ((response.meta.total_bytes ?? Infinity) * TOKENS_PER_BYTE <= env.tokenCap) return answer;
  const instead = await outlineInstead(env, input.target, response);
  return instead ? draft(instead) : answer;
}

/** A target of a list gets at least this many tokens; with fewer left, the list stops there. */
const MIN_TARGET_TOKENS = 256;
/** One answer reads at most this many targets of a list. */
const MAX_TARGETS = 50;
/** The call that reads the rest of a list names at most this many of its targets. */
const NEXT_TARGETS = 20;

/**
 * Several files: each answered on its own, in order, sharing the token cap, the lines and the
 * reads left in the session; the targets that do not fit are named in a closing line with the
 * call that reads them.
 */
async function readMany(env: SymbolEnv, input: FileInput, targets: string[], notes: string[]): Promise<Draft> {
  const parts: Draft[] = [];
  let used = 0;
  let lines = 0;
  let unread: string[] = [];
  let why = '';
  for (let i = 0; i < targets.length; i++) {
    const target = targets[i]!;
    const left = env.tokenCap - used;
    const linesLeft = env.maxLines === undefined ? undefined : env.maxLines - lines;
    if (parts.length > 0) {
      if (left < MIN_TARGET_TOKENS) why = `this answer used its token cap (${formatCount(env.tokenCap)} tokens)`;
      else if (linesLeft !== undefined && linesLeft < 1)
        why = `this answer used the lines one read may show (${formatCount(env.maxLines!)})`;
      else if (env.maxReads !== undefined && parts.length >= env.maxReads)
        why = `the session's read budget allows ${formatCount(env.maxReads)} more read${env.maxReads === 1 ? '' : 's'}`;
      else if (env.signal?.isCancellationRequested) why = 'the call ran out of time';
      else if (parts.length >= MAX_TARGETS) why = `one answer reads at most ${MAX_TARGETS} targets`;
      if (why) {
        unread = targets.slice(i);
        break;
      }
    }
    let part: Draft;
    try {
      part = await readOne(
        { ...env, tokenCap: Math.max(MIN_TARGET_TOKENS, left), maxLines: linesLeft },
        { ...input, target },
      );
    } catch (error) {
      part = draft(errorResponse('file', target, error));
    }
    const result = part.response;
    if (result.meta.token_estimate === 0) result.meta.token_estimate = env.countTokens(result.text);
    used += result.meta.token_estimate;
    const { start_line: firstLine, end_line: lastLine } = result.meta;
    if (typeof firstLine === 'number' && typeof lastLine === 'number' && lastLine >= firstLine)
      lines += lastLine - firstLine + 1;
    parts.push(addNotes(part, notes));
  }
  const next =
    unread.length > 0
      ? `${formatCount(unread.length)} of ${formatCount(targets.length)} targets not read: ${why}. Read the next ones with: ${TOOL.read} ${JSON.stringify({ ...input, target: unread.slice(0, NEXT_TARGETS) }).slice(0, 4_000)}`
      : undefined;
  const results = parts.map((p) => p.response);
  const failures = results.filter((r) => !r.ok);
  const failed = failures.length;
  const response: ToolResponse = {
    ok: failed === 0,
    ...(failed > 0
      ? {
          error: {
            code: failures[0]!.error!.code,
            message: `${formatCount(failed)} of ${formatCount(results.length)} targets failed: ${failures
              .slice(0, 10)
              .map((r) => `${r.target} (${r.error!.code})`)
              .join(', ')}${failed > 10 ? ', …' : ''}.`,
            hint: 'Each target is answered in results; the others were read.',
          },
        }
      : {}),
    mode: 'file',
    target: targets.slice(0, results.length).map(shortText),
    content: '',
    text: '',
    meta: {
      ...emptyMeta(),
      ...(next ? { notes: [next] } : {}),
      truncated: unread.length > 0 || results.some((r) => r.meta.truncated),
      preview_degraded: results.some((r) => r.meta.preview_degraded),
      token_estimate: 0,
    },
    location: null,
  };
  const closing =
    (failed > 0
      ? `\n\n[${formatCount(results.length - failed)} of ${formatCount(results.length)} targets read; the others answered with errors above.]`
      : '') + (next ? `\n\n[${next}]` : '');
  return listDraft(response, parts, closing);
}

export const fileMode = defineMode({
  name: 'file',
  summary: 'lines, a range, bytes, head, tail or outline of files',
  guide: "a file's lines: a range, head, tail, a byte window, or its outline (declarations with their lines)",
  fields: fileFields,
  targetList: true,
  examples: [
    { target: 'src/inventory.ts', start_line: 2, end_line: 9 },
    { target: 'src/inventory.ts', outline: true },
  ],
  answer: (input: FileInput) => (input.outline === true ? 'outline' : 'text'),
  precise: (input: FileInput) => input.outline !== true && isPreciseRange(input),
  title: readingTitle,
  async run(env, input: FileInput, notes) {
    const { target } = input;
    if (Array.isArray(target)) return readMany(env, input, target, notes);
    return addNotes(await readOne(env, { ...input, target }), notes);
  },
});
