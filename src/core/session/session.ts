// What one session knows: its metrics and budget state, its timeline, the calls it has seen
// (loops), the answers it has served (de-duplication records), its recent searches (relevance), and
// how the session layer reads a response's answers (parts).
import type { ToolResponse } from '../ground/contract';
import type {
  BudgetLimits,
  BudgetState,
  MetricsSnapshot,
  SessionSnapshot,
  StabilizationWarning,
  TimelineEntry,
} from '../ground/stabilization';
import { editDistance } from '../text/editDistance';
import { fnv1a } from '../ground/fnv1a';

// One session's state: its counters, timeline and warnings (what a snapshot shows), and what the
// guards remember (answers served, recent searches, repeated calls).
export const DEFAULT_SESSION_ID = 'default';
/** The timeline keeps the latest entries; the metrics count everything. */
export const MAX_TIMELINE = 500;
const TIMELINE_SLACK = 100;
export const MAX_WARNINGS = 50;
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
  readonly loops = new LoopTracker();
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

// A session's counters, its metrics snapshot and its budget state. Pure arithmetic on the calls
// the session saw: the same calls give the same numbers.
/** A budget's soft limits (the configured values) and hard limits (hardLimitMultiplier times them). */
export interface Limits {
  softReads: number;
  softLines: number;
  hardReads: number;
  hardLines: number;
}

export function limitsOf(limits: BudgetLimits): Limits {
  const hard = (value: number) => Math.max(value, Math.ceil(value * limits.hardLimitMultiplier));
  return {
    softReads: limits.maxReadsPerSession,
    softLines: limits.maxTotalReadLines,
    hardReads: hard(limits.maxReadsPerSession),
    hardLines: hard(limits.maxTotalReadLines),
  };
}

/** ok below the configured values; soft from them on; hard from the hard limits on (further reads are refused). */
export function budgetState(
  metrics: Pick<MetricsSnapshot, 'reads_count' | 'reads_lines_total'>,
  limits: BudgetLimits,
): BudgetState {
  const l = limitsOf(limits);
  if (metrics.reads_count >= l.hardReads || metrics.reads_lines_total >= l.hardLines) return 'hard';
  if (metrics.reads_count >= l.softReads || metrics.reads_lines_total >= l.softLines) return 'soft';
  return 'ok';
}

/**
 * What the counters mean:
 * - reads: every answered read (lectern_read in any mode and the legacy reads; each target of a
 *   list read), de-duplicated and ephemeral ones included. Refused and failed reads are not reads.
 * - lines / chars: file lines and answer characters kept in the context: not those of pointers
 *   (de-duplicated reads serve no lines) nor of ephemeral reads (their content is not kept).
 * - spanReads: the reads those lines came from (avg_read_span = lines / spanReads).
 * - readsAfterSearch: reads of a file an earlier search of the session listed.
 * - tokensServed: tokens of every answer of the session, any tool, errors included.
 * - tokensSaved: per read, what a plain whole-file read would have cost minus what was served.
 */
export class Metrics {
  reads = 0;
  lines = 0;
  chars = 0;
  searches = 0;
  readsAfterSearch = 0;
  spanReads = 0;
  maxSpan = 0;
  degraded = 0;
  deduplicated = 0;
  tokensServed = 0;
  tokensSaved = 0;

  snapshot(): MetricsSnapshot {
    return {
      reads_count: this.reads,
      reads_lines_total: this.lines,
      reads_chars_total: this.chars,
      search_count: this.searches,
      read_after_search_ratio: this.reads === 0 ? 0 : this.readsAfterSearch / this.reads,
      avg_read_span: this.spanReads === 0 ? 0 : this.lines / this.spanReads,
      max_read_span: this.maxSpan,
      preview_degraded_count: this.degraded,
      deduplicated_reads: this.deduplicated,
      tokens_served: this.tokensServed,
      tokens_saved: this.tokensSaved,
    };
  }

  /** Counters back from a saved snapshot (the two derived counts from their ratios). */
  static from(snapshot: MetricsSnapshot): Metrics {
    const m = new Metrics();
    const n = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : 0);
    m.reads = Math.round(n(snapshot.reads_count));
    m.lines = Math.round(n(snapshot.reads_lines_total));
    m.chars = Math.round(n(snapshot.reads_chars_total));
    m.searches = Math.round(n(snapshot.search_count));
    m.readsAfterSearch = Math.min(m.reads, Math.round(n(snapshot.read_after_search_ratio) * m.reads));
    m.spanReads = n(snapshot.avg_read_span) > 0 ? Math.round(m.lines / n(snapshot.avg_read_span)) : 0;
    m.maxSpan = Math.round(n(snapshot.max_read_span));
    m.degraded = Math.round(n(snapshot.preview_degraded_count));
    m.deduplicated = Math.round(n(snapshot.deduplicated_reads));
    m.tokensServed = Math.round(n(snapshot.tokens_served));
    m.tokensSaved = Math.round(n(snapshot.tokens_saved));
    return m;
  }
}

/** Tokens per byte of code when an answer is too small to measure (about 3.5 bytes a token). */
export const DEFAULT_TOKENS_PER_BYTE = 0.28;

/**
 * Token cost of a plain whole-file read, estimated from the file's size: its bytes times the
 * token/byte ratio of the text actually served from it (line numbers and header included, as a
 * plain read tool shows them too). Answers under 256 bytes say little about the file, so they use
 * a typical ratio for code instead.
 */
export function tokensPerByte(tokens: number, bytes: number): number {
  return bytes >= 256 && tokens > 0 ? tokens / bytes : DEFAULT_TOKENS_PER_BYTE;
}

export function wholeFileTokens(totalBytes: number, ratio: number): number {
  return Math.ceil(totalBytes * ratio);
}

// The timeline entries of one call (one per answer of a list read), with the flags the session's
// judgement put on each answer.
export interface PartFlags {
  deduplicated: boolean;
  low_relevance: boolean;
  excluded: boolean;
}

/** The flags of each answer of a call; an answer without any has none set. */
export class FlagsByPart {
  private readonly flags = new Map<ToolResponse, PartFlags>();

  of(part: ToolResponse): PartFlags {
    let f = this.flags.get(part);
    if (!f) this.flags.set(part, (f = { deduplicated: false, low_relevance: false, excluded: false }));
    return f;
  }

  get(part: ToolResponse): PartFlags | undefined {
    return this.flags.get(part);
  }
}

export interface CallStamp {
  seq: number;
  at: number;
  tool: string;
  /** A person ran the call (the command palette), not a model. */
  user?: boolean;
}

export function timelineEntries(
  call: CallStamp,
  parts: ToolResponse[],
  flags: FlagsByPart,
  response: ToolResponse,
): TimelineEntry[] {
  return parts.map((part) => {
    const f = flags.get(part);
    return {
      seq: call.seq,
      at_unix_ms: call.at,
      tool: call.tool,
      mode: part.mode,
      file:
        part.location?.file ??
        (typeof part.target === 'string' ? part.target : Array.isArray(part.target) ? part.target.join(', ') : null),
      absolute: typeof part.meta.absolute_path === 'string' ? part.meta.absolute_path : null,
      start_line: part.meta.start_line,
      end_line: part.meta.end_line,
      tokens: part === response ? response.meta.token_estimate : part.meta.token_estimate,
      ok: part.ok,
      flags: {
        degraded: part.meta.preview_degraded === true,
        deduplicated: f?.deduplicated ?? false,
        ephemeral: part.meta.ephemeral === true,
        low_relevance: f?.low_relevance ?? false,
        excluded: f?.excluded ?? false,
        ...(call.user ? { user: true } : {}),
      },
    };
  });
}

// Loop detection: the same call (tool and normalized input) answered the same way again and again.
// From the third time it warns; from the fifth it is refused (a read can insist with force: true).
// A call whose answer changed (the file was edited in between) starts counting over: re-reading
// after an edit is not a loop.
export const LOOP_WARN_AT = 3;
export const LOOP_REFUSE_AT = 5;

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
    tool === 'lectern_read' && input && typeof input === 'object' && !Array.isArray(input)
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

export class LoopTracker {
  private readonly calls = new Map<string, { answer: number; count: number; seqs: number[] }>();

  record(key: string, answer: number, seq: number): Repetition {
    const before = this.calls.get(key);
    const same = before !== undefined && before.answer === answer;
    const earlier = same ? before.seqs : [];
    this.calls.delete(key); // re-inserted: the map stays in order of last use
    const count = same ? before.count + 1 : 1;
    this.calls.set(key, { answer, count, seqs: [...earlier, seq].slice(-LOOP_REFUSE_AT * 2) });
    if (this.calls.size > MAX_KEYS) this.calls.delete(this.calls.keys().next().value!);
    return { count, seqs: earlier };
  }
}

// De-duplication: what a session has already been served, keyed on exactly what was shown (the byte
// and line range of the file, and a hash of each whole line or of the whole piece), so the same
// unchanged text is answered with a pointer to the earlier call instead of again. A pointer is never
// stale and never points to something not shown: the file's version (its identity, or the unsaved
// buffer's version) must be the same; whole lines must hash the same as the ones served then; a
// piece of a line (a byte window inside a very long line) only matches the very same bytes.

/** One hash per line of `content` (its terminator left out), or null when the count is not `lines`. */
export function lineHashes(content: string, lines: number): number[] | null {
  if (content.length === 0) return null;
  const pieces = content.split('\n');
  if (pieces[pieces.length - 1] === '') pieces.pop();
  return pieces.length === lines ? pieces.map(fnv1a) : null;
}

/** What one answer showed of a file: its lines, its bytes when known, and how to recognise its text. */
export interface ServedPiece {
  start: number;
  end: number;
  /** Byte offsets [byteStart, byteEnd) of the text in the file, when the reader knows them. */
  byteStart: number | null;
  byteEnd: number | null;
  /** One hash per line when the piece holds whole lines, else null (a piece of a line). */
  hashes: number[] | null;
  /** Hash of the whole text shown. */
  contentHash: number;
}

/**
 * What a range answer showed, or null when it showed nothing to point to later. A piece holds whole
 * lines unless the reader cut it inside a line (byte windows in very long lines, display cuts).
 */
export function servedPiece(
  range: { start: number; end: number },
  content: string,
  meta: { start_byte: number | null; end_byte: number | null; notes?: string[] },
): ServedPiece | null {
  if (content.length === 0) return null;
  const cut = (meta.notes ?? []).some((n) => /inside a line|is cut at byte|line cut/.test(n));
  return {
    start: range.start,
    end: range.end,
    byteStart: meta.start_byte,
    byteEnd: meta.end_byte,
    hashes: cut ? null : lineHashes(content, range.end - range.start + 1),
    contentHash: fnv1a(content),
  };
}

export interface Served {
  seq: number;
  /** Absolute path of the file. */
  file: string;
  version: string;
  /** The lines and bytes shown, and their hashes … */
  range: ServedPiece | null;
  /** … or an answer without one (an outline), by the hash of its text. */
  textHash: number | null;
  /** Token/byte ratio of the answer (for tokens saved by a pointer to it). */
  tokensPerByte: number;
}

const MAX_RECORDS = 400;

export class ServedIndex {
  private records: Served[] = [];
  /** Every file's records are of one version (add drops the others): that version, and how many records hold it. */
  private readonly versions = new Map<string, { version: string; count: number }>();

  /**
   * An earlier answer that showed all of `piece` in this version of the file: whole lines inside
   * whole lines it showed with the same hashes (and inside its bytes, where both know them), or a
   * piece of a line shown with exactly the same bytes and text.
   */
  findPiece(file: string, version: string, piece: ServedPiece): Served | undefined {
    for (let i = this.records.length - 1; i >= 0; i--) {
      const r = this.records[i]!;
      const shown = r.range;
      if (r.file !== file || r.version !== version || !shown) continue;
      if (piece.hashes && shown.hashes) {
        if (shown.start > piece.start || shown.end < piece.end) continue;
        if (
          piece.byteStart !== null &&
          shown.byteStart !== null &&
          piece.byteEnd !== null &&
          shown.byteEnd !== null &&
          (shown.byteStart > piece.byteStart || shown.byteEnd < piece.byteEnd)
        )
          continue;
        const offset = piece.start - shown.start;
        if (piece.hashes.every((h, k) => shown.hashes![offset + k] === h)) return r;
      } else if (
        piece.byteStart !== null &&
        piece.byteStart === shown.byteStart &&
        piece.byteEnd === shown.byteEnd &&
        piece.contentHash === shown.contentHash
      ) {
        return r;
      }
    }
    return undefined;
  }

  findText(file: string, version: string, textHash: number): Served | undefined {
    for (let i = this.records.length - 1; i >= 0; i--) {
      const r = this.records[i]!;
      if (r.file === file && r.version === version && r.textHash === textHash) return r;
    }
    return undefined;
  }

  /** Records an answer; answers from other versions of the file are dropped (they can no longer be pointed to). */
  add(record: Served): void {
    this.forgetOtherVersions(record.file, record.version);
    this.records.push(record);
    const held = this.versions.get(record.file);
    if (held) held.count++;
    else this.versions.set(record.file, { version: record.version, count: 1 });
    if (this.records.length > MAX_RECORDS) {
      for (const dropped of this.records.splice(0, this.records.length - MAX_RECORDS)) {
        const of = this.versions.get(dropped.file)!;
        if (--of.count === 0) this.versions.delete(dropped.file);
      }
    }
  }

  /** A newer version of the file was seen: its earlier answers are stale. */
  forgetOtherVersions(file: string, version: string): void {
    // Most calls read a version already held, or a file not held: nothing to drop, no pass over the records.
    const held = this.versions.get(file);
    if (!held || held.version === version) return;
    this.records = this.records.filter((r) => r.file !== file);
    this.versions.delete(file);
  }
}

// Relevance: the files the session's recent searches found are what the agent is working on. A
// read of a file outside their top results gets a LOW_RELEVANCE warning naming the likely intended
// files (or a refusal, by setting). No search yet, or searches that found nothing: no judgement.
/** How many result files of one search form the baseline. */
export const RELEVANCE_TOP_K = 10;
/** How many of the latest searches (that found files) form the baseline. */
export const RECENT_SEARCHES = 3;
/** How many alternatives a warning names. */
const ALTERNATIVES = 3;

export interface SearchRecord {
  seq: number;
  query: string;
  /** Result files (display paths) in rank order. */
  files: string[];
}

/**
 * The files a lectern_search answer found, in rank order: `meta.files` of a workspace search, or the
 * searched file (`target`) of a single-file search that matched. Null for an answer that is not a
 * usable search result (failed, or a file without matches).
 */
export function searchResultFiles(response: ToolResponse): string[] | null {
  if (!response.ok) return null;
  const files = response.meta.files;
  if (Array.isArray(files)) {
    const listed = files.filter((f): f is string => typeof f === 'string' && f.length > 0);
    return listed.length > 0 ? listed : null;
  }
  if (typeof response.target === 'string') {
    const matched = response.meta.total_matches;
    return typeof matched === 'number' && matched === 0 ? null : [response.target];
  }
  return null;
}

export type RelevanceVerdict = { relevant: true } | { relevant: false; query: string; alternatives: string[] };

/** null: no baseline to judge by (no search yet, or none found anything). */
export function judgeRelevance(file: string, recent: readonly SearchRecord[]): RelevanceVerdict | null {
  const searches = recent.slice(-RECENT_SEARCHES).reverse(); // newest first
  if (searches.length === 0) return null;
  const baseline = new Set(searches.flatMap((s) => s.files.slice(0, RELEVANCE_TOP_K)));
  if (baseline.size === 0) return null;
  if (baseline.has(file)) return { relevant: true };
  return { relevant: false, query: searches[0]!.query, alternatives: alternativesFor(file, [...baseline]) };
}

const baseName = (path: string) => {
  const name = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
  const dot = name.indexOf('.', 1);
  return dot > 0 ? name.slice(0, dot) : name;
};

/**
 * The baseline files the read most likely meant: one whose name is close to the read file's (a
 * typo, a sibling such as a test or a .d.ts), then the top results in rank order.
 */
export function alternativesFor(file: string, ranked: readonly string[]): string[] {
  const wanted = baseName(file);
  const scored = ranked.map((path, rank) => ({ path, rank, distance: editDistance(wanted, baseName(path)) }));
  const close = scored
    .filter((s) => s.distance <= Math.max(1, Math.floor(wanted.length / 3)))
    .sort((a, b) => a.distance - b.distance || a.rank - b.rank)
    .map((s) => s.path);
  const picked: string[] = [];
  for (const path of [...close, ...ranked]) {
    if (!picked.includes(path)) picked.push(path);
    if (picked.length === ALTERNATIVES) break;
  }
  return picked;
}

// The answers inside a response (one per target of a list read) and what the session layer reads
// off each: the file it came from, that file's version, and the line range it shows.
export interface FileOf {
  absolute: string;
  display: string;
  version: string | null;
}

/** A response's answers: one per target of a list read, else itself. */
export function partsOf(response: ToolResponse): ToolResponse[] {
  return response.results ?? [response];
}

export function fileOf(part: ToolResponse): FileOf | null {
  const absolute = part.meta.absolute_path;
  if (typeof absolute !== 'string') return null;
  const display = part.location?.file ?? (typeof part.target === 'string' ? part.target : absolute);
  return { absolute, display, version: typeof part.meta.version === 'string' ? part.meta.version : null };
}

export function rangeOf(part: ToolResponse): { start: number; end: number } | null {
  const { start_line: start, end_line: end } = part.meta;
  return typeof start === 'number' && typeof end === 'number' && end >= start ? { start, end } : null;
}
