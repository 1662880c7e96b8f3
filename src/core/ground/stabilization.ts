// The session layer's vocabulary: what a session knows, what every answer carries in
// meta.stabilization, and what the dashboard shows.

export type BudgetState = 'ok' | 'soft' | 'hard';

export type WarningCode =
  'LOW_RELEVANCE' | 'EXCLUDED_PATH' | 'BUDGET_SOFT' | 'REPEATED_CALL' | 'EPHEMERAL' | 'DEDUPLICATED';

export interface StabilizationWarning {
  code: WarningCode;
  message: string;
}

export interface MetricsSnapshot {
  reads_count: number;
  reads_lines_total: number;
  reads_chars_total: number;
  search_count: number;
  /** Share of reads whose file was among the results of an earlier search in the session. */
  read_after_search_ratio: number;
  avg_read_span: number;
  max_read_span: number;
  preview_degraded_count: number;
  deduplicated_reads: number;
  tokens_served: number;
  /** Against what plain whole-file reads of the same files would have cost. */
  tokens_saved: number;
}

/** What every answer carries in meta.stabilization. */
export interface Stabilization {
  budget_state: BudgetState;
  suggested_next_action: string | null;
  warnings: StabilizationWarning[];
  metrics_snapshot: MetricsSnapshot;
}

export interface TimelineEntry {
  seq: number;
  at_unix_ms: number;
  tool: string;
  mode: string;
  file: string | null;
  /** Absolute path, so a client can open the file at the range. */
  absolute: string | null;
  start_line: number | null;
  end_line: number | null;
  tokens: number;
  ok: boolean;
  /** user: a person ran the read (the command palette), not a model. */
  flags: {
    degraded: boolean;
    deduplicated: boolean;
    ephemeral: boolean;
    low_relevance: boolean;
    excluded: boolean;
    user?: boolean;
  };
}

export interface BudgetLimits {
  maxReadsPerSession: number;
  maxTotalReadLines: number;
  maxSingleReadLines: number;
  maxPreviewChars: number;
  /** The hard limit is this multiple of each soft limit. */
  hardLimitMultiplier: number;
}

export interface SessionSnapshot {
  id: string;
  started_at_unix_ms: number;
  budget_state: BudgetState;
  limits: BudgetLimits;
  metrics: MetricsSnapshot;
  /** The most recent warnings of the session, newest last. */
  warnings: StabilizationWarning[];
  /** The latest entries, oldest first; frozen, and shared by every snapshot that shows them. */
  timeline: readonly Readonly<TimelineEntry>[];
}

export interface StabilizationSettings extends BudgetLimits {
  /** 'warn' (default) or 'block' for reads outside the recent search results. */
  relevance: 'warn' | 'block';
  /** 'warn' (default) or 'block' for reads of excluded paths (node_modules, dist, …). */
  exclusions: 'warn' | 'block';
  /** Extra excluded globs (VS Code's files.exclude). */
  excludeGlobs: readonly string[];
  /** Share of the context an ephemeral read may use. */
  ephemeralShare: number;
  /** A session with no calls for this long starts over. */
  idleResetMinutes: number;
}

export const DEFAULT_STABILIZATION: StabilizationSettings = {
  maxReadsPerSession: 25,
  maxTotalReadLines: 2500,
  maxSingleReadLines: 300,
  maxPreviewChars: 12_000,
  hardLimitMultiplier: 2,
  relevance: 'warn',
  exclusions: 'warn',
  excludeGlobs: [],
  ephemeralShare: 0.9,
  idleResetMinutes: 30,
};
