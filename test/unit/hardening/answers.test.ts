// Every shape of input gets a documented code and an answer within the caps: lists of targets,
// huge inputs echoed in errors, names the file system cannot hold, NUL bytes, huge queries.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { call, fails, ok, workspace } from '../helpers';

describe('hardening: answers stay documented and bounded', function () {
  this.timeout(60_000);

  it('a list of targets stays within the per-answer token cap and names the call that reads the rest', async () => {
    const ws = workspace({ settings: { contextTokens: 20_000, maxReadShare: 0.5 } }); // a 10,000-token cap
    const lines =
      Array.from({ length: 200 }, (_, i) => `line ${i + 1} of a file with some words in it`).join('\n') + '\n';
    const targets = Array.from({ length: 100 }, (_, i) => ws.write(`f${i}.txt`, lines)).map((p) => path.basename(p));
    const r = await call(ws.lectern, 'lectern_read', { target: targets });
    assert.ok((r.results?.length ?? 0) < 100, `${r.results?.length} targets read`);
    const total = r.results!.reduce((n, x) => n + x.meta.token_estimate, 0);
    assert.ok(total <= 10_000 + 600, `${total} tokens in one answer`);
    assert.match(r.text, /targets not read: this answer used its token cap/);
    const next = /Read the next ones with: lectern_read (\{.*\})\]/.exec(r.text);
    assert.ok(next, r.text.slice(-500));
    const more = await ok(ws.lectern, 'lectern_read', JSON.parse(next![1]!));
    assert.equal(more.results?.[0]?.target, targets[r.results!.length]);
  });

  it("a list of targets stops at the session's hard read budget", async () => {
    const ws = workspace({
      settings: { sessionGuard: true, maxReadsPerSession: 5, hardLimitMultiplier: 2, contextTokens: 1_000_000 },
    });
    const targets = Array.from({ length: 40 }, (_, i) => path.basename(ws.write(`g${i}.txt`, `tiny ${i}\n`)));
    const r = await call(ws.lectern, 'lectern_read', { target: targets });
    assert.ok((r.results?.length ?? 0) <= 10, `${r.results?.length} reads against a hard limit of 10`);
    assert.ok(
      Number(r.meta.stabilization?.metrics_snapshot.reads_count) <= 10,
      JSON.stringify(r.meta.stabilization?.metrics_snapshot),
    );
  });

  it('100,000 targets answer a bounded answer', async () => {
    const ws = workspace();
    ws.write('a.txt', 'a\n');
    const targets = Array.from({ length: 100_000 }, (_, i) => `missing/${i}.txt`);
    const r = await call(ws.lectern, 'lectern_read', { target: ['a.txt', ...targets] });
    assert.ok(JSON.stringify(r).length < 200_000, `${JSON.stringify(r).length} chars`);
  });

  it('errors quote at most a short prefix of the input', async () => {
    const ws = workspace();
    const huge = 'x'.repeat(1_000_000);
    for (const [tool, input] of [
      ['lectern_read', { target: huge }],
      ['lectern_read', { target: `${huge}/a.ts`, mode: 'symbol', name: 'f' }],
      ['lectern_search', { query: `(${huge}`, is_regex: true }],
      ['lectern_search', { query: huge, target: huge }],
      ['lectern_stat', { target: huge }],
      ['lectern_read', { target: 'a.txt', mode: huge }],
    ] as const) {
      const r = await call(ws.lectern, tool, input);
      assert.ok(
        JSON.stringify(r).length < 20_000,
        `${tool} ${JSON.stringify(input).slice(0, 60)}: ${JSON.stringify(r).length} chars`,
      );
    }
  });

  it('names the file system cannot hold, NUL bytes and huge plain queries get documented codes', async () => {
    const ws = workspace();
    ws.write('a.txt', 'hello\n');
    const long = 'n'.repeat(300);
    const stat = await ok(ws.lectern, 'lectern_stat', { target: long });
    assert.equal((stat.meta.stat as { exists?: boolean }).exists, false);
    await fails(ws.lectern, 'lectern_read', { target: long }, 'NOT_FOUND');
    await fails(ws.lectern, 'lectern_read', { target: `${long}/x.ts` }, 'NOT_FOUND');
    await fails(ws.lectern, 'lectern_read', { target: 'a\u0000b' }, 'INVALID_ARGS');
    await fails(ws.lectern, 'lectern_search', { target: 'a\u0000b', query: 'x' }, 'INVALID_ARGS');
    const query = 'Ab'.repeat(20_000);
    ws.write('big.txt', `${query.toLowerCase()}\n`);
    const plain = await ok(ws.lectern, 'lectern_search', { query });
    assert.equal(plain.meta.total_matches, 1);
    const inFile = await ok(ws.lectern, 'lectern_search', { query, target: 'big.txt' });
    assert.equal(inFile.meta.total_matches, 1);
  });

  it('a folder that cannot be read answers READ_FAILED, not INTERNAL', async function () {
    if (process.getuid?.() === 0) this.skip(); // root reads everything
    const ws = workspace();
    ws.write('locked/inner.txt', 'x\n');
    fs.chmodSync(path.join(ws.root, 'locked'), 0o000);
    try {
      for (const tool of ['lectern_read', 'lectern_stat', 'lectern_search']) {
        const r = await call(ws.lectern, tool, { target: 'locked/inner.txt', query: 'x' });
        assert.notEqual(r.error?.code, 'INTERNAL', r.text);
      }
    } finally {
      fs.chmodSync(path.join(ws.root, 'locked'), 0o755);
    }
  });
});

describe('hardening: continuations that work', function () {
  this.timeout(60_000);

  it('a huge single-line file read with no range offers the byte-window continuation, and it answers', async () => {
    const ws = workspace();
    const file = ws.write('one-line.txt', '');
    const fd = fs.openSync(file, 'w');
    const chunk = Buffer.alloc(1024 * 1024, 'y');
    for (let i = 0; i < 50; i++) fs.writeSync(fd, chunk);
    fs.closeSync(fd);
    try {
      const first = await ok(ws.lectern, 'lectern_read', { target: 'one-line.txt' });
      const next = first.meta.next as Record<string, unknown>;
      assert.ok(next && typeof next.start_byte === 'number', JSON.stringify(next));
      const second = await ok(ws.lectern, 'lectern_read', next);
      assert.ok(second.content.length > 0);
    } finally {
      fs.rmSync(file);
    }
  });

  it('lectern_stat counts the lines of a tiny UTF-16 file', async () => {
    const ws = workspace();
    ws.write('u16.txt', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('one\ntwo\nthree\n', 'utf16le')]));
    const r = await ok(ws.lectern, 'lectern_stat', { target: 'u16.txt' });
    assert.equal(r.meta.total_lines, 3);
    assert.doesNotMatch(r.text, /not counted/);
  });
});
