// What mode "diff_preview" needs from git, supplied by the host: which repository holds a path,
// what changed in it, and the bytes of a file at HEAD or in the index. Diffs themselves are computed
// in the core (lineDiff.ts), so a host only reports contents and status. Paths are absolute.

/** How a file differs: between HEAD and the index (staged) or between the index and the working tree (unstaged). */
export type GitChangeKind =
  'modified' | 'added' | 'deleted' | 'renamed' | 'copied' | 'type_changed' | 'untracked' | 'conflicted';

export interface GitChange {
  /** Absolute path; for a rename or copy, the new path. */
  path: string;
  /** The old path of a rename or copy. */
  oldPath?: string;
  /** The change staged in the index against HEAD, if any. */
  staged?: GitChangeKind;
  /** The change in the working tree against the index, if any ('untracked' for an untracked file). */
  unstaged?: GitChangeKind;
  /** A submodule: its checked-out commit or its content differs (the details when the host knows them). */
  submodule?: { commitChanged?: boolean; modified?: boolean; untracked?: boolean };
  /** An untracked folder holding another repository (git does not look inside it). */
  nestedRepository?: boolean;
  /** File modes (git's octal strings, e.g. 100644, 100755) in HEAD, the index and the working tree, when the host knows them. */
  mode?: { head: string; index: string; worktree: string };
}

/** A change of file mode between two sides ("mode 100644 → 100755"), or undefined when the modes match or are unknown. */
export function modeChange(change: GitChange | undefined, against: 'HEAD' | 'INDEX'): string | undefined {
  const mode = change?.mode;
  if (!mode) return undefined;
  const from = against === 'HEAD' ? mode.head : mode.index;
  const to = mode.worktree;
  if (from === to || /^0+$/.test(from) || /^0+$/.test(to)) return undefined;
  const executable = to === '100755' ? ' (now executable)' : from === '100755' ? ' (no longer executable)' : '';
  return `mode ${from} → ${to}${executable}`;
}

export interface GitStatus {
  /** False in a repository without commits: HEAD names nothing yet. */
  hasCommits: boolean;
  /** The checked-out branch, when on one. */
  branch?: string;
  changes: GitChange[];
  /** The host cut the list short (e.g. VS Code's git.statusLimit). */
  truncated?: boolean;
  /** What the host could not tell (shown in the answer), e.g. untracked files hidden by a setting. */
  notes?: string[];
}

export interface LineCounts {
  added: number;
  removed: number;
}

/**
 * Where a repository keeps what git reads besides its working tree, as real paths (symlinks resolved),
 * for the core to hold against the workspace folders: a planted `.git` file, `commondir` or
 * `objects/info/alternates` could otherwise show another repository's committed files.
 */
export interface GitLocations {
  /** The working tree's top folder (core.worktree when it is set). */
  top: string;
  /** The repository's git folder (where `.git` leads). */
  gitDir: string;
  /** The folder holding objects and refs (a linked worktree's main repository; else gitDir). */
  commonDir: string;
  /** The object folders: commonDir's own and every alternate it lists, followed the way git follows them. */
  objectDirs: string[];
  /** Real paths that symbolic links inside gitDir and commonDir lead to. */
  linkTargets: string[];
  /** False when the git folders held too many entries to look at every one for links. */
  linksChecked: boolean;
  /**
   * gitDir names this working tree back (a linked worktree's `gitdir` file, or core.worktree of a
   * submodule's or a separate git folder): only whoever owns gitDir can write that.
   */
  linkedBack: boolean;
}

export interface GitRepository {
  /** Absolute path of the working tree's top folder. */
  readonly root: string;
  /** Where its git metadata lies; hosts that cannot tell leave it out (VS Code's Git extension, trusted workspaces). */
  locations?(): Promise<GitLocations>;
  /** Changed, untracked and conflicted files; `scope` (a file or folder) may narrow what the host asks git. */
  status(scope?: string): Promise<GitStatus>;
  /** The file's bytes at HEAD or in the index (stage 0); undefined when it is not there. */
  read(version: 'HEAD' | 'INDEX', path: string): Promise<Uint8Array | undefined>;
  /**
   * +/- line counts of the working tree against HEAD or the index, per path, without rename
   * detection (a renamed file is counted by the core); 'binary' when git sees a binary file. Optional: hosts that cannot count cheaply leave it
   * out and the core counts itself.
   */
  numstat?(against: 'HEAD' | 'INDEX', scope?: string): Promise<Map<string, LineCounts | 'binary'>>;
}

export interface GitPort {
  /** The innermost repository whose working tree holds `path` (a nested repository or submodule wins); undefined outside any. */
  repositoryAt(path: string): Promise<GitRepository | undefined>;
  /** Repositories whose top folder lies strictly inside `folder` (nested repositories, submodules). */
  repositoriesUnder(folder: string): Promise<GitRepository[]>;
}
