// The caches that make a warm call cheap (warm MCP reads against the reference filesystem server,
// bench/mcpPeer.ts) must never answer for a file or a setting as it was: a file changed between
// calls, replaced, made a link to a secret, or secret patterns changed, each gets the answer of now.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Lectern } from '../../../src/core/engine';
import type { FileSystemPort } from '../../../src/core/ground/fileSystemPort';
import type { Host } from '../../../src/core/ground/ports';
import type { Settings } from '../../../src/core/ground/settings';
import type { StatInfo } from '../../../src/core/read/statInfo';
import { nodeFileSystem } from '../../../src/node/nodeFileSystem';
import { call, ok, tempDir, write } from '../helpers';

const statOf = (r: { meta: Record<string, unknown> }) => r.meta.stat as StatInfo;

/** A workspace whose file system counts the files opened. */
function counted(settings: Partial<Settings> = {}) {
  const root = tempDir('lectern-warm-');
  const opens = { count: 0 };
  const port: FileSystemPort = {
    ...nodeFileSystem,
    open: (p) => {
      opens.count++;
      return nodeFileSystem.open(p);
    },
  };
  const host: Host = { fs: port, roots: () => [{ name: 'ws', path: root }] };
  const current: Partial<Settings> = { sessionGuard: false, ...settings };
  return { root, opens, settings: current, lectern: new Lectern(host, () => current) };
}

describe('warm caches answer for the file as it is now', () => {
  it('lectern_stat opens an unchanged file once, and counts a file rewritten in place again', async () => {
    const { root, opens, lectern } = counted();
    const file = write(root, 'notes.txt', 'one\ntwo\n');
    const when = 1_700_000_000; // whole seconds: put back exactly after the rewrite
    fs.utimesSync(file, when, when);
    assert.equal(statOf(await ok(lectern, 'lectern_stat', { target: 'notes.txt' })).total_lines, 2);
    const first = opens.count;
    assert.equal(statOf(await ok(lectern, 'lectern_stat', { target: 'notes.txt' })).total_lines, 2);
    assert.equal(opens.count, first, 'an unchanged file was opened again');
    // The same size and, put back, the same modification time: only the change time tells.
    const before = fs.statSync(file);
    fs.writeFileSync(file, 'one two\n');
    fs.utimesSync(file, when, when);
    const now = fs.statSync(file);
    assert.deepEqual([now.size, now.mtimeMs, now.ino], [before.size, before.mtimeMs, before.ino]);
    const after = statOf(await ok(lectern, 'lectern_stat', { target: 'notes.txt' }));
    assert.equal(after.total_lines, 1);
    assert.ok(opens.count > first, 'the changed file was not opened');
  });

  it('lectern_stat describes a file replaced by another (a new inode) and one that became binary', async () => {
    const { root, lectern } = counted();
    const file = write(root, 'data.txt', 'a\nb\nc\n');
    assert.equal(statOf(await ok(lectern, 'lectern_stat', { target: 'data.txt' })).total_lines, 3);
    fs.writeFileSync(`${file}.tmp`, 'a\n');
    fs.renameSync(`${file}.tmp`, file);
    assert.equal(statOf(await ok(lectern, 'lectern_stat', { target: 'data.txt' })).total_lines, 1);
    fs.writeFileSync(file, Buffer.from([0, 1, 2, 0, 3, 4, 0, 5]));
    const binary = statOf(await ok(lectern, 'lectern_stat', { target: 'data.txt' }));
    assert.deepEqual([binary.binary, binary.total_lines], [true, null]);
  });

  it('a range read of a file changed between calls shows the new lines', async () => {
    const { root, lectern } = counted();
    const file = write(root, 'src/a.ts', 'const a = 1;\nconst b = 2;\n');
    const range = { target: 'src/a.ts', start_line: 2, end_line: 2 };
    assert.equal((await ok(lectern, 'lectern_read', range)).content, 'const b = 2;\n');
    fs.writeFileSync(file, 'const a = 1;\nconst c = 3;\n');
    assert.equal((await ok(lectern, 'lectern_read', range)).content, 'const c = 3;\n');
  });

  it('a path that becomes a link to a secret is refused, though it was read before', async () => {
    const { root, lectern } = counted();
    write(root, '.env', 'TOKEN=abc\n');
    const file = write(root, 'config.txt', 'plain\n');
    assert.equal((await ok(lectern, 'lectern_read', { target: 'config.txt' })).content, 'plain\n');
    fs.rmSync(file);
    fs.symlinkSync(path.join(root, '.env'), file);
    const refused = await call(lectern, 'lectern_read', { target: 'config.txt' });
    assert.equal(refused.error?.code, 'SECRET_PATH', refused.text);
  });

  it('secret patterns changed between calls apply to a path already resolved', async () => {
    const { root, settings, lectern } = counted();
    write(root, 'vault/keys.txt', 'k\n');
    assert.equal((await ok(lectern, 'lectern_read', { target: 'vault/keys.txt' })).content, 'k\n');
    settings.secretPatterns = ['vault/**'];
    const refused = await call(lectern, 'lectern_read', { target: 'vault/keys.txt' });
    assert.equal(refused.error?.code, 'SECRET_PATH', refused.text);
  });

  it('secret patterns changed between searches apply to the files of a replayed walk', async () => {
    const { root, settings, lectern } = counted();
    write(root, 'vault/keys.txt', 'needle\n');
    write(root, 'docs/a.txt', 'needle\n');
    for (const folder of ['', 'vault', 'docs']) fs.utimesSync(path.join(root, folder), 1_700_000_000, 1_700_000_000);
    const search = async (target?: string) => {
      const r = await ok(lectern, 'lectern_search', { query: 'needle', ...(target ? { target } : {}) });
      return { files: r.meta.files as string[], secret: /secret-looking/.test(r.text) };
    };
    for (let i = 0; i < 3; i++)
      assert.deepEqual(await search(), { files: ['docs/a.txt', 'vault/keys.txt'], secret: false });
    settings.secretPatterns = ['vault/**'];
    assert.deepEqual(await search(), { files: ['docs/a.txt'], secret: true });
    settings.secretPatterns = [];
    assert.deepEqual(await search(), { files: ['docs/a.txt', 'vault/keys.txt'], secret: false });
  });

  it('a replayed walk under a linked folder judges secrets by the real path, though the host gives new folder objects', async () => {
    const root = tempDir('lectern-warm-');
    // As VS Code's host does: a new object for each workspace folder on every call.
    const host: Host = { fs: nodeFileSystem, roots: () => [{ name: 'ws', path: root }] };
    const lectern = new Lectern(host, () => ({ sessionGuard: false }));
    write(root, '.aws/notes.txt', 'needle\n');
    write(root, 'docs/a.txt', 'needle\n');
    fs.symlinkSync('../.aws', path.join(root, 'docs/cloud'));
    for (const folder of ['', '.aws', 'docs']) fs.utimesSync(path.join(root, folder), 1_700_000_000, 1_700_000_000);
    const search = async (target: string) => {
      const r = await ok(lectern, 'lectern_search', { query: 'needle', target });
      return { files: r.meta.files as string[], secret: /secret-looking/.test(r.text) };
    };
    for (let i = 0; i < 3; i++) assert.deepEqual(await search('docs/cloud'), { files: [], secret: true });
    assert.deepEqual((await search('docs')).files, ['docs/a.txt']);
    assert.deepEqual(await search('docs/cloud'), { files: [], secret: true }, 'a replayed walk let a secret through');
  });

  it('workspace folders changed between calls: the same target names the new folder', async () => {
    const one = tempDir('lectern-warm-a-');
    const two = tempDir('lectern-warm-b-');
    write(one, 'f.txt', 'from one\n');
    write(two, 'f.txt', 'from two\n');
    let roots = [{ name: 'one', path: one }];
    const lectern = new Lectern({ fs: nodeFileSystem, roots: () => roots }, () => ({ sessionGuard: false }));
    assert.equal((await ok(lectern, 'lectern_read', { target: 'f.txt' })).content, 'from one\n');
    roots = [{ name: 'two', path: two }];
    assert.equal((await ok(lectern, 'lectern_read', { target: 'f.txt' })).content, 'from two\n');
  });
  it('a workspace search lists no folder again while none changed (from its second walk on), and sees files added, renamed, removed and newly ignored', async () => {
    const root = tempDir('lectern-warm-');
    const listings = { count: 0 };
    const port: FileSystemPort = {
      ...nodeFileSystem,
      readdirSync: (p) => {
        listings.count++;
        return nodeFileSystem.readdirSync!(p);
      },
    };
    const lectern = new Lectern({ fs: port, roots: () => [{ name: 'ws', path: root }] }, () => ({
      sessionGuard: false,
    }));
    for (const name of ['src/a.ts', 'src/deep/b.ts', 'lib/c.ts']) write(root, name, 'needle\n');
    const past = (step: number) => {
      const when = 1_700_000_000 + step;
      for (const folder of ['', 'src', 'src/deep', 'lib'])
        if (fs.existsSync(path.join(root, folder))) fs.utimesSync(path.join(root, folder), when, when);
    };
    const files = async () => (await ok(lectern, 'lectern_search', { query: 'needle' })).meta.files as string[];
    past(0);
    await files(); // an engine's first walk is not recorded
    const first = await files();
    assert.deepEqual(first, ['lib/c.ts', 'src/a.ts', 'src/deep/b.ts']);
    const listed = listings.count;
    assert.deepEqual(await files(), first);
    assert.equal(listings.count, listed, 'an unchanged tree was listed again');
    write(root, 'src/deep/d.ts', 'needle\n');
    past(1);
    assert.deepEqual(await files(), [...first, 'src/deep/d.ts']);
    fs.renameSync(path.join(root, 'lib/c.ts'), path.join(root, 'lib/e.ts'));
    past(1); // the same time as before: the folder's change time tells
    assert.deepEqual(await files(), ['lib/e.ts', 'src/a.ts', 'src/deep/b.ts', 'src/deep/d.ts']);
    fs.rmSync(path.join(root, 'lib'), { recursive: true });
    fs.writeFileSync(path.join(root, '.gitignore'), 'deep/\n');
    fs.utimesSync(path.join(root, '.gitignore'), 1_700_000_000, 1_700_000_000);
    past(2);
    assert.deepEqual(await files(), ['src/a.ts']);
    const settled = listings.count;
    assert.deepEqual(await files(), ['src/a.ts']);
    assert.equal(listings.count, settled);
    fs.writeFileSync(path.join(root, '.gitignore'), 'a.ts\n'); // rewritten in place: its folder is unchanged
    assert.deepEqual(await files(), ['src/deep/b.ts', 'src/deep/d.ts']);
  });
});
