// lectern_search: plain, regex and case matching, context blocks, bounds, RE2 safety, encodings.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import type { SearchMatch } from '../../../src/core/search/searchFile';
import { readGutter } from '../../../src/core/text/gutter';
import { fails, ok, workspace, type Workspace } from '../helpers';

const matchesOf = (r: { meta: Record<string, unknown> }) => r.meta.matches as SearchMatch[];

describe('lectern_search', () => {
  let ws: Workspace;
  before(() => {
    ws = workspace();
    ws.write(
      'code.ts',
      [
        'import x from "y";',
        'function Alpha() {',
        '  return alpha + ALPHA;',
        '}',
        '',
        'const beta = 2;',
        '// alpha again',
        'export {};',
        '',
      ].join('\n'),
    );
  });

  it('plain text is case-insensitive by default; matches come in line order with 1-based columns', async () => {
    const r = await ok(ws.lectern, 'lectern_search', { target: 'code.ts', query: 'alpha' });
    assert.deepEqual(
      matchesOf(r).map((m) => [m.line, m.column, m.text]),
      [
        [2, 10, 'function Alpha() {'],
        [3, 10, '  return alpha + ALPHA;'],
        [7, 4, '// alpha again'],
      ],
    );
    assert.equal(r.meta.total_matches, 3);
    assert.equal(r.meta.total_lines, 8);
    // The file the call named is not named again; matches without context are numbered as a read's lines.
    assert.equal(r.text, '3 matches\n2\tfunction Alpha() {\n3\t  return alpha + ALPHA;\n7\t// alpha again');
    assert.deepEqual(r.location, { file: 'code.ts', line: 2, end_line: 7 });
    // A file reached by another spelling of its path is named as the answer resolved it.
    const spelled = await ok(ws.lectern, 'lectern_search', { target: './sub/../code.ts', query: 'alpha' });
    assert.match(spelled.text, /^code\.ts · 3 matches\n/);
  });

  it('case_sensitive matches case exactly', async () => {
    const r = await ok(ws.lectern, 'lectern_search', { target: 'code.ts', query: 'ALPHA', case_sensitive: true });
    assert.deepEqual(
      matchesOf(r).map((m) => [m.line, m.column]),
      [[3, 18]],
    );
    const none = await ok(ws.lectern, 'lectern_search', { target: 'code.ts', query: 'gamma' });
    assert.equal(none.meta.total_matches, 0);
    assert.match(none.text, /no matches for "gamma" in 8 lines/);
    assert.deepEqual(none.location, { file: 'code.ts', line: null, end_line: null });
  });

  it('regular expressions (RE2), case-insensitive unless asked', async () => {
    const r = await ok(ws.lectern, 'lectern_search', {
      target: 'code.ts',
      query: '^(const|export)\\b',
      is_regex: true,
    });
    assert.deepEqual(
      matchesOf(r).map((m) => m.line),
      [6, 8],
    );
    assert.match(r.text, /^2 matches\n6\tconst beta = 2;\n8\texport \{\};$/);
    const ci = await ok(ws.lectern, 'lectern_search', { target: 'code.ts', query: 'a[l]pha\\b', is_regex: true });
    assert.deepEqual(
      matchesOf(ci).map((m) => m.line),
      [2, 3, 7],
    );
    const cs = await ok(ws.lectern, 'lectern_search', {
      target: 'code.ts',
      query: 'A[L]PHA',
      is_regex: true,
      case_sensitive: true,
    });
    assert.deepEqual(
      matchesOf(cs).map((m) => m.line),
      [3],
    );
  });

  it('a plain query with regex characters is literal', async () => {
    const r = await ok(ws.lectern, 'lectern_search', { target: 'code.ts', query: 'Alpha()' });
    assert.deepEqual(
      matchesOf(r).map((m) => m.line),
      [2],
    );
  });

  it('INVALID_REGEX carries the parser message, and a hint for lookaround', async () => {
    const r = await fails(
      ws.lectern,
      'lectern_search',
      { target: 'code.ts', query: 'foo(', is_regex: true },
      'INVALID_REGEX',
    );
    assert.match(r.error!.message, /^The regular expression "foo\(" does not compile: .*missing/i);
    assert.match(r.error!.hint, /set is_regex false/);
    const look = await fails(
      ws.lectern,
      'lectern_search',
      { target: 'code.ts', query: 'a(?=b)', is_regex: true },
      'INVALID_REGEX',
    );
    assert.match(look.error!.hint, /no lookaround or backreferences/);
  });

  it('context lines: before/after, merged when blocks touch, separated by -- otherwise', async () => {
    const lines = Array.from({ length: 30 }, (_, i) =>
      i + 1 === 5 || i + 1 === 7 || i + 1 === 20 ? `hit ${i + 1}` : `row ${i + 1}`,
    );
    ws.write('ctx.txt', lines.join('\n') + '\n');
    const r = await ok(ws.lectern, 'lectern_search', { target: 'ctx.txt', query: 'hit', before: 2, after: 1 });
    // No footer: the answer shows context already, so no read around a match is suggested.
    const body = r.text.split('\n').slice(1).join('\n');
    // Matches keep their numbers; context lines carry theirs where a block opens or closes.
    assert.equal(
      body,
      [
        '3-\trow 3',
        'row 4',
        '5:\thit 5',
        'row 6',
        '7:\thit 7',
        '8-\trow 8',
        '--',
        '18-\trow 18',
        'row 19',
        '20:\thit 20',
        '21-\trow 21',
      ].join('\n'),
    );
    // Each line shows once, even where before/after ranges overlap.
    const numbers = readGutter(body.split('\n')).flatMap((l) => (l ? [l.number] : []));
    assert.deepEqual(numbers, [3, 4, 5, 6, 7, 8, 18, 19, 20, 21]);
    assert.deepEqual(
      numbers,
      [...new Set(numbers)].sort((a, b) => a - b),
    );
  });

  it('context at the start and the end of the file', async () => {
    ws.write('edge.txt', 'hit\nb\nc\nhit');
    const r = await ok(ws.lectern, 'lectern_search', { target: 'edge.txt', query: 'hit', before: 3, after: 3 });
    assert.equal(r.text.split('\n').slice(1).join('\n'), '1:\thit\nb\nc\n4:\thit');
  });

  it('max_matches bounds the output and says how many were left out, and where', async () => {
    ws.write('many.txt', Array.from({ length: 100 }, (_, i) => `item ${i + 1}`).join('\n'));
    const r = await ok(ws.lectern, 'lectern_search', { target: 'many.txt', query: 'item', max_matches: 10 });
    assert.equal(matchesOf(r).length, 10);
    assert.equal(r.meta.total_matches, 100);
    assert.equal(r.meta.shown_matches, 10);
    assert.equal(r.meta.truncated, true);
    assert.match(r.text, /^showing 10 of 100 matches\n/);
    assert.match(
      r.text,
      /\[90 more matches not shown \(lines 11-100\)\. Raise max_matches \(up to 500\) or narrow the query\.\]/,
    );
    const one = await ok(ws.lectern, 'lectern_search', { target: 'many.txt', query: 'item 1', max_matches: 11 });
    assert.equal(one.meta.total_matches, 12); // 1, 10-19, 100
    assert.match(one.text, /\[1 more match not shown \(line 100\)/);
    const dflt = await ok(ws.lectern, 'lectern_search', { target: 'many.txt', query: 'item' });
    assert.equal(matchesOf(dflt).length, 50);
  });

  it('a catastrophic-backtracking pattern on a long line finishes (linear-time engine)', async function () {
    this.timeout(20_000);
    ws.write('redos.txt', 'a'.repeat(50_000) + '!\n' + 'a'.repeat(30) + '\n');
    const r = await ok(ws.lectern, 'lectern_search', { target: 'redos.txt', query: '(a+)+$', is_regex: true });
    assert.deepEqual(
      matchesOf(r).map((m) => m.line),
      [2],
    );
    const nested = await ok(ws.lectern, 'lectern_search', { target: 'redos.txt', query: '(a|aa)*b', is_regex: true });
    assert.equal(nested.meta.total_matches, 0);
  });

  it('CRLF lines match without the CR, and $ anchors before it', async () => {
    ws.write('crlf.txt', 'one\r\ntwo end\r\nthree\r\n');
    const r = await ok(ws.lectern, 'lectern_search', { target: 'crlf.txt', query: 'end$', is_regex: true });
    assert.deepEqual(
      matchesOf(r).map((m) => [m.line, m.text]),
      [[2, 'two end']],
    );
    assert.ok(!r.text.includes('\r'));
    assert.equal(r.meta.total_lines, 3);
  });

  it('a line longer than the search piece size keeps one line number, and matches once', async function () {
    this.timeout(20_000);
    const huge = 'needle ' + 'x'.repeat(5 * 1024 * 1024) + ' needle';
    ws.write('huge.txt', `first\n${huge}\nthird needle\n`);
    const r = await ok(ws.lectern, 'lectern_search', { target: 'huge.txt', query: 'needle' });
    assert.deepEqual(
      matchesOf(r).map((m) => m.line),
      [2, 3],
    );
    assert.equal(r.meta.total_matches, 2);
    assert.equal(r.meta.total_lines, 3);
    const ctx = await ok(ws.lectern, 'lectern_search', { target: 'huge.txt', query: 'third', before: 1 });
    assert.deepEqual(
      matchesOf(ctx).map((m) => m.line),
      [3],
    );
    assert.equal(ctx.text.match(/^2-\t/gm)?.length, 1);
  });

  it('multi-byte text: columns count characters of the line, line numbers stay right', async () => {
    ws.write('utf8.txt', 'héllo wörld\n😀 smile\nnaïve\n');
    const r = await ok(ws.lectern, 'lectern_search', { target: 'utf8.txt', query: 'smile' });
    assert.deepEqual(
      matchesOf(r).map((m) => m.line),
      [2],
    );
    const w = await ok(ws.lectern, 'lectern_search', { target: 'utf8.txt', query: 'wörld' });
    assert.deepEqual(
      matchesOf(w).map((m) => [m.line, m.column]),
      [[1, 7]],
    );
  });

  it('a UTF-8 BOM is not part of the first line', async () => {
    ws.write('bom.txt', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('start here\nnext\n')]));
    const r = await ok(ws.lectern, 'lectern_search', { target: 'bom.txt', query: '^start', is_regex: true });
    assert.deepEqual(
      matchesOf(r).map((m) => m.line),
      [1],
    );
  });

  it('refuses binary files', async () => {
    ws.write('bin.dat', Buffer.from([0x41, 0x00, 0x42, 0x0a]));
    await fails(ws.lectern, 'lectern_search', { target: 'bin.dat', query: 'A' }, 'BINARY_FILE');
    ws.write('late.txt', Buffer.concat([Buffer.from('ok\n'.repeat(5000)), Buffer.from([0xc3, 0x28, 0x0a])]));
    await fails(ws.lectern, 'lectern_search', { target: 'late.txt', query: 'zzz' }, 'BINARY_FILE');
  });

  it('searches UTF-16 files', async () => {
    ws.write('u16.txt', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('first\nsecond needle\n', 'utf16le')]));
    const r = await ok(ws.lectern, 'lectern_search', { target: 'u16.txt', query: 'needle' });
    assert.deepEqual(
      matchesOf(r).map((m) => m.line),
      [2],
    );
  });

  it('line numbers from search are usable for a read', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom('x', 'needle', 'é', '😀 needle', '', 'NEEDLE'), { maxLength: 60 }),
        fc.boolean(),
        async (lines, crlf) => {
          const name = `p${Math.random().toString(36).slice(2)}.txt`;
          ws.write(name, lines.join(crlf ? '\r\n' : '\n'));
          const r = await ok(ws.lectern, 'lectern_search', { target: name, query: 'needle', max_matches: 500 });
          const expected = lines.flatMap((l, i) => (l.toLowerCase().includes('needle') ? [i + 1] : []));
          assert.deepEqual(
            matchesOf(r).map((m) => m.line),
            expected,
          );
          for (const m of matchesOf(r).slice(0, 3)) {
            const read = await ok(ws.lectern, 'lectern_read', { target: name, start_line: m.line, end_line: m.line });
            assert.equal(read.content.replace(/\r?\n$/, ''), m.text);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
