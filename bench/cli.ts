// `npm run bench:cli`: what a call costs outside VS Code, against baselines measured in the same run.
//   1. Cold: a whole `lectern call` process (the shipped, minified dist/cli.js) beside `node -e 1`,
//      interleaved run by run so machine load hits both alike. Each build's calls share a fresh symbol
//      cache folder, which the uncounted first run fills: the symbol reads are those of an unchanged workspace.
//   2. Warm: calls on one `lectern mcp` stdio connection (the SDK client), beside the reference
//      filesystem server (@modelcontextprotocol/server-filesystem) answering the same reads, the two
//      asked alternately (the main bench's `--only=mcp` does the same over six files and fresh sessions).
//   3. Exit: how long call, session and mcp live once their work is done (bench/exitDelay.ts).
//   4. Guarded: warm reads over MCP with the session guard on (the default) beside the same reads with it off.
// Reads real code the tests do not use (the MCP SDK's own build in node_modules).
//
//   npm run bench:cli [-- --runs=15 --calls=300 --no-build --before=OLD/dist/cli.js]
//   --before: also time another build of the CLI (e.g. an older commit's) on the same calls.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { exitDelays } from './exitDelay';
import { timeRounds, type Call } from './mcpPeer';
import { ms, ratio } from './format';

const ROOT = resolve(__dirname, '..');
const CLI = join(ROOT, 'dist', 'cli.js');
const WORKSPACE = join(ROOT, 'node_modules', '@modelcontextprotocol', 'sdk', 'dist', 'esm');
const FILE = 'server/stdio.js';
const PEER = join(ROOT, 'node_modules', '@modelcontextprotocol', 'server-filesystem', 'dist', 'index.js');

const arg = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const RUNS = arg('runs', 15);
const CALLS = arg('calls', 300);
/** Another build of the CLI to time beside this one (--before=OLD/dist/cli.js). */
const BEFORE = process.argv.find((a) => a.startsWith('--before='))?.slice('--before='.length);

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

const median = (values: number[]) => quantile(values, 0.5);

/** Runs every command RUNS + 1 times, interleaved; run 0 warms the disk cache, the symbol cache (and V8's compile cache, where there is one). */
function timeRuns(
  commands: [string, string[]][],
  times: Map<string, number[]>,
  envOf: (name: string) => NodeJS.ProcessEnv,
): void {
  for (let run = 0; run < RUNS + 1; run++) {
    for (const [name, args] of commands) {
      const started = performance.now();
      const result = spawnSync(process.execPath, args, { encoding: 'utf8', env: envOf(name) });
      const elapsed = performance.now() - started;
      if (result.status !== 0) throw new Error(`${name} failed: ${result.stderr}`);
      if (run > 0) times.get(name)!.push(elapsed);
    }
  }
}

function cold(): string {
  const commands: [string, string[]][] = [
    ['node -e 1 (baseline)', ['-e', '1']],
    ['lectern (usage)', [CLI]],
    ['call lectern_stat', [CLI, 'call', 'lectern_stat', JSON.stringify({ target: FILE }), '--root', WORKSPACE]],
    [
      'call lectern_read head 20',
      [CLI, 'call', 'lectern_read', JSON.stringify({ target: FILE, head: 20 }), '--root', WORKSPACE],
    ],
    [
      'call lectern_read head 50',
      [CLI, 'call', 'lectern_read', JSON.stringify({ target: FILE, head: 50 }), '--root', WORKSPACE],
    ],
    [
      'call lectern_read symbol',
      [
        CLI,
        'call',
        'lectern_read',
        JSON.stringify({ mode: 'symbol', target: 'StdioServerTransport.send', path: FILE }),
        '--root',
        WORKSPACE,
      ],
    ],
    [
      'call lectern_read symbol, no path (index)',
      [
        CLI,
        'call',
        'lectern_read',
        JSON.stringify({ mode: 'symbol', target: 'StdioServerTransport.send' }),
        '--root',
        WORKSPACE,
      ],
    ],
  ];
  // The same calls with exact token counts: the cost of loading the tokenizer.
  commands.push(
    ['call lectern_stat --exact-tokens', [...commands[2]![1], '--exact-tokens']],
    ['call lectern_read head 50 --exact-tokens', [...commands[4]![1], '--exact-tokens']],
  );
  if (BEFORE) {
    for (const [name, args] of commands.slice(2, 7))
      commands.push([`before: ${name}`, [resolve(BEFORE), ...args.slice(1)]]);
  }
  // Each build keeps its symbol cache in a folder of its own, the index's outlines kept from run 0 on:
  // two builds of different cache formats would otherwise replace each other's files run by run.
  const ourCache = mkdtempSync(join(tmpdir(), 'lectern-bench-cache-'));
  const beforeCache = mkdtempSync(join(tmpdir(), 'lectern-bench-cache-'));
  const envOf = (name: string) => ({
    ...process.env,
    LECTERN_CACHE_DIR: name.startsWith('before: ') ? beforeCache : ourCache,
  });
  const times = new Map<string, number[]>(commands.map(([name]) => [name, []]));
  try {
    timeRuns(commands, times, envOf);
  } finally {
    for (const dir of [ourCache, beforeCache]) rmSync(dir, { recursive: true, force: true });
  }
  const base = median(times.get(commands[0]![0])!);
  const rows = commands.map(([name]) => {
    const t = times.get(name)!;
    return `| ${name} | ${ms(median(t))} | ${ms(quantile(t, 0.95))} | ${ratio(median(t) / base)} |`;
  });
  return [
    `Cold processes (${process.version}, ${RUNS} interleaved runs each, ms):`,
    '',
    '| command | median | p95 | vs node -e 1 |',
    '| --- | ---: | ---: | ---: |',
    ...rows,
  ].join('\n');
}

async function connect(command: string, args: string[]): Promise<Client> {
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command, args, stderr: 'ignore' }));
  return client;
}

async function warm(): Promise<string> {
  // The session guard off: a benchmark repeats the same read, which a guarded session de-duplicates.
  const lectern = await connect(process.execPath, [CLI, 'mcp', '--root', WORKSPACE, '--session-guard', 'off']);
  const peer = await connect(process.execPath, [PEER, WORKSPACE]);
  const absolute = join(WORKSPACE, FILE);
  const lines = readFileSync(absolute, 'utf8').replace(/\n$/, '').split('\n').length;
  const read = (args: Record<string, unknown>): Call => ({
    name: 'lectern_read',
    arguments: { target: FILE, ...args },
  });
  const kinds: [string, Call, Call | null][] = [
    [
      'stat',
      { name: 'lectern_stat', arguments: { target: FILE } },
      { name: 'get_file_info', arguments: { path: absolute } },
    ],
    ['head 50', read({ head: 50 }), { name: 'read_text_file', arguments: { path: absolute, head: 50 } }],
    [
      'last 30 lines (a range / tail 30)',
      read({ start_line: lines - 29, end_line: lines }),
      { name: 'read_text_file', arguments: { path: absolute, tail: 30 } },
    ],
    ['whole file', read({}), { name: 'read_text_file', arguments: { path: absolute } }],
    [
      'symbol StdioServerTransport.send',
      read({ mode: 'symbol', target: 'StdioServerTransport.send', path: FILE }),
      null,
    ],
  ];
  const pairs: [string, number[], number[] | null][] = [];
  try {
    // Each server answers once a round, in alternating order (timeRounds); the symbol read is Lectern's alone.
    for (const [name, ours, theirs] of kinds) {
      const [mine, peers] = theirs
        ? await timeRounds([lectern, peer], () => [ours, theirs], 30, CALLS)
        : await timeRounds([lectern], () => [ours], 30, CALLS);
      pairs.push([name, mine!, theirs ? peers! : null]);
    }
  } finally {
    await lectern.close();
    await peer.close();
  }
  const rows = pairs.map(([name, ours, theirs]) => {
    const peerCells = theirs
      ? `${ms(median(theirs))} | ${ms(quantile(theirs, 0.95))} | ${ratio(median(ours) / median(theirs))}`
      : '— | — | —';
    return `| ${name} | ${ms(median(ours))} | ${ms(quantile(ours, 0.95))} | ${peerCells} |`;
  });
  return [
    `Warm MCP calls over stdio (one connection to each server; ${CALLS} rounds after 30 warm-ups, each server answering once a round, in alternating order; ms; the reference filesystem server answers the same file):`,
    '',
    '| read | lectern median | lectern p95 | server-filesystem median | server-filesystem p95 | lectern / peer |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
  ].join('\n');
}

/** A large real file, read in ranges no earlier answer showed (the guard then points to nothing, and judges every read). */
const GUARDED_FOLDER = join(ROOT, 'node_modules', 'typescript', 'lib');
const GUARDED_FILE = 'typescript.js';

/**
 * What the session guard (on by default) costs a warm read over MCP: two `lectern mcp` servers,
 * guard on and off, read the same 21-line range in each round (alternating which goes first), a
 * new range every round. The budget is lifted so that every read is served the same.
 */
async function guarded(): Promise<string> {
  const server = (cli: string, guard: 'on' | 'off') =>
    connect(process.execPath, [
      cli,
      'mcp',
      '--root',
      GUARDED_FOLDER,
      '--session-guard',
      guard,
      '--max-reads-per-session',
      '1000000',
      '--max-total-read-lines',
      '100000000',
    ]);
  const rows: [string, Client][] = [
    ['on (the default)', await server(CLI, 'on')],
    ['off', await server(CLI, 'off')],
    ...(BEFORE ? [['on, before: the other build', await server(resolve(BEFORE), 'on')] as [string, Client]] : []),
  ];
  const rangeOf = (i: number): Call => {
    const start = 1 + ((i * 37) % 100_000);
    return { name: 'lectern_read', arguments: { target: GUARDED_FILE, start_line: start, end_line: start + 20 } };
  };
  let times: number[][];
  try {
    times = await timeRounds(
      rows.map(([, client]) => client),
      (i) => rows.map(() => rangeOf(i)),
      30,
      CALLS,
    );
  } finally {
    await Promise.all(rows.map(([, client]) => client.close()));
  }
  const off = median(times[1]!);
  return [
    `The session guard's cost, warm, over MCP (${CALLS} rounds after 30 warm-ups; each round a new 21-line range of node_modules/typescript/lib/${GUARDED_FILE}, read by a server with the guard on and one with it off, in rotating order; ms):`,
    '',
    '| session guard | median | p95 | × off |',
    '| --- | ---: | ---: | ---: |',
    ...rows.map(
      ([name], s) =>
        `| ${name} | ${ms(median(times[s]!))} | ${ms(quantile(times[s]!, 0.95))} | ${ratio(median(times[s]!) / off)} |`,
    ),
  ].join('\n');
}

async function main(): Promise<void> {
  if (!process.argv.includes('--no-build'))
    execFileSync(process.execPath, ['esbuild.mjs', '--production'], { cwd: ROOT, stdio: 'ignore' });
  try {
    console.log(cold() + '\n');
    console.log((await exitDelays(CLI, Math.max(3, Math.round(RUNS / 3)))) + '\n');
    console.log((await warm()) + '\n');
    console.log((await guarded()) + '\n');
  } finally {
    if (!process.argv.includes('--no-build'))
      execFileSync(process.execPath, ['esbuild.mjs'], { cwd: ROOT, stdio: 'ignore' }); // the dev build again
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
