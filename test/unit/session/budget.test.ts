// The read budget: lines per read, the soft limit (smaller answers and a search-first hint), the
// hard limit (broad reads in pages, precise reads whole, never a refusal), and the host's token budget.
import { strict as assert } from 'node:assert';
import { codes, footer, numberedLines, sessionWorkspace, stab } from './helpers';

describe('session: read budget', () => {
  it('a read shows at most maxSingleReadLines lines, with the exact next call', async () => {
    const ws = sessionWorkspace({ maxSingleReadLines: 50 });
    ws.write('big.txt', numberedLines(400));
    const r = await ws.call('lectern_read', { target: 'big.txt', start_line: 1, end_line: 200 });
    assert.ok(r.ok, r.text);
    assert.deepEqual([r.meta.start_line, r.meta.end_line], [1, 50]);
    assert.equal(r.meta.preview_degraded, true);
    assert.deepEqual(r.meta.next, { mode: 'file', target: 'big.txt', start_line: 51, end_line: 200 });
    assert.match(
      r.text,
      /\[Capped at 50 lines per read \(the session's read budget\); 150 more lines of the range left for the next call\./,
    );
    assert.equal(stab(r).budget_state, 'ok');
    assert.equal(stab(r).metrics_snapshot.reads_lines_total, 50);
    assert.equal(stab(r).metrics_snapshot.preview_degraded_count, 1);
    // Tails keep their end.
    const tail = await ws.call('lectern_read', { target: 'big.txt', tail: 120 });
    assert.deepEqual([tail.meta.start_line, tail.meta.end_line], [351, 400]);
    assert.ok(tail.content.startsWith('line 00351\n'));
  });

  it('a symbol longer than the per-read lines answers with its signature and members', async () => {
    const ws = sessionWorkspace({ maxSingleReadLines: 20 });
    const body = Array.from({ length: 30 }, (_, i) => `  m${i}() { return ${i}; }`).join('\n');
    ws.write('src/big.ts', `export class Big {\n${body}\n}\n`);
    const r = await ws.call('lectern_read', { mode: 'symbol', target: 'Big', path: 'src/big.ts' });
    assert.ok(r.ok, r.text);
    assert.equal(r.meta.preview_degraded, true);
    assert.match(
      r.text,
      /Big is 32 lines, more than one answer may hold \(20 lines per read in this session\): showing its signature and members/,
    );
  });

  it('soft at the configured values: smaller broad reads and a search-first note, once; hard at 2×: pages of 50, never a refusal', async () => {
    const ws = sessionWorkspace({ maxReadsPerSession: 3, maxTotalReadLines: 10_000, maxSingleReadLines: 100 });
    ws.write('big.txt', numberedLines(2000));
    const read = (from: number) =>
      ws.call('lectern_read', { target: 'big.txt', start_line: from, end_line: from + 199 });
    const first = await read(1);
    assert.equal(stab(first).budget_state, 'ok');
    assert.equal(first.meta.end_line, 100);
    assert.deepEqual(codes(first), []);
    assert.equal(stab(first).suggested_next_action, null);
    await read(201);
    const third = await read(401);
    // The third read reaches the soft limit: it is served whole, and says so.
    assert.equal(third.meta.end_line, 500);
    assert.equal(stab(third).budget_state, 'soft');
    assert.deepEqual(codes(third), ['BUDGET_SOFT']);
    assert.deepEqual(footer(third), [
      '[BUDGET_SOFT: 3/3 reads, 300/10,000 lines: broad reads now show at most 50 lines (50 from 6 reads or 20,000 lines); symbols and short ranges are served whole. Search first: lectern_search {"target":"big.txt","query":"NAME"} with NAME what you look for, then read only the matching range.]',
    ]);
    assert.equal(
      stab(third).suggested_next_action,
      'Search before reading: lectern_search {"target":"big.txt","query":"NAME"} with NAME what you look for',
    );
    // In the soft state the payload degrades: half the lines per read; the note is not repeated.
    const fourth = await read(601);
    assert.deepEqual([fourth.meta.start_line, fourth.meta.end_line], [601, 650]);
    assert.equal(fourth.meta.preview_degraded, true);
    assert.deepEqual(footer(fourth), []);
    await read(801);
    const sixth = await read(1001);
    assert.equal(stab(sixth).budget_state, 'hard');
    assert.match(
      footer(sixth)[0]!,
      /^\[BUDGET_SOFT: read budget used up \(6\/6 reads, 450\/20,000 lines\): broad reads now show 50 lines a page; symbols and ranges of up to 60 lines are served whole\./,
    );
    assert.match(footer(sixth)[0]!, /"ephemeral": true reads a large range once/);
    // At the hard limit a broad read is a page, a precise one is whole; neither is refused.
    const broad = await read(1201);
    assert.ok(broad.ok, broad.text);
    assert.deepEqual([broad.meta.start_line, broad.meta.end_line], [1201, 1250]);
    assert.deepEqual(footer(broad), [], 'the note was given once');
    assert.equal(stab(broad).budget_state, 'hard');
    const precise = await ws.call('lectern_read', { target: 'big.txt', start_line: 1700, end_line: 1759 });
    assert.deepEqual([precise.meta.start_line, precise.meta.end_line], [1700, 1759]);
    const ephemeral = await ws.call('lectern_read', {
      target: 'big.txt',
      start_line: 1,
      end_line: 400,
      ephemeral: true,
    });
    assert.deepEqual([ephemeral.meta.start_line, ephemeral.meta.end_line], [1, 400]);
    const search = await ws.call('lectern_search', { target: 'big.txt', query: 'line 01500' });
    assert.ok(search.ok, search.text);
    assert.ok((await ws.call('lectern_stat', { target: 'big.txt' })).ok);
    // Legacy reads too.
    const legacy = await ws.lectern.run('read_file', { path: 'big.txt', start_line: 1, end_line: 5 });
    assert.equal(legacy.response.legacy?.success, true);
    // A reset starts over.
    ws.lectern.session.reset();
    assert.equal((await read(1)).meta.end_line, 100);
  });

  it('any file can be read to its end past the hard limit, by following [Next]', async () => {
    const ws = sessionWorkspace({ maxReadsPerSession: 2, maxTotalReadLines: 100, maxSingleReadLines: 300 });
    ws.write('big.txt', numberedLines(1500));
    let next: Record<string, unknown> | null = { target: 'big.txt' };
    let last = 0;
    for (let i = 0; next && i < 100; i++) {
      const r = await ws.call('lectern_read', next);
      assert.ok(r.ok, r.text);
      if (r.meta.end_line !== null) last = r.meta.end_line;
      next = r.meta.next;
    }
    assert.equal(last, 1500);
  });

  it('a symbol read at the hard limit is answered whole', async () => {
    const ws = sessionWorkspace({ maxReadsPerSession: 1, hardLimitMultiplier: 1, maxSingleReadLines: 300 });
    const body = Array.from({ length: 90 }, (_, i) => `  const v${i} = ${i};`).join('\n');
    ws.write('src/a.ts', `export function alpha() {\n${body}\n  return 1;\n}\n`);
    assert.ok((await ws.call('lectern_read', { target: 'src/a.ts', start_line: 1, end_line: 2 })).ok);
    const r = await ws.call('lectern_read', { mode: 'symbol', target: 'alpha', path: 'src/a.ts' });
    assert.ok(r.ok, r.text);
    assert.equal(stab(r).budget_state, 'hard');
    assert.deepEqual([r.meta.start_line, r.meta.end_line], [1, 93]);
  });

  it('the token budget the host passes with a call is honoured', async () => {
    const ws = sessionWorkspace();
    ws.write('wide.txt', Array.from({ length: 200 }, (_, i) => `${i} ${'word '.repeat(30)}`).join('\n') + '\n');
    const full = await ws.call('lectern_read', { target: 'wide.txt', start_line: 1, end_line: 200 });
    assert.equal(full.meta.end_line, 200);
    const r = await ws.lectern.invoke(
      'lectern_read',
      { target: 'wide.txt', start_line: 1, end_line: 200, force: true },
      { tokenBudget: 1500 },
    );
    assert.ok(r.ok, r.text);
    assert.ok(r.meta.end_line! < 200, `end ${r.meta.end_line}`);
    assert.ok(r.meta.token_estimate <= 1500 + 100, `tokens ${r.meta.token_estimate}`);
  });

  it('with the guard off the session is only observed', async () => {
    const ws = sessionWorkspace({ sessionGuard: false, maxReadsPerSession: 1, maxSingleReadLines: 10 });
    ws.write('big.txt', numberedLines(100));
    for (let i = 0; i < 4; i++) {
      const r = await ws.call('lectern_read', { target: 'big.txt', start_line: 1, end_line: 50 });
      assert.ok(r.ok, r.text);
      assert.equal(r.meta.end_line, 50);
      assert.equal(r.content.split('\n').length, 51);
      assert.deepEqual(stab(r).warnings, []);
    }
    const s = ws.lectern.session.snapshot();
    assert.equal(s.metrics.reads_count, 4);
    assert.equal(s.metrics.reads_lines_total, 200);
    assert.equal(s.budget_state, 'hard');
  });
});
