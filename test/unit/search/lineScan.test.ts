// A workspace search scans a file's whole text for the lines that match (search/lineScan.ts); a
// regular expression with several literal texts jumps to the rarest and runs only on the lines that
// hold them all; hits are numbered only as far as a file shows them. Properties: the lines and
// columns found are those that testing every line alone finds, whatever the case rule and whether
// the text is decoded or its bytes read as Latin-1 (case and Unicode fold partners, CRLF, lines
// longer than an excerpt, several literals on a line).
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { byteHaystack, textHaystack, type Haystack } from '../../../src/core/search/haystack';
import { findHits, numberHits, scanText } from '../../../src/core/search/lineScan';
import { createMatcher, createTextSearcher, type TextSearcher } from '../../../src/core/search/matcher';

/** Every matching line (1-based) and its match's column, by definition: each line alone, without its CR. */
function byLine(text: string, query: string, caseSensitive: boolean): [number, number][] {
  const matcher = createMatcher(query, true, caseSensitive);
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const out: [number, number][] = [];
  lines.forEach((raw, i) => {
    const column = matcher.firstMatch(raw.endsWith('\r') ? raw.slice(0, -1) : raw);
    if (column !== -1) out.push([i + 1, column]);
  });
  return out;
}

/** The lines of `text` as the search sees them: 1-based, without their CR. */
function linesOf(text: string): string[] {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines.map((raw) => (raw.endsWith('\r') ? raw.slice(0, -1) : raw));
}

/** The text as a workspace search scans it: its bytes as Latin-1 where the searcher allows, else decoded. */
function haystackOf(text: string, ascii: boolean | undefined): Haystack {
  if (!ascii) return textHaystack(text);
  const bytes = Buffer.from(text, 'utf8');
  return byteHaystack(bytes.toString('latin1'), bytes, 0);
}

/** Scans `source` and checks it finds what testing each line of `text` alone finds: how many, and each line and column. */
function assertAsEachLine(
  source: Haystack,
  searcher: TextSearcher,
  text: string,
  query: string,
  caseSensitive: boolean,
) {
  const { count, hits } = scanText(source, searcher, 1_000);
  const expected = byLine(text, query, caseSensitive);
  assert.equal(count, expected.length, query);
  assert.deepEqual(
    hits.map((h) => [h.line, h.column ?? source.column(h.start, h.at)]),
    expected,
    query,
  );
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('scanning a text for the lines a regular expression matches', () => {
  const piece = fc.constantFrom(
    'fn',
    'FN',
    'Sync(',
    'sync(',
    'read',
    'ab',
    'x1',
    '\u212a',
    'k',
    'kk',
    'function',
    'FUNCTION',
    'Function',
    'async',
    'ſ',
    'İ',
    's',
    'st',
    'x'.repeat(450),
    ' ',
    '\t',
    '\r',
    '\n',
    '\n',
    '\r\n',
  );
  const content = fc.array(piece, { maxLength: 80 }).map((p) => p.join(''));
  const regex = fc.constantFrom(
    'fn\\s*\\w+Sync\\(',
    'read.*ab',
    'ab\\s?x1',
    'fn\\s+read',
    'kk\\w*Sync\\(',
    'x1 ?fn',
    'function\\s+\\w+Sync\\(',
    'Sync\\(.*function',
    'st\\w*Sync\\(',
    'ab.*x{3}.*Sync',
  );

  it('finds the lines testing each line alone finds, several literal texts each (any case)', () => {
    fc.assert(
      fc.property(content, regex, fc.boolean(), (text, query, caseSensitive) => {
        const searcher = createTextSearcher(query, true, caseSensitive);
        assert.ok(searcher.lineFilter, `${query}: several literal texts`);
        assertAsEachLine(haystackOf(text, searcher.ascii), searcher, text, query, caseSensitive);
      }),
      { numRuns: 2000 },
    );
  });

  it('finds the same lines for alternatives: plain text, and groups of them among other text (any case)', () => {
    const alternatives = fc.constantFrom(
      'Sync\\(|function',
      'fn|read',
      'kk|st',
      'x1|ab|fn',
      'ab|ſt',
      'İ|st',
      'FN|Sync\\(',
      '(fn|read)\\s*\\w+Sync\\(',
      '(Sync|sync)\\(',
      'a(b|sync)\\(?',
      '(kk|st)\\w*(Sync|x1)',
      'function|st\\w*Sync',
      '\\bfn\\b',
      '\\b(?:fn|read)\\b',
      '\\bSync\\(',
      'x1\\b',
      '\\b(st|kk)',
      '(fn|ab)\\b',
      '\\b\\(?sync\\(',
      '\\bst\\b',
      '\\b\\(st',
      'Sync\\(\\b',
    );
    fc.assert(
      fc.property(content, alternatives, fc.boolean(), (text, query, caseSensitive) => {
        const searcher = createTextSearcher(query, true, caseSensitive);
        assertAsEachLine(haystackOf(text, searcher.ascii), searcher, text, query, caseSensitive);
      }),
      { numRuns: 2000 },
    );
  });

  it('finds the same first match on long lines (minified code), searched around each place a text is', () => {
    const long = fc
      .array(fc.oneof(piece, fc.constant('y'.repeat(1_100)), fc.constant(' fn_read ')), { maxLength: 60 })
      .map((p) => p.join(''));
    const patterns = fc.constantFrom(
      '\\bfn\\b',
      '\\bread\\b',
      'Sync\\(\\w?',
      '(fn|read)\\b',
      '\\bst\\w{0,3}',
      'fn\\s?read',
      'ab\\s?x1',
      '\\Bread',
      'read.*ab',
      'fn\\s+\\w+Sync\\(',
      'y\\s?fn_read',
      '\\w{0,3}Sync',
    );
    fc.assert(
      fc.property(long, patterns, fc.boolean(), (text, query, caseSensitive) => {
        const searcher = createTextSearcher(query, true, caseSensitive);
        assertAsEachLine(haystackOf(text, searcher.ascii), searcher, text, query, caseSensitive);
      }),
      { numRuns: 600 },
    );
  });

  it('finds the other texts of a line at its very start and end, on short lines and on lines searched on through the text', () => {
    for (const width of [10, 600, 5_000]) {
      const x = 'x'.repeat(width);
      const text = [
        `function${x}Sync(`,
        `Sync(${x}function`,
        `${x}function${x}Sync(`,
        `function${x}`,
        `Sync(${x}`,
      ].join('\n');
      for (const query of ['function\\w*Sync\\(', 'Sync\\(\\w*function', 'function|Sync\\(']) {
        const searcher = createTextSearcher(query, true, true);
        assertAsEachLine(haystackOf(text, searcher.ascii), searcher, text, query, true);
      }
    }
  });

  it("word boundaries around plain alternatives are RE2's: ASCII word characters, any case", () => {
    const text = [
      'ſfn',
      '\u212afn',
      'fnſ',
      'afn',
      'fn',
      'FN_',
      'Sync(st',
      '(st',
      'x(FN',
      'Sync(',
      'Sync(a',
      'é fn é',
    ].join('\n');
    for (const query of ['\\bfn\\b', '\\b\\(st', 'Sync\\(\\b', '\\b(?:fn|st)\\b', '\\b\\(fn'])
      for (const caseSensitive of [true, false]) {
        const searcher = createTextSearcher(query, true, caseSensitive);
        // As bytes read as Latin-1, and as an editor's unsaved text.
        for (const source of [haystackOf(text, searcher.ascii), textHaystack(text)])
          assertAsEachLine(source, searcher, text, query, caseSensitive);
      }
  });

  it('finds what each line alone finds for patterns holding a raw line break, half a character, or huge texts', () => {
    const cases: [string, string, boolean][] = [
      ['foo\r', 'foo\r\nbar\n', true],
      ['a\nb', 'xa\nb\n', true],
      ['foo\r|zz', 'foo\r\nzz\n', true],
      ['\\bfoo\r', 'foo\r\n', true],
      // A window around "bc" must not start between the halves of an emoji.
      ['[^😀]bc', `${'y'.repeat(1000)}😀bcx😀bc\n`, true],
      ['[^😀]bc', `${'y'.repeat(1000)}😀bcbébbc\n`, false],
      // Texts too long for a RegExp (V8 caps its size), on lines RE2 reads quickly.
      [`${'a'.repeat(30_000)}|bc`, 'xBc\nyy\n', false],
      [`(?:${'a'.repeat(30_000)}|bc)x`, 'BCX\n', false],
    ];
    for (const [query, text, caseSensitive] of cases) {
      const searcher = createTextSearcher(query, true, caseSensitive);
      for (const source of [haystackOf(text, searcher.ascii), textHaystack(text)])
        assertAsEachLine(source, searcher, text, query, caseSensitive);
    }
  });

  it('numbers only the hits asked for, as counting the lines before each', () => {
    fc.assert(
      fc.property(content, regex, fc.boolean(), fc.nat(6), fc.nat(6), (text, query, caseSensitive, keep, upto) => {
        const searcher = createTextSearcher(query, true, caseSensitive);
        const source = haystackOf(text, searcher.ascii);
        const { count, hits } = findHits(source, searcher, keep);
        const expected = byLine(text, query, caseSensitive);
        assert.equal(count, expected.length);
        assert.equal(hits.length, Math.min(keep, count));
        numberHits(source.hay, hits, upto);
        assert.deepEqual(
          hits.map((h) => h.line),
          expected.slice(0, hits.length).map(([line], i) => (i < upto ? line : 0)),
        );
        const scanned = scanText(source, searcher, keep);
        assert.equal(scanned.firstOmitted, expected[keep]?.[0] ?? null);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('scanning a text for the lines a plain query matches', () => {
  const piece = fc.constantFrom(
    'needle',
    'Needle',
    'NEEDLE',
    'nee',
    'dle',
    '\u212aelvin',
    'kelvin',
    'ſtar',
    'star',
    'İs',
    'is',
    'é',
    'x'.repeat(450),
    ' ',
    '\r\n',
    '\n',
    '\n',
  );
  const content = fc.array(piece, { maxLength: 40 }).map((p) => p.join(''));
  const query = fc.constantFrom('needle', 'NEEDLE', 'kelvin', 'star', 'is', 'e\r', 'dle nee', 'ſtar', 'é');

  it('finds the lines a case-sensitive test, or an ASCII any-case one, finds on each line alone', () => {
    fc.assert(
      fc.property(content, query, fc.boolean(), fc.nat(5), (text, q, caseSensitive, keep) => {
        const searcher = createTextSearcher(q, false, caseSensitive);
        const source = haystackOf(text, searcher.ascii);
        const { count, hits, firstOmitted } = scanText(source, searcher, keep);
        // Any case without the u flag where the query is ASCII: no character beyond ASCII matches one within.
        const test = caseSensitive
          ? (line: string) => line.includes(q)
          : (line: string) => new RegExp(escapeRegExp(q), searcher.ascii ? 'i' : 'iu').test(line);
        const expected = linesOf(text).flatMap((line, i) => (test(line) ? [i + 1] : []));
        assert.equal(count, expected.length, JSON.stringify({ text, q }));
        assert.deepEqual(
          hits.map((h) => h.line),
          expected.slice(0, keep),
        );
        assert.equal(firstOmitted, expected[keep] ?? null);
      }),
      { numRuns: 2000 },
    );
  });
});
