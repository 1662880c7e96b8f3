// The response contract every tool answers with. The model sees `text`; programs use the rest.
import type { Stabilization } from './stabilization';

export type ErrorCode =
  | 'INVALID_ARGS'
  | 'NOT_FOUND'
  // Nothing found in the part of the scope that was looked at, and the rest was not (a cap, a time limit).
  | 'INCOMPLETE'
  | 'IS_DIRECTORY'
  | 'OUT_OF_RANGE'
  | 'BINARY_FILE'
  | 'OUTSIDE_WORKSPACE'
  // A secret-looking path (a private key, .env, credentials) read without the user's approval.
  | 'SECRET_PATH'
  | 'AMBIGUOUS_PATH'
  | 'AMBIGUOUS_SYMBOL'
  | 'UNSUPPORTED_LANGUAGE'
  | 'INVALID_REGEX'
  | 'TOO_LARGE'
  | 'NO_WORKSPACE'
  | 'CANCELLED'
  // A parse (or the walk of its tree) ran past its deadline: the calls that need no parse still work.
  | 'TIMEOUT'
  | 'READ_FAILED'
  | 'NOT_A_REPOSITORY'
  | 'GIT_UNAVAILABLE'
  | 'GIT_FAILED'
  // A repository whose git metadata (.git file, commondir, alternates, core.worktree) leads outside the workspace.
  | 'GIT_OUTSIDE_WORKSPACE'
  // The session layer's refusals (src/core/session): a blocked read outside the recent search results
  // or of an excluded path, the same call repeated with the same answer. BUDGET_EXCEEDED is kept for
  // clients that know it but no longer answered: the read budget shrinks reads, it refuses none.
  | 'BUDGET_EXCEEDED'
  | 'LOW_RELEVANCE'
  | 'EXCLUDED_PATH'
  | 'REPEATED_CALL'
  | 'INTERNAL';

export interface ToolError {
  code: ErrorCode;
  message: string;
  /** What to do next, concretely (often an exact corrected call). */
  hint: string;
}

/** The exact input for the follow-up call of the same tool. */
export type NextCall = Record<string, unknown>;

export interface ReadMeta {
  truncated: boolean;
  token_estimate: number;
  preview_degraded: boolean;
  total_lines: number | null;
  total_bytes: number | null;
  start_line: number | null;
  end_line: number | null;
  start_byte: number | null;
  end_byte: number | null;
  next: NextCall | null;
  /** Where the text came from: the file on disk, or an editor buffer with unsaved changes. */
  source?: 'disk' | 'buffer';
  encoding?: string;
  bom?: boolean;
  notes?: string[];
  /** The read file's version (its identity on disk, ground/fileIdentity.ts, or the unsaved buffer's version): changes with its content. */
  version?: string;
  /** The read file's absolute path (a client opens it at the range). */
  absolute_path?: string;
  /**
   * The answer may change on a later identical call (a language server still starting answered late:
   * tree-sitter answered). The session does not count it as a repeated call (asking again is the advice).
   */
  provisional?: true;
  /** The session's state after this call; on every answer. */
  stabilization?: Stabilization;
  [extra: string]: unknown;
}

interface Location {
  file: string;
  line: number | null;
  end_line: number | null;
}

export interface ToolResponse {
  ok: boolean;
  mode: string;
  target: string | string[] | null;
  content: string;
  text: string;
  meta: ReadMeta;
  location: Location | null;
  error?: ToolError;
  /** One response per target when several targets were read in one call. */
  results?: ToolResponse[];
  /** The flat answer shape of the single-purpose legacy tools. */
  legacy?: LegacyResult;
}

export interface LegacyResult {
  success: boolean;
  operation: string;
  path: string | null;
  start_line: number | null;
  end_line: number | null;
  line_count: number | null;
  truncated: boolean;
  content: string;
  error?: ToolError;
  /** The session's warnings for this call (meta.stabilization), when there are any. */
  warnings?: string[];
}

export class LecternError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly hint: string,
    readonly details: Partial<ReadMeta> = {},
  ) {
    super(message);
  }
}

export function emptyMeta(): ReadMeta {
  return {
    truncated: false,
    token_estimate: 0,
    preview_degraded: false,
    total_lines: null,
    total_bytes: null,
    start_line: null,
    end_line: null,
    start_byte: null,
    end_byte: null,
    next: null,
  };
}
