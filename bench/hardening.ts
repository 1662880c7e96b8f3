// `npm run bench:hardening`: what issue 14's bounds cost, on generated inputs in a temp folder.
//   outline  — outlines and symbol reads of generated TypeScript, JavaScript and Python of 8 and 15 MB:
//              wall and CPU time, the event loop's longest stall, the process's peak RSS;
//   search   — file-target searches (a literal in a large log, `^$` over millions of empty lines)
//              beside grep on the same file in the same process loop;
//   workspace — workspace searches over a real tree given with --tree=DIR (e.g. a copy of a
//              node_modules folder or an unpacked Debian source package), beside grep -rn.
// With --baseline=DIR (a checkout of another commit with its node_modules), every job also runs on
// that checkout's src/ in the same run, so before/after figures share the machine's state.
//   npm run bench:hardening -- [--only=outline,search,workspace] [--sizes=8,15] [--log-mb=300] [--runs=3]
//                               [--tree=DIR] [--baseline=DIR]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, openSync, rmSync, writeFileSync, writeSync, closeSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { runBenchChild } from './childProcess';
import { EXTENSIONS, generateSource, type LargeLanguage } from './largeSource';
import type { HardeningCall, HardeningJob, HardeningResult } from './hardeningChild';

const ROOT = resolve(__dirname, '..');
const MiB = 1024 * 1024;

interface Args {
  only: Set<string>;
  sizes: number[];
  logMb: number;
  runs: number;
  baseline?: string;
  tree?: string;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { only: new Set(['outline', 'search']), sizes: [8, 15], logMb: 300, runs: 3 };
  for (const arg of argv) {
    const [key, value = ''] = arg.split('=');
    if (key === '--only') args.only = new Set(value.split(','));
    else if (key === '--sizes') args.sizes = value.split(',').map(Number);
    else if (key === '--log-mb') args.logMb = Number(value);
    else if (key === '--runs') args.runs = Number(value);
    else if (key === '--baseline') args.baseline = resolve(value);
    else if (key === '--tree') args.tree = resolve(value);
    else throw new Error(`unknown argument ${arg}`);
  }
  return args;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? NaN;
const f0 = (n: number) => n.toFixed(0);
const mb = (n: number) => `${(n / MiB).toFixed(0)} MB`;

async function runJob(job: HardeningJob): Promise<HardeningResult> {
  return runBenchChild<HardeningResult>(
    'hardeningChild.ts',
    job,
    ROOT,
    15 * 60_000,
    `hardening child ${job.calls[0]?.label}`,
  );
}

function versions(args: Args): { name: string; srcRoot: string }[] {
  return [...(args.baseline ? [{ name: 'baseline', srcRoot: args.baseline }] : []), { name: 'this', srcRoot: ROOT }];
}

async function outlines(args: Args, scratch: string): Promise<void> {
  process.stdout.write('\n## Outlines of generated files (one fresh process per file and version)\n\n');
  process.stdout.write('RSS after: 12 s after the last call, after a full GC (what a long-lived host keeps).\n\n');
  process.stdout.write(
    '| file | version | call | wall ms | CPU ms | longest stall ms | peak RSS | RSS after | answer |\n|---|---|---|---|---|---|---|---|---|\n',
  );
  for (const size of args.sizes) {
    for (const language of ['typescript', 'javascript', 'python'] as LargeLanguage[]) {
      const name = `gen${size}.${EXTENSIONS[language]}`;
      const dir = join(scratch, `outline-${name}`);
      execFileSync('mkdir', ['-p', dir]);
      writeFileSync(join(dir, name), generateSource(language, size * MiB));
      const calls: HardeningCall[] = [
        { label: 'outline', tool: 'lectern_read', input: { mode: 'file', target: name, outline: true } },
        { label: 'member', tool: 'lectern_read', input: { mode: 'symbol', target: 'Client5.send2', path: name } },
        {
          label: 'type',
          tool: 'lectern_read',
          input: { mode: 'symbol', target: 'Client6', path: name, include_body: false },
        },
      ];
      for (const version of versions(args)) {
        const result = await runJob({ srcRoot: version.srcRoot, root: dir, calls, runs: 1, idleMs: 12_000 }).catch(
          (error: Error) => error,
        );
        if (result instanceof Error) {
          process.stdout.write(`| ${name} | ${version.name} | (all) | failed: ${result.message} ||||||\n`);
          continue;
        }
        for (const call of result.calls) {
          const answer = call.ok
            ? (call.notes.find((n) => /top.level|stopped|took/i.test(n)) ?? call.head.split('\n')[0]!)
            : `error: ${call.head.split('\n')[0]}`;
          process.stdout.write(
            `| ${name} | ${version.name} | ${call.label} | ${f0(median(call.wallMs))} | ${f0(median(call.cpuMs))} | ${f0(call.stallMs)} | ${mb(result.peakRss)} | ${mb(result.idleRss ?? 0)} | ${answer.replace(/\|/g, '\\|').slice(0, 160)} |\n`,
          );
        }
      }
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

/** Writes `total` bytes produced by `chunk(i)` in pieces. */
function writeFile(file: string, total: number, chunk: (i: number) => string): void {
  const fd = openSync(file, 'w');
  let written = 0;
  for (let i = 0; written < total; i++) {
    const piece = Buffer.from(chunk(i));
    writeSync(fd, piece);
    written += piece.length;
  }
  closeSync(fd);
}

async function searches(args: Args, scratch: string): Promise<void> {
  const dir = join(scratch, 'search');
  execFileSync('mkdir', ['-p', dir]);
  const levels = ['INFO', 'DEBUG', 'WARN', 'INFO', 'TRACE'];
  // A log: 100 lines per chunk, one "needle-4711" every 10,000 lines.
  writeFile(join(dir, 'big.log'), args.logMb * MiB, (i) => {
    const lines: string[] = [];
    for (let j = 0; j < 100; j++) {
      const n = i * 100 + j;
      lines.push(
        `2026-11-24T15:${String(n % 60).padStart(2, '0')}:00.${n % 1000}Z ${levels[n % 5]} worker-${n % 16} handled request ${n} in ${n % 977} ms${n % 10_000 === 0 ? ' needle-4711' : ''} path=/api/v1/items/${n % 5000}`,
      );
    }
    return lines.join('\n') + '\n';
  });
  writeFile(join(dir, 'empty.txt'), 5_000_000, () => '\n'.repeat(100_000));
  const cases: { label: string; input: Record<string, unknown>; grep: string[] }[] = [
    {
      label: `literal, ${args.logMb} MB log, 1 in 10,000 lines`,
      input: { query: 'needle-4711', target: 'big.log' },
      grep: ['grep', '-n', '-i', '-F', 'needle-4711', 'big.log'],
    },
    {
      label: `literal, ${args.logMb} MB log, every line`,
      input: { query: 'handled request', target: 'big.log' },
      grep: ['grep', '-c', '-i', '-F', 'handled request', 'big.log'],
    },
    {
      label: `regex, ${args.logMb} MB log`,
      input: { query: 'needle-47[0-9]+', is_regex: true, target: 'big.log' },
      grep: ['grep', '-n', '-i', '-E', 'needle-47[0-9]+', 'big.log'],
    },
    {
      label: '^$ over 5 M empty lines',
      input: { query: '^$', is_regex: true, target: 'empty.txt' },
      grep: ['grep', '-c', '^$', 'empty.txt'],
    },
  ];
  process.stdout.write(`\n## File-target search beside grep (median of ${args.runs}, alternating in one process)\n\n`);
  process.stdout.write(
    '| case | version | Lectern ms | Lectern CPU ms | grep ms | ratio | longest stall ms | matches | peak RSS |\n|---|---|---|---|---|---|---|---|---|\n',
  );
  for (const c of cases) {
    for (const version of versions(args)) {
      const result = await runJob({
        srcRoot: version.srcRoot,
        root: dir,
        calls: [{ label: c.label, tool: 'lectern_search', input: c.input }],
        runs: args.runs,
        grep: c.grep,
      }).catch((error: Error) => error);
      if (result instanceof Error) {
        process.stdout.write(`| ${c.label} | ${version.name} | failed: ${result.message} ||||||||\n`);
        continue;
      }
      const call = result.calls[0]!;
      const lectern = median(call.wallMs);
      const grep = median(result.grepMs);
      process.stdout.write(
        `| ${c.label} | ${version.name} | ${f0(lectern)} | ${f0(median(call.cpuMs))} | ${f0(grep)} | ${(lectern / grep).toFixed(1)}× | ${f0(call.stallMs)} | ${call.matches ?? '?'} | ${mb(result.peakRss)} |\n`,
      );
    }
  }
  rmSync(dir, { recursive: true, force: true });
}

async function workspace(args: Args): Promise<void> {
  if (!args.tree) throw new Error('--only=workspace needs --tree=DIR');
  const cases = [
    { label: 'common word', input: { query: 'function' }, grep: ['grep', '-rn', '-i', '-F', 'function', '.'] },
    {
      label: 'absent word',
      input: { query: 'zqxjk-not-there' },
      grep: ['grep', '-rn', '-i', '-F', 'zqxjk-not-there', '.'],
    },
  ];
  process.stdout.write(
    `\n## Workspace search over ${args.tree} (median of ${args.runs}; versions alternate per round)\n\n`,
  );
  process.stdout.write(
    '| case | version | Lectern ms | Lectern CPU ms | grep -rn ms | ratio |\n|---|---|---|---|---|---|\n',
  );
  for (const c of cases) {
    const rows = new Map<string, { wall: number[]; cpu: number[]; grep: number[] }>();
    // One process per round and version, rounds interleaved: both versions see the same machine.
    for (let round = 0; round < args.runs; round++) {
      for (const version of versions(args)) {
        const calls: HardeningCall[] = [
          { label: 'warm', tool: 'lectern_search', input: c.input },
          { label: c.label, tool: 'lectern_search', input: c.input },
        ];
        const result = await runJob({
          srcRoot: version.srcRoot,
          root: args.tree,
          calls,
          runs: 1,
          grep: c.grep,
          plainHost: true,
        });
        const row = rows.get(version.name) ?? { wall: [], cpu: [], grep: [] };
        row.wall.push(...result.calls[1]!.wallMs);
        row.cpu.push(...result.calls[1]!.cpuMs);
        row.grep.push(...result.grepMs);
        rows.set(version.name, row);
      }
    }
    for (const [name, row] of rows) {
      process.stdout.write(
        `| ${c.label} | ${name} | ${f0(median(row.wall))} | ${f0(median(row.cpu))} | ${f0(median(row.grep))} | ${(median(row.wall) / median(row.grep)).toFixed(1)}× |\n`,
      );
    }
  }
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const scratch = mkdtempSync(join(os.tmpdir(), 'lectern-hardening-'));
  process.stdout.write(
    `# bench:hardening ${new Date().toISOString()}\nload average at start: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')} (${os.cpus().length} cores)\n`,
  );
  try {
    if (args.only.has('outline')) await outlines(args, scratch);
    if (args.only.has('search')) await searches(args, scratch);
    if (args.only.has('workspace')) await workspace(args);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  process.stdout.write(
    `\nload average at end: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}\n`,
  );
}

void main();
