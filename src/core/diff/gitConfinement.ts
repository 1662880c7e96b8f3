// A repository's git metadata may show another repository's committed files: a planted `.git` file
// (`gitdir: ../../elsewhere/.git`), a `commondir`, `objects/info/alternates` or a link inside `.git`
// leading elsewhere, a core.worktree naming another folder. What lies inside the workspace folders may
// have been planted (an archive, a shared folder), so it must not lead out of them. Metadata outside
// them is the user's own when git found it above the workspace, or when it names this working tree back.
import { LecternError } from '../ground/contract';
import type { ReadEnv } from '../ground/env';
import { callText } from '../ground/format';
import type { GitLocations, GitRepository } from '../ground/gitPort';
import { isWithin } from './workspacePaths';
import { TOOL } from '../ground/tools';

const SHOWN_PATH_CHARS = 200;

const shown = (path: string) => (path.length > SHOWN_PATH_CHARS ? `${path.slice(0, SHOWN_PATH_CHARS)}…` : path);

/** What of `at` leads outside `realRoots` without its owner's say, or undefined when nothing does. */
function outsideLocation(realRoots: readonly string[], at: GitLocations): string | undefined {
  const inside = (path: string) => realRoots.some((root) => isWithin(root, path));
  if (inside(at.gitDir) || inside(at.commonDir)) {
    if (!inside(at.top)) return `core.worktree leads to ${shown(at.top)}`;
    if (!inside(at.gitDir)) return `its git folder is ${shown(at.gitDir)}`;
    if (!inside(at.commonDir)) return `its commondir leads to ${shown(at.commonDir)}`;
    const alternate = at.objectDirs.find((dir) => !inside(dir));
    if (alternate) return `its objects/info/alternates leads to ${shown(alternate)}`;
    const link = at.linkTargets.find((target) => !inside(target));
    if (link) return `a symbolic link in its git folder leads to ${shown(link)}`;
    if (!at.linksChecked) return 'its git folder holds too many entries to check them all for links';
    return undefined;
  }
  // Found by walking up out of the workspace folders: nothing inside them can plant that.
  if (realRoots.some((root) => isWithin(at.top, root) && !inside(at.top))) return undefined;
  // A linked worktree or a submodule: the git folder outside names this working tree back.
  if (inside(at.top) && at.linkedBack) return undefined;
  return `its .git leads to ${shown(at.gitDir)}`;
}

function refused(display: string, what: string, target: string | undefined, file: boolean): LecternError {
  const worktree = { mode: 'diff_preview', ...(target ? { target } : {}), against: 'WORKTREE' };
  return new LecternError(
    'GIT_OUTSIDE_WORKSPACE',
    `The git repository at ${display} keeps its metadata outside the workspace folders (${what}), so its committed and staged versions are not shown: they could be another repository's files.`,
    `Unsaved editor changes need no git: ${callText(TOOL.read, worktree)}${target && file ? `; the file itself: ${callText(TOOL.read, { mode: 'file', target })}` : ''}. If the user trusts that repository, their approval to read outside the workspace (VS Code asks; the CLI's --allow-outside) lifts this.`,
  );
}

/**
 * Throws GIT_OUTSIDE_WORKSPACE when `repo`'s metadata leads outside the workspace folders, unless the
 * user approved reading outside them. `display` names the repository, `target` the call's target
 * (a file when `file`, else a folder the summary covers).
 */
export async function requireConfined(
  env: ReadEnv,
  repo: GitRepository,
  display: string,
  target: string | undefined,
  file = true,
): Promise<void> {
  if (env.allowOutside || !repo.locations) return;
  const realRoots = await Promise.all(
    env.host.roots().map((root) => env.host.fs.realpath(root.path).catch(() => root.path)),
  );
  const what = outsideLocation(realRoots, await repo.locations());
  if (what) throw refused(display, what, target, file);
}
