// The engine's paths and the workspace's URIs in the browser, where the scheme is the workspace
// folder's (github.dev's vscode-vfs, code-server's vscode-remote), not file:.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { folderHolding, isInsideFolder, pathIn, type UriParts } from '../../../src/vscode/uris/workspacePaths';

const vfs = (authority: string, path: string): UriParts => ({ scheme: 'vscode-vfs', authority, path });
const repo = vfs('github+7b2276223a312c22726566223a7b2274797065223a362c226964223a226d61696e227d7d', '/owner/repo');
const other = vfs('github', '/owner/other');

describe('vscode: workspace paths and URIs of any scheme', () => {
  it('gives a path the scheme and authority of the folder holding it', () => {
    assert.equal(folderHolding([repo, other], '/owner/other/src/a.ts'), other);
    assert.equal(folderHolding([repo, other], '/owner/repo/src/a.ts'), repo);
    assert.equal(folderHolding([repo, other], '/owner/repo'), repo);
  });

  it('does not take a sibling sharing the prefix for the folder, and falls back to the first folder', () => {
    assert.equal(folderHolding([other, repo], '/owner/repository/a.ts'), other);
    assert.equal(isInsideFolder('/owner/repo', '/owner/repository/a.ts'), false);
    assert.equal(isInsideFolder('/', '/a.ts'), true);
    assert.equal(folderHolding([], '/a.ts'), undefined);
  });

  it("names the path of a URI of a workspace folder's scheme and authority, and of no other", () => {
    assert.equal(pathIn([repo], vfs(repo.authority, '/owner/repo/src/a.ts')), '/owner/repo/src/a.ts');
    assert.equal(pathIn([repo], { scheme: 'file', authority: '', path: '/owner/repo/src/a.ts' }), null);
    assert.equal(pathIn([repo], vfs('github', '/owner/repo/src/a.ts')), null);
    assert.equal(pathIn([repo], { scheme: 'untitled', authority: '', path: 'Untitled-1' }), null);
    assert.equal(pathIn([], vfs(repo.authority, '/owner/repo/a.ts')), null);
  });

  it('comes back to the same path from the URI it gives (path → folder URI → path)', () => {
    const segment = fc.stringMatching(/^[a-z0-9._-]{1,8}$/);
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 5 }), fc.boolean(), (parts, inOther) => {
        const folder = inOther ? other : repo;
        const path = `${folder.path}/${parts.join('/')}`;
        const holder = folderHolding([repo, other], path)!;
        assert.equal(holder, folder);
        assert.equal(pathIn([repo, other], { ...holder, path }), path);
      }),
    );
  });
});
