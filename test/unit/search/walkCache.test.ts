// The walk cache (ground/walkCache.ts): a replayed walk equals a fresh one (files and skips, in
// order) after any sequence of changes to a real tree, and a walk that read a folder changed
// moments ago is not kept.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import type { Host, WorkspaceRoot } from '../../../src/core/ground/ports';
import { walkFiles, type WalkOptions } from '../../../src/core/ground/walk';
import { WalkCache } from '../../../src/core/ground/walkCache';
import { nodeFileSystem } from '../../../src/node/nodeFileSystem';
import { tempDir, write } from '../helpers';

const FOLDERS = ['', 'a', 'b', 'a/c', 'a/c/d', '.h', 'node_modules', 'b/out'];
const NAMES = ['x.ts', 'y.js', 'z.txt', '.gitignore'];
const RULES = ['*.js', 'c/', 'd', '!y.js', 'z.txt', '/x.ts', 'out', '!c/'];

type Op =
  | { op: 'write'; folder: number; name: number; rules: number[] }
  | { op: 'ignore'; folder: number; rules: number[] }
  | { op: 'delete'; pick: number }
  | { op: 'rename'; pick: number; folder: number; name: number }
  | { op: 'mkdir'; folder: number }
  | { op: 'rmdir'; folder: number }
  | { op: 'move'; folder: number; to: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    op: fc.constant('write' as const),
    folder: fc.nat(FOLDERS.length - 1),
    name: fc.nat(NAMES.length - 1),
    rules: fc.array(fc.nat(RULES.length - 1), { maxLength: 3 }),
  }),
  fc.record({
    op: fc.constant('ignore' as const),
    folder: fc.nat(FOLDERS.length - 1),
    rules: fc.array(fc.nat(RULES.length - 1), { maxLength: 3 }),
  }),
  fc.record({ op: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({
    op: fc.constant('rename' as const),
    pick: fc.nat(),
    folder: fc.nat(FOLDERS.length - 1),
    name: fc.nat(NAMES.length - 1),
  }),
  fc.record({ op: fc.constant('mkdir' as const), folder: fc.nat(FOLDERS.length - 1) }),
  fc.record({ op: fc.constant('rmdir' as const), folder: fc.nat(FOLDERS.length - 1) }),
  fc.record({ op: fc.constant('move' as const), folder: fc.nat(FOLDERS.length - 1), to: fc.nat(FOLDERS.length - 1) }),
);

/** Every file and folder under `dir`, as paths relative to it, sorted. */
function entries(dir: string, under = ''): { files: string[]; folders: string[] } {
  const out = { files: [] as string[], folders: [] as string[] };
  for (const entry of fs.readdirSync(path.join(dir, under), { withFileTypes: true })) {
    const relative = under ? `${under}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      out.folders.push(relative);
      const inner = entries(dir, relative);
      out.files.push(...inner.files);
      out.folders.push(...inner.folders);
    } else out.files.push(relative);
  }
  return out;
}

function apply(dir: string, op: Op): void {
  const at = (folder: number) => path.join(dir, FOLDERS[folder]!);
  const { files } = entries(dir);
  const picked = files.length > 0 && 'pick' in op ? files[op.pick % files.length]! : undefined;
  if (op.op === 'write') {
    const text = NAMES[op.name] === '.gitignore' ? op.rules.map((r) => RULES[r]).join('\n') : `text ${op.rules.length}`;
    write(at(op.folder), NAMES[op.name]!, text);
  } else if (op.op === 'ignore') write(at(op.folder), '.gitignore', op.rules.map((r) => RULES[r]).join('\n'));
  else if (op.op === 'delete' && picked) fs.rmSync(path.join(dir, picked));
  else if (op.op === 'rename' && picked) {
    fs.mkdirSync(at(op.folder), { recursive: true });
    const to = path.join(at(op.folder), NAMES[op.name]!);
    if (!fs.existsSync(to) || fs.statSync(to).isFile()) fs.renameSync(path.join(dir, picked), to);
  } else if (op.op === 'mkdir') fs.mkdirSync(at(op.folder), { recursive: true });
  else if (op.op === 'rmdir' && op.folder > 0) fs.rmSync(at(op.folder), { recursive: true, force: true });
  else if (op.op === 'move' && op.folder > 0 && fs.existsSync(at(op.folder))) {
    const to = path.join(at(op.to), `moved${op.folder}`);
    if (!to.startsWith(`${at(op.folder)}/`) && !fs.existsSync(to)) {
      fs.mkdirSync(at(op.to), { recursive: true });
      fs.renameSync(at(op.folder), to);
    }
  }
}

/** Whatever changed just now gets a modification time of its own in the past, so that walks of it are kept. */
function settle(dir: string, step: number): void {
  const when = (Date.now() - 3_600_000 + step * 1_000) / 1000;
  const { files, folders } = entries(dir);
  for (const relative of ['', ...folders, ...files]) {
    const full = path.join(dir, relative);
    if (fs.statSync(full).mtimeMs > Date.now() - 60_000) fs.utimesSync(full, when, when);
  }
}

async function walked(host: Host, options: WalkOptions): Promise<string[]> {
  const out: string[] = [];
  const onSkip: WalkOptions['onSkip'] = (_root, relative, reason, directory) =>
    out.push(`skip ${relative} ${reason} ${directory}`);
  for await (const file of walkFiles(host, { ...options, onSkip })) out.push(file.relative);
  return out;
}

const variants = (root: WorkspaceRoot): WalkOptions[] => [
  {},
  { scopes: [{ root, start: 'a' }] },
  { explicit: () => ['node_modules', 'a/c/d'], accept: (name) => name !== 'z.txt' },
];

describe('walk cache', () => {
  it('replays a walk exactly as a fresh walk lists the tree, after any changes', async function () {
    this.timeout(120_000);
    let replays = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 12 }), async (ops) => {
        const dir = tempDir('lectern-walkcache-');
        const root = { name: 'w', path: dir };
        const host: Host = { fs: nodeFileSystem, roots: () => [root] };
        for (const folder of FOLDERS)
          for (const name of ['x.ts', 'y.js', 'z.txt']) write(path.join(dir, folder), name, '');
        for (const folder of ['', 'a', 'a/c']) write(path.join(dir, folder), '.gitignore', 'z.txt\n');
        const cache = new WalkCache();
        for (let step = 0; step <= ops.length; step++) {
          if (step > 0) apply(dir, ops[step - 1]!);
          settle(dir, step);
          for (const [i, options] of variants(root).entries()) {
            const fresh = await walked(host, options);
            const cached = await walked(host, { ...options, cache, cacheKey: String(i) });
            assert.deepEqual(cached, fresh, `variant ${i} after ${JSON.stringify(ops.slice(0, step))}`);
            assert.deepEqual(await walked(host, { ...options, cache, cacheKey: String(i) }), fresh);
          }
        }
        replays += cache.replayed;
        fs.rmSync(dir, { recursive: true, force: true });
      }),
      { numRuns: 40 },
    );
    assert.ok(replays > 100, `only ${replays} walks were replayed`);
  });

  it("records from an engine's second walk on, and keeps no walk that read a folder changed within the last 2 s", async () => {
    const dir = tempDir('lectern-walkcache-');
    const root = { name: 'w', path: dir };
    const host: Host = { fs: nodeFileSystem, roots: () => [root] };
    write(dir, 'a/x.ts', '');
    const cache = new WalkCache();
    const options = { cache, cacheKey: 'k' };
    settle(dir, 0);
    await walked(host, options);
    assert.equal(cache.size, 0, 'the first walk is recorded');
    write(dir, 'a/y.ts', '');
    await walked(host, options);
    await walked(host, options);
    assert.deepEqual([cache.size, cache.replayed], [0, 0], 'a fresh folder is not settled');
    settle(dir, 1);
    await walked(host, options);
    assert.deepEqual(await walked(host, options), ['a/x.ts', 'a/y.ts']);
    assert.equal(cache.replayed, 1);
    write(dir, 'a/z.ts', '');
    assert.deepEqual(await walked(host, options), ['a/x.ts', 'a/y.ts', 'a/z.ts']);
    assert.equal(cache.replayed, 1);
  });

  it('ends a replay when cancelled at a folder, as the walk does, and keeps no walk it did not finish', async () => {
    const dir = tempDir('lectern-walkcache-');
    const root = { name: 'w', path: dir };
    const host: Host = { fs: nodeFileSystem, roots: () => [root] };
    for (const name of ['a/1.ts', 'b/2.ts', 'c/3.ts', 'top.ts']) write(dir, name, '');
    settle(dir, 0);
    const cache = new WalkCache();
    const signal = { isCancellationRequested: false };
    const listedUntilCancel = async () => {
      const out: string[] = [];
      for await (const file of walkFiles(host, { cache, cacheKey: 'k', signal })) {
        out.push(file.relative);
        if (file.relative === 'a/1.ts') signal.isCancellationRequested = true;
      }
      signal.isCancellationRequested = false;
      return out;
    };
    const cancelledWalk = await listedUntilCancel();
    assert.deepEqual(cancelledWalk, ['top.ts', 'a/1.ts']);
    assert.equal(cache.size, 0, 'a cancelled walk is not recorded');
    const walk = walkFiles(host, { cache, cacheKey: 'k' });
    await walk.next();
    await walk.return(undefined);
    assert.equal(cache.size, 0, 'a walk ended early is not recorded');
    await walked(host, { cache, cacheKey: 'k' });
    assert.equal(cache.size, 1);
    assert.deepEqual(await listedUntilCancel(), cancelledWalk);
    assert.equal(cache.replayed, 1);
  });
  it('keeps a few recordings within a count of entries, dropping the least recently used first', async () => {
    const cache = new WalkCache(2, 10);
    const steps = (n: number) => Array.from({ length: n }, () => 'folder' as const);
    cache.record('a', { steps: steps(3), depends: [] });
    cache.record('b', { steps: steps(3), depends: [] });
    assert.ok(await cache.replay('a', nodeFileSystem)); // a is now the most recently used
    cache.record('c', { steps: steps(3), depends: [] });
    assert.deepEqual(
      [!!(await cache.replay('a', nodeFileSystem)), !!(await cache.replay('b', nodeFileSystem))],
      [true, false],
    );
    cache.record('d', { steps: steps(8), depends: [] }); // 3 + 3 + 8 > 10: the two oldest go
    assert.deepEqual(cache.size, 1);
    cache.record('e', { steps: steps(11), depends: [] }); // larger than the whole cache: not kept
    assert.equal(await cache.replay('e', nodeFileSystem), undefined);
    assert.ok(await cache.replay('d', nodeFileSystem));
  });
  it('keeps two walks of a workspace of 100,000 files in 15,000 folders by default', async () => {
    const cache = new WalkCache();
    const walk = () => ({
      steps: Array.from({ length: 115_000 }, () => 'folder' as const),
      depends: Array.from({ length: 15_000 }, (_, i) => ({ path: `/nowhere/${i}`, version: undefined })),
    });
    cache.record('search', walk());
    cache.record('source files', walk());
    assert.equal(cache.size, 2);
  });
  it('replays nothing on a file system that does not promise folder versions (a virtual one)', async () => {
    const dir = tempDir('lectern-walkcache-');
    write(dir, 'a/x.ts', '');
    settle(dir, 0);
    const host: Host = { fs: { ...nodeFileSystem, folderVersions: false }, roots: () => [{ name: 'w', path: dir }] };
    const cache = new WalkCache();
    for (let i = 0; i < 3; i++) assert.deepEqual(await walked(host, { cache, cacheKey: 'k' }), ['a/x.ts']);
    assert.deepEqual([cache.size, cache.replayed], [0, 0]);
  });
});
