// The lines of a summary: how one git change reads against HEAD or the index (status and flags), and
// its +/- line counts, from the host's numstat when it has them, else counted here.
import { LecternError, type NextCall } from '../ground/contract';
import type { ReadEnv } from '../ground/env';
import { modeChange, type GitChange, type GitRepository, type GitStatus, type LineCounts } from '../ground/gitPort';
import { previewCall, type DiffPreviewInput } from './previewInput';
import { contentOf, lineCounts, NO_CONTENT } from './textCompare';
import { readCurrent, readGit } from './versions';
import { displayOf } from './workspacePaths';

/** The changes of one repository (or, against WORKTREE, the unsaved buffers) in the summary's scope. */
export interface Section {
  repo?: GitRepository;
  /** Folders this section covers: a scope folder inside the repository, or the whole repository. */
  scopes: string[];
  rootDisplay?: string;
  title: string;
  status?: GitStatus;
  entries: SummaryEntry[];
}

export interface SummaryEntry {
  absolute: string;
  display: string;
  /** Shown in the list: relative to the repository (or the display path without one). */
  shown: string;
  oldShown?: string;
  oldAbsolute?: string;
  status: string;
  flags: string[];
  counts: LineCounts | 'binary' | null;
  input: NextCall;
  /** Not a file: a submodule or a nested repository, previewed as a folder. */
  folder?: boolean;
  /** Needs its +/- lines counted (they may also show it did not change at all). */
  change?: GitChange;
  dirty?: boolean;
  /** A secret-looking file: listed without its counts (previewing it needs the user's approval). */
  withheld?: boolean;
}

/** The summary line of one git change against HEAD or the index, or null when it is no difference there. */
export async function entryFor(
  env: ReadEnv,
  input: DiffPreviewInput,
  against: 'HEAD' | 'INDEX',
  status: GitStatus,
  change: GitChange,
  rel: (p: string) => string,
): Promise<SummaryEntry | null> {
  const display = await displayOf(env, change.path);
  const dirty = env.host.documents?.dirty(change.path) !== undefined;
  const base = {
    absolute: change.path,
    display,
    shown: rel(change.path),
    input: previewCall(input, display),
    counts: null,
    dirty,
  };
  if (change.submodule) {
    const what = [
      change.submodule.commitChanged && 'new commits',
      change.submodule.modified && 'modified content',
      change.submodule.untracked && 'untracked content',
    ]
      .filter(Boolean)
      .join(', ');
    if (against === 'INDEX' && !change.unstaged) return null;
    return { ...base, status: 'submodule', flags: what ? [what] : [], folder: true };
  }
  if (change.nestedRepository)
    return {
      ...base,
      shown: `${base.shown}/`,
      status: 'nested repository',
      flags: ['untracked here; its own changes are listed under it'],
      folder: true,
    };
  const conflicted = change.staged === 'conflicted' || change.unstaged === 'conflicted';
  const flags: string[] = [];
  let kind: string;
  if (conflicted) {
    kind = 'conflicted';
  } else if (against === 'INDEX') {
    if (!change.unstaged && !dirty) return null;
    kind =
      change.unstaged === 'untracked'
        ? 'untracked'
        : change.unstaged === 'deleted'
          ? 'deleted'
          : change.unstaged === 'added'
            ? 'added'
            : change.unstaged === 'type_changed'
              ? 'type changed'
              : 'modified';
  } else {
    let inHead: boolean;
    if (!status.hasCommits) inHead = false;
    else if (change.unstaged === 'untracked')
      inHead = change.staged === 'deleted'; // git rm --cached: still on disk
    else
      inHead = !(
        change.staged === 'added' ||
        change.staged === 'renamed' ||
        change.staged === 'copied' ||
        change.unstaged === 'added'
      );
    // Without an unstaged change the working tree matches the index.
    const onDisk = change.unstaged === 'deleted' ? false : change.unstaged !== undefined || change.staged !== 'deleted';
    if (!inHead && !onDisk && !dirty) return null;
    if (!inHead)
      kind =
        change.staged === 'renamed' || change.staged === 'copied'
          ? change.staged
          : change.staged === 'added' || change.unstaged === 'added'
            ? 'added'
            : 'untracked';
    else if (!onDisk && !dirty) kind = 'deleted';
    else kind = change.staged === 'type_changed' || change.unstaged === 'type_changed' ? 'type changed' : 'modified';
    if (change.staged && kind !== 'untracked') flags.push('staged');
    if (change.unstaged && change.unstaged !== 'untracked') flags.push('unstaged');
  }
  const mode = modeChange(change, against);
  if (mode) flags.push(mode);
  if (dirty) flags.push('unsaved editor buffer');
  const renamed = against === 'HEAD' && (kind === 'renamed' || kind === 'copied') && change.oldPath;
  return {
    ...base,
    status: kind,
    flags,
    oldAbsolute: renamed ? change.oldPath : undefined,
    oldShown: renamed ? rel(change.oldPath!) : undefined,
    change,
  };
}

/** The host's counts for one repository, asked for once per summary. */
export type NumstatCache = Map<GitRepository, Promise<Map<string, LineCounts | 'binary'>>>;

/** The entry's +/- lines; null when a version is too large to count. */
export async function countEntry(
  env: ReadEnv,
  repo: GitRepository,
  status: GitStatus,
  against: 'HEAD' | 'INDEX',
  entry: SummaryEntry,
  numstats: NumstatCache,
): Promise<LineCounts | 'binary' | null> {
  try {
    // The host's own counts, when it has them, for files without an unsaved buffer.
    const hostCounts =
      !entry.dirty &&
      !entry.oldAbsolute &&
      entry.status !== 'untracked' &&
      entry.status !== 'conflicted' &&
      !(against === 'HEAD' && !status.hasCommits);
    if (repo.numstat && hostCounts) {
      let pending = numstats.get(repo);
      if (pending === undefined) {
        pending = repo.numstat(against).catch(() => new Map());
        numstats.set(repo, pending);
      }
      const found = (await pending).get(entry.absolute);
      if (found) return found;
    }
    const oldPath = entry.oldAbsolute ?? entry.absolute;
    const old =
      entry.status === 'untracked' || (against === 'HEAD' && !status.hasCommits)
        ? undefined
        : await readGit(repo, against, oldPath, entry.display);
    const current = await readCurrent(env, entry.absolute, entry.display);
    return lineCounts(old ? contentOf(old.bytes) : NO_CONTENT, current ? contentOf(current.bytes) : NO_CONTENT);
  } catch (error) {
    // Counts left out: a file too large, or an old side git cannot give (a partial clone's blob, never fetched).
    if (error instanceof LecternError && (error.code === 'TOO_LARGE' || error.code === 'GIT_FAILED')) return null;
    throw error;
  }
}
