// The literal text every match of a regular expression must hold, as clauses (one text of each):
// workspace search rules files out with them before running the expression, so a clause must never
// name text a match can do without.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { maxMatchLength, requiredClauses } from '../../../src/core/search/requiredText';

describe('required literals of a regular expression', () => {
  it('reads runs of literal text, conservatively', () => {
    const cases: [string, string[][]][] = [
      ['export function \\w+Config\\d+\\(', [['export function '], ['Config'], ['(']]],
      ['foo|bar', [['foo', 'bar']]],
      ['(foo|bar)baz', [['foo', 'bar'], ['baz']]],
      ['(foo|bar)?baz', [['baz']]],
      ['(foo|b)baz', [['baz']]],
      ['foo|', []],
      ['x(?:ab|cd\\w+ef)*y', [['x'], ['y']]],
      ['read(File|Dir(ectory)?)Sync', [['read'], ['File', 'Dir'], ['Sync']]],
      ['(?P<name>abc|de)f', [['abc', 'de'], ['f']]],
      ['(?<=abc)d', [['d']]],
      ['a(b', []],
      ['ab)c', []],
      ['ab*c', [['a'], ['c']]],
      ['ab+c', [['ab'], ['c']]],
      ['ab{0,2}c{2}d', [['a'], ['c'], ['d']]],
      ['[a-z]+_x\\.y', [['_x.y']]],
      ['(?i)abc', []],
      ['é😀x?', [['é😀']]],
      ['\\bword\\b', [['word']]],
      ['a[[:alpha:]]]bc', [['a'], [']bc']]],
      ['\\x41bc', []],
      ['\\pLabc', []],
      ['foo(?:bar)+baz', [['foo'], ['bar'], ['baz']]],
      ['a{b', [['a{b']]],
      ['x*?yz', [['yz']]],
    ];
    for (const [pattern, expected] of cases) assert.deepEqual(requiredClauses(pattern), expected, pattern);
  });

  it('every match holds a text of every clause (random patterns against random lines)', () => {
    const atom = fc.constantFrom(
      'a',
      'b',
      'c',
      'ab',
      '.',
      '[ab]',
      '[^a]',
      '(a|b)',
      '(?:bc)',
      '(ab|bc)',
      '(?:ab|c(a|bc))',
      '(a.|cc)',
      '\\.',
      '\\w',
      '\\b',
      '^',
      '$',
    );
    const quantifier = fc.constantFrom('', '', '', '*', '+', '?', '{2}', '{0,1}', '{1,2}', '*?');
    const piece = fc
      .tuple(atom, quantifier)
      .map(([a, q]) => (q && /^[.\w\\]|^\[|^\(/.test(a) && a !== '^' && a !== '$' && a !== '\\b' ? a + q : a));
    const pattern = fc
      .tuple(
        fc.array(piece, { minLength: 1, maxLength: 6 }),
        fc.option(fc.array(piece, { minLength: 1, maxLength: 3 })),
      )
      .map(([left, right]) => left.join('') + (right ? `|${right.join('')}` : ''));
    fc.assert(
      fc.property(
        pattern,
        fc.array(fc.stringMatching(/^[abc. ]{0,12}$/), { minLength: 1, maxLength: 8 }),
        (source, lines) => {
          let re: RegExp;
          try {
            re = new RegExp(source);
          } catch {
            return;
          }
          const clauses = requiredClauses(source);
          for (const line of lines) {
            const match = re.exec(line);
            if (match)
              for (const clause of clauses)
                assert.ok(
                  clause.some((text) => match[0].includes(text)),
                  `${source} matched ${JSON.stringify(match[0])} without any of ${JSON.stringify(clause)}`,
                );
          }
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('bounds how long a match can be, or tells it has no bound', () => {
    const cases: [string, number][] = [
      ['\\bword\\b', 8],
      ['a.c', 6],
      ['ab?[cd]{2,3}', 10],
      ['(foo|ba)\\d{2}', 10],
      ['x{3}', 6],
      ['é😀', 4],
      ['a+', Infinity],
      ['a*b', Infinity],
      ['a{2,}', Infinity],
      ['(?i)ab', Infinity],
      ['(?=a)b', Infinity],
      ['\\pLx', Infinity],
      ['a(b', Infinity],
      ['a{b', 6],
      ['(?<=x)abc', Infinity],
      ['ab(?!c)d|e', Infinity],
    ];
    for (const [pattern, expected] of cases) assert.equal(maxMatchLength(pattern), expected, pattern);
  });

  it('no match is longer than the bound (random patterns against random lines)', () => {
    const atom = fc.constantFrom('a', 'b', 'ab', '.', '[ab]', '[^a]', '(a|bb)', '(?:b|aba)', '\\w', '\\b', 'é', '😀');
    const quantifier = fc.constantFrom('', '', '?', '{2}', '{0,2}', '{1,3}', '??');
    const pattern = fc
      .array(
        fc.tuple(atom, quantifier).map(([a, q]) => (a === '\\b' ? a : a + q)),
        { minLength: 1, maxLength: 6 },
      )
      .map((pieces) => pieces.join(''));
    fc.assert(
      fc.property(pattern, fc.array(fc.constantFrom('a', 'b', 'é', '😀', ' '), { maxLength: 30 }), (source, chars) => {
        const bound = maxMatchLength(source);
        const re = new RegExp(source, 'gu');
        for (const match of chars.join('').matchAll(re))
          assert.ok(match[0].length <= bound, `${source} matched ${match[0].length} units, bound ${bound}`);
      }),
      { numRuns: 2000 },
    );
  });
});
