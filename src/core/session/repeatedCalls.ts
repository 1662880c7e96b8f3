// Repeated calls (loops): the same call (tool and normalized input) answered the same way again and again.
// From the third time it warns; from the fifth it is refused (a read can insist with force: true).
// A call whose answer changed (the file was edited in between) starts counting over: re-reading
// after an edit is not a loop.
import { LecternError, type ToolResponse } from '../ground/contract';
import type { SearchHint } from '../ground/descriptor';
import { errorResponse } from '../ground/errors';
import { plural } from '../ground/format';
import { TOOL } from '../ground/tools';
import { type Advice, searchCall } from './advice';

export const REPEAT_WARN_AT = 3;
export const REPEAT_REFUSE_AT = 5;

/** Fields that do not change what a call asks for. */
const IGNORED_FIELDS = new Set(['force']);

function normalize(value: unknown, key?: string): unknown {
  if (Array.isArray(value)) return value.map((v) => normalize(v, key));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const name of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[name];
      if (v === undefined || v === null || IGNORED_FIELDS.has(name)) continue;
      out[name] = normalize(v, name);
    }
    return out;
  }
  if (typeof value === 'string' && (key === 'target' || key === 'path')) return value.trim().replace(/^\.\/+/, '');
  return value;
}

/** The identity of a call: the tool and its input with keys sorted, empty fields and `force` left out, paths trimmed. */
export function callKey(tool: string, input: unknown): string {
  const withMode =
    tool === TOOL.read && input && typeof input === 'object' && !Array.isArray(input)
      ? { ...input, mode: (input as Record<string, unknown>).mode ?? 'file' }
      : input;
  const normalized = normalize(withMode);
  let json: string;
  try {
    json = JSON.stringify(normalized) ?? String(normalized);
  } catch {
    json = String(normalized);
  }
  return `${tool} ${json}`;
}

export interface Repetition {
  /** How many times in a row (by answer) this call was made, this one included. */
  count: number;
  /** The latest earlier calls with the same answer, oldest first. */
  seqs: number[];
}

const MAX_KEYS = 1000;

export class RepeatCounter {
  private readonly calls = new Map<string, { answer: number; count: number; seqs: number[] }>();

  record(key: string, answer: number, seq: number): Repetition {
    const before = this.calls.get(key);
    const same = before !== undefined && before.answer === answer;
    const earlier = same ? before.seqs : [];
    this.calls.delete(key); // re-inserted: the map stays in order of last use
    const count = same ? before.count + 1 : 1;
    this.calls.set(key, { answer, count, seqs: [...earlier, seq].slice(-REPEAT_REFUSE_AT * 2) });
    if (this.calls.size > MAX_KEYS) this.calls.delete(this.calls.keys().next().value!);
    return { count, seqs: earlier };
  }
}

// What the session says of a repeated call (counted by RepeatCounter): a warning from REPEAT_WARN_AT
// on, a refusal from REPEAT_REFUSE_AT on.
export function repeatAdvice(repetition: Repetition, isRead: boolean): Advice {
  const last = repetition.seqs[repetition.seqs.length - 1];
  return {
    code: 'REPEATED_CALL',
    message: `${ordinal(repetition.count)} identical call with the same answer (last: call #${last}): use that answer or change the call; the ${ordinal(REPEAT_REFUSE_AT)} is refused${isRead ? ' unless "force": true' : ''}.`,
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
