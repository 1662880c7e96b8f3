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
export const MAX_METADATA_ENTRIES = 100_000;

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
  const queue = [...new Set(folders)];
  let seen = 0;
  while (queue.length > 0) {
    const folder = queue.pop()!;
    const entries = await fs.readdir(folder, { withFileTypes: true }).catch(() => []);
    seen += entries.length;
    if (seen > MAX_METADATA_ENTRIES) return { targets: [...targets], finished: false };
    for (const entry of entries) {
      const path = nodePath.join(folder, entry.name);
      if (entry.isSymbolicLink()) targets.add(await real(path));
      else if (entry.isDirectory()) queue.push(path);
    }
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
export async function gitLocations(run: Run, top: string): Promise<GitLocations> {
  const output = await run(['rev-parse', '--path-format=absolute', '--absolute-git-dir', '--git-common-dir']);
  const [gitDirLine, commonLine] = output.stdout.toString('utf8').split('\n');
  if (output.code !== 0 || !gitDirLine || !commonLine)
    throw new LecternError(
      'GIT_FAILED',
      `git rev-parse could not tell where the repository at ${top} keeps its metadata: ${output.stderr.trim().split('\n').slice(-2).join(' ')}`,
      'Check the repository with `git rev-parse --git-dir` in a shell.',
    );
  const gitDir = await real(gitDirLine);
  const commonDir = await real(commonLine);
  const within = !nodePath.relative(commonDir, gitDir).startsWith('..');
  const links = await linkTargets(within ? [commonDir] : [gitDir, commonDir]);
  return {
    top: await real(top),
    gitDir,
    commonDir,
    objectDirs: await objectDirs(commonDir),
    linkTargets: links.targets,
    linksChecked: links.finished,
    linkedBack: await namesBack(run, gitDir, top),
  };
}
