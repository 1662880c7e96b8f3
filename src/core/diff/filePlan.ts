// What a one-file diff compares: the old side (HEAD, the index, or the file on disk under an unsaved
// buffer) and the current side, the file's git status, and the names its answer uses. A file that
// shows no difference at all is planned as a header and a hint instead.
import { LecternError, type NextCall } from '../ground/contract';
import type { ResolvedPath } from '../ground/paths';
import type { ReadEnv } from '../ground/env';
import { callText } from '../ground/format';
import { modeChange, type GitChange, type GitStatus } from '../ground/gitPort';
import { mergeChanges, noGit, throwIfCancelled } from './gitChanges';
import { requireConfined } from './gitConfinement';
import { previewCall, type DiffAgainst, type DiffPreviewInput } from './previewInput';
import { bufferVersion, readCurrent, readDisk, readGit, type Version } from './versions';
import { displayOf, isWithin, posixRelative } from './workspacePaths';
import { TOOL } from '../ground/tools';

type FileStatus =
  | 'modified'
  | 'added'
  | 'deleted'
  | 'renamed'
  | 'copied'
  | 'type changed'
  | 'untracked'
  | 'ignored'
  | 'conflicted'
  | 'unchanged'
  | 'unsaved changes';

export interface FilePlan {
  kind: 'diff';
  display: string;
  absolute: string;
  against: DiffAgainst;
  /** What the old side is called in answers: "HEAD", "the index", "the file on disk". */
  oldName: string;
  old: Version | undefined;
  current: Version | undefined;
  status: FileStatus;
  staged: boolean;
  unstaged: boolean;
  /** Against the index: the file also has staged changes (which show against HEAD). */
  stagedElsewhere?: boolean;
  oldDisplay?: string;
  /** A change of file mode against the old side ("mode 100644 → 100755"), when git reports one. */
  modeChange?: string;
  /** Patch header names, relative to the repository (a/…, b/…). */
  patchOld: string;
  patchNew: string;
  repository?: string;
  /** The input of the summary around this file. */
  summary?: NextCall;
  noCommits: boolean;
  notes: string[];
}

/** A file with nothing to diff: answered with `header` and `hint` alone. */
export interface NoDifference {
  kind: 'no difference';
  display: string;
  header: string;
  against: DiffAgainst;
  hint: string;
  totalBytes: number | null;
  source: 'disk' | 'buffer';
}

export async function planFile(
  env: ReadEnv,
  input: DiffPreviewInput,
  against: DiffAgainst,
  path: ResolvedPath,
): Promise<FilePlan | NoDifference> {
  return against === 'WORKTREE' ? worktreePlan(env, path) : gitPlan(env, input, against, path);
}

async function worktreePlan(env: ReadEnv, path: ResolvedPath): Promise<FilePlan | NoDifference> {
  const dirty = env.host.documents?.dirty(path.absolute);
  const disk = await readDisk(env, path.absolute, path.display);
  if (!dirty) {
    if (!disk && !(await env.host.fs.stat(path.absolute))) {
      throw new LecternError(
        'NOT_FOUND',
        `${path.display} does not exist and is not open in the editor.`,
        `Check the spelling; ${TOOL.stat} tells whether a path exists.`,
      );
    }
    const why = env.host.documents
      ? 'no unsaved editor buffer: what the editor shows is the file on disk'
      : 'this host has no editor buffers; the CLI reads files from disk';
    return {
      kind: 'no difference',
      display: path.display,
      header: `${path.display} · no unsaved changes (${why}).`,
      against: 'WORKTREE',
      hint: `Changes against the last commit: ${callText(TOOL.read, { mode: 'diff_preview', target: path.display })}`,
      totalBytes: disk?.length ?? null,
      source: 'disk',
    };
  }
  return {
    kind: 'diff',
    display: path.display,
    absolute: path.absolute,
    against: 'WORKTREE',
    oldName: 'the file on disk',
    old: disk && { bytes: disk, origin: 'disk' },
    current: bufferVersion(dirty.text),
    status: disk ? 'unsaved changes' : 'added',
    staged: false,
    unstaged: false,
    patchOld: path.display,
    patchNew: path.display,
    noCommits: false,
    notes: disk ? [] : [`${path.display} is not on disk: the whole unsaved buffer is new.`],
  };
}

function notARepository(display: string): LecternError {
  return new LecternError(
    'NOT_A_REPOSITORY',
    `${display} is not inside a git repository, so there is no HEAD or index to compare with.`,
    `Compare an unsaved editor buffer with the file on disk, which needs no git: ${callText(TOOL.read, { mode: 'diff_preview', target: display, against: 'WORKTREE' })}. Or read it: ${callText(TOOL.read, { mode: 'file', target: display })}. (To track it, run git init in its folder.)`,
  );
}

async function gitPlan(
  env: ReadEnv,
  input: DiffPreviewInput,
  against: 'HEAD' | 'INDEX',
  path: ResolvedPath,
): Promise<FilePlan | NoDifference> {
  const git = env.host.git;
  if (!git) throw noGit();
  const repo = await git.repositoryAt(path.absolute);
  if (!repo) throw notARepository(path.display);
  await requireConfined(env, repo, await displayOf(env, repo.root), path.display);
  throwIfCancelled(env);
  const status = await repo.status();
  const changes = await mergeChanges(status.changes);
  const notes: string[] = [];
  let absolute = path.absolute;
  let display = path.display;
  let entry = changes.get(absolute);
  if (!entry) {
    const renamed = [...changes.values()].find((c) => c.oldPath === absolute);
    if (renamed) {
      entry = renamed;
      absolute = renamed.path;
      display = await displayOf(env, absolute);
      notes.push(
        `${path.display} was ${renamed.staged === 'copied' ? 'copied' : 'renamed'} to ${display} (staged); this is the diff of ${display}.`,
      );
    }
  }
  const conflicted = entry?.staged === 'conflicted' || entry?.unstaged === 'conflicted';
  let used: 'HEAD' | 'INDEX' = against;
  if (against === 'INDEX' && conflicted) {
    used = 'HEAD';
    notes.push(
      `${display} has a merge conflict: the index holds the conflicting versions (stages 1-3), not one version, so this compares with HEAD (your side of the merge).`,
    );
  }
  const renamedFrom =
    used === 'HEAD' && entry?.oldPath && (entry.staged === 'renamed' || entry.staged === 'copied')
      ? entry.oldPath
      : undefined;
  const oldAbsolute = renamedFrom ?? absolute;
  const old =
    used === 'HEAD'
      ? status.hasCommits
        ? await readGit(repo, 'HEAD', oldAbsolute, display)
        : undefined
      : await readGit(repo, 'INDEX', absolute, display);
  const current = await readCurrent(env, absolute, display);
  const noCommits = used === 'HEAD' && !status.hasCommits;
  if (noCommits)
    notes.push(
      'The repository has no commits yet: against HEAD everything is new. against "INDEX" compares with what is staged.',
    );
  const repository = await displayOf(env, repo.root);
  // The summary that lists this file's neighbours: its repository, or the workspace when the repository's top is above it.
  const summary = previewCall(input, path.root && isWithin(path.root.path, repo.root) ? repository : undefined);
  const oldName = used === 'HEAD' ? 'HEAD' : 'the index';
  if (!old && !current) {
    if (entry) {
      const why =
        used === 'INDEX' && entry.staged === 'deleted'
          ? 'its deletion is staged; against HEAD shows it'
          : entry.staged === 'added'
            ? 'it was added to the index, then deleted from disk; against "INDEX" shows that'
            : 'it is in neither';
      return {
        kind: 'no difference',
        display,
        header: `${display} · no difference against ${used}: it is neither in ${oldName} nor on disk (${why}).`,
        against: used,
        hint: `What changed around it: ${callText(TOOL.read, summary)}`,
        totalBytes: null,
        source: 'disk',
      };
    }
    throw new LecternError(
      'NOT_FOUND',
      `${display} does not exist on disk and is not in ${used === 'HEAD' ? (status.hasCommits ? 'HEAD' : 'the repository (no commits yet)') : 'the index'}.`,
      `Check the spelling, or list what changed: ${callText(TOOL.read, summary)}`,
    );
  }
  return {
    kind: 'diff',
    display,
    absolute,
    against: used,
    oldName,
    old,
    current,
    status: gitFileStatus(entry, status, { old, current, conflicted, renamedFrom, display }, notes),
    staged: used === 'HEAD' && entry?.staged !== undefined && !conflicted,
    unstaged: entry?.unstaged !== undefined && entry.unstaged !== 'untracked' && !conflicted,
    stagedElsewhere: used === 'INDEX' && entry?.staged !== undefined,
    oldDisplay: renamedFrom ? await displayOf(env, renamedFrom) : undefined,
    modeChange: modeChange(entry, used),
    patchOld: old ? `a/${posixRelative(repo.root, oldAbsolute)}` : '/dev/null',
    patchNew: current ? `b/${posixRelative(repo.root, absolute)}` : '/dev/null',
    repository,
    summary,
    noCommits,
    notes,
  };
}

/** The status of a file that exists on at least one side; adds a note for untracked and ignored files. */
function gitFileStatus(
  entry: GitChange | undefined,
  status: GitStatus,
  sides: {
    old: Version | undefined;
    current: Version | undefined;
    conflicted: boolean;
    renamedFrom: string | undefined;
    display: string;
  },
  notes: string[],
): FileStatus {
  if (sides.conflicted) return 'conflicted';
  if (!sides.old) {
    // Not in HEAD (or the index) but on disk: staged as new, untracked, or ignored (git lists no change for it).
    if (!entry) {
      notes.push(`${sides.display} is not tracked by git (ignored, e.g. by .gitignore): every line is new to git.`);
      notes.push(...(status.notes ?? []));
      return 'ignored';
    }
    if (entry.unstaged === 'untracked') {
      notes.push(`${sides.display} is untracked (git does not know it yet): every line is new.`);
      return 'untracked';
    }
    return 'added';
  }
  if (!sides.current) return 'deleted';
  if (sides.renamedFrom) return entry?.staged === 'copied' ? 'copied' : 'renamed';
  if (entry?.staged === 'type_changed' || entry?.unstaged === 'type_changed') return 'type changed';
  return 'modified';
}
