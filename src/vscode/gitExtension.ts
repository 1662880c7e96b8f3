// The core's GitPort in VS Code, through the built-in git extension's API (vscode.git, getAPI(1)):
// the repositories it has open (opening those created after startup), their status groups, and
// file contents at HEAD and in the index. The diffs are computed in the core.
//
// What the API does not give, and how it is handled here:
// - A repository the extension will not open (an ignored folder, an unsafe owner, a parent folder
//   outside the workspace): the same git binary the extension uses (api.git.path) answers through
//   the command-line port.
// - Submodule details (new commits vs modified content): a changed submodule is reported as changed.
// - Untracked files when git.untrackedChanges is "hidden": the answer says they are not listed.
// - +/- counts per file: none in the API; the core counts them.
import { promises as fs } from 'node:fs';
import * as nodePath from 'node:path';
import * as vscode from 'vscode';
import { LecternError } from '../core/ground/contract';
import type { GitChange, GitChangeKind, GitPort, GitRepository, GitStatus } from '../core/ground/gitPort';
import { createGitCli, findNestedGitFolders } from '../node/gitCli';
import type { API, Change, GitExtension, Repository } from './git';

/** Status codes of the git extension (its `Status` enum). */
const Status = {
  INDEX_MODIFIED: 0,
  INDEX_ADDED: 1,
  INDEX_DELETED: 2,
  INDEX_RENAMED: 3,
  INDEX_COPIED: 4,
  MODIFIED: 5,
  DELETED: 6,
  UNTRACKED: 7,
  IGNORED: 8,
  INTENT_TO_ADD: 9,
  INTENT_TO_RENAME: 10,
  TYPE_CHANGED: 11,
  // 12-18: the sides of a merge conflict (added by us/them, deleted by us/them, both added/deleted/modified)
} as const;

const INDEX_KINDS: Record<number, GitChangeKind> = {
  [Status.INDEX_MODIFIED]: 'modified',
  [Status.INDEX_ADDED]: 'added',
  [Status.INDEX_DELETED]: 'deleted',
  [Status.INDEX_RENAMED]: 'renamed',
  [Status.INDEX_COPIED]: 'copied',
  [Status.TYPE_CHANGED]: 'type_changed',
};

const WORKTREE_KINDS: Record<number, GitChangeKind> = {
  [Status.MODIFIED]: 'modified',
  [Status.DELETED]: 'deleted',
  [Status.UNTRACKED]: 'untracked',
  [Status.INTENT_TO_ADD]: 'added',
  [Status.INTENT_TO_RENAME]: 'modified',
  [Status.TYPE_CHANGED]: 'type_changed',
};

export interface GitExtensionOptions {
  /** How long to wait for the git extension to finish its first scan. */
  initTimeoutMs?: number;
}

const exists = (path: string) =>
  fs.lstat(path).then(
    () => true,
    () => false,
  );
const isFolder = (path: string) =>
  fs.stat(path).then(
    (s) => s.isDirectory(),
    () => false,
  );
const realpath = (path: string) => fs.realpath(path).catch(() => path);

/** The nearest folder at or above `path` holding a `.git` (folder or file): the innermost working tree. */
async function workingTreeOf(path: string): Promise<string | undefined> {
  let at = path;
  for (;;) {
    if (await exists(nodePath.join(at, '.git'))) return at;
    const parent = nodePath.dirname(at);
    if (parent === at) return undefined;
    at = parent;
  }
}

async function samePath(a: string, b: string): Promise<boolean> {
  return a === b || (await realpath(a)) === (await realpath(b));
}

function unavailable(message: string): LecternError {
  return new LecternError(
    'GIT_UNAVAILABLE',
    message,
    'Enable the built-in Git extension (setting git.enabled) and check that git is installed; against "WORKTREE" needs no git.',
  );
}

class ExtensionRepository implements GitRepository {
  constructor(
    /** The top folder, spelled as Lectern's paths are (the extension may hold the real path). */
    readonly root: string,
    private readonly repository: Repository,
  ) {}

  private get extensionRoot(): string {
    return this.repository.rootUri.fsPath;
  }

  /** A path the extension reported, re-rooted onto `root`. */
  private ours(uri: vscode.Uri): string {
    const rel = nodePath.relative(this.extensionRoot, uri.fsPath.replace(/[\\/]+$/, ''));
    return nodePath.join(this.root, rel);
  }

  async status(): Promise<GitStatus> {
    await this.repository.status();
    const state = this.repository.state;
    const byPath = new Map<string, GitChange>();
    const entry = (uri: vscode.Uri) => {
      const path = this.ours(uri);
      let change = byPath.get(path);
      if (!change) byPath.set(path, (change = { path }));
      return change;
    };
    for (const change of state.indexChanges) {
      const kind = INDEX_KINDS[change.status];
      if (!kind) continue;
      const target = entry(change.uri);
      target.staged = kind;
      if ((kind === 'renamed' || kind === 'copied') && change.originalUri)
        target.oldPath = this.ours(change.originalUri);
    }
    const worktree: Change[] = [...state.workingTreeChanges, ...(state.untrackedChanges ?? [])];
    for (const change of worktree) {
      const kind = WORKTREE_KINDS[change.status];
      if (!kind) continue;
      entry(change.uri).unstaged = kind;
    }
    for (const change of state.mergeChanges) {
      const target = entry(change.uri);
      target.staged = 'conflicted';
      target.unstaged = 'conflicted';
    }
    // Folders among the changes are submodules (tracked) or nested repositories (untracked).
    for (const change of byPath.values()) {
      if (!(await isFolder(change.path))) continue;
      if (change.unstaged === 'untracked') change.nestedRepository = true;
      else change.submodule = {};
    }
    const setting = vscode.workspace.getConfiguration('git', this.repository.rootUri).get<string>('untrackedChanges');
    return {
      hasCommits: Boolean(state.HEAD?.commit),
      branch: state.HEAD?.name,
      changes: [...byPath.values()],
      ...(setting === 'hidden'
        ? { notes: ['untracked files are not listed (VS Code setting git.untrackedChanges is "hidden").'] }
        : {}),
    };
  }

  async read(version: 'HEAD' | 'INDEX', path: string): Promise<Uint8Array | undefined> {
    const rel = nodePath.relative(this.root, path);
    if (rel === '' || rel.startsWith('..')) return undefined;
    try {
      const bytes = await this.repository.buffer(
        version === 'HEAD' ? 'HEAD' : '',
        nodePath.join(this.extensionRoot, rel),
      );
      return bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
    } catch {
      // The extension rejects without saying why; a file not in HEAD or the index is the usual cause.
      return undefined;
    }
  }
}

export function createGitExtensionPort(options: GitExtensionOptions = {}): GitPort {
  const initTimeoutMs = options.initTimeoutMs ?? 15_000;
  let ready: Promise<API> | undefined;
  let fallback: GitPort | undefined;

  const api = (): Promise<API> => {
    ready ??= (async () => {
      const extension = vscode.extensions.getExtension<GitExtension>('vscode.git');
      if (!extension)
        throw unavailable(
          'The built-in Git extension (vscode.git) is not installed or is disabled, so against "HEAD" and "INDEX" cannot be answered.',
        );
      const exports = extension.isActive ? extension.exports : await extension.activate();
      if (!exports?.enabled)
        throw unavailable(
          'Git is disabled in VS Code (setting git.enabled) or git was not found, so against "HEAD" and "INDEX" cannot be answered.',
        );
      const git = exports.getAPI(1);
      if (git.state !== 'initialized') {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, initTimeoutMs);
          const listener = git.onDidChangeState((state) => state === 'initialized' && done());
          function done() {
            clearTimeout(timer);
            listener.dispose();
            resolve();
          }
        });
      }
      if (git.state !== 'initialized') {
        throw new LecternError(
          'GIT_FAILED',
          `The Git extension is still scanning the workspace (waited ${Math.round(initTimeoutMs / 1000)} s).`,
          'Call again in a moment.',
        );
      }
      return git;
    })();
    ready.catch(() => {
      ready = undefined; // try again on the next call (e.g. after git is enabled)
    });
    return ready;
  };

  /** The extension's repository for the working tree at `root`, opening it when it is not open yet. */
  const open = async (git: API, root: string): Promise<Repository | undefined> => {
    for (const repository of git.repositories) if (await samePath(repository.rootUri.fsPath, root)) return repository;
    const opened = await git.openRepository(vscode.Uri.file(root)).catch(() => null);
    return opened && (await samePath(opened.rootUri.fsPath, root)) ? opened : undefined;
  };

  /** The command line, with the git binary the extension uses, for what the extension will not open. */
  const cli = (git: API) => (fallback ??= createGitCli({ gitPath: git.git.path || 'git' }));

  const repositoryAt = async (path: string): Promise<GitRepository | undefined> => {
    const git = await api();
    const root = await workingTreeOf(path);
    if (!root) {
      // No .git above it; the extension may still know a repository here (e.g. GIT_DIR set).
      const known = git.getRepository(vscode.Uri.file(path));
      return known ? new ExtensionRepository(known.rootUri.fsPath, known) : undefined;
    }
    const repository = await open(git, root);
    if (repository) return new ExtensionRepository(root, repository);
    return cli(git).repositoryAt(path);
  };

  return {
    repositoryAt,
    async repositoriesUnder(folder: string): Promise<GitRepository[]> {
      const git = await api();
      const inside = (p: string) => {
        const rel = nodePath.relative(folder, p);
        return rel !== '' && !rel.startsWith('..') && !nodePath.isAbsolute(rel);
      };
      // Found on disk (Lectern's spelling) or already open in the extension (its spelling), once each.
      const roots = new Map<string, string>();
      for (const root of await findNestedGitFolders(folder)) roots.set(await realpath(root), root);
      for (const repository of git.repositories) {
        const root = repository.rootUri.fsPath;
        const real = await realpath(root);
        if (inside(root) && !roots.has(real)) roots.set(real, root);
      }
      const found: GitRepository[] = [];
      for (const root of [...roots.values()].sort()) {
        const repository = await open(git, root);
        if (repository) found.push(new ExtensionRepository(root, repository));
        else {
          const viaCli = await cli(git)
            .repositoryAt(root)
            .catch(() => undefined);
          if (viaCli && viaCli.root === root) found.push(viaCli);
        }
      }
      return found;
    },
  };
}
