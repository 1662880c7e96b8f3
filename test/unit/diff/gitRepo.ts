// Real temp git repositories for the diff_preview tests, and git's own diff to compare against.
import { strict as assert } from 'node:assert';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ToolResponse } from '../../../src/core/ground/contract';
import { Lectern } from '../../../src/core/engine';
import type { DirtyDocument, DocumentsPort, Host, WorkspaceRoot } from '../../../src/core/ground/ports';
import type { Settings } from '../../../src/core/ground/settings';
import { createGitCli } from '../../../src/node/gitCli';
import { nodeFileSystem } from '../../../src/node/nodeFileSystem';
import { tempDir } from '../helpers';

/** git with a fixed, neutral configuration whatever the machine's (~/.gitconfig) says, or lacks: CI has no
 * global identity, and a submodule's clone has no local one. */
const PINNED = [
  '-c',
  'diff.algorithm=myers',
  '-c',
  'diff.indentHeuristic=true',
  '-c',
  'diff.renames=true',
  '-c',
  'diff.noprefix=false',
  '-c',
  'diff.mnemonicPrefix=false',
  '-c',
  'core.autocrlf=false',
  '-c',
  'core.safecrlf=false',
  '-c',
  'color.ui=false',
  '-c',
  'protocol.file.allow=always',
];

const env = {
  ...process.env,
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_AUTHOR_NAME: 'Lectern Test',
  GIT_AUTHOR_EMAIL: 'test@lectern.invalid',
  GIT_COMMITTER_NAME: 'Lectern Test',
  GIT_COMMITTER_EMAIL: 'test@lectern.invalid',
  LC_ALL: 'C',
  GIT_AUTHOR_DATE: '2024-01-01T00:00:00Z',
  GIT_COMMITTER_DATE: '2024-01-01T00:00:00Z',
};

export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', [...PINNED, ...args], { cwd, encoding: 'utf8', env, stdio: ['ignore', 'pipe', 'pipe'] });
}

/** git's output even when it exits 1 (diff --no-index with differences). */
export function gitLoose(cwd: string, ...args: string[]): string {
  const run = spawnSync('git', [...PINNED, ...args], { cwd, encoding: 'utf8', env });
  if (run.status !== 0 && run.status !== 1) throw new Error(`git ${args.join(' ')}: ${run.stderr}`);
  return run.stdout;
}

export class Repo {
  constructor(readonly root: string) {}

  static init(dir: string = tempDir('lectern-git-')): Repo {
    fs.mkdirSync(dir, { recursive: true });
    git(dir, 'init', '-q', '-b', 'main');
    git(dir, 'config', 'user.name', 'Lectern Test');
    git(dir, 'config', 'user.email', 'test@lectern.invalid');
    git(dir, 'config', 'commit.gpgsign', 'false');
    git(dir, 'config', 'core.autocrlf', 'false');
    return new Repo(dir);
  }

  path(rel: string): string {
    return path.join(this.root, rel);
  }

  write(rel: string, data: string | Uint8Array): this {
    fs.mkdirSync(path.dirname(this.path(rel)), { recursive: true });
    fs.writeFileSync(this.path(rel), data);
    return this;
  }

  remove(rel: string): this {
    fs.rmSync(this.path(rel), { recursive: true, force: true });
    return this;
  }

  git(...args: string[]): string {
    return git(this.root, ...args);
  }

  commitAll(message = 'commit'): this {
    this.git('add', '-A');
    this.git('commit', '-q', '--allow-empty', '-m', message);
    return this;
  }
}

/** The hunks of a patch: everything from the first "@@" line (headers and binary notes dropped). */
export function hunksOf(patch: string): string[] {
  const lines = patch.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const first = lines.findIndex((l) => l.startsWith('@@'));
  return first === -1 ? [] : lines.slice(first);
}

/** Asserts that the answer's patch (content) has exactly git's hunks, line for line. */
export function assertSameHunks(response: ToolResponse, gitPatch: string, options: { stripCr?: boolean } = {}): void {
  assert.ok(response.ok, response.text);
  const strip = (lines: string[]) => (options.stripCr ? lines.map((l) => l.replace(/\r$/, '')) : lines);
  const ours = strip(hunksOf(response.content));
  const theirs = strip(hunksOf(gitPatch));
  assert.ok(theirs.length > 0, `git printed no hunks:\n${gitPatch}`);
  assert.deepEqual(
    ours,
    theirs,
    `hunks differ from git's.\n--- ours\n${ours.join('\n')}\n--- git\n${theirs.join('\n')}`,
  );
}

/** Unsaved editor buffers, as VS Code's adapter reports them. */
class Buffers implements DocumentsPort {
  private readonly texts = new Map<string, string>();
  private version = 0;

  set(absolute: string, text: string): void {
    this.texts.set(absolute, text);
    this.version++;
  }

  clear(absolute?: string): void {
    if (absolute) this.texts.delete(absolute);
    else this.texts.clear();
  }

  dirty(absolute: string): DirtyDocument | undefined {
    const text = this.texts.get(absolute);
    return text === undefined ? undefined : { text, version: this.version };
  }

  dirtyPaths(): string[] {
    return [...this.texts.keys()];
  }
}

export interface DiffWorkspace {
  lectern: Lectern;
  host: Host;
  buffers: Buffers;
  preview(input: Record<string, unknown>): Promise<ToolResponse>;
}

/** An engine over `roots` with the git command line and fake editor buffers. */
export function diffWorkspace(
  roots: WorkspaceRoot[] | string,
  options: { settings?: Partial<Settings>; gitPath?: string; noGit?: boolean } = {},
): DiffWorkspace {
  const list = typeof roots === 'string' ? [{ name: path.basename(roots), path: roots }] : roots;
  const buffers = new Buffers();
  const host: Host = {
    fs: nodeFileSystem,
    roots: () => list,
    documents: buffers,
    ...(options.noGit ? {} : { git: createGitCli({ gitPath: options.gitPath }) }),
  };
  const settings = options.settings ?? {};
  const lectern = new Lectern(host, () => settings);
  return {
    lectern,
    host,
    buffers,
    preview: (input) => lectern.invoke('lectern_read', { mode: 'diff_preview', ...input }),
  };
}
