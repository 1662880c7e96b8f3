// Relevance and exclusions of the files a read answered with: each answer of an excluded path or a
// file outside the recent search results gets a warning, or — by setting — refuses the whole read.
import { type ErrorCode, LecternError, type ToolResponse } from '../ground/contract';
import type { CallTraits } from '../ground/descriptor';
import { errorResponse } from '../ground/errors';
import { callText } from '../ground/format';
import { quote } from '../ground/paths';
import type { Settings } from '../ground/settings';
import { TOOL } from '../ground/tools';
import { searchCall, type Advice } from './advice';
import { fileOf, type FileOf, partsOf } from './answerParts';
import { describeExclusion, type ExclusionPolicy } from './exclusions';
import { judgeRelevance, type SearchRecord } from './relevance';
import type { FlagsByPart } from './timeline';

/** A query longer than this is not repeated in a suggested call. */
const MAX_REPEATED_QUERY_CHARS = 1_000;

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
  /** What the read's mode says of it (the reads a warning suggests instead). */
  traits: CallTraits | undefined;
  /** LOW_RELEVANCE notes already shown (by file and search): not repeated. */
  shown?: Set<string>;
}

/** A read that resolved the very symbol name it asked for: the agent knows what it wants, relevance has nothing to add. */
function exactSymbolRead(part: ToolResponse): boolean {
  const resolved = part.meta.resolved_symbol as { name?: unknown; qualified_name?: unknown } | undefined;
  const asked = part.target;
  return (
    resolved !== undefined &&
    typeof asked === 'string' &&
    (resolved.name === asked || resolved.qualified_name === asked)
  );
}

/** Judges every answer of a read: warnings go to `advice`, refusals are returned. */
export async function judgeFiles(
  response: ToolResponse,
  judge: FileJudge,
  advice: Advice[],
  flags: FlagsByPart,
): Promise<Blocked[]> {
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
          hint: `Read the source it comes from instead (find it: ${searchCall({ query: 'NAME' }, null)}; workspace searches skip excluded paths), or add "force": true to read it anyway (the setting exclusions: "warn" makes this a warning).`,
          action: `Read the source instead of ${file.display}, or repeat with "force": true.`,
        });
      } else {
        advice.push({
          code: 'EXCLUDED_PATH',
          message: `${what}; prefer the source, or add "force": true if you mean it.`,
          action: `Prefer the source over ${file.display}.`,
          part,
        });
      }
      continue;
    }
    if (exactSymbolRead(part)) continue;
    const relevance = judgeRelevance(file.display, judge.searches);
    if (relevance && !relevance.relevant) {
      flags.of(part).low_relevance = true;
      const key = `${file.display}\0${relevance.query}`;
      if (s.relevance !== 'block' && judge.shown?.has(key)) continue;
      judge.shown?.add(key);
      // The latest query is quoted as a short prefix, and repeated in a call only when short enough to repeat.
      const latest = quote(relevance.query);
      const again = relevance.query.length <= MAX_REPEATED_QUERY_CHARS ? relevance.query : '';
      const reads = relevance.alternatives.map((alt) =>
        callText(TOOL.read, judge.traits ? judge.traits.elsewhere(alt) : { target: alt }),
      );
      const intended =
        relevance.alternatives.length > 0
          ? `likely intended: ${relevance.alternatives.join(', ')}`
          : 'search for it first';
      if (s.relevance === 'block') {
        blocked.push({
          code: 'LOW_RELEVANCE',
          file,
          message: `${file.display} is not among the results of your recent searches (latest: ${latest}).`,
          hint: `${reads.length > 0 ? `Read one of them: ${reads.join(' or ')}; ` : ''}search this file first: ${searchCall({ where: file.display, query: again || 'NAME' }, null)}; or add "force": true to read it anyway.`,
          action: reads[0] ?? searchCall({ where: file.display, query: again || 'NAME' }, null),
        });
      } else {
        advice.push({
          code: 'LOW_RELEVANCE',
          message: `${file.display} is not among your recent search results (${latest}); ${intended}.`,
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
    const others = (response.results ?? [])
      .filter((r) => !names.has(r.location?.file ?? String(r.target)))
      .map((r) => String(r.target));
    message = `Refused: ${message}`;
    if (others.length > 0)
      hint = `Read the others: ${callText(TOOL.read, { ...input, target: others, force: undefined })}. ${hint}`;
  }
  const refused = errorResponse(response.mode, response.target, new LecternError(first.code, message, hint));
  if (blocked.length === 1) refused.meta.absolute_path = first.file.absolute;
  refused.meta.token_estimate = 0;
  return refused;
}
