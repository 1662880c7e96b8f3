// What a @lectern turn keeps in ChatResult.metadata: the conversation's session id and the turn's
// tool-call rounds (ephemeral reads without their text), so later turns can rebuild the history
// through the retention module. No vscode import.
import type { HistoryCall, HistoryTurn } from '../../core/history';

/** package.json chatParticipants[0].id */
export const PARTICIPANT_ID = 'lectern.chat';

const METADATA_VERSION = 1;

export interface LecternChatMetadata {
  lectern: {
    version: typeof METADATA_VERSION;
    /** The Lectern session of this conversation (budgets, de-duplication, dashboard). */
    sessionId: string;
    turn: HistoryTurn;
    /** Why the turn ended early, when it did. */
    stopped?: 'cancelled' | 'budget' | 'context' | 'rounds' | 'error';
  };
}

/** What is stored of a call: an ephemeral read's text never is. */
function storedCall(call: HistoryCall): HistoryCall {
  return call.kind === 'read' && call.ephemeral ? { ...call, text: '' } : call;
}

export function storedTurn(turn: HistoryTurn): HistoryTurn {
  return { ...turn, rounds: turn.rounds.map((r) => ({ response: r.response, calls: r.calls.map(storedCall) })) };
}

function isTurn(value: unknown): value is HistoryTurn {
  const t = value as HistoryTurn;
  return (
    !!t &&
    typeof t.prompt === 'string' &&
    typeof t.answer === 'string' &&
    Array.isArray(t.rounds) &&
    t.rounds.every(
      (r) =>
        typeof r?.response === 'string' &&
        Array.isArray(r.calls) &&
        r.calls.every(
          (c) =>
            typeof c?.id === 'string' &&
            typeof c.tool === 'string' &&
            typeof c.text === 'string' &&
            typeof c.kind === 'string',
        ),
    )
  );
}

/** The Lectern part of a turn's metadata, when it is well formed (older or foreign results: none). */
export function readMetadata(metadata: unknown): LecternChatMetadata['lectern'] | undefined {
  const m = (metadata as Partial<LecternChatMetadata> | undefined)?.lectern;
  if (!m || m.version !== METADATA_VERSION || typeof m.sessionId !== 'string' || !isTurn(m.turn)) return undefined;
  return m;
}
