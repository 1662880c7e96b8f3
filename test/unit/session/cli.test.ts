// `lectern session` is one session: a scripted JSONL sequence moves it through ok, soft and hard,
// with pointers, relevance and exclusion warnings on the way — and the same script gives the same
// stabilization answers every time.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { ToolResponse } from '../../../src/core/ground/contract';
import type { Stabilization } from '../../../src/core/ground/stabilization';
import { tempDir, write } from '../helpers';
import { numberedLines } from './helpers';

const cli = join(__dirname, '..', '..', '..', 'src', 'cli', 'main.ts');

function session(root: string, requests: { tool: string; input: unknown }[]): ToolResponse[] {
  const run = spawnSync(process.execPath, ['--import', 'tsx', cli, 'session', '--root', root], {
    input: requests.map((r) => JSON.stringify(r)).join('\n') + '\n',
    encoding: 'utf8',
  });
  assert.equal(run.status, 0, run.stderr);
  return run.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as ToolResponse);
}

describe('session: the CLI session command', () => {
  it('a scripted sequence: ok → soft → hard, one session, the same answers on every run', function () {
    this.timeout(60_000);
    const root = tempDir('lectern-cli-session-');
    write(root, 'big.txt', numberedLines(6000));
    write(root, 'src/app.ts', 'export const app = 1;\n');
    write(root, 'node_modules/dep/index.js', 'module.exports = {};\n');
    const read = (start: number, end: number) => ({
      tool: 'lectern_read',
      input: { target: 'big.txt', start_line: start, end_line: end },
    });
    const requests = [
      { tool: 'lectern_search', input: { target: 'big.txt', query: 'line 00001' } },
      ...Array.from({ length: 9 }, (_, i) => read(i * 300 + 1, i * 300 + 300)), // 2,700 lines: soft from the 9th
      read(2401, 2700), // a pointer
      { tool: 'lectern_read', input: { target: 'src/app.ts' } },
      { tool: 'lectern_read', input: { target: 'node_modules/dep/index.js' } },
      ...Array.from({ length: 16 }, (_, i) => read(2701 + i * 150, 2850 + i * 150)), // soft: 150 lines a read, up to 5,000
      read(5001, 5100),
      { tool: 'lectern_search', input: { target: 'big.txt', query: 'line 05050' } },
    ];
    const answers = session(root, requests);
    assert.equal(answers.length, requests.length);
    const stabs = answers.map((a) => a.meta.stabilization as Stabilization);
    const states = stabs.map((s) => s.budget_state);
    assert.deepEqual(states, [...Array(9).fill('ok'), ...Array(19).fill('soft'), 'hard', 'hard', 'hard']);
    const codesOf = (i: number) => stabs[i]!.warnings.map((w) => w.code);
    assert.deepEqual(codesOf(1), []);
    assert.deepEqual(codesOf(9), ['BUDGET_SOFT']);
    assert.equal(answers[9]!.meta.end_line, 2700);
    // The pointer: the same session across lines; the budget note is not repeated.
    assert.deepEqual(codesOf(10), ['DEDUPLICATED']);
    assert.equal(answers[10]!.content, '');
    // Soft: at most 150 lines a read, and those are in call #10's answer.
    assert.match(answers[10]!.text, /^big\.txt · lines 2,401-2,550 of 6,000 · unchanged since call #10\n/);
    assert.deepEqual(codesOf(11), ['LOW_RELEVANCE']);
    assert.deepEqual(codesOf(12), ['EXCLUDED_PATH']);
    // In the soft state broad reads degrade to 150 lines; the one that reaches the hard limit says what follows, once.
    assert.deepEqual([answers[13]!.meta.start_line, answers[13]!.meta.end_line], [2701, 2850]);
    assert.deepEqual([answers[28]!.meta.start_line, answers[28]!.meta.end_line], [4951, 5100]);
    assert.match(
      answers[28]!.text,
      /\[BUDGET_SOFT: read budget used up \(28\/50 reads, 5,102\/5,000 lines\): broad reads now show 60 lines a page; symbols and ranges of up to 60 lines are served whole\./,
    );
    // Hard: a broad read is a page of 60 lines (here already served: a pointer), never a refusal.
    assert.ok(answers[29]!.ok, answers[29]!.text);
    assert.deepEqual([answers[29]!.meta.start_line, answers[29]!.meta.end_line], [5001, 5060]);
    assert.deepEqual(codesOf(29), ['DEDUPLICATED']);
    assert.ok(answers[30]!.ok, 'searching still works');
    const last = stabs[30]!.metrics_snapshot;
    assert.deepEqual(
      [last.reads_count, last.reads_lines_total, last.deduplicated_reads, last.search_count, last.max_read_span],
      [29, 5102, 2, 2, 300],
    );
    // Deterministic: the same script again, in a new process, gives the same stabilization answers.
    const again = session(root, requests).map((a) => a.meta.stabilization);
    assert.deepEqual(again, stabs);
  });
});
