// A file-target search finds candidate lines in whole chunks (indexOf, a case-insensitive RegExp,
// a regex's literal text, a length check for `^$`) instead of testing every line: property-tested
// against the plain definition — every line, without its CR, tested alone by the line matcher —
// over chunks a few bytes long, so line and chunk boundaries fall everywhere.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { createMatcher } from '../../../src/core/search/matcher';
import { FILE_SCAN } from '../../../src/core/search/searchFile';
import { workspace, type Workspace } from '../helpers';

interface Expected {
  lines: number;
  total: number;
  matches: { line: number; column: number; text: string }[];
}

/** What a search answers, by definition. */
function expected(text: string, query: string, isRegex: boolean, caseSensitive: boolean, keep: number): Expected {
  const matcher = createMatcher(query, isRegex, caseSensitive);
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const matches: Expected['matches'] = [];
  let total = 0;
  lines.forEach((raw, i) => {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    const column = matcher.firstMatch(line);
    if (column === -1) return;
    total++;
    if (matches.length < keep) matches.push({ line: i + 1, column: column + 1, text: line });
  });
  return { lines: lines.length, total, matches };
}

const saved = { ...FILE_SCAN };

describe('file-target search: candidate lines found in whole chunks', function () {
  this.timeout(120_000);
  let ws: Workspace;
  before(() => (ws = workspace()));
  afterEach(() => Object.assign(FILE_SCAN, saved));

  // Letters that fold in unusual ways (İ and the Kelvin sign lower-case to i and k), blanks, CRs.
  const piece = fc.constantFrom(
    'a',
    'b',
    'ab',
    'AB',
    'ik',
    'IK',
    '\u0130',
    '\u212a',
    'k',
    'é',
    ' ',
    '\t',
    '\r',
    '\n',
    '\n',
    '\n',
    '\r\n',
    'x1',
    'é\n',
  );
  const content = fc.array(piece, { maxLength: 60 }).map((p) => p.join(''));
  const query = fc.oneof(
    fc.record({
      query: fc.constantFrom('a', 'ab', 'AB', 'ik', 'k', 'i', 'é', 'b a', 'x1'),
      is_regex: fc.constant(false),
    }),
    fc.record({
      query: fc.constantFrom('^$', '^\\s*$', 'ab+', 'a.b', 'x1$', '^ab', 'ik|b', '[ab]k', 'é+'),
      is_regex: fc.constant(true),
    }),
  );

  it('answers what testing each line alone answers (matches, columns, counts, lines)', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        content,
        query,
        fc.boolean(),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 4, max: 40 }),
        fc.nat({ max: 2 }),
        async (text, q, caseSensitive, keep, chunk, context) => {
          FILE_SCAN.chunkBytes = chunk;
          const name = `f${n++}.txt`;
          ws.write(name, text);
          const r = await ws.lectern.invoke('lectern_search', {
            target: name,
            ...q,
            case_sensitive: caseSensitive,
            max_matches: keep,
            before: context,
            after: context,
          });
          assert.ok(r.ok, r.text);
          const want = expected(text, q.query, q.is_regex, caseSensitive, keep);
          const { meta } = r;
          assert.equal(meta.total_matches, want.total, r.text);
          assert.deepEqual(meta.matches, want.matches, r.text);
          assert.equal(meta.total_lines, want.lines, r.text);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('^$ counts every empty line across chunks, CRLF ones included', async () => {
    FILE_SCAN.chunkBytes = 10;
    ws.write('empty.txt', '\n'.repeat(50) + 'x\r\n\r\n' + '\n'.repeat(7));
    const r = await ws.lectern.invoke('lectern_search', {
      target: 'empty.txt',
      query: '^$',
      is_regex: true,
      max_matches: 3,
    });
    const { meta } = r;
    assert.equal(meta.total_matches, 58);
    assert.equal(meta.total_lines, 59);
    assert.match(r.text, /55 more matches not shown \(lines 4-59\)/);
  });
});
