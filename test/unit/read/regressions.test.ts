// Bugs found by the property tests, pinned as examples.
import { strict as assert } from 'node:assert';
import { count, fails, ok, utf8, workspace } from '../helpers';

describe('regressions', () => {
  it('a window smaller than the character at its start returns that character whole', async () => {
    const ws = workspace();
    ws.write('euro.txt', '€😀\nab');
    const first = await ok(ws.lectern, 'lectern_read', { target: 'euro.txt', start_byte: 0, max_bytes: 1 });
    assert.equal(first.content, '€');
    assert.deepEqual([first.meta.start_byte, first.meta.end_byte], [0, 3]);
    assert.equal(first.meta.next?.start_byte, 3);
    const second = await ok(ws.lectern, 'lectern_read', first.meta.next);
    assert.equal(second.content, '😀');
    assert.match(second.text, /continuing it/);
    assert.match(second.text, new RegExp(`cut at byte ${count(7)}`));
  });

  it('a line read whose first line is over the token cap still shows that line and moves on', async () => {
    const ws = workspace({ settings: { contextTokens: 180, maxReadShare: 1 } });
    const long = 'const value = compute(alpha, beta, gamma, delta, epsilon, zeta, eta, theta);';
    ws.write('a.ts', `${long}\nshort\n`);
    const r = await ok(ws.lectern, 'lectern_read', { target: 'a.ts', offset: 1, limit: 2 });
    assert.equal(r.meta.start_line, 1);
    assert.equal(r.meta.end_line, 1);
    assert.equal(r.content, `${long}\n`);
    assert.equal(r.meta.preview_degraded, true);
    assert.match(r.text, /^1\tconst value/m);
    assert.deepEqual(r.meta.next, { mode: 'file', target: 'a.ts', start_line: 2, end_line: 2 });
  });

  it('tail over the token cap still shows the last line, and says what is missing', async () => {
    const ws = workspace({ settings: { contextTokens: 170, maxReadShare: 1 } });
    ws.write('t.txt', 'one\na\tb\tc\td\te\tf\tg\th\ti\tj\tk\n');
    const r = await ok(ws.lectern, 'lectern_read', { target: 't.txt', tail: 1 });
    assert.equal(r.meta.start_line, 2);
    assert.equal(r.content, 'a\tb\tc\td\te\tf\tg\th\ti\tj\tk\n');
    assert.equal(r.meta.preview_degraded, true);
    assert.match(
      r.text,
      /\[Line 2 alone is over the per-answer token cap \(170 tokens\): its display is cut \(content has it whole\); read it in pieces from lectern_read \{"mode":"file","target":"t.txt","start_byte":4\}\.\]/,
    );
    assert.doesNotMatch(r.text, /Earlier requested lines/);
    const two = await ok(ws.lectern, 'lectern_read', { target: 't.txt', tail: 2 });
    assert.match(
      two.text,
      /Earlier requested lines: lectern_read \{"mode":"file","target":"t.txt","start_line":1,"end_line":1\}/,
    );
  });

  it('a one-line file over the token cap is read whole in content, its display cut, and marked', async () => {
    const ws = workspace({ settings: { contextTokens: 170, maxReadShare: 1 } });
    ws.write('one.txt', 'z'.repeat(16) + '\n');
    const r = await ok(ws.lectern, 'lectern_read', { target: 'one.txt' });
    assert.equal(r.content, 'z'.repeat(16) + '\n');
    assert.equal(r.meta.preview_degraded, true);
    assert.equal(r.meta.next, null);
    assert.match(r.text, /line cut to fit the token cap/);
    assert.match(r.text, /Line 1 alone is over the per-answer token cap/);
  });

  it('a byte window cut inside a line by the token cap resumes after the cut, not at the line start', async () => {
    const ws = workspace({ settings: { contextTokens: 170, maxReadShare: 1 } });
    const line = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
    ws.write('w.txt', `${line}\nend\n`);
    let input: Record<string, unknown> | null = { target: 'w.txt', start_byte: 0, max_bytes: 300 };
    const pieces: string[] = [];
    for (let i = 0; input && i < 200; i++) {
      const r = await ok(ws.lectern, 'lectern_read', input);
      pieces.push(r.content);
      input = r.meta.next;
    }
    assert.equal(input, null, 'paging did not finish');
    assert.equal(pieces.join(''), `${line}\nend\n`);
    assert.ok(pieces.length > 2, 'the token cap did not cut the line');
  });

  it('a tail whose last line is longer than a read starts inside that line, and says so', async () => {
    const ws = workspace();
    const last = 'z'.repeat(300_000);
    ws.write('t.txt', `first\n${last}\n`);
    const r = await ok(ws.lectern, 'lectern_read', { target: 't.txt', tail: 1 });
    assert.equal(r.meta.end_byte, 300_007);
    assert.ok(r.meta.start_byte! > 6, 'expected a start inside the long line');
    assert.equal(r.meta.start_line, 2);
    assert.equal(r.meta.preview_degraded, true);
    assert.match(r.text, /starts inside line 2/);
    assert.match(r.text, new RegExp(`"start_byte":6`), 'no call to read the line from its start');
  });

  it('no read answers BINARY_FILE on valid UTF-8', async () => {
    const ws = workspace();
    ws.write('m.txt', '𝄞'.repeat(10));
    for (let max = 1; max <= 8; max++) {
      const r = await ok(ws.lectern, 'lectern_read', { target: 'm.txt', start_byte: 0, max_bytes: max });
      assert.doesNotThrow(() => utf8(Buffer.from(r.content)));
    }
    await fails(ws.lectern, 'lectern_read', { target: 'm.txt', start_byte: 40 }, 'OUT_OF_RANGE');
  });
});
