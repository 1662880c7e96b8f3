// Mode "file" over one target or a list: each file answered on its own, in order, sharing the
// token cap, the lines and the reads left in the session, until one of them runs out.
import { addNotes, draft, type Draft } from '../ground/answer';
import { errorResponse } from '../ground/errors';
import { formatCount } from '../ground/format';
import { fileListAnswer } from '../read/fileListAnswer';
import { readFileOrOutline, type FileOrOutlineInput } from './fileOrOutline';
import type { SymbolEnv } from './symbolEnv';

export type FilesInput = Omit<FileOrOutlineInput, 'target'> & { target: string | string[] };

/** A target of a list gets at least this many tokens; with fewer left, the list stops there. */
const MIN_TARGET_TOKENS = 256;
/** One answer reads at most this many targets of a list. */
const MAX_TARGETS = 50;

/** One file or several, the notes added to each. */
export async function readFiles(env: SymbolEnv, input: FilesInput, notes: string[]): Promise<Draft> {
  const { target } = input;
  if (Array.isArray(target)) return readList(env, input, target, notes);
  return addNotes(await readFileOrOutline(env, { ...input, target }), notes);
}

/** Why a list stops before its next target ('' when it goes on); `read` targets were read so far. */
function stopReason(env: SymbolEnv, read: number, tokensLeft: number, linesLeft: number | undefined): string {
  if (tokensLeft < MIN_TARGET_TOKENS) return `this answer used its token cap (${formatCount(env.tokenCap)} tokens)`;
  if (linesLeft !== undefined && linesLeft < 1)
    return `this answer used the lines one read may show (${formatCount(env.maxLines!)})`;
  if (env.maxReads !== undefined && read >= env.maxReads)
    return `the session's read budget allows ${formatCount(env.maxReads)} more read${env.maxReads === 1 ? '' : 's'}`;
  if (env.signal?.isCancellationRequested) return 'the call ran out of time';
  if (read >= MAX_TARGETS) return `one answer reads at most ${MAX_TARGETS} targets`;
  return '';
}

/**
 * Several files: each answered on its own, in order, sharing the token cap, the lines and the
 * reads left in the session; the targets that do not fit are named in a closing line with the
 * call that reads them.
 */
async function readList(env: SymbolEnv, input: FilesInput, targets: string[], notes: string[]): Promise<Draft> {
  const parts: Draft[] = [];
  let used = 0;
  let lines = 0;
  for (let i = 0; i < targets.length; i++) {
    const target = targets[i]!;
    const left = env.tokenCap - used;
    const linesLeft = env.maxLines === undefined ? undefined : env.maxLines - lines;
    const why = parts.length > 0 ? stopReason(env, parts.length, left, linesLeft) : '';
    if (why) return fileListAnswer(input, targets, parts, { targets: targets.slice(i), why });
    let part: Draft;
    try {
      part = await readFileOrOutline(
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
  return fileListAnswer(input, targets, parts, { targets: [], why: '' });
}
