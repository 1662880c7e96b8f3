// npm run bench:agents: replays the read steps of public agent trajectories through Lectern (see
// README.md). Needs the cache that prepare.ts lays out. LECTERN_AGENTS_LIMIT=N replays the first N
// tasks; LECTERN_AGENTS_SHARD=i/n replays every n-th task from the i-th and only saves its results
// (processes in parallel), and `--merge` prints the tables of the saved shards.
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadTokenCounter } from '../../src/core/ground/tokens';
import { cachePaths, readManifest, type Instance } from './manifest';
import { agentReport } from './report';
import { replayTask, type TaskResult } from './replay';
import { cacheDir } from './sources';
import { parseTrajectory } from './trajectory';

type Saved = Omit<TaskResult, 'unmapped'> & { unmapped: Array<[string, { steps: number; tokens: number }]> };

/** A task whose replay has not settled in this time is reported and skipped. */
const TASK_MS = 300_000;

async function replayAll(instances: readonly Instance[], save: (results: TaskResult[]) => void): Promise<TaskResult[]> {
  const tokens = await loadTokenCounter();
  const results: TaskResult[] = [];
  // A call's promise once settled with no handle left to wake it (the process then ended silently,
  // exit 0, mid-run): the interval keeps the loop alive so the task's timeout can report it.
  const alive = setInterval(() => undefined, 60_000);
  for (const instance of instances) {
    const paths = cachePaths(instance.id);
    const { steps, submission } = parseTrajectory(readFileSync(paths.traj, 'utf8'));
    const patches = { gold: readFileSync(paths.gold, 'utf8'), own: submission };
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((done) => (timer = setTimeout(() => done(null), TASK_MS)));
    const result = await Promise.race([replayTask(instance.id, paths.tree, steps, patches, tokens), timeout]);
    clearTimeout(timer);
    if (result) results.push(result);
    else console.error(`\n${instance.id}: no answer in ${TASK_MS / 1000} s, left out`);
    save(results); // a shard that dies keeps what it did
    process.stderr.write('.');
  }
  clearInterval(alive);
  process.stderr.write('\n');
  return results;
}

function print(results: readonly TaskResult[], seconds: number | null): void {
  const source = readManifest().sources[0]!;
  const took = seconds === null ? '' : `, ${seconds.toFixed(0)} s`;
  console.log(`Agent trajectories replayed through Lectern (${new Date().toISOString().slice(0, 10)}${took})\n`);
  console.log(agentReport(source.agent, results).join('\n'));
}

function merged(): TaskResult[] {
  const files = readdirSync(cacheDir()).filter((f) => /^results-\d+\.json$/.test(f));
  const saved = files.flatMap((f) => JSON.parse(readFileSync(join(cacheDir(), f), 'utf8')) as Saved[]);
  return saved.map((s) => ({ ...s, unmapped: new Map(s.unmapped) }));
}

async function main(): Promise<void> {
  if (process.argv.includes('--merge')) return print(merged(), null);
  const all = readManifest().instances.slice(0, Number(process.env.LECTERN_AGENTS_LIMIT ?? Infinity));
  const shard = /^(\d+)\/(\d+)$/.exec(process.env.LECTERN_AGENTS_SHARD ?? '');
  const instances = shard ? all.filter((_, i) => i % Number(shard[2]) === Number(shard[1])) : all;
  const missing = instances.filter((i) => !existsSync(cachePaths(i.id).tree));
  if (missing.length) {
    console.error(
      `${missing.length} tasks are not in the cache (${cacheDir()}): run npx tsx bench/agents/prepare.ts first (README.md).`,
    );
    process.exit(2);
  }
  const started = Date.now();
  const save = (results: TaskResult[]) => {
    if (!shard) return;
    const saved: Saved[] = results.map((r) => ({ ...r, unmapped: [...r.unmapped.entries()] }));
    writeFileSync(join(cacheDir(), `results-${shard[1]}.json`), JSON.stringify(saved));
  };
  const results = await replayAll(instances, save);
  if (!shard) print(results, (Date.now() - started) / 1000);
}

void main();
