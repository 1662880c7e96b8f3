// What a workspace search takes, and the bounds it keeps to.

export interface WorkspaceSearchInput {
  /** A file (single-file search), a folder, a glob, or nothing (the whole workspace). */
  target?: string;
  query: string;
  is_regex?: boolean;
  case_sensitive?: boolean;
  include?: string | string[];
  exclude?: string | string[];
  max_results?: number;
  max_matches?: number;
  before?: number;
  after?: number;
}

export const WORKSPACE_SEARCH_LIMITS = {
  defaultResults: 100,
  maxResults: 500,
  /** Larger files are skipped (named in the answer; a file target searches any size). */
  maxFileBytes: 4 * 1024 * 1024,
  /** A search stops after this long and answers with what it found. */
  timeBudgetMs: 10_000,
  /** Files read at the same time by hosts without the synchronous fast path. */
  concurrency: 8,
  /** Each shown file shows at least this many of its matches (when it has them). */
  minPerFile: 3,
  /** Files named with their match counts after the shown ones. */
  listedFiles: 50,
  /** Skipped folders named in the answer. */
  namedSkips: 6,
} as const;
