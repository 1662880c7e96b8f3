// VS Code's reference provider answer translated for the core: 1-based places of files on disk, and
// an empty answer (no provider for the language) taken for none.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { referenceLocations, type LocationLike } from '../../../src/vscode/referenceLocations';

const at = (fsPath: string, line: number, character: number, scheme = 'file'): LocationLike => ({
  uri: { scheme, fsPath },
  range: { start: { line, character } },
});

describe('vscode: reference locations', () => {
  it('turns 0-based positions into 1-based lines and columns, in the order given', () => {
    assert.deepEqual(referenceLocations([at('/w/src/a.ts', 0, 0), at('/w/src/b.ts', 9, 15)]), [
      { path: '/w/src/a.ts', line: 1, column: 1 },
      { path: '/w/src/b.ts', line: 10, column: 16 },
    ]);
  });

  it('drops places in documents that are not files on disk (untitled buffers, virtual documents)', () => {
    assert.deepEqual(
      referenceLocations([at('/w/a.ts', 2, 4), at('Untitled-1', 0, 0, 'untitled'), at('/x.ts', 1, 1, 'git')]),
      [{ path: '/w/a.ts', line: 3, column: 5 }],
    );
  });

  it('takes no answer and an empty one for no server', () => {
    assert.equal(referenceLocations(undefined), undefined);
    assert.equal(referenceLocations([]), undefined);
  });

  it('keeps every file place, shifted by one', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ line: fc.nat(100_000), character: fc.nat(1_000) }), { minLength: 1, maxLength: 20 }),
        (starts) => {
          const out = referenceLocations(starts.map((s, i) => at(`/w/f${i}.ts`, s.line, s.character)))!;
          assert.equal(out.length, starts.length);
          out.forEach((place, i) => {
            assert.equal(place.line, starts[i]!.line + 1);
            assert.equal(place.column, starts[i]!.character + 1);
          });
        },
      ),
    );
  });
});
