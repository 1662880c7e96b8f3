// Lays out the cache the bench reads (LECTERN_AGENTS_CACHE): each instance's project tree at its base
// commit (git archive), its trajectory, and its gold patch (base..PR head, test files left out), all
// from the git snapshots under LECTERN_AGENTS_MIRRORS. Idempotent: what is there already is kept.
//   npx tsx bench/agents/prepare.ts
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { git, gitBytes } from './git';
import { cachePaths, readManifest, type Instance } from './manifest';
import { mirrorDir } from './sources';

/** SWE-bench's split: a path with a test folder or a test_ file belongs to the test patch. */
export function isTestPath(path: string): boolean {
  return path
    .split('/')
    .some((part) => /^(tests?|testing)$/.test(part) || /^test_|_test\.py$|^conftest\.py$/.test(part));
}

/** Files the snapshots leave out (4 MiB and more: data tables, never read by the agents' steps here). */
const SNAPSHOT_LIMIT = 4 * 1024 * 1024;

function prepareTree(instance: Instance, tree: string): void {
  if (existsSync(tree)) return;
  const dir = mirrorDir(instance.repo);
  const large = git(dir, ['ls-tree', '-r', '-l', instance.base_commit])
    .split('\n')
    .map((line) => /^\d+ blob [0-9a-f]+\s+(\S+)\t(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null && !(Number(m[1]) < SNAPSHOT_LIMIT)) // "BAD": not in the snapshot
    .map((m) => `:(exclude,literal)${m[2]}`);
  const archive = gitBytes(dir, ['archive', '--format=tar', instance.base_commit, '--', '.', ...large]);
  mkdirSync(tree, { recursive: true });
  try {
    execFileSync('tar', ['-x', '-C', tree], { input: archive, maxBuffer: 1024 * 1024 * 1024 });
  } catch (error) {
    rmSync(tree, { recursive: true, force: true });
    throw error;
  }
}

function prepareGold(instance: Instance, gold: string): void {
  if (existsSync(gold)) return;
  const dir = mirrorDir(instance.repo);
  const files = git(dir, ['diff', '--name-only', instance.base_commit, instance.pr_head]).trim().split('\n');
  const source = files.filter((f) => f && !isTestPath(f));
  const diff = source.length ? git(dir, ['diff', '-U0', instance.base_commit, instance.pr_head, '--', ...source]) : '';
  mkdirSync(dirname(gold), { recursive: true });
  writeFileSync(gold, diff);
}

function main(): void {
  const manifest = readManifest();
  const source = manifest.sources[0]!;
  for (const instance of manifest.instances) {
    const paths = cachePaths(instance.id);
    if (!existsSync(paths.traj)) {
      mkdirSync(dirname(paths.traj), { recursive: true });
      const path = `${source.trajs}/${instance.id}/${instance.id}.traj.json`;
      writeFileSync(paths.traj, gitBytes(mirrorDir(source.repo), ['show', `${source.commit}:${path}`]));
    }
    prepareGold(instance, paths.gold);
    prepareTree(instance, paths.tree);
    process.stdout.write('.');
  }
  console.log(`\n${manifest.instances.length} instances ready`);
}

if (require.main === module) main();
