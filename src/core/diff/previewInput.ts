// The input of mode "diff_preview", the limits it runs under, and the follow-up calls its answers
// suggest (which keep the caller's against and context_lines).
import type { NextCall } from '../ground/contract';

export const DIFF_AGAINST = ['HEAD', 'INDEX', 'WORKTREE'] as const;
export type DiffAgainst = (typeof DIFF_AGAINST)[number];

export interface DiffPreviewInput {
  target?: string;
  against?: DiffAgainst;
  context_lines?: number;
  hunk_offset?: number;
  file_offset?: number;
}

export const DIFF_LIMITS = {
  defaultContext: 3,
  /** Larger versions are not diffed (TOO_LARGE). */
  maxSideBytes: 16 * 1024 * 1024,
  /** Git's rule: a NUL byte in the first 8,000 bytes makes a file binary. */
  binarySniffBytes: 8000,
  /** The Myers search gives up after this and shows the differing middle replaced whole. */
  myersTimeoutMs: 1000,
  /** A summary counts +/- lines itself for at most this many files, within this time. */
  countFilesMax: 400,
  countBudgetMs: 4000,
} as const;

/** The input of a diff_preview call that keeps the caller's against and context_lines. */
export function previewCall(
  input: DiffPreviewInput,
  target: string | undefined,
  extra: Record<string, unknown> = {},
): NextCall {
  const call: NextCall = { mode: 'diff_preview' };
  if (target !== undefined) call.target = target;
  if (input.against !== undefined && input.against !== 'HEAD') call.against = input.against;
  if (input.context_lines !== undefined) call.context_lines = input.context_lines;
  return { ...call, ...extra };
}
