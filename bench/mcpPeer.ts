// Warm MCP reads beside the reference filesystem server (@modelcontextprotocol/server-filesystem):
// both servers started once over stdio with the official SDK client, warmed up, then asked the same
// reads of the same small real files alternately (Lectern first on even pairs, the peer first on odd
// ones), so machine load hits both alike. Each pair gives one ratio; the part reports the medians of
// both sides, their ratio and the median of the per-pair ratios.
// Lectern runs as shipped: the production build of dist/cli.js (runMcpPart builds it).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { loadTokenCounter } from '../src/core/ground/tokens';
import { count, ms, ratio } from './format';

/** Real code the tests do not use: the MCP SDK's own build, files of 80 to 210 lines. */
export const MCP_FILES = [
  'server/stdio.js',
  'shared/transport.js',
  'server/auth/router.js',
  'server/streamableHttp.js',
  'server/auth/errors.js',
  'shared/auth.js',
];

export interface McpTimes {
  median: number;
  p95: number;
}

export interface McpPairResult {
  /** What both servers are asked, e.g. "stat / get_file_info". */
  label: string;
  lectern: McpTimes;
  peer: McpTimes;
  /** lectern median / peer median. */
  ratioOfMedians: number;
  /** The median over rounds of lectern / peer (both timed in the same round). */
  medianPairRatio: number;
  /** Another build of Lectern (--before), timed in the same rounds. */
  before?: McpTimes & { ratioOfMedians: number; medianPairRatio: number };
}

/** Exact o200k tokens the model gets for the same answers, summed over the files. */
export interface McpTokenRow {
  label: string;
  /** In a client that gives the model the result's `content` (VS Code). */
  lectern: number;
  peer: number;
  /**
   * In a client that gives it JSON.stringify(structuredContent) when the result has one (Claude Code,
   * Codex, Copilot CLI, opencode).
   */
  lecternShown: number;
  peerShown: number;
  /** The same, from `lectern mcp --structured-content`. */
  structuredShown: number;
}

export interface McpPeerData {
  workspace: string;
  files: string[];
  warmups: number;
  /** Rounds per call kind in all: each asks every server once, in an order that rotates. */
  pairs: number;
  /** Sessions of fresh server processes the rounds were split over. */
  sessions: number;
  /** What the build timed in the before columns is. */
  beforeLabel?: string;
  peerVersion: string;
  results: McpPairResult[];
  /** What the answers cost a model (older runs: absent). */
  tokens?: McpTokenRow[];
}

export type Call = { name: string; arguments: Record<string, unknown> };
interface CallKind {
  label: string;
  lectern(file: string, lines: number): Call;
  peer(absolute: string, lines: number): Call;
}

export const CALL_KINDS: CallKind[] = [
  {
    label: 'stat / get_file_info',
    lectern: (file) => ({ name: 'lectern_stat', arguments: { target: file } }),
    peer: (path) => ({ name: 'get_file_info', arguments: { path } }),
  },
  {
    label: 'head 50 / read_text_file head 50',
    lectern: (file) => ({ name: 'lectern_read', arguments: { target: file, head: 50 } }),
    peer: (path) => ({ name: 'read_text_file', arguments: { path, head: 50 } }),
  },
  {
    // The peer reads only heads and tails: the last 61 lines are the range both can answer.
    label: 'last 61 lines: range / read_text_file tail 61',
    lectern: (file, lines) => ({
      name: 'lectern_read',
      arguments: { target: file, start_line: lines - 60, end_line: lines },
    }),
    peer: (path) => ({ name: 'read_text_file', arguments: { path, tail: 61 } }),
  },
];

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

async function connect(command: string, args: string[]): Promise<Client> {
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command, args, stderr: 'ignore' }));
  return client;
}

/**
 * Rounds in which every server answers its call once (`callsOf(round)`, one per server), in an order
 * that rotates round by round so no server always follows another; the times after `warmups`
 * rounds, by server.
 */
export async function timeRounds(
  servers: Client[],
  callsOf: (round: number) => Call[],
  warmups: number,
  rounds: number,
): Promise<number[][]> {
  const samples: number[][] = servers.map(() => []);
  for (let i = 0; i < warmups + rounds; i++) {
    const calls = callsOf(i);
    for (let k = 0; k < servers.length; k++) {
      const s = (i + k) % servers.length;
      const elapsed = await timed(servers[s]!, calls[s]!);
      if (i >= warmups) samples[s]!.push(elapsed);
    }
  }
  return samples;
}

/** One call's client round trip; an error answer stops the bench (it would time the wrong work). */
async function timed(client: Client, call: Call): Promise<number> {
  const started = performance.now();
  const result = await client.callTool(call);
  const elapsed = performance.now() - started;
  if (result.isError)
    throw new Error(`${call.name} ${JSON.stringify(call.arguments)}: ${JSON.stringify(result.content)}`);
  return elapsed;
}

export interface McpPeerOptions {
  /** The repository root (node_modules holds the SDK and the peer). */
  root: string;
  /** The built CLI to start as `lectern mcp`. */
  cli: string;
  /** Another build of the CLI to time in the same rounds (an older commit's dist/cli.js). */
  before?: string;
  /** What that build is, for the page (e.g. "commit 5f8cd22"). */
  beforeLabel?: string;
  /** Rounds per call kind in all (split over the sessions). */
  pairs: number;
  warmups: number;
  /** Times the servers are started afresh (default 1). */
  sessions?: number;
}

/** The timed calls, and a whole file: what a model reads. */
const TOKEN_KINDS: CallKind[] = [
  ...CALL_KINDS,
  {
    label: 'whole file / read_text_file',
    lectern: (file) => ({ name: 'lectern_read', arguments: { target: file } }),
    peer: (path) => ({ name: 'read_text_file', arguments: { path } }),
  },
];

/** Each call kind once per file on fresh servers: the tokens of what each kind of client shows the model. */
async function answerTokens(
  options: McpPeerOptions,
  workspace: string,
  peerEntry: string,
  lines: number[],
): Promise<McpTokenRow[]> {
  const tokens = await loadTokenCounter();
  const lectern = (...flags: string[]) =>
    connect(process.execPath, [options.cli, 'mcp', '--root', workspace, '--session-guard', 'off', ...flags]);
  const [plain, structured, peer] = [
    await lectern(),
    await lectern('--structured-content'),
    await connect(process.execPath, [peerEntry, workspace]),
  ];
  const shown = (result: Awaited<ReturnType<Client['callTool']>>, prefersStructured: boolean): number =>
    tokens(
      prefersStructured && result.structuredContent
        ? JSON.stringify(result.structuredContent)
        : (result.content as { text: string }[]).map((part) => part.text).join('\n'),
    );
  try {
    const rows: McpTokenRow[] = [];
    for (const kind of TOKEN_KINDS) {
      const row: McpTokenRow = {
        label: kind.label,
        lectern: 0,
        peer: 0,
        lecternShown: 0,
        peerShown: 0,
        structuredShown: 0,
      };
      for (const [f, file] of MCP_FILES.entries()) {
        const ours = await plain.callTool(kind.lectern(file, lines[f]!));
        const theirs = await peer.callTool(kind.peer(join(workspace, file), lines[f]!));
        const before = await structured.callTool(kind.lectern(file, lines[f]!));
        row.lectern += shown(ours, false);
        row.lecternShown += shown(ours, true);
        row.peer += shown(theirs, false);
        row.peerShown += shown(theirs, true);
        row.structuredShown += shown(before, true);
      }
      rows.push(row);
    }
    return rows;
  } finally {
    await Promise.all([plain, structured, peer].map((client) => client.close()));
  }
}

const times = (values: number[]): McpTimes => ({ median: quantile(values, 0.5), p95: quantile(values, 0.95) });

/** Median of a / b, b / a's round by round. */
const pairRatio = (a: number[], b: number[]) =>
  quantile(
    a.map((t, i) => t / b[i]!),
    0.5,
  );

/** One session: the servers started afresh, each call kind timed in rotating rounds; samples by kind, then server. */
async function session(
  options: McpPeerOptions,
  workspace: string,
  peerEntry: string,
  lines: number[],
  rounds: number,
): Promise<number[][][]> {
  // The session guard off: the bench repeats the same reads, which a guarded session de-duplicates.
  const lectern = (cli: string) =>
    connect(process.execPath, [cli, 'mcp', '--root', workspace, '--session-guard', 'off']);
  const servers = [await lectern(options.cli), await connect(process.execPath, [peerEntry, workspace])];
  if (options.before) servers.push(await lectern(options.before));
  try {
    const byKind: number[][][] = [];
    for (const kind of CALL_KINDS) {
      const callsOf = (i: number) => {
        const f = i % MCP_FILES.length;
        return servers.map((_, s) =>
          s === 1 ? kind.peer(join(workspace, MCP_FILES[f]!), lines[f]!) : kind.lectern(MCP_FILES[f]!, lines[f]!),
        );
      };
      byKind.push(await timeRounds(servers, callsOf, options.warmups, rounds));
    }
    return byKind;
  } finally {
    await Promise.all(servers.map((server) => server.close()));
  }
}

export async function runMcpPeerBench(options: McpPeerOptions): Promise<McpPeerData> {
  const workspace = join(options.root, 'node_modules', '@modelcontextprotocol', 'sdk', 'dist', 'esm');
  const peerDir = join(options.root, 'node_modules', '@modelcontextprotocol', 'server-filesystem');
  const peerVersion = (JSON.parse(readFileSync(join(peerDir, 'package.json'), 'utf8')) as { version: string }).version;
  const lines = MCP_FILES.map((f) => readFileSync(join(workspace, f), 'utf8').replace(/\n$/, '').split('\n').length);
  // Several sessions of fresh processes: where the scheduler puts a process beside other load lasts
  // as long as the process, so one session can favour one server throughout.
  const sessions = Math.max(1, options.sessions ?? 1);
  const pooled: number[][][] = CALL_KINDS.map(() => []);
  for (let n = 0; n < sessions; n++) {
    const rounds = Math.ceil(options.pairs / sessions);
    const byKind = await session(options, workspace, join(peerDir, 'dist', 'index.js'), lines, rounds);
    byKind.forEach((samples, k) => samples.forEach((values, s) => (pooled[k]![s] ??= []).push(...values)));
  }
  const results = CALL_KINDS.map((kind, k): McpPairResult => {
    const [ours, theirs, old] = pooled[k] as [number[], number[], number[] | undefined];
    const result: McpPairResult = {
      label: kind.label,
      lectern: times(ours),
      peer: times(theirs),
      ratioOfMedians: quantile(ours, 0.5) / quantile(theirs, 0.5),
      medianPairRatio: pairRatio(ours, theirs),
    };
    if (old && old.length > 0)
      result.before = {
        ...times(old),
        ratioOfMedians: quantile(old, 0.5) / quantile(theirs, 0.5),
        medianPairRatio: pairRatio(old, theirs),
      };
    return result;
  });
  const tokens = await answerTokens(options, workspace, join(peerDir, 'dist', 'index.js'), lines);
  return {
    workspace,
    files: MCP_FILES,
    warmups: options.warmups,
    pairs: options.pairs,
    sessions,
    peerVersion,
    results,
    tokens,
  };
}

export interface McpPart {
  date: Date;
  loadStart: number;
  loadEnd: number;
  wallMs: number;
  data: McpPeerData;
}

/** Rounds per call kind and warm-up rounds; enough for stable medians on a busy machine. */
const PAIRS = 1_200;
const WARMUPS = 50;
const SESSIONS = 6;

/**
 * The part of `npm run bench`: builds dist/ as shipped (production), times it, and builds the dev
 * bundle again (what the tests and `npm start` use).
 */
export async function runMcpPart(root: string, before?: string, beforeLabel?: string): Promise<McpPart> {
  const date = new Date();
  const loadStart = os.loadavg()[0]!;
  const started = performance.now();
  process.stderr.write('mcp: production build …\n');
  execFileSync(process.execPath, ['esbuild.mjs', '--production'], { cwd: root, stdio: 'ignore' });
  try {
    process.stderr.write(`mcp: ${PAIRS} rounds per call kind in ${SESSIONS} sessions beside server-filesystem …\n`);
    const data = await runMcpPeerBench({
      root,
      cli: join(root, 'dist', 'cli.js'),
      before,
      beforeLabel,
      pairs: PAIRS,
      warmups: WARMUPS,
      sessions: SESSIONS,
    });
    return { date, loadStart, loadEnd: os.loadavg()[0]!, wallMs: performance.now() - started, data };
  } finally {
    execFileSync(process.execPath, ['esbuild.mjs'], { cwd: root, stdio: 'ignore' });
  }
}

/** The table of docs/benchmarks.md and of the console summary. */
export function mcpTable(data: McpPeerData): string[] {
  const before = data.results.some((r) => r.before);
  return [
    `| call (Lectern / server-filesystem) | Lectern | server-filesystem | Lectern / peer, medians | median of per-round ratios |${before ? ' before: Lectern | before / peer |' : ''}`,
    `|---|--:|--:|--:|--:|${before ? '--:|--:|' : ''}`,
    ...data.results.map(
      (r) =>
        `| ${r.label} | ${ms(r.lectern.median)} ms | ${ms(r.peer.median)} ms | **${ratio(r.ratioOfMedians)}** | ${ratio(r.medianPairRatio)} |` +
        (r.before ? ` ${ms(r.before.median)} ms | ${ratio(r.before.ratioOfMedians)} |` : before ? ' — | — |' : ''),
    ),
  ];
}

/** The tokens table: what the same answers cost a model, by the kind of client. */
export function mcpTokenTable(rows: readonly McpTokenRow[]): string[] {
  return [
    '| call (Lectern / server-filesystem) | shown `content`: Lectern | server-filesystem | Lectern / peer | shown `structuredContent`: Lectern | server-filesystem | Lectern / peer | with `--structured-content`: Lectern | Lectern / peer |',
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|',
    ...rows.map(
      (r) =>
        `| ${r.label} | ${count(r.lectern)} | ${count(r.peer)} | **${ratio(r.lectern / r.peer)}** | ${count(r.lecternShown)} | ${count(r.peerShown)} | **${ratio(r.lecternShown / r.peerShown)}** | ${count(r.structuredShown)} | ${ratio(r.structuredShown / r.peerShown)} |`,
    ),
  ];
}

export function mcpSummary(data: McpPeerData): string {
  return [
    '',
    `Warm MCP reads beside server-filesystem ${data.peerVersion} (${data.pairs} rounds per call in ${data.sessions} sessions, each after ${data.warmups} warm-ups):`,
    '',
    ...mcpTable(data),
    ...(data.tokens
      ? ['', 'Tokens the model gets (o200k, summed over the files):', '', ...mcpTokenTable(data.tokens)]
      : []),
    '',
  ].join('\n');
}
