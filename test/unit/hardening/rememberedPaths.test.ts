// The resolver remembers a path's real path with the identity (device, inode) of the file found
// there, and resolves it again only when one stat says it now leads elsewhere. What it remembers
// must never serve another file's content, nor a file outside: links re-pointed, files replaced
// between calls and inside one call (between the resolve and the open), folders swapped for links.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Lectern } from '../../../src/core/engine';
import type { FileSystemPort } from '../../../src/core/ground/fileSystemPort';
import type { Host } from '../../../src/core/ground/ports';
import { nodeFileSystem } from '../../../src/node/nodeFileSystem';
import { call, tempDir, write } from '../helpers';

const SECRET = 'OUTSIDE-SECRET-51c2';

/** A workspace whose file-system port counts realpath calls and can run `beforeOpen` once, just before the next open. */
function setup() {
  const base = tempDir('lectern-remembered-');
  const root = path.join(base, 'ws');
  write(base, 'outside/f.txt', `${SECRET}\n`);
  const counts = { realpath: 0 };
  let beforeOpen: (() => void) | undefined;
  const port: FileSystemPort = {
    ...nodeFileSystem,
    realpath: (p) => {
      counts.realpath++;
      return nodeFileSystem.realpath(p);
    },
    open: (p) => {
      const hook = beforeOpen;
      beforeOpen = undefined;
      hook?.();
      return nodeFileSystem.open(p);
    },
  };
  write(root, 'placeholder.txt', 'x\n');
  const host: Host = { fs: port, roots: () => [{ name: 'ws', path: root }] };
  const lectern = new Lectern(host, () => ({ sessionGuard: false }));
  return { base, root, counts, lectern, armOpen: (hook: () => void) => (beforeOpen = hook) };
}

/** Replaces `file` with new content as an editor's atomic save does (a new inode). */
function replace(file: string, text: string): void {
  fs.writeFileSync(`${file}.tmp`, text);
  fs.renameSync(`${file}.tmp`, file);
}

describe('hardening: remembered real paths', () => {
  it('a file read again costs no second realpath, and a replaced file is resolved again and read as it is now', async () => {
    const { root, counts, lectern } = setup();
    write(root, 'a.txt', 'first version\n');
    assert.match((await call(lectern, 'lectern_read', { target: 'a.txt' })).content, /first version/);
    const after = counts.realpath;
    for (let i = 0; i < 4; i++)
      assert.match(
        (await call(lectern, 'lectern_read', { target: 'a.txt', start_line: 1, end_line: 1 })).content,
        /first version/,
      );
    assert.equal(counts.realpath, after, 'the remembered real path was not used');
    replace(path.join(root, 'a.txt'), 'second version\n');
    assert.match((await call(lectern, 'lectern_read', { target: 'a.txt' })).content, /second version/);
    assert.equal(counts.realpath, after + 1);
  });

  it('a link re-pointed between calls is followed to its new file, inside or out', async () => {
    const { base, root, lectern } = setup();
    write(root, 'x.txt', 'x content\n');
    write(root, 'y.txt', 'y content\n');
    const link = path.join(root, 'link.txt');
    fs.symlinkSync(path.join(root, 'x.txt'), link);
    assert.match((await call(lectern, 'lectern_read', { target: 'link.txt' })).content, /x content/);
    fs.unlinkSync(link);
    fs.symlinkSync(path.join(root, 'y.txt'), link);
    assert.match((await call(lectern, 'lectern_read', { target: 'link.txt' })).content, /y content/);
    fs.unlinkSync(link);
    fs.symlinkSync(path.join(base, 'outside/f.txt'), link);
    const r = await call(lectern, 'lectern_read', { target: 'link.txt' });
    assert.equal(r.error?.code, 'OUTSIDE_WORKSPACE', r.text);
    assert.ok(!r.text.includes(SECRET) && !r.content.includes(SECRET));
  });

  it('a file replaced between the resolve and the open is read as it is now', async () => {
    const { root, counts, lectern, armOpen } = setup();
    const file = write(root, 'a.txt', 'old\n');
    await call(lectern, 'lectern_read', { target: 'a.txt' });
    const before = counts.realpath;
    armOpen(() => replace(file, 'new\n'));
    const r = await call(lectern, 'lectern_read', { target: 'a.txt' });
    assert.ok(r.ok, r.text);
    assert.equal(r.content, 'new\n');
    assert.equal(counts.realpath, before + 1, 'the path is asked again once the opened file is not the remembered one');
    assert.equal((await call(lectern, 'lectern_read', { target: 'a.txt' })).content, 'new\n');
  });

  it('a link re-pointed between the resolve and the open reads nothing and says to call again', async () => {
    const { root, lectern, armOpen } = setup();
    const x = write(root, 'x.txt', 'x content\n');
    write(root, 'y.txt', 'y content\n');
    const link = path.join(root, 'link.txt');
    fs.symlinkSync(x, link);
    await call(lectern, 'lectern_read', { target: 'link.txt' });
    armOpen(() => {
      replace(x, 'x replaced\n');
      fs.unlinkSync(link);
      fs.symlinkSync(path.join(root, 'y.txt'), link);
    });
    const r = await call(lectern, 'lectern_read', { target: 'link.txt' });
    assert.equal(r.error?.code, 'READ_FAILED', r.text);
    assert.match(r.text, /now leads to another file/);
    assert.equal(r.content, '');
    assert.match((await call(lectern, 'lectern_read', { target: 'link.txt' })).content, /y content/);
  });

  it('a folder swapped for a link to an outside folder, between the resolve and the open, leaks nothing', async () => {
    const { base, root, lectern, armOpen } = setup();
    write(root, 'dir/f.txt', 'inside\n');
    for (const target of ['dir/f.txt', 'dir/f.txt'])
      assert.equal((await call(lectern, 'lectern_read', { target })).content, 'inside\n');
    armOpen(() => {
      fs.renameSync(path.join(root, 'dir'), path.join(root, 'dir-old'));
      fs.symlinkSync(path.join(base, 'outside'), path.join(root, 'dir'));
    });
    const during = await call(lectern, 'lectern_read', { target: 'dir/f.txt' });
    assert.ok(!during.ok, during.text);
    assert.ok(!during.text.includes(SECRET) && !during.content.includes(SECRET), during.text);
    const after = await call(lectern, 'lectern_read', { target: 'dir/f.txt' });
    assert.equal(after.error?.code, 'OUTSIDE_WORKSPACE', after.text);
    assert.ok(!after.content.includes(SECRET));
  });
});
