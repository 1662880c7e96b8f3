// Asking the host's git, shared by the one-file preview and the summary: the errors when it cannot
// answer, and its list of changes with one entry per path.
import { LecternError } from '../ground/contract';
import type { ReadEnv } from '../ground/env';
import type { GitChange } from '../ground/gitPort';
import { hostPacer } from '../ground/walk';

export function noGit(): LecternError {
  return new LecternError(
    'GIT_UNAVAILABLE',
    'This host gives no access to git, so against "HEAD" and "INDEX" cannot be answered.',
    'against "WORKTREE" (unsaved buffer against the file on disk) needs no git.',
  );
}

export function throwIfCancelled(env: ReadEnv): void {
  if (env.signal?.isCancellationRequested)
    throw new LecternError('CANCELLED', 'The diff preview was cancelled.', 'Call again if you still need it.');
}

/** One entry per path, in git's order; tens of thousands of changes give the host turns. */
export async function mergeChanges(changes: readonly GitChange[]): Promise<Map<string, GitChange>> {
  // The same path can appear twice (e.g. "deleted" in the index and "untracked" on disk after git rm --cached).
  const byPath = new Map<string, GitChange>();
  const pace = hostPacer();
  for (const [i, change] of changes.entries()) {
    if ((i & 255) === 0) await pace();
    const seen = byPath.get(change.path);
    byPath.set(
      change.path,
      seen
        ? { ...seen, ...change, staged: seen.staged ?? change.staged, unstaged: change.unstaged ?? seen.unstaged }
        : change,
    );
  }
  return byPath;
}
