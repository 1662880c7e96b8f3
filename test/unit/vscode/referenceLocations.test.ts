// VS Code's reference provider answer translated for the core: 1-based places of files on disk, and
// an empty answer (no provider for the language) taken for none.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { referenceLocations, type LocationLike } from '../../../src/vscode/referenceLocations';
import { pathIn, type UriParts } from '../../../src/vscode/uris/workspacePaths';

type Uri = UriParts & { fsPath: string };
const at = (fsPath: string, line: number, character: number, scheme = 'file', authority = ''): LocationLike<Uri> => ({
  uri: { scheme, authority, path: fsPath, fsPath },
  range: { start: { line, character } },
});
/** The desktop's: files on disk (src/vscode/uris/workspaceUris.ts fileUris). */
const onDisk = (uri: Uri) => (uri.scheme === 'file' ? uri.fsPath : null);

describe('vscode: reference locations', () => {
  it('turns 0-based positions into 1-based lines and columns, in the order given', () => {
    assert.deepEqual(referenceLocations([at('/w/src/a.ts', 0, 0), at('/w/src/b.ts', 9, 15)], onDisk), [
      { path: '/w/src/a.ts', line: 1, column: 1 },
      { path: '/w/src/b.ts', line: 10, column: 16 },
    ]);
  });

  it('drops places in documents that are not files on disk (untitled buffers, virtual documents)', () => {
    assert.deepEqual(
      referenceLocations([at('/w/a.ts', 2, 4), at('Untitled-1', 0, 0, 'untitled'), at('/x.ts', 1, 1, 'git')], onDisk),
      [{ path: '/w/a.ts', line: 3, column: 5 }],
    );
  });

  it("keeps the places of a browser workspace's scheme (github.dev's vscode-vfs), not file: ones", () => {
    const folders = [{ scheme: 'vscode-vfs', authority: 'github+1', path: '/owner/repo' }];
    const inWorkspace = (uri: Uri) => pathIn(folders, uri);
    assert.deepEqual(
      referenceLocations(
        [
          at('/owner/repo/src/a.ts', 4, 2, 'vscode-vfs', 'github+1'),
          at('/owner/repo/src/b.ts', 0, 0),
          at('/owner/repo/src/c.ts', 0, 0, 'vscode-vfs', 'github+2'),
        ],
        inWorkspace,
      ),
      [{ path: '/owner/repo/src/a.ts', line: 5, column: 3 }],
    );
  });

  it('takes no answer and an empty one for no server', () => {
    assert.equal(referenceLocations(undefined, onDisk), undefined);
    assert.equal(referenceLocations([], onDisk), undefined);
  });

  it('keeps every file place, shifted by one', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ line: fc.nat(100_000), character: fc.nat(1_000) }), { minLength: 1, maxLength: 20 }),
        (starts) => {
          const out = referenceLocations(
            starts.map((s, i) => at(`/w/f${i}.ts`, s.line, s.character)),
            onDisk,
          )!;
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
