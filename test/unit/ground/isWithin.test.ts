// isWithin compares plain POSIX paths as strings (resolve and every open ask it several times a call):
// it must conclude exactly what path.relative concludes, for any path, plain or not.
import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import fc from 'fast-check';
import { isWithin } from '../../../src/core/ground/paths';

const byRelative = (parent: string, child: string) => {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
};

describe('isWithin', () => {
  it('agrees with path.relative on any absolute or relative path', () => {
    const segment = fc.constantFrom('a', 'b', 'ab', 'a b', '.', '..', '', '..b', '.c', 'b..', '...');
    const shaped = fc
      .tuple(fc.array(segment, { maxLength: 5 }), fc.boolean(), fc.boolean())
      .map(([parts, absolute, trailing]) => `${absolute ? '/' : ''}${parts.join('/')}${trailing ? '/' : ''}`);
    // Children often extend their parent, so the inside cases are common too.
    const pair = fc.oneof(
      fc.tuple(shaped, shaped),
      fc.tuple(shaped, fc.array(segment, { maxLength: 3 })).map(([p, rest]) => [p, [p, ...rest].join('/')] as const),
    );
    fc.assert(
      fc.property(pair, ([parent, child]) =>
        assert.equal(isWithin(parent, child), byRelative(parent, child), `${parent} ⊇ ${child}`),
      ),
      { numRuns: 5000 },
    );
  });

  it('a sibling that shares the prefix is not inside; the folder itself and its files are', () => {
    assert.equal(isWithin('/w/app', '/w/application/x.ts'), false);
    assert.equal(isWithin('/w/app', '/w/app'), true);
    assert.equal(isWithin('/w/app', '/w/app/src/x.ts'), true);
    assert.equal(isWithin('/w/app', '/w/app/..b/x.ts'), byRelative('/w/app', '/w/app/..b/x.ts'));
  });
});
