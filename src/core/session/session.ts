// One session's state: its counters, timeline and warnings (what a snapshot shows), and what the
// session guard remembers of it (answers served, recent searches, repeated calls, notes already shown).
import type {
  BudgetLimits,
  BudgetState,
  SessionSnapshot,
  StabilizationWarning,
  TimelineEntry,
} from '../ground/stabilization';
import { budgetState } from './budget';
import { Metrics } from './metrics';
import { RECENT_SEARCHES, type SearchRecord } from './relevance';
import { RepeatCounter } from './repeatedCalls';
import { ServedIndex } from './servedIndex';

export const DEFAULT_SESSION_ID = 'default';
/** The timeline keeps the latest entries; the metrics count everything. */
export const MAX_TIMELINE = 500;
const TIMELINE_SLACK = 100;
const MAX_WARNINGS = 50;
const MAX_SEARCHED_FILES = 5000;

/** A timeline entry that no one can change. */
function frozen(entry: TimelineEntry): Readonly<TimelineEntry> {
  Object.freeze(entry.flags);
  return Object.freeze(entry);
}

export class Session {
  seq = 0;
  lastActivity: number;
  metrics = new Metrics();
  timeline: Readonly<TimelineEntry>[] = [];
  warnings: StabilizationWarning[] = [];
  readonly served = new ServedIndex();
  readonly repeats = new RepeatCounter();
  /** The latest searches that found files, oldest first. */
  searches: SearchRecord[] = [];
  /** Every file a search of the session listed (for read_after_search_ratio). */
  readonly searchedFiles = new Set<string>();
  /** The budget state the last BUDGET_SOFT note was about (a note appears when the state changes). */
  budgetNoted: BudgetState = 'ok';
  /** Notes already shown whose repeat would tell nothing new (LOW_RELEVANCE per file and search). */
  readonly notesShown = new Set<string>();

  constructor(
    readonly id: string,
    readonly startedAt: number,
  ) {
    this.lastActivity = startedAt;
  }

  recordSearch(record: SearchRecord): void {
    this.searches = [...this.searches, record].slice(-RECENT_SEARCHES);
    for (const file of record.files) {
      if (this.searchedFiles.size >= MAX_SEARCHED_FILES) break;
      this.searchedFiles.add(file);
    }
  }

  addTimeline(entries: TimelineEntry[]): void {
    // Frozen, so snapshots share them rather than copy hundreds on every call a listener hears.
    for (const entry of entries) this.timeline.push(frozen(entry));
    // Trimmed in steps of TIMELINE_SLACK, not by one entry on every call once full; a snapshot shows the last MAX_TIMELINE.
    if (this.timeline.length > MAX_TIMELINE + TIMELINE_SLACK)
      this.timeline.splice(0, this.timeline.length - MAX_TIMELINE);
  }

  addWarnings(warnings: StabilizationWarning[]): void {
    this.warnings.push(...warnings);
    if (this.warnings.length > MAX_WARNINGS) this.warnings.splice(0, this.warnings.length - MAX_WARNINGS);
  }

  snapshot(limits: BudgetLimits): SessionSnapshot {
    const metrics = this.metrics.snapshot();
    return {
      id: this.id,
      started_at_unix_ms: this.startedAt,
      budget_state: budgetState(metrics, limits),
      limits: { ...limits },
      metrics,
      warnings: this.warnings.map((w) => ({ ...w })),
      timeline: this.timeline.slice(-MAX_TIMELINE),
    };
  }

  /**
   * A session saved by an earlier window: its counters, timeline and warnings. What the guards
   * remember (answers served, searches, repeated calls) starts empty: a pointer to an answer the
   * model may no longer have would be worse than the text again.
   */
  static restore(saved: SessionSnapshot, now: number): Session {
    const startedAt =
      typeof saved.started_at_unix_ms === 'number' && Number.isFinite(saved.started_at_unix_ms)
        ? saved.started_at_unix_ms
        : now;
    const session = new Session(
      typeof saved.id === 'string' && saved.id.length > 0 ? saved.id : DEFAULT_SESSION_ID,
      startedAt,
    );
    session.metrics = Metrics.from(saved.metrics ?? ({} as SessionSnapshot['metrics']));
    session.timeline = Array.isArray(saved.timeline)
      ? saved.timeline.slice(-MAX_TIMELINE).map((e) => frozen({ ...e, flags: { ...e.flags } }))
      : [];
    session.warnings = Array.isArray(saved.warnings) ? saved.warnings.slice(-MAX_WARNINGS).map((w) => ({ ...w })) : [];
    session.seq = session.timeline.reduce((max, e) => Math.max(max, typeof e.seq === 'number' ? e.seq : 0), 0);
    // Restoring is activity: the idle period starts over from the reload.
    session.lastActivity = now;
    return session;
  }
}
