// Processes end: `lectern call` right after its answer, `lectern session` and the stdio MCP server
// once their input closes, whatever worker threads they started (the regular-expression worker,
// the outline thread, the symbol index's workers). Before the fix, the regular-expression worker's
// message port kept each of them alive for minutes. Run on the built CLI, as users run it. The time
// is counted from the answer's arrival (call) or the end of the input (session, mcp): the work is
// done then, and exiting takes tens of milliseconds; a process that lingers lingers for minutes.
import { strict as assert } from 'node:assert';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { tempDir, write } from '../helpers';
import { repoRoot } from '../mcp/helpers';

/** Issue 20's bound: every process ends within 1 s of its work. */
const EXIT_WITHIN_MS = 1_000;

const cli = join(repoRoot, 'dist', 'cli.js');

/** Resolves with the exit code, or with 'alive' when the process is still running `ms` after the call (then it is killed). */
function exitWithin(child: ChildProcess, ms: number): Promise<number | 'alive'> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve('alive');
    }, ms);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code ?? -1);
    });
  });
}

/**
 * The work was done: an answer, or TIMEOUT for the big outline on a loaded machine (the outline
 * thread was started all the same, which is what these tests need).
 */
const answered = (ok: boolean, line: string) => ok || line.includes('Error TIMEOUT');

/** Collects stdout's lines; resolves when `count` have arrived. */
function lines(child: ChildProcess): { all: string[]; until(count: number): Promise<void> } {
  const all: string[] = [];
  let buffered = '';
  let waiting: { count: number; resolve(): void } | undefined;
  child.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    let newline: number;
    while ((newline = buffered.indexOf('\n')) >= 0) {
      all.push(buffered.slice(0, newline));
      buffered = buffered.slice(newline + 1);
    }
    if (waiting && all.length >= waiting.count) waiting.resolve();
  });
  return {
    all,
    until: (count) =>
      all.length >= count ? Promise.resolve() : new Promise<void>((resolve) => (waiting = { count, resolve })),
  };
}

/**
 * A regex on a 3 MB line and over the workspace (the regex worker), a big file outlined on the outline
 * thread and a symbol read (the index's workers).
 */
const WORK = [
  { tool: 'lectern_search', input: { query: 'b{3}c', is_regex: true, target: 'one.txt' } },
  { tool: 'lectern_search', input: { query: 'b{3}c', is_regex: true } },
  { tool: 'lectern_read', input: { target: 'big.js', outline: true } },
  { tool: 'lectern_read', input: { mode: 'symbol', target: 'f10' } },
];

describe('hardening: processes end', function () {
  this.timeout(120_000);
  let root: string;

  before(function () {
    const built = spawnSync(process.execPath, ['esbuild.mjs'], { cwd: repoRoot, encoding: 'utf8' });
    assert.equal(built.status, 0, built.stderr);
    root = tempDir('lectern-procs-');
    write(root, 'one.txt', 'a'.repeat(3_000_000) + 'bbbc\n');
    write(
      root,
      'big.js',
      Array.from({ length: 15_000 }, (_, i) => `function f${i}(a) { return a + ${i}; }\n`).join(''),
    );
  });

  it('call: exits right after printing its answer (a regex search on a 3 MB line)', async () => {
    const child = spawn(process.execPath, [
      cli,
      'call',
      'lectern_search',
      JSON.stringify(WORK[0]!.input),
      '--root',
      root,
    ]);
    const out = lines(child);
    await out.until(1);
    assert.equal(JSON.parse(out.all[0]!).ok, true);
    assert.equal(await exitWithin(child, EXIT_WITHIN_MS), 0, 'lectern call still running after its answer');
  });

  it('session: exits once its input closes, after regex searches, a large outline and a symbol read', async () => {
    const child = spawn(process.execPath, [cli, 'session', '--root', root]);
    const out = lines(child);
    for (const request of WORK) child.stdin!.write(JSON.stringify(request) + '\n');
    await out.until(WORK.length);
    for (const line of out.all) assert.ok(answered(JSON.parse(line).ok, line), line.slice(0, 300));
    child.stdin!.end();
    assert.equal(await exitWithin(child, EXIT_WITHIN_MS), 0, 'lectern session still running after its input closed');
  });

  it('mcp (stdio): exits once the client closes its input', async () => {
    const child = spawn(process.execPath, [cli, 'mcp', '--root', root]);
    const out = lines(child);
    const send = (message: object) => child.stdin!.write(JSON.stringify({ jsonrpc: '2.0', ...message }) + '\n');
    send({
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    });
    await out.until(1);
    send({ method: 'notifications/initialized' });
    WORK.forEach((request, i) =>
      send({ id: i + 1, method: 'tools/call', params: { name: request.tool, arguments: request.input } }),
    );
    await out.until(1 + WORK.length);
    for (const line of out.all.slice(1))
      assert.ok(answered(JSON.parse(line).result?.isError === false, line), line.slice(0, 300));
    child.stdin!.end();
    assert.equal(await exitWithin(child, EXIT_WITHIN_MS), 0, 'lectern mcp still running after its input closed');
  });
});
