// The session's warnings on an answer: what each suggests doing next, the order they are shown in,
// the `[CODE: …]` footer at the end of the text, and the one suggested_next_action.
import type { ErrorCode, ToolResponse } from '../ground/contract';
import { searchCall } from './searchCall';
import type { BudgetState, StabilizationWarning, WarningCode } from '../ground/stabilization';

/** What a warning suggests doing next, kept beside it for suggested_next_action. */
export interface Advice extends StabilizationWarning {
  action: string | null;
  /** The answer of a list read it is about. */
  part?: ToolResponse;
}

/** A call refused by the session layer, and what to do instead. */
export interface Refusal {
  code: ErrorCode;
  action: string;
}

const ORDER: readonly WarningCode[] = ['REPEATED_CALL', 'LOW_RELEVANCE', 'EXCLUDED_PATH', 'DEDUPLICATED', 'BUDGET_SOFT', 'EPHEMERAL'];

/** The warnings in display order (stable within a code); `advice` is sorted in place. */
export function orderedWarnings(advice: Advice[]): StabilizationWarning[] {
  advice.sort((a, b) => ORDER.indexOf(a.code) - ORDER.indexOf(b.code));
  return advice.map(({ code, message }) => ({ code, message }));
}

/** The warnings as `[CODE: message]` lines at the end of the answer's text (and its token estimate). */
export function appendFooter(response: ToolResponse, warnings: StabilizationWarning[], countTokens: (text: string) => number): void {
  if (warnings.length === 0) return;
  const footer = warnings.map((w) => `[${w.code}: ${w.message}]`).join('\n');
  response.text += `\n${footer}`;
  response.meta.token_estimate += countTokens(footer) + 1;
}

export function suggestion(
  state: BudgetState,
  response: ToolResponse,
  refusal: Refusal | null,
  advice: Advice[],
  input: Record<string, unknown> | undefined,
): string | null {
  if (refusal) return refusal.action;
  if (response.error?.code === 'BUDGET_EXCEEDED') return `Stop reading: search for the exact place (${searchCall(input, null)}), or ask the user to reset the session.`;
  const first = advice.find((a) => a.action !== null);
  if (state === 'hard' && (!first || first.code !== 'REPEATED_CALL')) {
    return advice.find((a) => a.code === 'BUDGET_SOFT')?.action ?? `Stop reading: search for the exact place (lectern_search), or ask the user to reset the session.`;
  }
  return first?.action ?? null;
}
