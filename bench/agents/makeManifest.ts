// Writes bench/agents/manifest.json: for each chosen SWE-bench instance of the trajectory run, the
// project's base commit (the PR's merge base, which is SWE-bench's base_commit) and the PR's head (the
// merge commit's second parent: the gold patch is base..head minus test files). Run after fetching:
//   npx tsx bench/agents/makeManifest.ts
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { git } from './git';
import type { Instance } from './manifest';
import { PROJECTS, TRAJECTORY_SOURCES, mirrorDir } from './sources';

function mergesByPr(dir: string): Map<number, string> {
  const out = new Map<number, string>();
  const log = git(dir, ['log', '--all', '--merges', '--format=%H %s', '--grep=Merge pull request #']);
  for (const line of log.split('\n')) {
    const match = /^([0-9a-f]{40}) Merge pull request #(\d+) /.exec(line);
    if (match && !out.has(Number(match[2]))) out.set(Number(match[2]), match[1]!);
  }
  return out;
}

function instancesOf(repo: string, ids: readonly string[], limit: number): Instance[] {
  const dir = mirrorDir(repo);
  const merges = mergesByPr(dir);
  const prefix = repo.replace('/', '__') + '-';
  const out: Instance[] = [];
  for (const id of ids.filter((i) => i.startsWith(prefix)).sort()) {
    const merge = merges.get(Number(id.slice(prefix.length)));
    if (!merge || out.length >= limit) continue;
    const [first, second] = git(dir, ['rev-parse', `${merge}^1`, `${merge}^2`])
      .trim()
      .split('\n');
    const base = git(dir, ['merge-base', first!, second!]).trim();
    out.push({ id, repo, base_commit: base, pr_head: second!, merge_commit: merge });
  }
  return out;
}

function main(): void {
  const source = TRAJECTORY_SOURCES[0]!;
  const trajDir = mirrorDir(source.repo);
  const trajCommit = git(trajDir, ['rev-parse', 'HEAD']).trim();
  const ids = git(trajDir, ['ls-tree', '--name-only', `${trajCommit}:${source.trajs}`])
    .trim()
    .split('\n');
  const projects: Record<string, string> = {};
  const instances: Instance[] = [];
  for (const [repo, { limit }] of Object.entries(PROJECTS)) {
    projects[repo] = git(mirrorDir(repo), ['rev-parse', 'HEAD']).trim();
    instances.push(...instancesOf(repo, ids, limit));
  }
  const sources = TRAJECTORY_SOURCES.map((s) => ({ ...s, commit: s === source ? trajCommit : undefined }));
  const manifest = { made: new Date().toISOString().slice(0, 10), sources, projects, instances };
  writeFileSync(join(__dirname, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
  console.log(`${instances.length} instances over ${Object.keys(projects).length} projects`);
}

main();
