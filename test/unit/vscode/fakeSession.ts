// A small SessionApi for the adapter's unit tests: reads move the budget like the contract says
// (soft at the limit, hard at hardLimitMultiplier times it). Not the core's implementation.
import type { SessionApi } from '../../../src/core/session/sessionApi';
import type { BudgetState, SessionSnapshot, TimelineEntry } from '../../../src/core/ground/stabilization';
import { DEFAULT_STABILIZATION } from '../../../src/core/ground/stabilization';

export function emptySnapshot(id = 'default', started = 1_700_000_000_000): SessionSnapshot {
  const { maxReadsPerSession, maxTotalReadLines, maxSingleReadLines, maxPreviewChars, hardLimitMultiplier } =
    DEFAULT_STABILIZATION;
  return {
    id,
    started_at_unix_ms: started,
    budget_state: 'ok',
    limits: { maxReadsPerSession, maxTotalReadLines, maxSingleReadLines, maxPreviewChars, hardLimitMultiplier },
    metrics: {
      reads_count: 0,
      reads_lines_total: 0,
      reads_chars_total: 0,
      search_count: 0,
      read_after_search_ratio: 0,
      avg_read_span: 0,
      max_read_span: 0,
      preview_degraded_count: 0,
      deduplicated_reads: 0,
      tokens_served: 0,
      tokens_saved: 0,
    },
    warnings: [],
    timeline: [],
  };
}

export class FakeSession implements SessionApi {
  readonly sessions = new Map<string, SessionSnapshot>();
  readonly restored: SessionSnapshot[] = [];
  private readonly listeners = new Set<(s: SessionSnapshot) => void>();
  private clock = 1_700_000_000_000;

  constructor(limits: Partial<SessionSnapshot['limits']> = {}) {
    const first = emptySnapshot();
    first.limits = { ...first.limits, ...limits };
    this.sessions.set('default', first);
  }

  snapshot(sessionId = 'default'): SessionSnapshot {
    const s = this.sessions.get(sessionId);
    if (!s) throw new Error(`no session ${sessionId}`);
    return structuredClone(s);
  }

  reset(sessionId = 'default'): void {
    const old = this.snapshot(sessionId);
    const fresh = emptySnapshot(sessionId, ++this.clock);
    fresh.limits = old.limits;
    this.sessions.set(sessionId, fresh);
    this.emit(fresh);
  }

  onDidChange(listener: (snapshot: SessionSnapshot) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  exportJson(sessionId = 'default'): string {
    return JSON.stringify(this.snapshot(sessionId), null, 2);
  }

  restore(snapshot: SessionSnapshot): void {
    this.restored.push(snapshot);
    this.sessions.set(snapshot.id, structuredClone(snapshot));
  }

  /** One read of `lines` lines of `file` (1-based start). */
  read(
    file: string,
    start: number,
    lines: number,
    flags: Partial<TimelineEntry['flags']> = {},
    sessionId = 'default',
  ): SessionSnapshot {
    const s = this.snapshot(sessionId);
    const m = s.metrics;
    m.reads_count++;
    m.reads_lines_total += lines;
    m.max_read_span = Math.max(m.max_read_span, lines);
    m.avg_read_span = m.reads_lines_total / m.reads_count;
    m.tokens_served += lines * 10;
    if (flags.deduplicated) m.deduplicated_reads++;
    if (flags.degraded) m.preview_degraded_count++;
    const entry: TimelineEntry = {
      seq: s.timeline.length + 1,
      at_unix_ms: ++this.clock,
      tool: 'lectern_read',
      mode: 'file',
      file,
      absolute: `/ws/${file}`,
      start_line: start,
      end_line: start + lines - 1,
      tokens: lines * 10,
      ok: true,
      flags: {
        degraded: false,
        deduplicated: false,
        ephemeral: false,
        low_relevance: false,
        excluded: false,
        ...flags,
      },
    };
    s.timeline = [...s.timeline, entry];
    if (flags.low_relevance)
      s.warnings.push({ code: 'LOW_RELEVANCE', message: `${file} was not among the recent search results.` });
    s.budget_state = state(s);
    this.sessions.set(sessionId, s);
    this.emit(s);
    return s;
  }

  private emit(snapshot: SessionSnapshot): void {
    for (const listener of this.listeners) listener(structuredClone(snapshot));
  }
}

function state(s: SessionSnapshot): BudgetState {
  const { reads_count, reads_lines_total } = s.metrics;
  const l = s.limits;
  if (
    reads_count >= l.maxReadsPerSession * l.hardLimitMultiplier ||
    reads_lines_total >= l.maxTotalReadLines * l.hardLimitMultiplier
  )
    return 'hard';
  if (reads_count >= l.maxReadsPerSession || reads_lines_total >= l.maxTotalReadLines) return 'soft';
  return 'ok';
}
