// Example tests of lectern_read mode "file": messages, notes, caps, encodings, targets.
import { strict as assert } from 'node:assert';
import { utimesSync } from 'node:fs';
import { count, fails, ok, workspace } from '../helpers';

const numbered = (n: number, width = 0) =>
  Array.from({ length: n }, (_, i) => `line ${String(i + 1).padStart(width, '0')}\n`).join('');

describe('lectern_read: out of range and empty files', () => {
  it('a start past the end answers OUT_OF_RANGE with the line count and two offsets that work', async () => {
    const ws = workspace();
    ws.write('a.txt', numbered(500));
    const r = await fails(ws.lectern, 'lectern_read', { target: 'a.txt', offset: 600, limit: 100 }, 'OUT_OF_RANGE');
    assert.equal(r.error!.message, 'Line 600 is past the end: a.txt has 500 lines.');
    assert.equal(r.meta.total_lines, 500);
    assert.match(r.error!.hint, /"start_line":1,"end_line":100/);
    assert.match(r.error!.hint, /"start_line":401,"end_line":500/);
    // The ranges in the hint are calls that work (no dead end).
    for (const m of r.error!.hint.matchAll(/lectern_read (\{[^}]*\})/g)) {
      const again = await ok(ws.lectern, 'lectern_read', JSON.parse(m[1]!));
      assert.equal(again.meta.end_line! - again.meta.start_line! + 1, 100);
    }
    assert.match(r.text, /^Error OUT_OF_RANGE: Line 600 is past the end/);
  });

  it('says "1 line" for a one-line file, and offers to read it whole', async () => {
    const ws = workspace();
    ws.write('one.txt', 'only\n');
    const r = await fails(
      ws.lectern,
      'lectern_read',
      { target: 'one.txt', start_line: 3, end_line: 9 },
      'OUT_OF_RANGE',
    );
    assert.equal(r.error!.message, 'Line 3 is past the end: one.txt has 1 line.');
    assert.match(
      r.error!.hint,
      /Read it whole: lectern_read \{"mode":"file","target":"one.txt","start_line":1,"end_line":1\}/,
    );
    assert.equal(r.meta.total_lines, 1);
  });

  it('formats large counts with separators', async () => {
    const ws = workspace();
    ws.write('big.txt', numbered(1234));
    const r = await fails(ws.lectern, 'lectern_read', { target: 'big.txt', offset: 2000 }, 'OUT_OF_RANGE');
    assert.equal(r.error!.message, 'Line 2,000 is past the end: big.txt has 1,234 lines.');
  });

  it('a byte window past the end answers OUT_OF_RANGE with the size and offsets that work', async () => {
    const ws = workspace();
    ws.write('b.txt', 'abc\ndef\n');
    const r = await fails(ws.lectern, 'lectern_read', { target: 'b.txt', start_byte: 8 }, 'OUT_OF_RANGE');
    assert.match(r.error!.message, /start_byte 8 is past the end: b\.txt has 8 bytes\./);
    assert.equal(r.meta.total_bytes, 8);
    for (const m of r.error!.hint.matchAll(/lectern_read (\{[^}]*\})/g))
      await ok(ws.lectern, 'lectern_read', JSON.parse(m[1]!));
  });

  it('an empty file says it exists and is empty, for every kind of read from the start', async () => {
    const ws = workspace();
    ws.write('empty.txt', '');
    for (const input of [
      {},
      { offset: 1 },
      { start_line: 1, end_line: 5 },
      { head: 3 },
      { tail: 3 },
      { start_byte: 0 },
    ]) {
      const r = await ok(ws.lectern, 'lectern_read', { target: 'empty.txt', ...input });
      assert.match(r.text, /^empty\.txt exists and is empty \(0 lines, 0 bytes of text\)\./, JSON.stringify(input));
      assert.equal(r.content, '');
      assert.equal(r.meta.total_lines, 0);
      assert.equal(r.meta.total_bytes, 0);
      assert.equal(r.meta.next, null);
      assert.equal(r.meta.truncated, false);
    }
    const past = await fails(ws.lectern, 'lectern_read', { target: 'empty.txt', offset: 2 }, 'OUT_OF_RANGE');
    assert.match(past.error!.message, /exists and is empty/);
    assert.equal(past.meta.total_lines, 0);
  });

  it('a BOM-only file is empty text, and its BOM is reported', async () => {
    const ws = workspace();
    ws.write('bom.txt', new Uint8Array([0xef, 0xbb, 0xbf]));
    const r = await ok(ws.lectern, 'lectern_read', { target: 'bom.txt' });
    assert.match(r.text, /exists and is empty \(0 lines, 0 bytes of text\)/);
    assert.equal(r.meta.bom, true);
    assert.equal(r.meta.total_bytes, 3);
  });
});

describe('lectern_read: ranges', () => {
  it('a partial read shows "lines a-b of N" and gives the exact next call (in meta: the agent bounded this range)', async () => {
    const ws = workspace();
    ws.write('a.txt', numbered(30));
    const r = await ok(ws.lectern, 'lectern_read', { target: 'a.txt', start_line: 11, end_line: 20 });
    assert.match(r.text, /^a\.txt · lines 11-20 of 30\n11\tline 11\n/);
    assert.equal(r.content, numbered(20).slice(numbered(10).length));
    assert.deepEqual(r.meta.next, { mode: 'file', target: 'a.txt', start_line: 21, end_line: 30 });
    assert.match(r.text, /20\tline 20$/, 'no [Next] line after a short range read whole');
    assert.equal(r.meta.truncated, true);
    assert.deepEqual(r.location, { file: 'a.txt', line: 11, end_line: 20 });
    const o = await ok(ws.lectern, 'lectern_read', { target: 'a.txt', offset: 11, limit: 10 });
    assert.equal(o.content, r.content);
    assert.deepEqual(
      o.meta.next,
      r.meta.next,
      'offset/limit continue in start_line/end_line, the words the schema lists',
    );
    assert.equal(o.text, r.text);
    const mixed = await ok(ws.lectern, 'lectern_read', { target: 'a.txt', start_line: 11, limit: 10 });
    assert.equal(mixed.content, r.content, 'start_line with limit is lines 11-20');
  });

  it('end_line past the end is clamped; the header says where the file ends, no note needed', async () => {
    const ws = workspace();
    ws.write('a.txt', numbered(12));
    const r = await ok(ws.lectern, 'lectern_read', { target: 'a.txt', start_line: 10, end_line: 50 });
    assert.equal(r.meta.end_line, 12);
    assert.equal(r.meta.next, null);
    assert.equal(r.text, 'a.txt · lines 10-12 of 12\n10\tline 10\nline 11\n12\tline 12');
  });

  it('[Next] never asks past the end; a short range read whole carries it in meta only', async () => {
    const ws = workspace();
    ws.write('a.txt', numbered(100));
    const page = await ok(ws.lectern, 'lectern_read', { target: 'a.txt', offset: 1, limit: 80 });
    assert.deepEqual(page.meta.next, { mode: 'file', target: 'a.txt', start_line: 81, end_line: 100 });
    assert.match(
      page.text,
      /\[Next: lectern_read \{"mode":"file","target":"a.txt","start_line":81,"end_line":100\}\]$/,
    );
    const range = await ok(ws.lectern, 'lectern_read', { target: 'a.txt', start_line: 41, end_line: 80 });
    assert.deepEqual(range.meta.next, { mode: 'file', target: 'a.txt', start_line: 81, end_line: 100 });
    assert.doesNotMatch(range.text, /\[Next/);
    const long = await ok(ws.lectern, 'lectern_read', { target: 'a.txt', start_line: 1, end_line: 61 });
    assert.match(
      long.text,
      /\[Next: lectern_read \{"mode":"file","target":"a.txt","start_line":62,"end_line":100\}\]$/,
    );
  });

  it('a range that ends at the last line has no clamp note and no next', async () => {
    const ws = workspace();
    ws.write('a.txt', numbered(12));
    const r = await ok(ws.lectern, 'lectern_read', { target: 'a.txt', start_line: 10, end_line: 12 });
    assert.equal(r.meta.next, null);
    assert.equal(r.meta.notes, undefined);
  });

  it('head and tail', async () => {
    const ws = workspace();
    ws.write('a.txt', numbered(40));
    const head = await ok(ws.lectern, 'lectern_read', { target: 'a.txt', head: 5 });
    assert.match(head.text, /^a\.txt · first 5 lines of 40\n1\tline 1\n/);
    assert.equal(head.content, numbered(5));
    assert.equal(head.meta.truncated, true);
    const tail = await ok(ws.lectern, 'lectern_read', { target: 'a.txt', tail: 3 });
    assert.match(tail.text, /^a\.txt · last 3 lines \(38-40 of 40\)\n38\tline 38\nline 39\n40\tline 40/);
    assert.equal(tail.content, 'line 38\nline 39\nline 40\n');
    assert.deepEqual([tail.meta.start_line, tail.meta.end_line, tail.meta.total_lines], [38, 40, 40]);
    const all = await ok(ws.lectern, 'lectern_read', { target: 'a.txt', tail: 100 });
    assert.equal(all.meta.truncated, false);
    assert.equal(all.meta.start_line, 1);
  });

  it('tail of a file without a final newline', async () => {
    const ws = workspace();
    ws.write('a.txt', 'a\nb\nc');
    const r = await ok(ws.lectern, 'lectern_read', { target: 'a.txt', tail: 2 });
    assert.equal(r.content, 'b\nc');
    assert.deepEqual([r.meta.start_line, r.meta.end_line, r.meta.total_lines], [2, 3, 3]);
  });

  it('lines longer than 2,000 characters are cut for display in line mode, whole in content', async () => {
    const ws = workspace();
    const long = 'é'.repeat(2500);
    ws.write('long.txt', `short\n${long}\nafter\n`);
    const r = await ok(ws.lectern, 'lectern_read', { target: 'long.txt', start_line: 1, end_line: 3 });
    assert.equal(r.content, `short\n${long}\nafter\n`);
    assert.match(r.text, new RegExp(`\\né{2000} … \\[line cut: 2,000 of 2,500 characters shown\\]\\n3\\tafter`));
    assert.match(
      r.text,
      /\[1 line longer than 2,000 characters was cut for display; read a long line whole with start_byte\/max_bytes/,
    );
    // A byte window shows it whole.
    const w = await ok(ws.lectern, 'lectern_read', { target: 'long.txt', start_byte: 6, max_bytes: 6000 });
    assert.ok(w.text.includes(long));
  });

  it('a cut never splits a surrogate pair', async () => {
    const ws = workspace();
    ws.write('emoji.txt', 'a' + '😀'.repeat(1500) + '\n');
    const r = await ok(ws.lectern, 'lectern_read', { target: 'emoji.txt', head: 1 });
    const shown = r.text.split('\n')[1]!;
    assert.ok(!/[\ud800-\udbff](?![\udc00-\udfff])/.test(shown), 'lone high surrogate in the display');
    assert.match(shown, /line cut: 2,000 of 3,001 characters shown/);
  });
});

describe('lectern_read: byte windows', () => {
  it('snaps the start back to its line and ends at a line end', async () => {
    const ws = workspace();
    ws.write('w.txt', 'alpha\nbravo\ncharlie\ndelta\n');
    const r = await ok(ws.lectern, 'lectern_read', { target: 'w.txt', start_byte: 8, max_bytes: 12 });
    assert.equal(r.content, 'bravo\n');
    assert.deepEqual([r.meta.start_byte, r.meta.end_byte, r.meta.start_line, r.meta.end_line], [6, 12, 2, 2]);
    assert.match(r.text, /\[start_byte 8 was inside a line; the window starts at that line's first byte \(6\)\.\]/);
    assert.deepEqual(r.meta.next, { mode: 'file', target: 'w.txt', start_byte: 12, max_bytes: 12 });
    assert.match(r.text, /^w\.txt · bytes 6-12 of 26 · lines 2-2 of 4\n2\tbravo/);
  });

  it('a line longer than the window is cut at a character boundary with the offset to continue from', async () => {
    const ws = workspace();
    ws.write('w.txt', '€€€€€€\nx\n');
    const r = await ok(ws.lectern, 'lectern_read', { target: 'w.txt', start_byte: 0, max_bytes: 8 });
    assert.equal(r.content, '€€');
    assert.equal(r.meta.end_byte, 6);
    assert.match(
      r.text,
      /A single line is longer than this window: it is cut at byte 6 \(at a character boundary\)\. Continue with start_byte 6\./,
    );
    assert.deepEqual(r.meta.next, { mode: 'file', target: 'w.txt', start_byte: 6, max_bytes: 8 });
    const next = await ok(ws.lectern, 'lectern_read', r.meta.next);
    assert.equal(next.meta.start_byte, 6);
    assert.match(next.text, /continuing it/);
  });

  it('max_bytes above 256 KiB is clamped, and says so', async () => {
    const ws = workspace();
    ws.write('w.txt', 'a\n');
    const r = await ok(ws.lectern, 'lectern_read', { target: 'w.txt', start_byte: 0, max_bytes: 1_000_000 });
    assert.match(r.text, /\[max_bytes 1,000,000 is above the cap; used 262,144\.\]/);
  });

  it('line parameters win over byte parameters, with a note', async () => {
    const ws = workspace();
    ws.write('w.txt', numbered(5));
    const r = await ok(ws.lectern, 'lectern_read', {
      target: 'w.txt',
      start_line: 2,
      end_line: 3,
      start_byte: 0,
      max_bytes: 100,
    });
    assert.equal(r.content, 'line 2\nline 3\n');
    assert.match(r.text, /\[start_byte\/max_bytes were ignored: line parameters take precedence\.\]/);
  });

  it('the default window is 64 KiB', async () => {
    const ws = workspace({ settings: { contextTokens: 1_000_000, maxReadShare: 1 } });
    ws.write('w.txt', numbered(20_000, 5));
    const r = await ok(ws.lectern, 'lectern_read', { target: 'w.txt', start_byte: 0 });
    assert.ok(r.meta.end_byte! <= 65_536 && r.meta.end_byte! > 65_536 - 13, `end_byte ${r.meta.end_byte}`);
    assert.equal(r.meta.next?.max_bytes, 65_536);
  });
});

describe('lectern_read: default read and caps', () => {
  it('a small file comes whole, with no next', async () => {
    const ws = workspace();
    ws.write('small.ts', 'export const a = 1;\n');
    const r = await ok(ws.lectern, 'lectern_read', { target: 'small.ts' });
    assert.equal(r.text, 'small.ts · whole file, 1 line (20 bytes)\n1\texport const a = 1;');
    assert.equal(r.meta.truncated, false);
    assert.equal(r.meta.next, null);
    assert.equal(r.meta.source, 'disk');
  });

  it('a large file comes as its first part and the next call (the header says how much there is)', async () => {
    const ws = workspace();
    ws.write('big.txt', numbered(5000, 4));
    const r = await ok(ws.lectern, 'lectern_read', { target: 'big.txt' });
    const shown = r.meta.end_line!;
    assert.ok(shown > 100 && shown < 5000);
    assert.equal(r.content, numbered(5000, 4).split('\n').slice(0, shown).join('\n') + '\n');
    assert.ok(r.text.length < 12_000 + 1000, 'over max_preview_chars');
    assert.equal(r.meta.truncated, true);
    assert.equal(r.meta.preview_degraded, true);
    assert.match(r.text, new RegExp(`^big\\.txt · lines 1-${count(shown)} of 5,000`));
    // The next page in the words every other suggestion uses (start_line/end_line), as long as this one.
    assert.deepEqual(r.meta.next, { mode: 'file', target: 'big.txt', start_line: shown + 1, end_line: 2 * shown });
    assert.match(
      r.text,
      new RegExp(
        `\\[Next: lectern_read \\{"mode":"file","target":"big.txt","start_line":${shown + 1},"end_line":${2 * shown}\\}\\]$`,
      ),
    );
  });

  it('max_preview_chars bounds a read without a range', async () => {
    const ws = workspace();
    ws.write('a.txt', numbered(100, 3));
    const r = await ok(ws.lectern, 'lectern_read', { target: 'a.txt', max_preview_chars: 100 });
    assert.ok(r.meta.end_line! < 100);
    const body = r.text
      .split('\n')
      .filter((l) => /^\d+\t/.test(l))
      .join('\n');
    assert.ok(body.length <= 100, `${body.length} characters of lines`);
  });

  it('over the token cap the output shrinks to whole lines, is marked degraded, and resumes exactly', async () => {
    const ws = workspace({ settings: { contextTokens: 2000, maxReadShare: 0.5 } });
    const text = numbered(600, 3);
    ws.write('a.txt', text);
    const r = await ok(ws.lectern, 'lectern_read', { target: 'a.txt', start_line: 1, end_line: 600 });
    const last = r.meta.end_line!;
    assert.ok(last > 10 && last < 600, `end_line ${last}`);
    assert.equal(r.meta.preview_degraded, true);
    assert.ok(r.meta.token_estimate <= 1000, `token_estimate ${r.meta.token_estimate} > cap 1000`);
    assert.equal(r.content, text.split('\n').slice(0, last).join('\n') + '\n');
    assert.match(
      r.text,
      new RegExp(
        `Shortened to fit the per-answer token cap \\(1,000 tokens\\); ${count(600 - last)} lines of the range left for the next call`,
      ),
    );
    assert.deepEqual(r.meta.next, { mode: 'file', target: 'a.txt', start_line: last + 1, end_line: 600 });
    const w = await ok(ws.lectern, 'lectern_read', { target: 'a.txt', start_byte: 0, max_bytes: 262_144 });
    assert.equal(w.meta.preview_degraded, true);
    assert.equal(w.meta.next?.start_byte, w.meta.end_byte);
    assert.ok(w.meta.token_estimate <= 1000);
  });

  it('CRLF is kept in content but not shown in text', async () => {
    const ws = workspace();
    ws.write('crlf.txt', 'one\r\ntwo\r\nthree');
    const r = await ok(ws.lectern, 'lectern_read', { target: 'crlf.txt' });
    assert.equal(r.content, 'one\r\ntwo\r\nthree');
    assert.ok(!r.text.includes('\r'));
    assert.match(r.text, /1\tone\ntwo\n3\tthree/);
    const w = await ok(ws.lectern, 'lectern_read', { target: 'crlf.txt', start_byte: 0, max_bytes: 7 });
    assert.equal(w.content, 'one\r\n');
  });
});

describe('lectern_read: encodings and binary files', () => {
  it('a UTF-8 BOM is stripped and reported', async () => {
    const ws = workspace();
    ws.write('bom.txt', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('héllo\nwörld\n')]));
    const r = await ok(ws.lectern, 'lectern_read', { target: 'bom.txt' });
    assert.equal(r.content, 'héllo\nwörld\n');
    assert.equal(r.meta.bom, true);
    assert.equal(r.meta.encoding, 'utf-8-bom');
    assert.equal(r.meta.start_byte, 3);
    assert.match(r.text, /UTF-8 with BOM \(BOM not shown\)/);
    assert.ok(!r.text.includes('\ufeff'));
    const w = await ok(ws.lectern, 'lectern_read', { target: 'bom.txt', start_byte: 0, max_bytes: 100 });
    assert.equal(w.meta.start_byte, 3);
  });

  for (const [encoding, bom] of [
    ['utf-16le', [0xff, 0xfe]],
    ['utf-16be', [0xfe, 0xff]],
  ] as const) {
    it(`${encoding} with a BOM is decoded`, async () => {
      const ws = workspace();
      const text = 'grüße\r\n世界 😀\nend';
      const body = Buffer.from(text, 'utf16le');
      if (encoding === 'utf-16be') body.swap16();
      ws.write('u16.txt', Buffer.concat([Buffer.from(bom), body]));
      const r = await ok(ws.lectern, 'lectern_read', { target: 'u16.txt' });
      assert.equal(r.content, text);
      assert.equal(r.meta.encoding, encoding);
      assert.equal(r.meta.total_lines, 3);
      assert.match(r.text, new RegExp(`${encoding.toUpperCase()}, shown as UTF-8`));
      const tail = await ok(ws.lectern, 'lectern_read', { target: 'u16.txt', tail: 1 });
      assert.equal(tail.content, 'end');
    });
  }

  it('NUL bytes answer BINARY_FILE with the size', async () => {
    const ws = workspace();
    ws.write('bin.dat', Buffer.from([1, 2, 0, 3, 4, 5]));
    const r = await fails(ws.lectern, 'lectern_read', { target: 'bin.dat' }, 'BINARY_FILE');
    assert.match(r.error!.message, /bin\.dat is a binary file \(6 bytes\)/);
    assert.equal(r.meta.total_bytes, 6);
    assert.equal(r.content, '');
  });

  it("what a version's first bytes said is not reused for the next version: text, then binary, then UTF-8 with a BOM", async () => {
    const ws = workspace();
    const file = ws.write('swap.dat', 'plain text\n');
    assert.equal((await ok(ws.lectern, 'lectern_read', { target: 'swap.dat' })).meta.encoding, 'utf-8');
    ws.write('swap.dat', Buffer.from([1, 2, 0, 3, 4, 5, 6, 7, 8, 9, 10]));
    utimesSync(file, new Date(2_000_000), new Date(2_000_000));
    await fails(ws.lectern, 'lectern_read', { target: 'swap.dat' }, 'BINARY_FILE');
    ws.write('swap.dat', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('bom text\n')]));
    utimesSync(file, new Date(3_000_000), new Date(3_000_000));
    const bom = await ok(ws.lectern, 'lectern_read', { target: 'swap.dat' });
    assert.deepEqual([bom.meta.encoding, bom.content], ['utf-8-bom', 'bom text\n']);
  });

  it('invalid UTF-8 answers BINARY_FILE', async () => {
    const ws = workspace();
    ws.write('bad.txt', Buffer.from([0x61, 0x0a, 0xc3, 0x28, 0x0a]));
    await fails(ws.lectern, 'lectern_read', { target: 'bad.txt' }, 'BINARY_FILE');
  });

  it('binary bytes after the sniffed head answer BINARY_FILE when read, never garbage', async () => {
    const ws = workspace();
    ws.write('late.txt', Buffer.concat([Buffer.from('text\n'.repeat(4000)), Buffer.from([0xff, 0xfe, 0x00, 0x0a])]));
    const head = await ok(ws.lectern, 'lectern_read', { target: 'late.txt', head: 3 });
    assert.equal(head.content, 'text\ntext\ntext\n');
    const r = await fails(ws.lectern, 'lectern_read', { target: 'late.txt', tail: 1 }, 'BINARY_FILE');
    assert.ok(!r.text.includes('\ufffd'));
  });
});

describe('lectern_read: targets and sources', () => {
  it('several targets: each answered on its own; one failing does not fail the rest', async () => {
    const ws = workspace();
    ws.write('a.txt', 'alpha\n');
    ws.write('b.txt', 'bravo\n');
    const r = await call3(ws);
    assert.equal(r.ok, false);
    assert.equal(r.results!.length, 3);
    assert.deepEqual(
      r.results!.map((x) => [x.ok, x.target, x.content]),
      [
        [true, 'a.txt', 'alpha\n'],
        [false, 'missing.txt', ''],
        [true, 'b.txt', 'bravo\n'],
      ],
    );
    assert.equal(r.results![1]!.error!.code, 'NOT_FOUND');
    assert.match(
      r.text,
      /alpha[\s\S]*Error NOT_FOUND: missing\.txt does not exist\.[\s\S]*bravo[\s\S]*\[2 of 3 targets read/,
    );
    const both = await ok(ws.lectern, 'lectern_read', { target: ['a.txt', 'b.txt'], head: 1 });
    assert.equal(
      both.results!.every((x) => x.ok),
      true,
    );
  });

  it('an editor buffer with unsaved changes is read instead of the disk, and meta says so', async () => {
    const dirty = new Map<string, string>();
    const ws = workspace({
      documents: { dirty: (p) => (dirty.has(p) ? { text: dirty.get(p)!, version: 2 } : undefined) },
    });
    const file = ws.write('d.txt', 'on disk\n');
    dirty.set(file, 'in the editor\nsecond\n');
    const r = await ok(ws.lectern, 'lectern_read', { target: 'd.txt' });
    assert.equal(r.content, 'in the editor\nsecond\n');
    assert.equal(r.meta.source, 'buffer');
    assert.match(r.text, /unsaved editor buffer/);
    const stat = await ok(ws.lectern, 'lectern_stat', { target: 'd.txt' });
    assert.equal((stat.meta.stat as { unsaved_changes: boolean }).unsaved_changes, true);
    assert.equal(stat.meta.total_lines, 2);
    dirty.delete(file);
    const disk = await ok(ws.lectern, 'lectern_read', { target: 'd.txt' });
    assert.equal(disk.content, 'on disk\n');
    assert.equal(disk.meta.source, 'disk');
  });

  it('a directory answers IS_DIRECTORY; a missing file NOT_FOUND with a hint', async () => {
    const ws = workspace();
    ws.write('dir/x.txt', 'x');
    await fails(ws.lectern, 'lectern_read', { target: 'dir' }, 'IS_DIRECTORY');
    const r = await fails(ws.lectern, 'lectern_read', { target: 'nope.txt' }, 'NOT_FOUND');
    assert.match(r.error!.hint, /relative to the workspace folder, or absolute/);
  });

  it('an absolute path inside the workspace reads like the relative one', async () => {
    const ws = workspace();
    const file = ws.write('src/x.ts', 'x\n');
    const r = await ok(ws.lectern, 'lectern_read', { target: file });
    assert.equal(r.target, 'src/x.ts');
    assert.equal(r.content, 'x\n');
  });
});

async function call3(ws: ReturnType<typeof workspace>) {
  const r = await ws.lectern.invoke('lectern_read', { target: ['a.txt', 'missing.txt', 'b.txt'] });
  assert.equal(typeof r.text, 'string');
  return r;
}
