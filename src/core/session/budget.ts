// The read budget: its soft and hard limits and the state a session's counters put it in, the caps
// it gives a read's answer (smaller answers from the soft limit on, pages at the hard one; no read is
// refused), and the BUDGET_SOFT warning once a read leaves the budget past its soft limit.
import type { ToolResponse } from '../ground/contract';
import type { SearchHint } from '../ground/descriptor';
import type { ReadEnv } from '../ground/env';
import { formatCount, plural } from '../ground/format';
import { responseTokenCap, type Settings } from '../ground/settings';
import type { BudgetLimits, BudgetState, MetricsSnapshot } from '../ground/stabilization';
import { type Advice, searchCall } from './advice';
import type { Metrics } from './metrics';
import { PRECISE_LINES } from './precise';

/** A budget's soft limits (the configured values) and hard limits (hardLimitMultiplier times them). */
interface Limits {
  softReads: number;
  softLines: number;
  hardReads: number;
  hardLines: number;
}

function limitsOf(limits: BudgetLimits): Limits {
  const hard = (value: number) => Math.max(value, Math.ceil(value * limits.hardLimitMultiplier));
  return {
    softReads: limits.maxReadsPerSession,
    softLines: limits.maxTotalReadLines,
    hardReads: hard(limits.maxReadsPerSession),
    hardLines: hard(limits.maxTotalReadLines),
  };
}

/** ok below the configured values; soft from them on; hard from the hard limits on (broad reads show a page at a time). */
export function budgetState(
  metrics: Pick<MetricsSnapshot, 'reads_count' | 'reads_lines_total'>,
  limits: BudgetLimits,
): BudgetState {
  const l = limitsOf(limits);
  if (metrics.reads_count >= l.hardReads || metrics.reads_lines_total >= l.hardLines) return 'hard';
  if (metrics.reads_count >= l.softReads || metrics.reads_lines_total >= l.softLines) return 'soft';
  return 'ok';
}

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
