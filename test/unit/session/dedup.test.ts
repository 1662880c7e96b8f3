// De-duplication: unchanged text served again is a pointer to the earlier call; any change on
// disk or in the unsaved buffer makes the next read full; force bypasses; ephemeral reads are not
// tracked.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import fc from 'fast-check';
import { codes, footer, numberedLines, sessionWorkspace, stab, wideLines } from './helpers';

describe('session: de-duplication', () => {
  it('the same range again: a pointer to the earlier call, its range and the way to get the text', async () => {
    const ws = sessionWorkspace();
    ws.write('a.txt', numberedLines(100));
    const first = await ws.call('lectern_read', { target: 'a.txt', start_line: 1, end_line: 40 });
    assert.equal(first.content.split('\n').length, 41);
    assert.equal(typeof first.meta.version, 'string');
    const again = await ws.call('lectern_read', { target: 'a.txt', start_line: 1, end_line: 40 });
    assert.ok(again.ok);
    assert.equal(again.content, '');
    // The pointer is its header: the warning (in meta) says the same at length.
    assert.equal(again.text, 'a.txt · lines 1-40 of 100 · unchanged since call #1');
    assert.ok(again.meta.token_estimate < 30, `a pointer of ${again.meta.token_estimate} tokens`);
    assert.deepEqual(stab(again).warnings, [
      {
        code: 'DEDUPLICATED',
        message:
          'a.txt lines 1-40 are in the answer of call #1 (lines 1-40), unchanged since: not repeated ("force": true gets the text again).',
      },
    ]);
    assert.deepEqual(again.meta.deduplicated_from, { seq: 1, start_line: 1, end_line: 40 });
    assert.deepEqual([again.meta.start_line, again.meta.end_line], [1, 40]);
    assert.equal(stab(again).suggested_next_action, 'Use the text from call #1.');
    const m = stab(again).metrics_snapshot;
    assert.equal(m.deduplicated_reads, 1);
    assert.equal(m.reads_count, 2);
    assert.equal(m.reads_lines_total, 40, 'a pointer serves no lines');
    assert.ok(
      again.meta.token_estimate < first.meta.token_estimate / 2,
      `${again.meta.token_estimate} vs ${first.meta.token_estimate}`,
    );
    const entry = ws.lectern.session.snapshot().timeline.at(-1)!;
    assert.equal(entry.flags.deduplicated, true);
    assert.equal(entry.absolute, `${ws.root}/a.txt`);
  });

  it('a range inside an earlier one points to it; one reaching past it is read', async () => {
    const ws = sessionWorkspace();
    ws.write('a.txt', wideLines(100));
    await ws.call('lectern_read', { target: 'a.txt', start_line: 10, end_line: 60 });
    const inside = await ws.call('lectern_read', { target: 'a.txt', start_line: 20, end_line: 20 });
    assert.deepEqual(footer(inside), []);
    assert.deepEqual(
      stab(inside).warnings.map((w) => w.message),
      [
        'a.txt line 20 is in the answer of call #1 (lines 10-60), unchanged since: not repeated ("force": true gets the text again).',
      ],
    );
    const head = await ws.call('lectern_read', { target: 'a.txt', head: 30 });
    assert.deepEqual(codes(head), [], 'lines 1-9 were not served');
    assert.equal(head.content, wideLines(30));
    const snippet = await ws.call('lectern_read', {
      mode: 'snippet',
      target: 'a.txt',
      start_line: 25,
      end_line: 28,
      context_lines: 2,
    });
    assert.deepEqual(codes(snippet), ['DEDUPLICATED']);
    assert.match(
      snippet.text,
      /^a\.txt · lines 23-30 of 100 · unchanged since call #3$/m,
      'the newest earlier answer holding it',
    );
  });

  it('a change on disk makes the next read full again, even at the same size', async () => {
    const ws = sessionWorkspace();
    const file = ws.write('a.txt', wideLines(50));
    await ws.call('lectern_read', { target: 'a.txt' });
    fs.writeFileSync(file, wideLines(50).replace('line 00007', 'LINE 00007'));
    const after = await ws.call('lectern_read', { target: 'a.txt', start_line: 1, end_line: 10 });
    assert.deepEqual(codes(after), []);
    assert.match(after.content, /LINE 00007/);
    // Rewritten with the same bytes but a new mtime: still a new version, so read in full.
    fs.writeFileSync(file, fs.readFileSync(file));
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5000));
    assert.deepEqual(codes(await ws.call('lectern_read', { target: 'a.txt', start_line: 1, end_line: 10 })), []);
    // And unchanged since: a pointer again.
    assert.deepEqual(codes(await ws.call('lectern_read', { target: 'a.txt', start_line: 2, end_line: 3 })), [
      'DEDUPLICATED',
    ]);
  });

  it('the unsaved buffer: its version counts; an edit in it makes the next read full', async () => {
    const ws = sessionWorkspace();
    const text = (a: number, b: number) =>
      wideLines(10).replace('line 00001', `line ${a}`).replace('line 00002', `line ${b}`);
    const file = ws.write('src/a.txt', text(1, 2));
    await ws.call('lectern_read', { target: 'src/a.txt' });
    // A buffer opened with unsaved changes: different content, read in full.
    ws.dirty.set(file, { text: text(10, 2), version: 3 });
    const buffer = await ws.call('lectern_read', { target: 'src/a.txt' });
    assert.deepEqual(codes(buffer), []);
    assert.equal(buffer.meta.source, 'buffer');
    assert.equal(buffer.content, text(10, 2));
    assert.deepEqual(codes(await ws.call('lectern_read', { target: 'src/a.txt', start_line: 2, end_line: 2 })), [
      'DEDUPLICATED',
    ]);
    ws.dirty.set(file, { text: text(10, 20), version: 4 });
    const edited = await ws.call('lectern_read', { target: 'src/a.txt', start_line: 2, end_line: 2 });
    assert.deepEqual(codes(edited), []);
    assert.match(edited.content, /^line 20 /);
    // Saved and closed: the file on disk is another version again.
    fs.writeFileSync(file, text(10, 20));
    ws.dirty.delete(file);
    assert.deepEqual(codes(await ws.call('lectern_read', { target: 'src/a.txt', start_line: 2, end_line: 2 })), []);
  });

  it('a pointer only where it is cheaper than the text: a line or two of a small file is served again', async () => {
    const ws = sessionWorkspace();
    ws.write('small.ts', 'export const a = 1;\nexport const b = 2;\n');
    await ws.call('lectern_read', { target: 'small.ts' });
    const again = await ws.call('lectern_read', { target: 'small.ts' });
    assert.deepEqual(codes(again), []);
    assert.equal(again.content, 'export const a = 1;\nexport const b = 2;\n');
  });

  it('force reads the text again, and is what later pointers point to', async () => {
    const ws = sessionWorkspace();
    ws.write('a.txt', wideLines(20));
    await ws.call('lectern_read', { target: 'a.txt' });
    const forced = await ws.call('lectern_read', { target: 'a.txt', start_line: 5, end_line: 6, force: true });
    assert.deepEqual(codes(forced), []);
    assert.equal(forced.content, wideLines(6).split('\n').slice(4, 6).join('\n') + '\n');
    const later = await ws.call('lectern_read', { target: 'a.txt', start_line: 5, end_line: 5 });
    assert.match(stab(later).warnings[0]!.message, /in the answer of call #2 \(lines 5-6\)/);
  });

  it('symbols, outlines, list reads and legacy reads', async () => {
    const ws = sessionWorkspace();
    const body = Array.from(
      { length: 12 },
      (_, i) => `    const value${i} = this.items.get(key)?.lookup(${i}, { strict: true, fallback: null });`,
    ).join('\n');
    ws.write('src/store.ts', `export class Store {\n  get(key: string) {\n${body}\n    return key;\n  }\n}\n`);
    ws.write('src/b.ts', `export const b = ${JSON.stringify('b'.repeat(300))};\n`);
    await ws.call('lectern_read', { target: 'src/store.ts' });
    const symbol = await ws.call('lectern_read', { mode: 'symbol', target: 'Store.get', path: 'src/store.ts' });
    assert.deepEqual(codes(symbol), ['DEDUPLICATED']);
    assert.equal(symbol.text.split('\n')[0], 'src/store.ts:2-16 method Store.get · unchanged since call #1');
    const outline = await ws.call('lectern_read', { target: 'src/store.ts', outline: true });
    assert.deepEqual(codes(outline), []);
    const outlineAgain = await ws.call('lectern_read', { target: 'src/store.ts', outline: true });
    assert.deepEqual(
      stab(outlineAgain).warnings.map((w) => w.message),
      [
        'this answer for src/store.ts is the answer of call #3, unchanged since: not repeated ("force": true gets the text again).',
      ],
    );
    const list = await ws.call('lectern_read', { target: ['src/store.ts', 'src/b.ts'] });
    assert.ok(list.ok);
    assert.equal(list.results![0]!.content, '');
    assert.match(list.results![1]!.content, /^export const b = "b+";\n$/);
    assert.match(
      list.text,
      /^src\/store\.ts · whole file, 17 lines \([\d.]+ KB\) · unchanged since call #1\n\nsrc\/b\.ts · whole file, 1 line \(\d+ bytes\)\n1\texport const b = "b+";$/,
    );
    assert.match(stab(list).warnings[0]!.message, /^src\/store\.ts lines 1-17 are in/);
    assert.equal(stab(list).metrics_snapshot.deduplicated_reads, 3);
    const legacy = await ws.lectern.run('read_file', { path: 'src/b.ts' });
    assert.equal(legacy.response.legacy?.content, '');
    assert.deepEqual(legacy.response.legacy?.warnings, [
      'DEDUPLICATED: src/b.ts line 1 is in the answer of call #5 (line 1), unchanged since: not repeated ("force": true gets the text again).',
    ]);
  });

  it('never stale: over random reads and edits (on disk, same size, in the buffer), a pointer always names text that is current', async () => {
    type Op =
      | { kind: 'read'; start: number; length: number }
      | { kind: 'disk' | 'buffer'; line: number; letter: string }
      | { kind: 'save' };
    const op: fc.Arbitrary<Op> = fc.oneof(
      {
        arbitrary: fc.record({
          kind: fc.constant('read' as const),
          start: fc.integer({ min: 1, max: 12 }),
          length: fc.integer({ min: 1, max: 8 }),
        }),
        weight: 5,
      },
      {
        arbitrary: fc.record({
          kind: fc.constantFrom('disk' as const, 'buffer' as const),
          line: fc.integer({ min: 0, max: 11 }),
          letter: fc.constantFrom('a', 'b'),
        }),
        weight: 2,
      },
      { arbitrary: fc.constant({ kind: 'save' as const }), weight: 1 },
    );
    let pointers = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        const ws = sessionWorkspace({ maxReadsPerSession: 1000, maxTotalReadLines: 100_000 });
        // Edits change one character of a line: the file's size never changes. Lines are long enough
        // for pointers to be cheaper than the text.
        const filler = ` ${'the quick brown fox jumps over the lazy dog; '.repeat(6)}`;
        const at = (l: string, i: number, c: string) => l.slice(0, i) + c + l.slice(i + 1);
        let disk: string[] = Array.from({ length: 12 }, (_, i) => `l${String(i).padStart(2, '0')}-a${filler}`);
        let buffer: string[] | null = null;
        let version = 0;
        const file = ws.write('f.txt', disk.join('\n') + '\n');
        const served = new Map<number, { start: number; lines: string[] }>();
        for (const o of ops) {
          if (o.kind === 'save') {
            if (buffer) fs.writeFileSync(file, buffer.join('\n') + '\n');
            disk = buffer ?? disk;
            buffer = null;
            ws.dirty.delete(file);
          } else if (o.kind === 'read') {
            const current: string[] = buffer ?? disk;
            const end = Math.min(12, o.start + o.length - 1);
            const r = await ws.call('lectern_read', { target: 'f.txt', start_line: o.start, end_line: end });
            if (r.error?.code === 'REPEATED_CALL') continue; // the 5th identical call with the same answer
            assert.ok(r.ok, r.text);
            const expected: string[] = current.slice(o.start - 1, end);
            const from = r.meta.deduplicated_from as { seq: number } | undefined;
            if (from) {
              pointers++;
              const earlier = served.get(from.seq)!;
              assert.deepEqual(
                earlier.lines.slice(o.start - earlier.start, end - earlier.start + 1),
                expected,
                'a stale pointer',
              );
            } else {
              assert.equal(r.content, expected.map((l) => `${l}\n`).join(''));
              served.set(ws.lectern.session.snapshot().timeline.at(-1)!.seq, { start: o.start, lines: expected });
            }
          } else if (o.kind === 'disk') {
            disk = disk.map((l, i) => (i === o.line ? at(l, 4, l[4] === '-' ? '+' : '-') : l));
            fs.writeFileSync(file, disk.join('\n') + '\n');
          } else {
            buffer = (buffer ?? disk).map((l, i) =>
              i === o.line ? at(l, 5, l[5] === o.letter ? (o.letter === 'a' ? 'b' : 'a') : o.letter) : l,
            );
            ws.dirty.set(file, { text: buffer.join('\n') + '\n', version: ++version });
          }
        }
      }),
      { numRuns: 60 },
    );
    assert.ok(pointers > 10, `only ${pointers} pointers in all runs`);
  });

  it('lines whose display was cut are not pointed to', async () => {
    const ws = sessionWorkspace();
    ws.write('long.txt', `${'x'.repeat(5000)}\nshort\n`);
    await ws.call('lectern_read', { target: 'long.txt' });
    assert.deepEqual(codes(await ws.call('lectern_read', { target: 'long.txt', start_line: 1, end_line: 2 })), []);
  });
});

describe('session: ephemeral reads', () => {
  it('may be larger, are marked, not tracked for pointers, and their lines are not kept', async () => {
    const ws = sessionWorkspace({ maxSingleReadLines: 50 });
    ws.write('big.txt', numberedLines(400));
    const r = await ws.call('lectern_read', { target: 'big.txt', start_line: 1, end_line: 400, ephemeral: true });
    assert.ok(r.ok, r.text);
    assert.deepEqual([r.meta.start_line, r.meta.end_line], [1, 400]);
    assert.equal(r.meta.ephemeral, true);
    assert.deepEqual(footer(r), [
      '[EPHEMERAL: this content will not be kept (not de-duplicated, never pointed to later); take what you need from it now.]',
    ]);
    const m = stab(r).metrics_snapshot;
    assert.equal(m.reads_count, 1);
    assert.equal(m.reads_lines_total, 0);
    assert.ok(m.tokens_served >= r.meta.token_estimate);
    // Not tracked: a plain read of the same lines is served in full.
    const plain = await ws.call('lectern_read', { target: 'big.txt', start_line: 1, end_line: 10 });
    assert.deepEqual(codes(plain), []);
    assert.equal(plain.content, numberedLines(10));
    // And an ephemeral read of something served before is not a pointer either.
    const again = await ws.call('lectern_read', { target: 'big.txt', start_line: 1, end_line: 10, ephemeral: true });
    assert.deepEqual(codes(again), ['EPHEMERAL']);
    assert.equal(again.content, numberedLines(10));
    assert.equal(ws.lectern.session.snapshot().timeline.at(-1)!.flags.ephemeral, true);
  });

  it('a default read (no range) may use the ephemeral share of the context instead of maxPreviewChars', async () => {
    const ws = sessionWorkspace({ maxPreviewChars: 1000, contextTokens: 100_000 });
    ws.write('big.txt', numberedLines(2000));
    const plain = await ws.call('lectern_read', { target: 'big.txt' });
    assert.ok(plain.meta.end_line! < 100);
    const whole = await ws.call('lectern_read', { target: 'big.txt', ephemeral: true });
    assert.equal(whole.meta.end_line, 2000);
  });
});
