// Loop detection: the same call with the same answer warns at 3 and is refused from 5 (force
// insists); an answer that changed in between starts the count over.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import { callKey, RepeatCounter } from '../../../src/core/session/repeatedCalls';
import { codes, footer, sessionWorkspace, stab } from './helpers';

describe('session: loop detection', () => {
  it('warns at the 3rd and 4th identical call, refuses the 5th with what to do instead; force insists', async () => {
    const ws = sessionWorkspace();
    ws.write('a.txt', 'alpha\nbeta\n');
    const call = (extra: Record<string, unknown> = {}) =>
      ws.call('lectern_read', { target: 'a.txt', start_line: 1, end_line: 2, ...extra });
    assert.deepEqual(codes(await call()), []);
    // Two short lines cost less than a pointer to them: served again.
    assert.deepEqual(codes(await call()), []);
    const third = await call();
    assert.deepEqual(codes(third), ['REPEATED_CALL']);
    assert.equal(
      footer(third)[0],
      '[REPEATED_CALL: 3rd identical call with the same answer (last: call #2): use that answer or change the call; the 5th is refused unless "force": true.]',
    );
    assert.equal(stab(third).suggested_next_action, 'Use the answer of call #2, or change the call.');
    // The same call in other words (legacy tool, ./ prefix, key order, explicit default mode) is the same call.
    const legacy = await ws.lectern.run('read_file', { path: './a.txt', start_line: 1, end_line: 2 });
    assert.deepEqual(codes(legacy.response), ['REPEATED_CALL']);
    const fifth = await ws.call('lectern_read', { end_line: 2, start_line: 1, mode: 'file', target: 'a.txt' });
    assert.equal(fifth.ok, false);
    assert.equal(fifth.error?.code, 'REPEATED_CALL');
    assert.equal(
      fifth.error?.message,
      'The same call 5 times in this session, with the same answer each time (calls #1, #2, #3, #4 and this one).',
    );
    assert.equal(
      fifth.error?.hint,
      'Its answer has not changed: use the answer of call #4. To move on: read another range or symbol, search for what you need (lectern_search {"target":"a.txt","query":"NAME"} with NAME what you look for), or add "force": true if you really need this answer again.',
    );
    assert.equal(stab(fifth).metrics_snapshot.reads_count, 4, 'a refused read is not a read');
    const forced = await call({ force: true });
    assert.ok(forced.ok, forced.text);
    assert.equal(forced.content, 'alpha\nbeta\n');
    assert.deepEqual(codes(forced), ['REPEATED_CALL']);
    assert.equal((await call()).error?.code, 'REPEATED_CALL');
  });

  it('a changed answer starts the count over: re-reading after an edit is no loop', async () => {
    const ws = sessionWorkspace();
    const file = ws.write('a.txt', 'v0\n');
    for (let i = 1; i <= 6; i++) {
      fs.writeFileSync(file, `v${i}\n`);
      const r = await ws.call('lectern_read', { target: 'a.txt' });
      assert.ok(r.ok, r.text);
      assert.deepEqual(codes(r), []);
      assert.equal(r.content, `v${i}\n`);
    }
  });

  it('searches and errors loop too; a search cannot be forced', async () => {
    const ws = sessionWorkspace();
    ws.write('a.txt', 'needle\n');
    for (let i = 1; i <= 4; i++) assert.ok((await ws.call('lectern_search', { target: 'a.txt', query: 'needle' })).ok);
    const refused = await ws.call('lectern_search', { target: 'a.txt', query: 'needle' });
    assert.equal(refused.error?.code, 'REPEATED_CALL');
    assert.match(refused.error!.hint, /change the query or the target/);
    assert.equal(stab(refused).metrics_snapshot.search_count, 4);
    for (let i = 1; i <= 2; i++)
      assert.equal((await ws.call('lectern_read', { target: 'missing.txt' })).error?.code, 'NOT_FOUND');
    const third = await ws.call('lectern_read', { target: 'missing.txt' });
    assert.equal(third.error?.code, 'NOT_FOUND');
    assert.deepEqual(codes(third), ['REPEATED_CALL']);
    assert.match(third.text, /\n\[REPEATED_CALL: 3rd identical call/);
  });

  it('keys: sorted fields, no force, trimmed paths, the default mode; counts by answer', () => {
    assert.equal(
      callKey('lectern_read', { target: './a.ts', start_line: 1, force: true }),
      callKey('lectern_read', { start_line: 1, mode: 'file', target: 'a.ts', end_line: undefined }),
    );
    assert.notEqual(
      callKey('lectern_read', { target: 'a.ts', ephemeral: true }),
      callKey('lectern_read', { target: 'a.ts' }),
    );
    assert.notEqual(
      callKey('lectern_search', { target: 'a.ts', query: 'x' }),
      callKey('lectern_read', { target: 'a.ts', query: 'x' }),
    );
    const repeats = new RepeatCounter();
    assert.deepEqual(repeats.record('k', 1, 1), { count: 1, seqs: [] });
    assert.deepEqual(repeats.record('k', 1, 2), { count: 2, seqs: [1] });
    assert.deepEqual(repeats.record('k', 2, 3), { count: 1, seqs: [] });
    assert.deepEqual(repeats.record('k', 2, 7), { count: 2, seqs: [3] });
  });
});
