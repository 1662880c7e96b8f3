// npm run bench:agents: replays the read steps of public agent trajectories through Lectern (see
// README.md). Needs the cache that prepare.ts lays out; LECTERN_AGENTS_LIMIT=N replays the first N tasks.
import { existsSync, readFileSync } from 'node:fs';
import { loadTokenCounter } from '../../src/core/ground/tokens';
import { cachePaths, readManifest } from './manifest';
import { agentReport } from './report';
import { replayTask, type TaskResult } from './replay';
import { cacheDir } from './sources';
import { parseTrajectory } from './trajectory';

async function main(): Promise<void> {
  const manifest = readManifest();
  const limit = Number(process.env.LECTERN_AGENTS_LIMIT ?? Infinity);
  const instances = manifest.instances.slice(0, limit);
  const missing = instances.filter((i) => !existsSync(cachePaths(i.id).tree));
  if (missing.length) {
    console.error(
      `${missing.length} tasks are not in the cache (${cacheDir()}): run npx tsx bench/agents/prepare.ts first (README.md).`,
    );
    process.exit(2);
  }
  const tokens = await loadTokenCounter();
  const results: TaskResult[] = [];
  const started = Date.now();
  for (const instance of instances) {
    const paths = cachePaths(instance.id);
    const { steps, submission } = parseTrajectory(readFileSync(paths.traj, 'utf8'));
    results.push(
      await replayTask(
        instance.id,
        paths.tree,
        steps,
        { gold: readFileSync(paths.gold, 'utf8'), own: submission },
        tokens,
      ),
    );
    process.stderr.write('.');
  }
  process.stderr.write('\n');
  const source = manifest.sources[0]!;
  console.log(
    `Agent trajectories replayed through Lectern (${new Date().toISOString().slice(0, 10)}, ${((Date.now() - started) / 1000).toFixed(0)} s)\n`,
  );
  console.log(agentReport(source.agent, results).join('\n'));
}

void main();
