// The literal text every match of a regular expression must hold: workspace search rules files out
// with it before running the expression, so it must never name text a match can do without.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { requiredLiterals } from '../../../src/core/search/matcher';

describe('required literals of a regular expression', () => {
  it('reads runs of literal text, conservatively', () => {
    const cases: [string, string[]][] = [
      ['export function \\w+Config\\d+\\(', ['export function ', 'Config', '(']],
      ['foo|bar', []],
      ['(foo|bar)baz', ['baz']],
      ['ab*c', ['a', 'c']],
      ['ab+c', ['ab', 'c']],
      ['ab{0,2}c{2}d', ['a', 'c', 'd']],
      ['[a-z]+_x\\.y', ['_x.y']],
      ['(?i)abc', []],
      ['é😀x?', ['é😀']],
      ['\\bword\\b', ['word']],
      ['a[[:alpha:]]]bc', ['a', ']bc']],
      ['\\x41bc', []],
      ['\\pLabc', []],
      ['foo(?:bar)+baz', ['foo', 'baz']],
      ['a{b', ['a{b']],
      ['x*?yz', ['yz']],
    ];
    for (const [pattern, expected] of cases) assert.deepEqual(requiredLiterals(pattern), expected, pattern);
  });

  it('every match holds every literal (random patterns against random lines)', () => {
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
          const literals = requiredLiterals(source);
          for (const line of lines) {
            const match = re.exec(line);
            if (match)
              for (const literal of literals)
                assert.ok(
                  match[0].includes(literal),
                  `${source} matched ${JSON.stringify(match[0])} without ${JSON.stringify(literal)}`,
                );
          }
        },
      ),
      { numRuns: 3000 },
    );
  });
});
