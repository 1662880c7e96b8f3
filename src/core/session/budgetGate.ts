// The read budget before and after a read: refuse at the hard limit, smaller answers from the soft
// one on (at most maxSingleReadLines per read, never past the hard line limit), the room an
// ephemeral read may take, and the warning once a read leaves the budget past its soft limit.
import { LecternError, type ToolResponse } from '../ground/contract';
import type { ReadEnv } from '../ground/env';
import { formatCount, plural } from '../ground/format';
import { responseTokenCap, type Settings } from '../ground/settings';
import type { Advice } from './advice';
import { budgetState, limitsOf, type Metrics } from './metrics';
import { searchCall } from './searchCall';
import type { BudgetLimits, BudgetState } from '../ground/stabilization';

/** In the soft state a read shows at most half of maxSingleReadLines, but never fewer lines than this. */
const MIN_SOFT_LINES = 20;
const MIN_TOKEN_CAP = 1000;

export function budgetLimits(settings: Settings): BudgetLimits {
  return {
    maxReadsPerSession: settings.maxReadsPerSession,
    maxTotalReadLines: settings.maxTotalReadLines,
    maxSingleReadLines: settings.maxSingleReadLines,
    maxPreviewChars: settings.maxPreviewChars,
    hardLimitMultiplier: settings.hardLimitMultiplier,
  };
}

function softLines(settings: Settings): number {
  return Math.max(Math.min(MIN_SOFT_LINES, settings.maxSingleReadLines), Math.floor(settings.maxSingleReadLines / 2));
}

export interface ReadGate {
  settings: Settings;
  metrics: Metrics;
  ephemeral: boolean;
  tokenBudget: number | undefined;
  /** The read's input as given (for the search a refusal suggests). */
  input: Record<string, unknown>;
}

/**
 * The caps of a read's answer: lines per read, halved with the token and preview caps from the
 * soft limit on, never past the hard line limit; an ephemeral read may use ephemeralShare of the
 * context. Throws BUDGET_EXCEEDED at the hard limit.
 */
export function gateRead<E extends ReadEnv>(env: E, gate: ReadGate): E {
  const s = gate.settings;
  let tokenCap = env.tokenCap;
  let maxPreviewChars = env.settings.maxPreviewChars;
  let maxLines: number | undefined;
  if (gate.ephemeral) {
    tokenCap = Math.max(tokenCap, responseTokenCap({ ...s, maxReadShare: s.ephemeralShare }, gate.tokenBudget));
    maxPreviewChars = Math.max(maxPreviewChars, tokenCap * 4);
  }
  if (s.sessionGuard) {
    const metrics = gate.metrics.snapshot();
    const state = budgetState(metrics, s);
    if (state === 'hard') throw budgetExceeded(gate.metrics, s, gate.input);
    if (!gate.ephemeral) maxLines = s.maxSingleReadLines;
    if (state === 'soft') {
      if (maxLines !== undefined) maxLines = softLines(s);
      tokenCap = Math.max(MIN_TOKEN_CAP, Math.floor(tokenCap / 2));
      maxPreviewChars = Math.max(100, Math.floor(maxPreviewChars / 2));
    }
    if (maxLines !== undefined) maxLines = Math.max(1, Math.min(maxLines, limitsOf(s).hardLines - metrics.reads_lines_total));
  }
  return { ...env, tokenCap, maxLines, settings: { ...env.settings, maxPreviewChars } };
}

function budgetExceeded(metrics: Metrics, s: Settings, input: Record<string, unknown>): LecternError {
  const m = metrics.snapshot();
  const l = limitsOf(s);
  return new LecternError(
    'BUDGET_EXCEEDED',
    `This session's read budget is used up: ${formatCount(m.reads_count)} of ${formatCount(l.hardReads)} reads, ${formatCount(m.reads_lines_total)} of ${formatCount(l.hardLines)} lines ` +
      `(the hard limit: ${s.hardLimitMultiplier}× maxReadsPerSession ${formatCount(s.maxReadsPerSession)} / maxTotalReadLines ${formatCount(s.maxTotalReadLines)}). No more reads in this session.`,
    `Work from what you have read. To find an exact place without reading, search: ${searchCall(input, null)} — name the symbol or text you need (lectern_search and lectern_stat still answer). ` +
      `The session starts over after ${plural(s.idleResetMinutes, 'idle minute')}, or when the user resets it ("Lectern: Reset Session") or raises the limits.`,
  );
}

/** The BUDGET_SOFT warning on a read that left the budget soft or hard. */
export function budgetAdvice(state: BudgetState, metrics: Metrics, settings: Settings, input: Record<string, unknown> | undefined, part: ToolResponse): Advice {
  const m = metrics.snapshot();
  const l = limitsOf(settings);
  const search = searchCall(input, part.location?.file ?? null);
  if (state === 'hard') {
    return {
      code: 'BUDGET_SOFT',
      message: `read budget used up (${formatCount(m.reads_count)}/${formatCount(l.hardReads)} reads, ${formatCount(m.reads_lines_total)}/${formatCount(l.hardLines)} lines): further reads are refused. Find places with ${search} instead.`,
      action: `Stop reading; search instead: ${search}`,
    };
  }
  return {
    code: 'BUDGET_SOFT',
    message:
      `${formatCount(m.reads_count)}/${formatCount(l.softReads)} reads, ${formatCount(m.reads_lines_total)}/${formatCount(l.softLines)} lines: reads now show at most ${plural(softLines(settings), 'line')} and are refused from ${formatCount(l.hardReads)} reads or ${formatCount(l.hardLines)} lines. ` +
      `Search first: ${search}, then read only the matching range.`,
    action: `Search before reading: ${search}`,
  };
}
