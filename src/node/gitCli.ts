// The core's GitPort on the git command line (the CLI; also a fallback anywhere Node runs): every call
// is `git -C <folder> …` through execFile (no shell, arguments passed as they are), with a time
// limit, machine-readable output (-z) and clear errors when git is missing or fails.
import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as nodePath from 'node:path';
import { LecternError } from '../core/ground/contract';
import type { GitLocations, GitPort, GitRepository, GitStatus, LineCounts } from '../core/ground/gitPort';
import { gitEnv, NEUTRAL_CONFIG } from './gitEnv';
import { neutralFilters, type ConfigOverride } from './gitFilters';
import { foldersFrom, gitLocations, type GitFolders } from './gitLocations';
import { parseNumstat, parseStatusV2 } from './gitOutput';

export interface GitCliOptions {
  /** The git executable (default `git` on PATH). */
  gitPath?: string;
  /** Time limit of one git command, in milliseconds (status gets twice this). */
  timeoutMs?: number;
}

interface Output {
  code: number;
  stdout: Buffer;
  stderr: string;
}

const MAX_OUTPUT_BYTES = 256 * 1024 * 1024;

/**
 * Runs git in `cwd` with the neutral configuration and `overrides` on top; resolves with its exit code (a
 * failure to start or a timeout rejects with a LecternError).
 */
export function runGit(
  gitPath: string,
  cwd: string,
  args: readonly string[],
  timeoutMs: number,
  overrides: readonly ConfigOverride[] = [],
): Promise<Output> {
  return new Promise((resolve, reject) => {
    execFile(
      gitPath,
      ['-C', cwd, '--no-pager', '-c', 'core.quotepath=off', '-c', 'color.ui=false', ...NEUTRAL_CONFIG, ...args],
      {
        encoding: 'buffer',
        maxBuffer: MAX_OUTPUT_BYTES,
        timeout: timeoutMs,
        killSignal: 'SIGKILL',
        windowsHide: true,
        env: gitEnv(overrides),
      },
      (error, stdout, stderr) => {
        const err = error as
          (NodeJS.ErrnoException & { killed?: boolean; signal?: string; code?: number | string }) | null;
        if (err && (err.code === 'ENOENT' || err.code === 'EACCES')) {
          reject(
            new LecternError(
              'GIT_UNAVAILABLE',
              `git could not be run (${err.code === 'ENOENT' ? `"${gitPath}" was not found` : `"${gitPath}" is not executable`}); against "HEAD" and "INDEX" need it.`,
              'Install git and check that `git --version` works in the shell that runs Lectern.',
            ),
          );
          return;
        }
        if (err && (err.killed || err.signal)) {
          reject(
            new LecternError(
              'GIT_FAILED',
              `git ${args[0]} did not finish within ${Math.round(timeoutMs / 1000)} s in ${cwd}.`,
              'The repository may be very large or locked; try again, or preview one file.',
            ),
          );
          return;
        }
        if (err && err.code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER') {
          reject(
            new LecternError(
              'GIT_FAILED',
              `git ${args[0]} printed more than ${MAX_OUTPUT_BYTES / 1024 / 1024} MB in ${cwd}.`,
              'Preview a smaller folder or one file.',
            ),
          );
          return;
        }
        if (err && typeof err.code === 'string') {
          // Not started (E2BIG, EAGAIN, EMFILE…): never read as an answer of git's.
          reject(
            new LecternError(
              'GIT_FAILED',
              `git ${args[0]} could not be started in ${cwd} (${err.code}).`,
              'The system may be short of processes or memory; try again.',
            ),
          );
          return;
        }
        const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
        resolve({ code, stdout: stdout as Buffer, stderr: (stderr as Buffer).toString('utf8') });
      },
    );
  });
}

/** An object a partial clone left on its remote: git would fetch it, which Lectern never lets it do. */
function notFetched(what: string, cwd: string, output: Output): LecternError | undefined {
  if (!/could not fetch \S+ from promisor remote|lazy fetching disabled/.test(output.stderr)) return undefined;
  return new LecternError(
    'GIT_FAILED',
    `git ${what} needs an object that is not on this machine: ${cwd} is a partial clone, and Lectern never fetches (a fetch would use the remote its configuration names).`,
    `If you trust its remote, fetch in a shell (git -C ${cwd} fetch, or git checkout); reading the file needs no git.`,
  );
}

function failed(what: string, cwd: string, output: Output): LecternError {
  const missing = notFetched(what, cwd, output);
  if (missing) return missing;
  const message = output.stderr.trim().split('\n').slice(-3).join(' ') || `exit code ${output.code}`;
  const unsafe = /dubious ownership|safe\.directory/.test(output.stderr);
  return new LecternError(
    'GIT_FAILED',
    `git ${what} failed in ${cwd}: ${message}`,
    unsafe
      ? `git refuses this repository (owned by another user). If you trust it: git config --global --add safe.directory ${cwd}`
      : 'Check the repository with `git status` in a shell.',
  );
}

/** The nearest existing folder at or above `path`. */
async function existingFolder(path: string): Promise<string> {
  let at = path;
  for (;;) {
    const stat = await fs.stat(at).catch(() => undefined);
    if (stat?.isDirectory()) return at;
    const parent = nodePath.dirname(at);
    if (parent === at) return at;
    at = parent;
  }
}

const SKIPPED_FOLDERS = new Set(['node_modules', '.git', '.hg', '.svn']);

/**
 * Folders strictly inside `folder` that hold a `.git` (a nested repository or a submodule), found
 * by a bounded breadth-first walk (depth, folder count) that skips node_modules and symlinks.
 */
export async function findNestedGitFolders(
  folder: string,
  options: { maxDepth?: number; maxFolders?: number } = {},
): Promise<string[]> {
  const maxDepth = options.maxDepth ?? 4;
  const maxFolders = options.maxFolders ?? 3000;
  const found: string[] = [];
  const queue: { path: string; depth: number }[] = [{ path: folder, depth: 0 }];
  let visited = 0;
  while (queue.length > 0 && visited < maxFolders) {
    const { path, depth } = queue.shift()!;
    visited++;
    const entries = await fs.readdir(path, { withFileTypes: true }).catch(() => []);
    if (depth > 0 && entries.some((e) => e.name === '.git')) found.push(path);
    if (depth >= maxDepth) continue;
    for (const entry of entries) {
      if (entry.isDirectory() && !SKIPPED_FOLDERS.has(entry.name))
        queue.push({ path: nodePath.join(path, entry.name), depth: depth + 1 });
    }
  }
  return found.sort();
}

class CliRepository implements GitRepository {
  constructor(
    readonly root: string,
    private readonly git: (cwd: string, args: readonly string[], slow?: boolean) => Promise<Output>,
  ) {}

  /** Where git last found it from (with core.worktree, the top need not lead back there), and its git folders. */
  found: { folder: string; folders?: GitFolders } | undefined;

  async status(): Promise<GitStatus> {
    const output = await this.git(
      this.root,
      ['status', '--porcelain=v2', '-z', '--branch', '--untracked-files=all', '--ignore-submodules=none'],
      true,
    );
    if (output.code !== 0) throw failed('status', this.root, output);
    return await parseStatusV2(output.stdout.toString('utf8'), this.root);
  }

  locations(): Promise<GitLocations> {
    const from = this.found?.folder ?? this.root;
    return gitLocations((args) => this.git(from, args), this.root, this.found?.folders);
  }

  private relative(path: string): string {
    return nodePath.relative(this.root, path).split(nodePath.sep).join('/');
  }

  async read(version: 'HEAD' | 'INDEX', path: string): Promise<Uint8Array | undefined> {
    const rel = this.relative(path);
    if (rel === '' || rel.startsWith('..')) return undefined;
    // Raw blob bytes (no textconv); ":0:" names stage 0 so that no file name reads as a stage or a search.
    const output = await this.git(this.root, ['cat-file', 'blob', version === 'HEAD' ? `HEAD:${rel}` : `:0:${rel}`]);
    if (output.code === 0)
      return new Uint8Array(output.stdout.buffer, output.stdout.byteOffset, output.stdout.byteLength);
    if (
      /does not exist|exists on disk, but not in|not a valid object name|invalid object name|bad file|not in the index|ambiguous argument|unknown revision|bad revision|is a tree|expected blob/i.test(
        output.stderr,
      )
    )
      return undefined;
    throw failed(`cat-file ${version}:${rel}`, this.root, output);
  }

  async numstat(against: 'HEAD' | 'INDEX'): Promise<Map<string, LineCounts | 'binary'>> {
    const output = await this.git(
      this.root,
      [
        'diff',
        '--numstat',
        '-z',
        '--no-renames',
        '--no-ext-diff',
        '--no-textconv',
        ...(against === 'HEAD' ? ['HEAD'] : []),
        '--',
      ],
      true,
    );
    if (output.code !== 0) throw failed('diff --numstat', this.root, output);
    return parseNumstat(output.stdout.toString('utf8'), this.root);
  }
}

export function createGitCli(options: GitCliOptions = {}): GitPort {
  const gitPath = options.gitPath ?? 'git';
  const timeoutMs = options.timeoutMs ?? 15_000;
  // status and diff are the commands that may run a filter driver: those drivers are listed and disabled first.
  const git = async (cwd: string, args: readonly string[], slow = false) =>
    runGit(
      gitPath,
      cwd,
      args,
      slow ? timeoutMs * 2 : timeoutMs,
      slow ? await neutralFilters((at, list) => runGit(gitPath, at, list, timeoutMs), cwd) : [],
    );
  const repositories = new Map<string, CliRepository>();
  const repository = (root: string, found: CliRepository['found']) => {
    let known = repositories.get(root);
    if (!known) repositories.set(root, (known = new CliRepository(root, git)));
    known.found = found;
    return known;
  };
  const repositoryAt = async (path: string): Promise<GitRepository | undefined> => {
    const folder = await existingFolder(path);
    // --show-cdup (the way up to the top folder) keeps the caller's spelling of the path (symlinks unresolved).
    // The git folders come along for the check of where its metadata lies (GitLocations).
    const output = await git(folder, [
      'rev-parse',
      '--show-cdup',
      '--path-format=absolute',
      '--absolute-git-dir',
      '--git-common-dir',
    ]);
    if (output.code !== 0) {
      if (/not a git repository|must be run in a work tree|outside repository/i.test(output.stderr)) return undefined;
      throw failed('rev-parse', folder, output);
    }
    const [up, ...folders] = output.stdout.toString('utf8').split('\n');
    return repository(nodePath.resolve(folder, up!.trim()), { folder, folders: foldersFrom(folders) });
  };
  return {
    repositoryAt,
    async repositoriesUnder(folder: string): Promise<GitRepository[]> {
      const found: GitRepository[] = [];
      for (const candidate of await findNestedGitFolders(folder)) {
        const repo = await repositoryAt(candidate).catch(() => undefined);
        if (repo && repo.root === candidate) found.push(repo);
      }
      return found;
    },
  };
}
