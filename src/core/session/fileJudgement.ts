// Relevance and exclusions of the files a read answered with: each answer of an excluded path or a
// file outside the recent search results gets a warning, or — by setting — refuses the whole read.
import { LecternError, type ErrorCode, type ToolResponse } from '../ground/contract';
import { errorResponse } from '../ground/errors';
import { callText } from '../ground/format';
import type { Settings } from '../ground/settings';
import type { Advice } from './advice';
import { describeExclusion, type ExclusionPolicy } from './exclusions';
import { fileOf, partsOf, type FileOf } from './parts';
import { judgeRelevance, type SearchRecord } from './relevance';
import type { FlagsByPart } from './timeline';

export interface Blocked {
  code: ErrorCode;
  file: FileOf;
  message: string;
  hint: string;
  action: string;
}

export interface FileJudge {
  settings: Settings;
  exclusions: ExclusionPolicy;
  searches: readonly SearchRecord[];
  /** The read's input (for the reads a warning suggests). */
  input: Record<string, unknown> | undefined;
}

/** Judges every answer of a read: warnings go to `advice`, refusals are returned. */
export async function judgeFiles(response: ToolResponse, judge: FileJudge, advice: Advice[], flags: FlagsByPart): Promise<Blocked[]> {
  const s = judge.settings;
  const blocked: Blocked[] = [];
  for (const part of partsOf(response)) {
    const file = part.ok ? fileOf(part) : null;
    if (!file) continue;
    const exclusion = await judge.exclusions.check(file.absolute, s.excludeGlobs);
    if (exclusion) {
      flags.of(part).excluded = true;
      const what = describeExclusion(file.display, exclusion);
      if (s.exclusions === 'block') {
        blocked.push({
          code: 'EXCLUDED_PATH',
          file,
          message: `${what}.`,
          hint: `Read the source it comes from instead (find it: ${callText('lectern_search', { query: 'NAME' })}; workspace searches skip excluded paths), or add "force": true to read it anyway (the setting exclusions: "warn" makes this a warning).`,
          action: `Read the source instead of ${file.display}, or repeat with "force": true.`,
        });
      } else {
        advice.push({ code: 'EXCLUDED_PATH', message: `${what}; prefer the source, or add "force": true if you mean it.`, action: `Prefer the source over ${file.display}.`, part });
      }
      continue;
    }
    const relevance = judgeRelevance(file.display, judge.searches);
    if (relevance && !relevance.relevant) {
      flags.of(part).low_relevance = true;
      const input = judge.input;
      const reads = relevance.alternatives.map((alt) => callText('lectern_read', input?.mode === 'symbol' ? { mode: 'symbol', target: input.target, path: alt } : { target: alt }));
      const intended = relevance.alternatives.length > 0 ? `likely intended: ${relevance.alternatives.join(', ')}` : 'search for it first';
      if (s.relevance === 'block') {
        blocked.push({
          code: 'LOW_RELEVANCE',
          file,
          message: `${file.display} is not among the results of your recent searches (latest: ${JSON.stringify(relevance.query)}).`,
          hint: `${reads.length > 0 ? `Read one of them: ${reads.join(' or ')}; ` : ''}search this file first: ${callText('lectern_search', { target: file.display, query: relevance.query || 'NAME' })}; or add "force": true to read it anyway.`,
          action: reads[0] ?? callText('lectern_search', { target: file.display, query: relevance.query || 'NAME' }),
        });
      } else {
        advice.push({
          code: 'LOW_RELEVANCE',
          message: `${file.display} is not among your recent search results (${JSON.stringify(relevance.query)}); ${intended}.`,
          action: reads[0] ?? null,
          part,
        });
      }
    }
  }
  return blocked;
}

/** A read refused for what it would have returned; names every blocked file. */
export function refuseBlocked(
  response: ToolResponse,
  blocked: Blocked[],
  input: Record<string, unknown> | undefined,
): ToolResponse {
  const first = blocked[0]!;
  let message = blocked.map((b) => b.message).join(' ');
  let hint = first.hint;
  if (Array.isArray(response.target)) {
    const names = new Set(blocked.map((b) => b.file.display));
    const others = (response.results ?? []).filter((r) => !names.has(r.location?.file ?? String(r.target))).map((r) => String(r.target));
    message = `Refused: ${message}`;
    if (others.length > 0) hint = `Read the others: ${callText('lectern_read', { ...input, target: others, force: undefined })}. ${hint}`;
  }
  const refused = errorResponse(response.mode, response.target, new LecternError(first.code, message, hint));
  if (blocked.length === 1) refused.meta.absolute_path = first.file.absolute;
  refused.meta.token_estimate = 0;
  return refused;
}
