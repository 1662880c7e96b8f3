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
import { decideReads, pointerTarget, type KeepReason, type PlacedRead, type ReadDecision } from './readRetention';
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
  return new HistoryProjection(turns, options).project();
}

/** Every call of the history in order, the reads that retention decides on, and the lines cited. */
function placeCalls(turns: readonly HistoryTurn[]) {
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
  return { placed, calls, citations };
}

/**
 * Other results (searches, outputs) answered again word for word by the same call later: the
 * earlier copy holds nothing the later one does not; it becomes a pointer to the latest.
 */
function findRepeats(calls: Map<string, PlacedRead>): Map<string, PlacedRead> {
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
  return repeatedBy;
}

class HistoryProjection {
  private readonly memo = new Map<string, number>();
  private readonly calls: Map<string, PlacedRead>;
  private readonly decision: ReadDecision;
  private readonly repeatedBy: Map<string, PlacedRead>;
  private readonly kept: Map<string, KeepReason>;
  private readonly plan: Plan = new Map();
  private readonly trimmedTight = new Set<string>();

  constructor(
    private readonly turns: readonly HistoryTurn[],
    private readonly options: ProjectionOptions,
  ) {
    const { placed, calls, citations } = placeCalls(turns);
    this.calls = calls;
    this.decision = decideReads(placed, citations);
    this.repeatedBy = findRepeats(calls);
    this.kept = new Map<string, KeepReason>(this.decision.kept);
  }

  project(): Projection {
    this.decide();
    const tokens = this.fitBudget(this.projectedTokens());
    const budget = this.options.budget;
    const fates: Record<string, Fate> = {};
    for (const [id, p] of this.plan) fates[id] = p.fate;
    return {
      turns: this.projectedTurns(),
      tokens,
      verbatimTokens: this.tokensOf((c) => (c.kind === 'read' && c.ephemeral ? null : c.text)),
      budget: budget ?? null,
      withinBudget: budget === undefined || tokens <= budget,
      fates,
    };
  }

  private count(text: string): number {
    let n = this.memo.get(text);
    if (n === undefined) this.memo.set(text, (n = this.options.countTokens(text)));
    return n;
  }

  /** A read that is not kept points to the kept read of its file that holds its lines. */
  private pointTo(read: PlacedRead): { text: string; pointsTo: string } {
    const cluster = this.decision.clusterOf.get(read.call.id) ?? [];
    const target = pointerTarget(
      read,
      cluster.filter((r) => this.kept.has(r.call.id)),
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
  }

  /** Each call's fate and text under what is kept now. */
  private decide(): void {
    const { plan, kept, repeatedBy } = this;
    for (const [id, at] of this.calls) {
      const call = at.call;
      if (call.kind === 'read' && call.ephemeral) plan.set(id, { fate: 'dropped', text: '' });
      else if (call.kind === 'read' && !call.stub && !kept.has(id))
        plan.set(id, this.shorter(call, { fate: 'pointer', ...this.pointTo(at) }));
      else if (repeatedBy.has(id)) {
        const later = repeatedBy.get(id)!;
        const pointer = {
          fate: 'pointer' as const,
          text: repeatLine(call.tool, call.input, later.turn, call.latest),
          pointsTo: later.call.id,
        };
        // An answer a later one replaces (a map of the same target) goes whatever its size: it no longer holds.
        plan.set(id, call.latest ? pointer : this.shorter(call, pointer));
      } else if (call.kind !== 'read' && call.kind !== 'edit' && isLongOutput(call.text)) {
        plan.set(id, {
          fate: 'trimmed',
          text: this.trimmedTight.has(id) ? trimOutput(call.text, TIGHT_HEAD, TIGHT_TAIL) : trimOutput(call.text),
        });
      } else plan.set(id, { fate: 'kept', text: call.text });
    }
  }

  /** The pointer, or the call as it is when its text costs no more than the pointer would. */
  private shorter<P extends { fate: 'pointer'; text: string }>(
    call: HistoryCall,
    pointer: P,
  ): P | { fate: 'kept'; text: string } {
    return this.count(pointer.text) < this.count(call.text) ? pointer : { fate: 'kept', text: call.text };
  }

  /** Tokens of the history with each call's text as `text` gives it (null: the call is gone). */
  private tokensOf(text: (call: HistoryCall) => string | null): number {
    let total = 0;
    for (const turn of this.turns) {
      total += this.count(turn.prompt) + this.count(turn.answer) + 2 * MESSAGE_OVERHEAD_TOKENS;
      for (const round of turn.rounds) {
        const live = round.calls.filter((c) => text(c) !== null);
        if (live.length === 0 && round.response.length === 0) continue;
        total += this.count(round.response) + MESSAGE_OVERHEAD_TOKENS;
        if (live.length > 0) total += MESSAGE_OVERHEAD_TOKENS;
        for (const call of live)
          total += this.count(call.tool) + this.count(JSON.stringify(call.input ?? {})) + this.count(text(call)!);
      }
    }
    return total;
  }

  private projectedTokens(): number {
    const plan = this.plan;
    return this.tokensOf((c) => (plan.get(c.id)!.fate === 'dropped' ? null : plan.get(c.id)!.text));
  }

  /** Over a budget, gives up in order: sampled middles, then first reads, then output length. */
  private fitBudget(tokens: number): number {
    const budget = this.options.budget;
    if (budget === undefined) return tokens;
    const { kept, plan } = this;
    const order = [...this.calls.values()].sort((a, b) => a.seq - b.seq);
    const steps: (() => boolean)[] = [
      ...order.filter((r) => kept.get(r.call.id) === 'sampled').map((r) => () => kept.delete(r.call.id)),
      ...order.filter((r) => kept.get(r.call.id) === 'first').map((r) => () => kept.delete(r.call.id)),
      ...order
        .filter((r) => plan.get(r.call.id)!.fate === 'trimmed')
        .map((r) => () => (this.trimmedTight.add(r.call.id), true)),
    ];
    for (const step of steps) {
      if (tokens <= budget) break;
      step();
      this.decide();
      tokens = this.projectedTokens();
    }
    return tokens;
  }

  private projectedTurns(): ProjectedTurn[] {
    const plan = this.plan;
    return this.turns.map((turn) => ({
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
  }
}
