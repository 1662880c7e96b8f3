// Git in the web worker extension host: there is none. No process can run there (no git CLI), and
// VS Code's Git extension has no browser entry, so `vscode.git` is not loaded beside a web
// extension. Mode "diff_preview" against HEAD or INDEX gets this error; against WORKTREE (an unsaved
// buffer against the file) needs no git and answers.
import { LecternError } from '../core/ground/contract';
import type { GitPort } from '../core/ground/gitPort';

function webGitUnavailable(): LecternError {
  return new LecternError(
    'GIT_UNAVAILABLE',
    'Lectern runs in the browser here (a web worker extension host), where no git command line runs and VS Code\'s Git extension does not load, so changes against "HEAD" or "INDEX" cannot be shown.',
    'In the browser, ask with "against": "WORKTREE" instead: it shows an editor\'s unsaved changes against the file on disk, and every other read works here. For "HEAD" or "INDEX", open the folder in VS Code on the desktop or in a remote window, or run the lectern CLI in a terminal.',
  );
}

export const noGitInTheBrowser: GitPort = {
  repositoryAt: () => Promise.reject(webGitUnavailable()),
  repositoriesUnder: () => Promise.reject(webGitUnavailable()),
};
