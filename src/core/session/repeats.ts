// The same call answered the same way again and again (counted by LoopTracker): a warning from
// LOOP_WARN_AT on, a refusal from LOOP_REFUSE_AT on.
import { LecternError, type ToolResponse } from '../ground/contract';
import { errorResponse } from '../ground/errors';
import { plural } from '../ground/format';
import type { Advice } from './advice';
import { LOOP_REFUSE_AT, type Repetition } from './loop';
import { searchCall } from './searchCall';

export function repeatAdvice(repetition: Repetition, isRead: boolean): Advice {
  const last = repetition.seqs[repetition.seqs.length - 1];
  return {
    code: 'REPEATED_CALL',
    message: `${ordinal(repetition.count)} identical call with the same answer (last: call #${last}): use that answer or change the call; the ${ordinal(LOOP_REFUSE_AT)} is refused${isRead ? ' unless "force": true' : ''}.`,
    action: `Use the answer of call #${last}, or change the call.`,
  };
}

export function refuseRepeat(response: ToolResponse, repetition: Repetition, isRead: boolean, input: Record<string, unknown> | undefined): ToolResponse {
  const last = repetition.seqs[repetition.seqs.length - 1];
  const move = isRead
    ? `read another range or symbol, search for what you need (${searchCall(input, response.location?.file ?? null)}), or add "force": true if you really need this answer again`
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
