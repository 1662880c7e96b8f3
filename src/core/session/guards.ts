// The session's guards on reads: the budget gate (before a read), relevance and exclusions of the
// files a read answered with, refusals of calls repeated with the same answer, and the exclusion
// policy (default folders, .gitignore, the editor's excludes, settings globs).
import { type ErrorCode, LecternError, type ToolResponse } from '../ground/contract';
import type { CallTraits, SearchHint } from '../ground/descriptor';
import type { ReadEnv } from '../ground/env';
import { errorResponse } from '../ground/errors';
import { diskVersionKey } from '../ground/fileIdentity';
import { callText, formatCount, plural } from '../ground/format';
import { quote } from '../ground/paths';
import type { Host, WorkspaceRoot } from '../ground/ports';
import { responseTokenCap, type Settings } from '../ground/settings';
import type { BudgetLimits, BudgetState } from '../ground/stabilization';
import { type Advice, searchCall } from './advice';
import { PRECISE_LINES } from './precise';
import {
  budgetState,
  fileOf,
  type FileOf,
  type FlagsByPart,
  judgeRelevance,
  limitsOf,
  LOOP_REFUSE_AT,
  type Metrics,
  partsOf,
  type Repetition,
  type SearchRecord,
} from './session';
import * as nodePath from 'node:path';
import { globMatcher } from '../ground/globMatch';
import ignore, { type Ignore } from 'ignore';

// The read budget before and after a read: refuse at the hard limit, smaller answers from the soft
// one on (at most maxSingleReadLines per read, never past the hard line limit), the room an
// ephemeral read may take, and the warning once a read leaves the budget past its soft limit.
/** In the soft state a read shows at most half of maxSingleReadLines, but never fewer lines than this. */
const MIN_SOFT_LINES = 20;
const MIN_TOKEN_CAP = 1000;
/** A query longer than this is not repeated in a suggested call. */
const MAX_REPEATED_QUERY_CHARS = 1_000;

export function budgetLimits(settings: Settings): BudgetLimits {
  return {
    maxReadsPerSession: settings.maxReadsPerSession,
    maxTotalReadLines: settings.maxTotalReadLines,
    maxSingleReadLines: settings.maxSingleReadLines,
    maxPreviewChars: settings.maxPreviewChars,
    hardLimitMultiplier: settings.hardLimitMultiplier,
  };
}

/** The page of a broad read at the hard limit. */
function hardPage(settings: Settings): number {
  return Math.min(softLines(settings), PRECISE_LINES);
}

function softLines(settings: Settings): number {
  return Math.max(Math.min(MIN_SOFT_LINES, settings.maxSingleReadLines), Math.floor(settings.maxSingleReadLines / 2));
}

export interface ReadGate {
  settings: Settings;
  metrics: Metrics;
  ephemeral: boolean;
  tokenBudget: number | undefined;
  /** The read is precise, as its mode says (CallDescriptor.precise): the budget spares it. */
  precise: boolean;
}

/**
 * The caps of a read's answer: lines per read, halved with the token and preview caps from the
 * soft limit on, a page of at most PRECISE_LINES at the hard limit; a precise read keeps
 * maxSingleReadLines; an ephemeral read may use ephemeralShare of the context. Nothing is refused:
 * any file can be read to its end.
 */
export function gateRead<E extends ReadEnv>(env: E, gate: ReadGate): E {
  const s = gate.settings;
  let tokenCap = env.tokenCap;
  let maxPreviewChars = env.settings.maxPreviewChars;
  let maxLines: number | undefined;
  let maxReads: number | undefined;
  if (gate.ephemeral) {
    tokenCap = Math.max(tokenCap, responseTokenCap({ ...s, maxReadShare: s.ephemeralShare }, gate.tokenBudget));
    maxPreviewChars = Math.max(maxPreviewChars, tokenCap * 4);
  }
  if (s.sessionGuard) {
    const metrics = gate.metrics.snapshot();
    const state = budgetState(metrics, s);
    const precise = gate.precise;
    if (!gate.ephemeral) maxLines = s.maxSingleReadLines;
    if (state !== 'ok' && !precise) {
      if (maxLines !== undefined) maxLines = state === 'hard' ? hardPage(s) : softLines(s);
      tokenCap = Math.max(MIN_TOKEN_CAP, Math.floor(tokenCap / 2));
      maxPreviewChars = Math.max(100, Math.floor(maxPreviewChars / 2));
    }
    // A list of targets reads at most what is left before the hard read limit (one a call from there).
    maxReads = Math.max(1, limitsOf(s).hardReads - metrics.reads_count);
  }
  return { ...env, tokenCap, maxLines, maxReads, settings: { ...env.settings, maxPreviewChars } };
}

/** The BUDGET_SOFT warning on a read that left the budget soft or hard. */
export function budgetAdvice(
  state: BudgetState,
  metrics: Metrics,
  settings: Settings,
  hint: SearchHint | undefined,
  part: ToolResponse,
): Advice {
  const m = metrics.snapshot();
  const l = limitsOf(settings);
  const search = searchCall(hint, part.location?.file ?? null);
  if (state === 'hard') {
    return {
      code: 'BUDGET_SOFT',
      message: `read budget used up (${formatCount(m.reads_count)}/${formatCount(l.hardReads)} reads, ${formatCount(m.reads_lines_total)}/${formatCount(l.hardLines)} lines): broad reads now show ${plural(hardPage(settings), 'line')} a page; symbols and ranges of up to ${PRECISE_LINES} lines are served whole. Find places with ${search}; "ephemeral": true reads a large range once.`,
      action: `Search, then read the matching range: ${search}`,
    };
  }
  return {
    code: 'BUDGET_SOFT',
    message:
      `${formatCount(m.reads_count)}/${formatCount(l.softReads)} reads, ${formatCount(m.reads_lines_total)}/${formatCount(l.softLines)} lines: broad reads now show at most ${plural(softLines(settings), 'line')} (${formatCount(hardPage(settings))} from ${formatCount(l.hardReads)} reads or ${formatCount(l.hardLines)} lines); symbols and short ranges are served whole. ` +
      `Search first: ${search}, then read only the matching range.`,
    action: `Search before reading: ${search}`,
  };
}

// Relevance and exclusions of the files a read answered with: each answer of an excluded path or a
// file outside the recent search results gets a warning, or — by setting — refuses the whole read.
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
          hint: `Read the source it comes from instead (find it: ${callText('lectern_search', { query: 'NAME' })}; workspace searches skip excluded paths), or add "force": true to read it anyway (the setting exclusions: "warn" makes this a warning).`,
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
        callText('lectern_read', judge.traits ? judge.traits.elsewhere(alt) : { target: alt }),
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
          hint: `${reads.length > 0 ? `Read one of them: ${reads.join(' or ')}; ` : ''}search this file first: ${callText('lectern_search', { target: file.display, query: again || 'NAME' })}; or add "force": true to read it anyway.`,
          action: reads[0] ?? callText('lectern_search', { target: file.display, query: again || 'NAME' }),
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
      hint = `Read the others: ${callText('lectern_read', { ...input, target: others, force: undefined })}. ${hint}`;
  }
  const refused = errorResponse(response.mode, response.target, new LecternError(first.code, message, hint));
  if (blocked.length === 1) refused.meta.absolute_path = first.file.absolute;
  refused.meta.token_estimate = 0;
  return refused;
}

// The same call answered the same way again and again (counted by LoopTracker): a warning from
// LOOP_WARN_AT on, a refusal from LOOP_REFUSE_AT on.
export function repeatAdvice(repetition: Repetition, isRead: boolean): Advice {
  const last = repetition.seqs[repetition.seqs.length - 1];
  return {
    code: 'REPEATED_CALL',
    message: `${ordinal(repetition.count)} identical call with the same answer (last: call #${last}): use that answer or change the call; the ${ordinal(LOOP_REFUSE_AT)} is refused${isRead ? ' unless "force": true' : ''}.`,
    action: `Use the answer of call #${last}, or change the call.`,
  };
}

export function refuseRepeat(
  response: ToolResponse,
  repetition: Repetition,
  isRead: boolean,
  hint: SearchHint | undefined,
): ToolResponse {
  const last = repetition.seqs[repetition.seqs.length - 1];
  const move = isRead
    ? `read another range or symbol, search for what you need (${searchCall(hint, response.location?.file ?? null)}), or add "force": true if you really need this answer again`
    : 'change the query or the target, or read what the answer pointed to';
  const refused = errorResponse(
    response.mode,
    response.target,
    new LecternError(
      'REPEATED_CALL',
      `The same call ${plural(repetition.count, 'time')} in this session, with the same answer each time (calls #${repetition.seqs.join(', #')} and this one).`,
      `Its answer has not changed: use the answer of call #${last}. To move on: ${move}.`,
    ),
  );
  refused.meta.token_estimate = 0;
  return refused;
}

function ordinal(n: number): string {
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

// The exclusion policy: paths an agent rarely means to read — vendored, generated and VCS trees
// (node_modules/, vendor/, .git/, dist/, build/), what the root .gitignore ignores, and the
// editor's excluded globs (VS Code's files.exclude). A read of one gets a warning naming the rule,
// or a refusal when the setting says so.

/** Folders excluded by default, wherever they occur in a path. */
export const EXCLUDED_FOLDERS: readonly string[] = ['node_modules', 'vendor', '.git', 'dist', 'build'];

export interface Exclusion {
  /** The rule as the user knows it: "node_modules/", a .gitignore line, a files.exclude glob. */
  rule: string;
  source: 'default' | '.gitignore' | 'files.exclude';
}

/** What an exclusion says to the model, short. */
export function describeExclusion(display: string, exclusion: Exclusion): string {
  switch (exclusion.source) {
    case 'default':
      return `${display} is under ${exclusion.rule} (excluded by default: vendored, generated or VCS files)`;
    case '.gitignore':
      return `${display} is ignored by the .gitignore rule "${exclusion.rule}"`;
    case 'files.exclude':
      return `${display} matches the excluded glob "${exclusion.rule}" (files.exclude)`;
  }
}

const toPosix = (p: string) => (nodePath.sep === '/' ? p : p.split(nodePath.sep).join('/'));

/** The workspace folder holding `absolute` (the innermost when folders nest) and the path within it. */
export function withinRoot(
  roots: readonly WorkspaceRoot[],
  absolute: string,
): { root: WorkspaceRoot; relative: string } | undefined {
  let best: { root: WorkspaceRoot; relative: string } | undefined;
  for (const root of roots) {
    const rel = nodePath.relative(root.path, absolute);
    if (rel === '' || rel.startsWith('..') || nodePath.isAbsolute(rel)) continue;
    if (!best || root.path.length > best.root.path.length) best = { root, relative: toPosix(rel) };
  }
  return best;
}

const MAX_GITIGNORE_BYTES = 1024 * 1024;

export class ExclusionPolicy {
  private readonly gitignores = new Map<string, { key: string; rules: Ignore }>();
  private readonly globs = new Map<string, (path: string) => boolean>();

  constructor(private readonly host: Host) {}

  /** The rule that excludes `absolute`, or null. Files outside every workspace folder are not judged. */
  async check(absolute: string, excludeGlobs: readonly string[]): Promise<Exclusion | null> {
    const found = withinRoot(this.host.roots(), absolute);
    if (!found) return null;
    const { root, relative } = found;
    const folders = relative.split('/').slice(0, -1);
    const folder = folders.find((name) => EXCLUDED_FOLDERS.includes(name));
    if (folder) return { rule: `${folder}/`, source: 'default' };
    const rules = await this.gitignore(root);
    if (rules) {
      try {
        const result = rules.test(relative);
        if (result.ignored && result.rule) return { rule: result.rule.pattern, source: '.gitignore' };
      } catch {
        // A path the ignore rules cannot judge is not excluded by them.
      }
    }
    for (const glob of excludeGlobs) {
      const matches = this.matcher(glob);
      // A glob excludes a folder's contents too ("**/generated" excludes generated/a.ts).
      const ancestors = folders.map((_, i) => folders.slice(0, i + 1).join('/'));
      if (matches(relative) || ancestors.some((folder) => matches(folder)))
        return { rule: glob, source: 'files.exclude' };
    }
    return null;
  }

  private matcher(glob: string): (path: string) => boolean {
    let matcher = this.globs.get(glob);
    if (!matcher) {
      matcher = globMatcher(glob.replace(/^\.?\//, ''), true);
      this.globs.set(glob, matcher);
    }
    return matcher;
  }

  /** The root .gitignore's rules, re-read when its identity changes (ground/fileIdentity.ts). */
  private async gitignore(root: WorkspaceRoot): Promise<Ignore | undefined> {
    const path = nodePath.join(root.path, '.gitignore');
    try {
      const stat = await this.host.fs.stat(path);
      if (stat?.kind !== 'file' || stat.size > MAX_GITIGNORE_BYTES) {
        this.gitignores.delete(root.path);
        return undefined;
      }
      const key = diskVersionKey(path, stat);
      const cached = this.gitignores.get(root.path);
      if (cached?.key === key) return cached.rules;
      const handle = await this.host.fs.open(path);
      try {
        const buffer = new Uint8Array(stat.size);
        const read = await handle.read(buffer, 0, stat.size, 0);
        const rules = ignore().add(new TextDecoder().decode(buffer.subarray(0, read)));
        this.gitignores.set(root.path, { key, rules });
        return rules;
      } finally {
        await handle.close();
      }
    } catch {
      return undefined;
    }
  }
}
