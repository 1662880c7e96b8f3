// Part of `npm run bench:cli`: how long a process lives once its work is done — `lectern call` from
// its answer's arrival, `lectern session` and `lectern mcp` (stdio) from the end of their input — after
// the work that starts worker threads (a regex on a 3 MB line and over the workspace: the regex worker;
// a symbol read: the parser). The baseline, in the same run: a bare `node` reading stdin, from its end.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ms, ratio } from './format';

const WORK = [
  { tool: 'lectern_search', input: { query: 'b{3}c', is_regex: true, target: 'one.txt' } },
  { tool: 'lectern_search', input: { query: 'b{3}c', is_regex: true } },
  { tool: 'lectern_read', input: { mode: 'symbol', target: 'f10' } },
];

/** Spawns `args`; `onOut` sees all stdout so far and returns true when the work is done (then `finish` runs). */
function delayAfterWork(
  args: string[],
  onOut: (out: string) => boolean,
  start: (stdin: NodeJS.WritableStream) => void,
  finish: (stdin: NodeJS.WritableStream) => void,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'ignore'] });
    let out = '';
    let done: number | undefined;
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (done === undefined && onOut(out)) {
        done = performance.now();
        finish(child.stdin);
      }
    });
    child.on('exit', () =>
      done === undefined ? reject(new Error(`${args[1]}: no answer`)) : resolve(performance.now() - done),
    );
    start(child.stdin);
  });
}

const lineCount = (text: string) => text.split('\n').length - 1;
const mcpMessage = (message: object) => JSON.stringify({ jsonrpc: '2.0', ...message }) + '\n';

function mcpStart(stdin: NodeJS.WritableStream): void {
  const clientInfo = { name: 'bench', version: '1' };
  stdin.write(
    mcpMessage({
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo },
    }),
  );
  stdin.write(mcpMessage({ method: 'notifications/initialized' }));
  WORK.forEach((w, i) =>
    stdin.write(mcpMessage({ id: i + 1, method: 'tools/call', params: { name: w.tool, arguments: w.input } })),
  );
}

export async function exitDelays(cli: string, runs: number): Promise<string> {
  const root = mkdtempSync(join(os.tmpdir(), 'lectern-exit-'));
  writeFileSync(join(root, 'one.txt'), 'a'.repeat(3_000_000) + 'bbbc\n');
  writeFileSync(
    join(root, 'f.js'),
    Array.from({ length: 20 }, (_, i) => `function f${i}() { return ${i}; }\n`).join(''),
  );
  const end = (stdin: NodeJS.WritableStream) => stdin.end();
  const cases: [string, () => Promise<number>][] = [
    [
      'node reading stdin (baseline), from its end',
      () =>
        delayAfterWork(
          ['-e', 'process.stdin.resume(); console.log(1)'],
          (o) => lineCount(o) >= 1,
          () => {},
          end,
        ),
    ],
    [
      'lectern call (regex on a 3 MB line), from its answer',
      () =>
        delayAfterWork(
          [cli, 'call', WORK[0]!.tool, JSON.stringify(WORK[0]!.input), '--root', root],
          (o) => lineCount(o) >= 1,
          end,
          () => {},
        ),
    ],
    [
      'lectern session, from the end of its input',
      () =>
        delayAfterWork(
          [cli, 'session', '--root', root],
          (o) => lineCount(o) >= WORK.length,
          (s) => WORK.forEach((w) => s.write(JSON.stringify(w) + '\n')),
          end,
        ),
    ],
    [
      'lectern mcp (stdio), from the end of its input',
      () => delayAfterWork([cli, 'mcp', '--root', root], (o) => lineCount(o) >= WORK.length + 1, mcpStart, end),
    ],
  ];
  const times = new Map<string, number[]>(cases.map(([name]) => [name, []]));
  try {
    for (let run = 0; run < runs; run++) for (const [name, measure] of cases) times.get(name)!.push(await measure());
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const base = median(times.get(cases[0]![0])!);
  const rows = [...times].map(
    ([name, t]) => `| ${name} | ${ms(median(t))} | ${ms(Math.max(...t))} | ${ratio(median(t) / base)} |`,
  );
  return [
    `Processes end (${runs} runs each, ms from the end of the work to the process's exit):`,
    '',
    '| process | median | max | vs baseline |',
    '| --- | ---: | ---: | ---: |',
    ...rows,
  ].join('\n');
}
