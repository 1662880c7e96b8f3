// `npm run bench:economy`: what reads cost an agent, on real code the tests never use.
// The four need types (show function X, 40 lines around line N, a whole file, find identifier S and read
// ±10 lines at each use) through Lectern and through simulations of the peers' read tools; a long
// session (refusals, lost content, repeated notes); latency of windows/head/tail/ranges against a plain
// fs read in the same run; the tool definitions' tokens. See docs/economy.md for the assumptions.
//
//   npm run bench:economy                         all of it; writes docs/economy/<label>.json and the chart
//   npm run bench:economy -- --label=baseline     the run's name (default "current")
//   npm run bench:economy -- --quick              fewer needs per repository
//   npm run bench:economy -- --no-write           print only
//   npm run bench:economy -- --only=latency       only the latency part; updates the run's latency (and
//                                                 its load average) in docs/economy/<label>.json, if present
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { allTools } from '../../src/core/tools/definitions';
import { inputSchema } from '../../src/core/tools/jsonSchema';
import { loadTokenCounter } from '../../src/core/ground/tokens';
import { cacheDir, ensureSource, listFiles, MINIFIED, REPOS, splitLines } from './corpus';
import { integrityTable, runIntegrity } from './integrity';
import { runLatency } from './latency';
import { runLongSession } from './longSession';
import { runNeeds, type NeedResult, type RepoInput } from './needRuns';
import { isLibraryFile, sampleNeeds, type SampleSizes } from './needs';
import { chartSvg, markdownTable, ratioTable, summarize, type KindSummary } from './report';
import { spansOf, type Span } from './spans';
import { navigationTables, runNavigation, type NavigationRepo } from './navigation';

const ROOT = resolve(__dirname, '..', '..');
const OUT_DIR = join(ROOT, 'docs', 'economy');

interface Args {
  label: string;
  quick: boolean;
  write: boolean;
  only?: 'latency' | 'integrity';
}

function parseArgs(argv: string[]): Args {
  const args: Args = { label: 'current', quick: false, write: true };
  for (const arg of argv) {
    if (arg.startsWith('--label=')) args.label = arg.slice(8);
    else if (arg === '--quick') args.quick = true;
    else if (arg === '--no-write') args.write = false;
    else if (arg === '--only=latency') args.only = 'latency';
    else if (arg === '--only=integrity') args.only = 'integrity';
    else {
      process.stderr.write(
        `bench:economy: unknown argument ${arg}\nusage: npm run bench:economy -- [--label=NAME] [--quick] [--no-write] [--only=latency|integrity]\n`,
      );
      process.exit(2);
    }
  }
  return args;
}

function toolDefinitionTokens(count: (s: string) => number): Array<{ tool: string; tokens: number }> {
  // As a chat API receives them: name, description and JSON schema per tool.
  return allTools
    .filter((t) => !t.legacy)
    .map((t) => ({
      tool: t.name,
      tokens: count(JSON.stringify({ name: t.name, description: t.modelDescription, parameters: inputSchema(t) })),
    }));
}

type LatencyRows = Awaited<ReturnType<typeof runLatency>>;

async function latencyOfBigFile(): Promise<LatencyRows> {
  const root = ensureSource(MINIFIED.name, MINIFIED.source, MINIFIED.sub);
  const bigFile = 'babel.js';
  return runLatency(root, bigFile, readFileSync(join(root, bigFile), 'utf8').split('\n').length);
}

function printLatency(latency: LatencyRows): void {
  process.stdout.write(
    `\nlatency (median ms, Lectern vs plain read; wall, then CPU time; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(
        ' ',
      )}):\n${latency.map((l) => `  ${l.read.padEnd(16)} ${l.bytes} B  ${l.lecternMs.toFixed(2)} vs ${l.floorMs.toFixed(3)}  ×${l.ratio.toFixed(1)}   CPU ${l.lecternCpuMs.toFixed(2)} vs ${l.floorCpuMs.toFixed(3)}  ×${l.cpuRatio.toFixed(1)}   sync read ${l.syncFloorMs.toFixed(3)}`).join('\n')}\n`,
  );
}

/** `--only=latency`: the latency part alone; the run's other parts on record are kept as they are. */
async function latencyOnly(args: Args): Promise<void> {
  const latency = await latencyOfBigFile();
  printLatency(latency);
  const file = join(OUT_DIR, `${args.label}.json`);
  if (!args.write || !existsSync(file)) return;
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    // not a git checkout
  }
  const data = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  data.latency = latency;
  data.latencyRun = { commit, date: new Date().toISOString(), node: process.version, loadAverage: loadavg() };
  writeFileSync(file, JSON.stringify(data, null, 1) + '\n');
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  if (args.only === 'latency') return latencyOnly(args);
  if (args.only === 'integrity') return void process.stdout.write(integrityTable(await runIntegrity()) + '\n');
  const count = await loadTokenCounter();
  const sizes: SampleSizes = args.quick
    ? { symbol: 3, range: 3, file: 2, search: 2 }
    : { symbol: 8, range: 8, file: 4, search: 4 };
  const log = (s: string) => process.stderr.write(s + '\n');
  log(`corpus cache: ${cacheDir()}`);

  const results: NeedResult[] = [];
  const sessionFiles: Array<{ path: string; spans: Span[] }> = [];
  const repos: Array<{
    name: string;
    language: string;
    source: string;
    files: number;
    lines: number;
    spanParser: string;
    spans: number;
  }> = [];
  const navigationRepos: NavigationRepo[] = [];
  let seed = 1;
  for (const repo of REPOS) {
    const root = ensureSource(repo.name, repo.source, repo.sub);
    const list = listFiles(root, repo.extensions);
    const files = new Map(list.map((f) => [f, splitLines(readFileSync(join(root, f), 'utf8'))]));
    const spans = await spansOf(repo.language, root, list);
    const needs = sampleNeeds(repo.name, files, spans, sizes, seed++);
    const input: RepoInput = { name: repo.name, root, language: repo.language, extension: repo.extensions[0]!, files };
    log(`${repo.name}: ${list.length} files, ${spans.length} spans, ${needs.length} needs`);
    results.push(...(await runNeeds(input, needs, count, args.label)));
    navigationRepos.push({ name: repo.name, root, language: repo.language, files, spans });
    repos.push({
      name: repo.name,
      language: repo.language,
      source: repo.source,
      files: list.length,
      lines: [...files.values()].reduce((s, l) => s + l.length, 0),
      spanParser: spans[0]?.parser ?? '-',
      spans: spans.length,
    });
    // The largest library file of each repository goes into the long session.
    const largest = list.filter(isLibraryFile).sort((a, b) => files.get(b)!.length - files.get(a)!.length)[0]!;
    sessionFiles.push({ path: join(root, largest), spans: spans.filter((s) => s.file === largest) });
  }
  const summary = summarize(results);
  log('navigation needs E and F…');
  const navigation = await runNavigation(navigationRepos, count, args.quick ? 2 : 4);
  log('long session…');
  const minifiedRoot = ensureSource(MINIFIED.name, MINIFIED.source, MINIFIED.sub);
  const longSession = await runLongSession(sessionFiles, join(minifiedRoot, MINIFIED.file), count);
  log('latency…');
  const latency = await latencyOfBigFile();
  log('answer integrity…');
  const integrity = await runIntegrity();
  const tools = toolDefinitionTokens(count);

  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    // not a git checkout
  }
  const data = {
    label: args.label,
    commit,
    date: new Date().toISOString(),
    node: process.version,
    loadAverage: loadavg(),
    repos,
    summary,
    longSession,
    latency,
    integrity,
    navigation,
    toolDefinitions: { tools, total: tools.reduce((s, t) => s + t.tokens, 0) },
    needs: results,
  };

  const print = (s: string) => process.stdout.write(s + '\n');
  print(`\n## ${args.label} (${commit})\n`);
  print(markdownTable(summary));
  print('\n' + ratioTable([{ label: args.label, summary }]));
  print('\n' + navigationTables(navigation));
  print(`\nlong session: ${JSON.stringify(longSession)}`);
  printLatency(latency);
  print(
    '\nanswer integrity (same-size rewrites, mtime put back; warm and a new engine):\n' + integrityTable(integrity),
  );
  print(
    `\ntool definitions: ${tools.map((t) => `${t.tool} ${t.tokens}`).join(', ')} = ${data.toolDefinitions.total} tokens`,
  );

  if (!args.write) return;
  mkdirSync(OUT_DIR, { recursive: true });
  writeFileSync(join(OUT_DIR, `${args.label}.json`), JSON.stringify(data, null, 1) + '\n');
  // The chart compares every run on record: baseline first, then the others by date.
  const runs = readdirSync(OUT_DIR)
    .filter((f) => f.endsWith('.json'))
    .map(
      (f) =>
        JSON.parse(readFileSync(join(OUT_DIR, f), 'utf8')) as { label: string; date: string; summary: KindSummary[] },
    )
    .sort((a, b) => (a.label === 'baseline' ? -1 : b.label === 'baseline' ? 1 : a.date.localeCompare(b.date)));
  writeFileSync(join(OUT_DIR, 'economy.svg'), chartSvg(runs));
  if (runs.length > 1) print('\n' + ratioTable(runs));
  if (!existsSync(join(ROOT, 'docs', 'economy.md'))) log('docs/economy.md is written by hand from these numbers.');
}

main().catch((error) => {
  process.stderr.write(`bench:economy: ${(error as Error).stack ?? error}\n`);
  process.exitCode = 1;
});
