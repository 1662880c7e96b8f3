// Projects a conversation's tool history for the next turn: reads by the retention rule
// (readRetention.ts), edits always, long outputs cut to head and tail, ephemeral reads gone, and an
// answer repeated word for word by the same call later (a search run again) a pointer to the latest,
// as is any earlier answer to a call whose latest alone is kept (a map). Then,
// if a budget is given and the history is over it, gives up what matters least first: sampled
// middle reads, then first reads (oldest first), then more of the long outputs. Edits, the last
// read of each range of lines and the only copies of cited lines are never given up.
// Deterministic: the same history and budget always give the same projection.
import { isLongOutput, trimOutput } from './outputs';
import { pointerLine, repeatLine } from './pointer';
import { decideReads, pointerTarget, type KeepReason, type PlacedRead } from './readRetention';
import type {
  Citation,
  Fate,
  HistoryCall,
  HistoryTurn,
  ProjectedCall,
  ProjectedTurn,
  Projection,
  ProjectionOptions,
} from './types';

/** Per message (role, separators) as chat formats count them; an estimate, the same for every variant. */
export const MESSAGE_OVERHEAD_TOKENS = 4;

/** Harder cut of long outputs when the budget is tight. */
const TIGHT_HEAD = 500;
const TIGHT_TAIL = 500;

type Plan = Map<string, { fate: Fate; text: string; pointsTo?: string }>;

export function projectHistory(turns: readonly HistoryTurn[], options: ProjectionOptions): Projection {
  const memo = new Map<string, number>();
  const count = (text: string): number => {
    let n = memo.get(text);
    if (n === undefined) memo.set(text, (n = options.countTokens(text)));
    return n;
  };

  const placed: PlacedRead[] = [];
  const calls = new Map<string, PlacedRead>();
  const citations: Citation[] = [];
  let seq = 0;
  turns.forEach((turn, t) => {
    citations.push(...(turn.citations ?? []));
    for (const round of turn.rounds)
      for (const call of round.calls) {
        const at = { call, turn: t + 1, seq: seq++ };
        calls.set(call.id, at);
        if (call.kind === 'read' && !call.ephemeral && !call.stub) placed.push(at);
        if (call.kind === 'edit' && call.path && call.range) citations.push({ path: call.path, range: call.range });
      }
  });

  const decision = decideReads(placed, citations);
  // Other results (searches, outputs) answered again word for word by the same call later: the
  // earlier copy holds nothing the later one does not; it becomes a pointer to the latest.
  const repeatedBy = new Map<string, PlacedRead>();
  const latest = new Map<string, PlacedRead>();
  for (const at of [...calls.values()].reverse()) {
    const call = at.call;
    if (call.kind === 'read' || call.kind === 'edit' || call.text.length === 0) continue;
    // A call whose latest answer is all that matters (a map) points there whatever the earlier one said.
    const key = `${call.tool}\0${JSON.stringify(call.input ?? {})}\0${call.latest ? '' : call.text}`;
    const later = latest.get(key);
    if (later) repeatedBy.set(call.id, later);
    else latest.set(key, at);
  }
  const kept = new Map<string, KeepReason>(decision.kept);
  const plan: Plan = new Map();
  const trimmedTight = new Set<string>();

  const pointTo = (read: PlacedRead): { text: string; pointsTo: string } => {
    const cluster = decision.clusterOf.get(read.call.id) ?? [];
    const target = pointerTarget(
      read,
      cluster.filter((r) => kept.has(r.call.id)),
    )!;
    return {
      text: pointerLine(
        read.call.path ?? '?',
        read.call.range,
        read.call.outline ?? false,
        target.turn,
        target.call.range,
      ),
      pointsTo: target.call.id,
    };
  };

  const decide = (): void => {
    for (const [id, at] of calls) {
      const call = at.call;
      if (call.kind === 'read' && call.ephemeral) plan.set(id, { fate: 'dropped', text: '' });
      else if (call.kind === 'read' && !call.stub && !kept.has(id)) plan.set(id, { fate: 'pointer', ...pointTo(at) });
      else if (repeatedBy.has(id)) {
        const later = repeatedBy.get(id)!;
        plan.set(id, {
          fate: 'pointer',
          text: repeatLine(call.tool, call.input, later.turn, call.latest),
          pointsTo: later.call.id,
        });
      } else if (call.kind !== 'read' && call.kind !== 'edit' && isLongOutput(call.text)) {
        plan.set(id, {
          fate: 'trimmed',
          text: trimmedTight.has(id) ? trimOutput(call.text, TIGHT_HEAD, TIGHT_TAIL) : trimOutput(call.text),
        });
      } else plan.set(id, { fate: 'kept', text: call.text });
    }
  };

  const tokensOf = (text: (call: HistoryCall) => string | null): number => {
    let total = 0;
    for (const turn of turns) {
      total += count(turn.prompt) + count(turn.answer) + 2 * MESSAGE_OVERHEAD_TOKENS;
      for (const round of turn.rounds) {
        const live = round.calls.filter((c) => text(c) !== null);
        if (live.length === 0 && round.response.length === 0) continue;
        total += count(round.response) + MESSAGE_OVERHEAD_TOKENS;
        if (live.length > 0) total += MESSAGE_OVERHEAD_TOKENS;
        for (const call of live)
          total += count(call.tool) + count(JSON.stringify(call.input ?? {})) + count(text(call)!);
      }
    }
    return total;
  };
  const projectedTokens = () => tokensOf((c) => (plan.get(c.id)!.fate === 'dropped' ? null : plan.get(c.id)!.text));

  decide();
  let tokens = projectedTokens();
  if (options.budget !== undefined) {
    // What a tight budget gives up, in order: sampled middles, then first reads, then output length.
    const order = [...calls.values()].sort((a, b) => a.seq - b.seq);
    const steps: (() => boolean)[] = [
      ...order.filter((r) => kept.get(r.call.id) === 'sampled').map((r) => () => kept.delete(r.call.id)),
      ...order.filter((r) => kept.get(r.call.id) === 'first').map((r) => () => kept.delete(r.call.id)),
      ...order
        .filter((r) => plan.get(r.call.id)!.fate === 'trimmed')
        .map((r) => () => (trimmedTight.add(r.call.id), true)),
    ];
    for (const step of steps) {
      if (tokens <= options.budget) break;
      step();
      decide();
      tokens = projectedTokens();
    }
  }

  const fates: Record<string, Fate> = {};
  for (const [id, p] of plan) fates[id] = p.fate;
  const projected: ProjectedTurn[] = turns.map((turn) => ({
    prompt: turn.prompt,
    answer: turn.answer,
    rounds: turn.rounds
      .map((round) => ({
        response: round.response,
        calls: round.calls
          .filter((c) => plan.get(c.id)!.fate !== 'dropped')
          .map((c): ProjectedCall => {
            const p = plan.get(c.id)!;
            return {
              id: c.id,
              tool: c.tool,
              input: c.input,
              kind: c.kind,
              fate: p.fate as ProjectedCall['fate'],
              text: p.text,
              ...(p.pointsTo ? { pointsTo: p.pointsTo } : {}),
            };
          }),
      }))
      .filter((round) => round.calls.length > 0 || round.response.length > 0),
  }));
  return {
    turns: projected,
    tokens,
    verbatimTokens: tokensOf((c) => (c.kind === 'read' && c.ephemeral ? null : c.text)),
    budget: options.budget ?? null,
    withinBudget: options.budget === undefined || tokens <= options.budget,
    fates,
  };
}
