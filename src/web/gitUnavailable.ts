// Git in the web worker extension host: there is none. No process can run there (no git CLI), and
// VS Code's Git extension has no browser entry, so `vscode.git` is not loaded beside a web
// extension. Mode "diff_preview" against HEAD or INDEX gets this error; against WORKTREE (an unsaved
// buffer against the file) needs no git and answers.
import { LecternError } from '../core/ground/contract';
import type { GitPort } from '../core/ground/gitPort';

function webGitUnavailable(): LecternError {
  return new LecternError(
    'GIT_UNAVAILABLE',
    'Lectern runs in the browser here (a web worker extension host), where neither the git command line nor VS Code\'s Git extension is available, so against "HEAD" and "INDEX" cannot be answered.',
    'against "WORKTREE" (an unsaved editor buffer against the file on disk) still works, as do every other read; for HEAD and INDEX use VS Code on the desktop, a remote window, or the lectern CLI.',
  );
}

export const noGitInTheBrowser: GitPort = {
  repositoryAt: () => Promise.reject(webGitUnavailable()),
  repositoriesUnder: () => Promise.reject(webGitUnavailable()),
};
