// The replay log: the same input over the same file versions gives the same answer (a property over
// random files and call sequences); a changed file is named; a drifted answer shows its first
// differing line; and the CLI's --log / replay work end to end for call, session and mcp.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { appendFileSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { replayEntries } from '../../../src/cli/replay';
import { Lectern } from '../../../src/core/engine';
import { createNodeHost, rootsOf } from '../../../src/node/nodeHost';
import { readLog, ReplayLog, type LogEntry } from '../../../src/node/replayLog';
import { tempDir, write } from '../helpers';
import { lecternCommand, stdio } from '../mcp/helpers';

const call = fc.oneof(
  fc.record({
    tool: fc.constant('lectern_read'),
    input: fc.record({
      target: fc.constantFrom('a.ts', 'b.txt', 'missing.txt'),
      head: fc.integer({ min: 1, max: 60 }),
    }),
  }),
  fc.record({
    tool: fc.constant('lectern_read'),
    input: fc.record({
      target: fc.constantFrom('a.ts', 'b.txt'),
      start_line: fc.integer({ min: 1, max: 40 }),
      end_line: fc.integer({ min: 40, max: 90 }),
    }),
  }),
  fc.record({
    tool: fc.constant('lectern_read'),
    input: fc.record({ mode: fc.constant('symbol'), target: fc.constantFrom('f', 'g', 'nope') }),
  }),
  fc.record({
    tool: fc.constant('lectern_search'),
    input: fc.record({ query: fc.constantFrom('return', 'line 1', 'zzz') }),
  }),
  fc.record({
    tool: fc.constant('lectern_stat'),
    input: fc.record({ target: fc.constantFrom('a.ts', 'b.txt', 'sub') }),
  }),
);

const source = fc.array(
  fc.constantFrom('export function f() {', '  return 1;', '}', 'export const g = () => 2;', '// line 1', ''),
  { maxLength: 40 },
);

/** Runs the calls in one session with a replay log, as `lectern session --log` does. */
async function logged(root: string, calls: { tool: string; input: unknown }[], logFile: string): Promise<LogEntry[]> {
  const roots = rootsOf([root]);
  const engine = new Lectern(
    createNodeHost(() => roots, { recordFiles: true }),
    () => ({}),
  );
  const log = new ReplayLog(logFile);
  for (const c of calls) {
    await log.record(
      { session: 'run/s', tool: c.tool, input: c.input, roots, settings: {}, allowOutside: false, counting: 'exact' },
      () => engine.run(c.tool, c.input, { sessionId: 's' }),
    );
  }
  return readLog(readFileSync(logFile, 'utf8'));
}

describe('cli: replay log', function () {
  this.timeout(120_000);

  it('property: the same input over the same file versions gives the same answer', async () => {
    await fc.assert(
      fc.asyncProperty(
        source,
        fc.array(fc.string({ maxLength: 30 }), { maxLength: 100 }),
        fc.array(call, { minLength: 1, maxLength: 12 }),
        async (ts, txt, calls) => {
          const root = tempDir('lectern-replay-');
          write(root, 'a.ts', ts.join('\n'));
          write(root, 'b.txt', txt.join('\n'));
          write(root, 'sub/c.txt', 'line 1\n');
          const entries = await logged(root, calls, join(tempDir('lectern-replay-log-'), 'log.jsonl'));
          assert.equal(entries.length, calls.length);
          const verdicts = await replayEntries(entries);
          assert.deepEqual(
            verdicts.map((v) => v.kind),
            calls.map(() => 'same'),
          );
        },
      ),
      { numRuns: 40 },
    );
  });

  it('names the file that changed since, for the calls that saw it only', async () => {
    const root = tempDir('lectern-replay-');
    write(root, 'a.ts', 'export function f() {\n  return 1;\n}\n');
    write(root, 'b.txt', 'one\ntwo\n');
    const logFile = join(tempDir('lectern-replay-log-'), 'log.jsonl');
    const entries = await logged(
      root,
      [
        { tool: 'lectern_read', input: { target: 'a.ts' } },
        { tool: 'lectern_read', input: { target: 'b.txt' } },
      ],
      logFile,
    );
    assert.ok(entries[0]!.files.some((f) => f.path === join(root, 'a.ts') && f.sha256 && f.size === 36));
    // It holds answers (file text): a new log is the user's alone.
    if (process.platform !== 'win32') assert.equal(statSync(logFile).mode & 0o777, 0o600);
    writeFileSync(join(root, 'a.ts'), 'export function f() {\n  return 2;\n}\n'); // same size, other content
    const verdicts = await replayEntries(entries);
    assert.deepEqual(verdicts[0], { kind: 'changed', files: [`${join(root, 'a.ts')} (content)`] });
    assert.deepEqual(verdicts[1], { kind: 'same' });
  });

  it('a drifted answer shows its first differing line', async () => {
    const root = tempDir('lectern-replay-');
    write(root, 'b.txt', 'one\ntwo\nthree\n');
    const logFile = join(tempDir('lectern-replay-log-'), 'log.jsonl');
    const [entry] = await logged(root, [{ tool: 'lectern_read', input: { target: 'b.txt' } }], logFile);
    // As if an older Lectern had answered otherwise.
    const lines = entry!.text.split('\n');
    lines[2] = 'TWO';
    const older: LogEntry = { ...entry!, text: lines.join('\n'), answer_sha256: '0'.repeat(64) };
    const [verdict] = await replayEntries([older]);
    assert.deepEqual(verdict, { kind: 'drifted', line: 3, was: 'TWO', now: 'two' });
  });

  it('lectern --log for call, session and mcp; lectern replay reports them all the same', async () => {
    const root = tempDir('lectern-replay-cli-');
    write(root, 'a.ts', 'export function f() {\n  return 1;\n}\n');
    const logFile = join(tempDir('lectern-replay-log-'), 'log.jsonl');
    const run = (args: string[], input?: string) => {
      const { command, args: full } = lecternCommand(...args);
      return spawnSync(command, full, { input, encoding: 'utf8' });
    };
    assert.equal(run(['call', 'lectern_stat', '{"target":"a.ts"}', '--root', root, '--log', logFile]).status, 0);
    const session = run(
      ['session', '--root', root, '--log', logFile],
      [
        '{"tool":"lectern_read","input":{"mode":"symbol","target":"f"}}',
        '{"tool":"lectern_search","input":{"query":"return"}}',
      ].join('\n') + '\n',
    );
    assert.equal(session.status, 0, session.stderr);
    const connected = await stdio(['--root', root, '--log', logFile]);
    try {
      await connected.client.callTool({ name: 'lectern_read', arguments: { target: 'a.ts', head: 2 } });
    } finally {
      await connected.close();
    }
    const replayed = run(['replay', logFile]);
    assert.equal(replayed.status, 0, replayed.stdout + replayed.stderr);
    assert.match(
      replayed.stdout,
      /^#1 lectern_stat \{"target":"a\.ts"\}: same\n#2 lectern_read .*: same\n#3 lectern_search .*: same\n#4 lectern_read .*: same\n4 calls: 4 same, 0 drifted, 0 with a file changed since\.\n$/,
    );
    appendFileSync(join(root, 'a.ts'), '// more\n');
    const after = run(['replay', logFile]);
    assert.equal(after.status, 1);
    assert.match(after.stdout, /4 calls: 0 same, 0 drifted, 4 with a file changed since\./);
  });
});
