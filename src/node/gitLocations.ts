// Where a repository's git metadata lies (GitLocations), found with git itself and the file system:
// the git folder and the common folder from rev-parse, the alternates chain as git follows it, the
// targets of symbolic links inside the git folders, and whether the git folder names this working
// tree back. The core decides what of it may lie outside the workspace.
import { promises as fs } from 'node:fs';
import * as nodePath from 'node:path';
import { LecternError } from '../core/ground/contract';
import type { GitLocations } from '../core/ground/gitPort';

type Run = (args: readonly string[]) => Promise<{ code: number; stdout: Buffer; stderr: string }>;

/** git follows alternates of alternates this deep (sha1-file.c). */
const MAX_ALTERNATE_DEPTH = 5;
/** Entries of the git folders looked at for symbolic links; past this the walk stops unfinished. */
const MAX_METADATA_ENTRIES = 100_000;

const real = (path: string) => fs.realpath(path).catch(() => nodePath.resolve(path));

/** The folders an `objects/info/alternates` file lists (relative lines are relative to the objects folder). */
async function alternatesOf(objects: string): Promise<string[]> {
  const text = await fs.readFile(nodePath.join(objects, 'info', 'alternates'), 'utf8').catch(() => '');
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => (line.startsWith('"') && line.endsWith('"') ? line.slice(1, -1) : line))
    .map((line) => nodePath.resolve(objects, line));
}

async function objectDirs(commonDir: string): Promise<string[]> {
  const found: string[] = [];
  let level = [nodePath.join(commonDir, 'objects')];
  for (let depth = 0; depth <= MAX_ALTERNATE_DEPTH && level.length > 0; depth++) {
    const next: string[] = [];
    for (const dir of level) {
      const resolved = await real(dir);
      if (found.includes(resolved)) continue;
      found.push(resolved);
      next.push(...(await alternatesOf(resolved)));
    }
    level = next;
  }
  return found;
}

/** Real targets of the symbolic links under `folders` (not followed), and whether the walk finished. */
async function linkTargets(folders: string[]): Promise<{ targets: string[]; finished: boolean }> {
  const targets = new Set<string>();
  let level = [...new Set(folders)];
  let seen = 0;
  // A level of folders at a time, read together (objects/ alone holds up to 256 folders).
  while (level.length > 0) {
    const listed = await Promise.all(
      level.map(async (folder) => ({
        folder,
        entries: await fs.readdir(folder, { withFileTypes: true }).catch(() => []),
      })),
    );
    const next: string[] = [];
    for (const { folder, entries } of listed) {
      seen += entries.length;
      if (seen > MAX_METADATA_ENTRIES) return { targets: [...targets], finished: false };
      for (const entry of entries) {
        const path = nodePath.join(folder, entry.name);
        if (entry.isSymbolicLink()) targets.add(await real(path));
        else if (entry.isDirectory()) next.push(path);
      }
    }
    level = next;
  }
  return { targets: [...targets], finished: true };
}

/** The git folder names `top` back: a linked worktree's `gitdir` file, or core.worktree (submodules). */
async function namesBack(run: Run, gitDir: string, top: string): Promise<boolean> {
  const backLink = await fs.readFile(nodePath.join(gitDir, 'gitdir'), 'utf8').catch(() => undefined);
  if (
    backLink !== undefined &&
    (await real(nodePath.resolve(gitDir, backLink.trim()))) === (await real(nodePath.join(top, '.git')))
  )
    return true;
  const worktree = await run(['config', '--file', nodePath.join(gitDir, 'config'), '--get', 'core.worktree']);
  if (worktree.code !== 0) return false;
  return (await real(nodePath.resolve(gitDir, worktree.stdout.toString('utf8').trim()))) === (await real(top));
}

/** The locations of the repository whose top folder is `top`; `run` runs git there. */
/** The git folder and common folder as git reports them (`rev-parse --absolute-git-dir --git-common-dir`). */
export interface GitFolders {
  gitDir: string;
  commonDir: string;
}

/** Both folders from rev-parse's output lines, or undefined when it printed fewer. */
export function foldersFrom(lines: string[]): GitFolders | undefined {
  const [gitDir, commonDir] = lines;
  return gitDir && commonDir ? { gitDir, commonDir } : undefined;
}

/** The locations of the repository whose top folder is `top`; `run` runs git where it was found. */
export async function gitLocations(run: Run, top: string, known?: GitFolders): Promise<GitLocations> {
  let folders = known;
  if (!folders) {
    const output = await run(['rev-parse', '--path-format=absolute', '--absolute-git-dir', '--git-common-dir']);
    folders = output.code === 0 ? foldersFrom(output.stdout.toString('utf8').split('\n')) : undefined;
    if (!folders)
      throw new LecternError(
        'GIT_FAILED',
        `git rev-parse could not tell where the repository at ${top} keeps its metadata: ${output.stderr.trim().split('\n').slice(-2).join(' ')}`,
        'Check the repository with `git rev-parse --git-dir` in a shell.',
      );
  }
  const gitDir = await real(folders.gitDir);
  const commonDir = await real(folders.commonDir);
  const within = !nodePath.relative(commonDir, gitDir).startsWith('..');
  const links = await linkTargets(within ? [commonDir] : [gitDir, commonDir]);
  return {
    top: await real(top),
    gitDir,
    commonDir,
    objectDirs: await objectDirs(commonDir),
    linkTargets: links.targets,
    linksChecked: links.finished,
    // Only a git folder elsewhere than top/.git can name the working tree back (and needs to).
    linkedBack: gitDir !== (await real(nodePath.join(top, '.git'))) && (await namesBack(run, gitDir, top)),
  };
}
