// One file read by mode "file": its lines (read/fileRead.ts), or its outline when asked for or
// when the file is over the answer's token cap and was read without a range.
import { draft, draftOfRead, type Draft } from '../ground/answer';
import { readFile } from '../read/fileRead';
import { planRead, type FileReadInput } from '../read/readPlan';
import { outlineInstead, readOutline } from './outlineAnswer';
import type { SymbolEnv } from './symbolEnv';

export type FileOrOutlineInput = FileReadInput & { outline?: boolean };

/** Tokens per byte of source code, a little above what o200k gives on real code (for "is it over the cap"). */
const TOKENS_PER_BYTE = 0.3;

/**
 * One file: its outline when asked for, or instead of the first part of a file over the per-answer
 * cap. A file under the cap answers with text (up to the preview bound) and the exact call for the rest.
 */
export async function readFileOrOutline(env: SymbolEnv, input: FileOrOutlineInput): Promise<Draft> {
  const { outline, ...rest } = input;
  if (outline) return draft(await readOutline(env, rest));
  const answer = await draftOfRead(env, (e) => readFile(e, rest));
  const response = answer.response;
  if (!response.ok || response.meta.next === null || planRead(rest, []).kind !== 'default') return answer;
  if ((response.meta.total_bytes ?? Infinity) * TOKENS_PER_BYTE <= env.tokenCap) return answer;
  const instead = await outlineInstead(env, input.target, response);
  return instead ? draft(instead) : answer;
}
