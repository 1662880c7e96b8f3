// The git command-line port: its parsers on git's -z output, and repository discovery.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createGitCli, findNestedGitFolders } from '../../../src/node/gitCli';
import { parseNumstat, parseStatusV2 } from '../../../src/node/gitOutput';
import { tempDir } from '../helpers';
import { Repo } from './gitRepo';

describe('git CLI port', () => {
  it('parses porcelain v2: branch, initial commit, ordinary, renamed, unmerged, untracked, submodule, nested, spaces', async () => {
    const root = '/repo';
    const out = [
      '# branch.oid (initial)',
      '# branch.head feature/x',
      '1 .M N... 100644 100644 100644 aaa aaa src/app.ts',
      '1 MD N... 100644 100644 000000 aaa bbb with space.txt',
      '2 R. N... 100644 100644 100644 aaa aaa R100 new name.ts',
      'old name.ts',
      'u UU N... 100644 100644 100644 100644 a b c conflict.txt',
      '1 .M SCM. 160000 160000 160000 aaa aaa deps/mod',
      '? notes/todo.md',
      '? tools/inner/',
      '',
    ].join('\0');
    const status = await parseStatusV2(out, root);
    assert.equal(status.hasCommits, false);
    assert.equal(status.branch, 'feature/x');
    assert.deepEqual(status.changes, [
      { path: '/repo/src/app.ts', unstaged: 'modified' },
      { path: '/repo/with space.txt', staged: 'modified', unstaged: 'deleted' },
      { path: '/repo/new name.ts', staged: 'renamed', oldPath: '/repo/old name.ts' },
      { path: '/repo/conflict.txt', staged: 'conflicted', unstaged: 'conflicted' },
      {
        path: '/repo/deps/mod',
        unstaged: 'modified',
        submodule: { commitChanged: true, modified: true, untracked: false },
      },
      { path: '/repo/notes/todo.md', unstaged: 'untracked' },
      { path: '/repo/tools/inner', unstaged: 'untracked', nestedRepository: true },
    ]);
    assert.equal((await parseStatusV2('# branch.oid 1234\0# branch.head (detached)\0', root)).branch, undefined);
  });

  it('parses numstat -z, binary files and renames', () => {
    const counts = parseNumstat(['3\t1\ta.ts', '-\t-\tlogo.png', '2\t0\t', 'old.ts', 'new.ts', ''].join('\0'), '/r');
    assert.deepEqual(
      [...counts],
      [
        ['/r/a.ts', { added: 3, removed: 1 }],
        ['/r/logo.png', 'binary'],
        ['/r/new.ts', { added: 2, removed: 0 }],
      ],
    );
  });

  it('finds the innermost repository, nothing outside one, and nested repositories below a folder', async () => {
    const outer = Repo.init().write('a.txt', 'a\n').commitAll();
    const inner = Repo.init(outer.path('pkg/inner'));
    inner.write('b.txt', 'b\n').commitAll();
    fs.mkdirSync(outer.path('node_modules/dep'), { recursive: true });
    Repo.init(outer.path('node_modules/dep'));
    const git = createGitCli();
    assert.equal((await git.repositoryAt(outer.path('a.txt')))?.root, outer.root);
    assert.equal((await git.repositoryAt(inner.path('b.txt')))?.root, inner.root);
    assert.equal((await git.repositoryAt(inner.path('not/yet/there.txt')))?.root, inner.root);
    assert.equal(await git.repositoryAt(path.join(tempDir(), 'x.txt')), undefined);
    assert.deepEqual(
      (await git.repositoriesUnder(outer.root)).map((r) => r.root),
      [inner.root],
    );
    assert.deepEqual(await findNestedGitFolders(outer.root), [inner.root]);
  });

  it('reads HEAD and index versions as raw bytes, and undefined for what is not there', async () => {
    const repo = Repo.init().write('crlf.txt', 'a\r\nb\r\n').write('dir/x.txt', 'x\n').commitAll();
    repo.write('crlf.txt', 'staged\n').git('add', 'crlf.txt');
    const r = (await createGitCli().repositoryAt(repo.root))!;
    assert.equal(Buffer.from((await r.read('HEAD', repo.path('crlf.txt')))!).toString(), 'a\r\nb\r\n');
    assert.equal(Buffer.from((await r.read('INDEX', repo.path('crlf.txt')))!).toString(), 'staged\n');
    assert.equal(await r.read('HEAD', repo.path('missing.txt')), undefined);
    assert.equal(await r.read('HEAD', repo.path('dir')), undefined);
  });
});
