// A workspace search scans a file's whole text for the lines that match (search/lineScan.ts); a
// regular expression with several literal texts runs only on the lines that hold them all. Property:
// the lines and columns found are those that testing every line alone finds, whatever the case rule.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { textHaystack } from '../../../src/core/search/haystack';
import { scanText } from '../../../src/core/search/lineScan';
import { createMatcher, createTextSearcher } from '../../../src/core/search/matcher';

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
    ' ',
    '\t',
    '\r',
    '\n',
    '\n',
    '\r\n',
  );
  const content = fc.array(piece, { maxLength: 80 }).map((p) => p.join(''));
  const regex = fc.constantFrom('fn\\s*\\w+Sync\\(', 'read.*ab', 'ab\\s?x1', 'fn\\s+read', 'kk\\w*Sync\\(', 'x1 ?fn');

  it('finds the lines testing each line alone finds, several literal texts each (any case)', () => {
    fc.assert(
      fc.property(content, regex, fc.boolean(), (text, query, caseSensitive) => {
        const searcher = createTextSearcher(query, true, caseSensitive);
        assert.ok(searcher.lineFilter, `${query}: several literal texts`);
        const { count, hits } = scanText(textHaystack(text), searcher, 1_000);
        const expected = byLine(text, query, caseSensitive);
        assert.equal(count, expected.length);
        assert.deepEqual(
          hits.map((h) => [h.line, h.column]),
          expected,
        );
      }),
      { numRuns: 2000 },
    );
  });
});
