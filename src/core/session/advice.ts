// The session's advice on an answer: each warning with what it suggests doing next, their display
// order, the `[CODE: …]` footer, the one suggested_next_action, and the concrete search a hint names.
import type { ErrorCode, ToolResponse } from '../ground/contract';
import type { SearchHint } from '../ground/descriptor';
import { callText } from '../ground/format';
import type { BudgetState, StabilizationWarning, WarningCode } from '../ground/stabilization';
import { TOOL } from '../ground/tools';

// The session's warnings on an answer: what each suggests doing next, the order they are shown in,
// the `[CODE: …]` footer at the end of the text, and the one suggested_next_action.
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

const ORDER: readonly WarningCode[] = [
  'REPEATED_CALL',
  'LOW_RELEVANCE',
  'EXCLUDED_PATH',
  'DEDUPLICATED',
  'BUDGET_SOFT',
  'EPHEMERAL',
];

/** The warnings in display order (stable within a code); `advice` is sorted in place. */
export function orderedWarnings(advice: Advice[]): StabilizationWarning[] {
  advice.sort((a, b) => ORDER.indexOf(a.code) - ORDER.indexOf(b.code));
  return advice.map(({ code, message }) => ({ code, message }));
}

/** Warnings the answer's own text already says (a pointer's "unchanged since call #N"): in meta only. */
const SAID_IN_TEXT: ReadonlySet<WarningCode> = new Set(['DEDUPLICATED']);

/** The warnings as the `[CODE: message]` lines that end the answer's text. */
export function footerLines(warnings: readonly StabilizationWarning[]): string[] {
  return warnings.filter((w) => !SAID_IN_TEXT.has(w.code)).map((w) => `[${w.code}: ${w.message}]`);
}

export function suggestion(state: BudgetState, refusal: Refusal | null, advice: Advice[]): string | null {
  if (refusal) return refusal.action;
  const first = advice.find((a) => a.action !== null);
  if (state === 'hard' && (!first || first.code !== 'REPEATED_CALL')) {
    return (
      advice.find((a) => a.code === 'BUDGET_SOFT')?.action ??
      `Search for the exact place (${TOOL.search}), then read that range.`
    );
  }
  return first?.action ?? null;
}

/**
 * The concrete lectern_search the session layer suggests instead of another read: the one the
 * read's mode suggests (CallDescriptor.search), in `file` when the answer named one.
 */
export function searchCall(search: SearchHint | undefined, file: string | null): string {
  const where = file ?? search?.where;
  const query = search?.query ?? 'NAME';
  const call = callText(TOOL.search, typeof where === 'string' ? { target: where, query } : { query });
  // A query the call cannot know is a placeholder, said to be one where it stands.
  return query === 'NAME' ? `${call} with NAME what you look for` : call;
}
