// The one workspace walker (symbol index and workspace search): order, nested .gitignore files,
// default-excluded folders, host globs, explicit paths, cancellation.
import { strict as assert } from 'node:assert';
import type { Host, WorkspaceRoot } from '../../../src/core/ground/ports';
import { listSourceFiles, walkFiles, type WalkOptions } from '../../../src/core/ground/walk';
import { nodeFileSystem } from '../../../src/node/nodeFileSystem';
import { tempDir, write } from '../helpers';

function tree(files: Record<string, string>): { host: Host; root: WorkspaceRoot } {
  const dir = tempDir();
  for (const [name, text] of Object.entries(files)) write(dir, name, text);
  const root = { name: 'w', path: dir };
  return { host: { fs: nodeFileSystem, roots: () => [root] }, root };
}

async function list(host: Host, options: WalkOptions = {}): Promise<string[]> {
  const out: string[] = [];
  for await (const file of walkFiles(host, options)) out.push(file.relative);
  return out;
}

describe('workspace walker', () => {
  it('lists breadth-first, each folder in name order, the same on every run', async () => {
    const { host } = tree({ 'b.ts': '', 'a.ts': '', 'z/deep/x.ts': '', 'm/y.ts': '', 'm/a.ts': '', 'A.ts': '' });
    const first = await list(host);
    assert.deepEqual(first, ['A.ts', 'a.ts', 'b.ts', 'm/a.ts', 'm/y.ts', 'z/deep/x.ts']);
    assert.deepEqual(await list(host), first);
  });

  it('applies every .gitignore relative to its folder, deeper files first, and re-includes with !', async () => {
    const { host } = tree({
      '.gitignore': '*.gen.ts\n/out-*/\n',
      'a.gen.ts': '',
      'out-x/a.ts': '',
      'src/out-x/b.ts': '',
      'src/.gitignore': '!keep.gen.ts\nsecret/\n',
      'src/keep.gen.ts': '',
      'src/drop.gen.ts': '',
      'src/secret/s.ts': '',
      'src/ok.ts': '',
    });
    assert.deepEqual(await list(host), [
      '.gitignore',
      'src/.gitignore',
      'src/keep.gen.ts',
      'src/ok.ts',
      'src/out-x/b.ts',
    ]);
  });

  it('skips vendored, build and hidden folders and the host globs, and tells why', async () => {
    const { host, root } = tree({
      'node_modules/p/i.js': '',
      '.cache/c': '',
      'dist/d.js': '',
      'gen/g.ts': '',
      'src/a.ts': '',
      'src/a.snap': '',
    });
    const skipped: string[] = [];
    const files = await list(host, {
      excludeGlobs: () => ['gen', '**/*.snap'],
      onSkip: (_r, relative, reason) => skipped.push(`${relative}: ${reason}`),
    });
    assert.deepEqual(files, ['src/a.ts']);
    assert.deepEqual(skipped, [
      '.cache: hidden folder',
      'dist: excluded folder',
      'gen: exclude setting',
      'node_modules: excluded folder',
      'src/a.snap: exclude setting',
    ]);
    // An explicit path lifts the default rules on the way to it and for it, not beside it.
    assert.deepEqual(await list(host, { explicit: () => ['node_modules/p'], excludeGlobs: () => ['gen'] }), [
      'src/a.snap',
      'src/a.ts',
      'node_modules/p/i.js',
    ]);
    // A start folder inside an ignored one is walked; the .gitignore that ignores it does not apply inside.
    const ignored = tree({ '.gitignore': 'vendor2/\n*.log\n', 'vendor2/lib/a.ts': '', 'vendor2/lib/b.log': '' });
    assert.deepEqual(await list(ignored.host, { scopes: [{ root: ignored.root, start: 'vendor2/lib' }] }), [
      'vendor2/lib/a.ts',
      'vendor2/lib/b.log',
    ]);
    assert.deepEqual(await list(host, { scopes: [{ root, start: 'dist' }] }), ['dist/d.js']);
  });

  it('the symbol index listing uses it too (nested .gitignore included) and stops at maxFiles', async () => {
    const { host, root } = tree({
      'a.ts': '',
      'b.md': '',
      'lib/.gitignore': 'skip.ts\n',
      'lib/skip.ts': '',
      'lib/c.ts': '',
      'lib/d.ts': '',
    });
    const all = await listSourceFiles(host, [root], (name) => name.endsWith('.ts'), 100);
    assert.deepEqual(
      all.files.map((f) => f.relative),
      ['a.ts', 'lib/c.ts', 'lib/d.ts'],
    );
    assert.equal(all.truncated, false);
    const two = await listSourceFiles(host, [root], (name) => name.endsWith('.ts'), 2);
    assert.deepEqual(
      two.files.map((f) => f.relative),
      ['a.ts', 'lib/c.ts'],
    );
    assert.equal(two.truncated, true);
  });

  it('a cancelled walk ends quietly', async () => {
    const { host } = tree({ 'a/1.ts': '', 'b/2.ts': '', 'c/3.ts': '' });
    let checks = 0;
    const files = await list(host, {
      signal: {
        get isCancellationRequested() {
          return ++checks > 2;
        },
      },
    });
    assert.deepEqual(files, ['a/1.ts']);
  });
});
