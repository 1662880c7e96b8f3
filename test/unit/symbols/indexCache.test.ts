// The symbol index across processes and threads: the on-disk cache (sharded, replaced by rename,
// keyed by size, mtime and extractor version), warm starts that parse nothing, parsing in worker
// threads with the same answers, and a cold lookup that finds a symbol before the index is complete.
import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { Lectern } from '../../../src/core/engine';
import type { CachedOutline } from '../../../src/core/ground/symbolCachePort';
import type { Host } from '../../../src/core/ground/ports';
import { extractorVersion } from '../../../src/core/symbols/extractorVersion';
import { INDEX_LIMITS } from '../../../src/core/symbols/workspaceIndex';
import { nodeFileSystem } from '../../../src/node/nodeFileSystem';
import { createOutlineWorkers } from '../../../src/node/outlineWorkers';
import { createSymbolCache } from '../../../src/node/symbolCacheStore';
import { createWasmLoader } from '../../../src/node/wasmFiles';

const outline = (name: string, line: number): CachedOutline => ({
  size: line,
  mtimeMs: line * 10,
  ctimeMs: line * 10,
  ino: line,
  dev: 1,
  symbols: [
    {
      name,
      kind: 'function',
      startLine: line,
      endLine: line,
      contextStartLine: line,
      signature: `def ${name}()`,
      bodyStartLine: null,
      children: [],
    },
  ],
});

/** A host over a real folder that counts the files it opens (the index opens a file to parse it). */
function countingHost(root: string, extra: Partial<Host> = {}): { host: Host; opened: string[] } {
  const opened: string[] = [];
  const fs = { ...nodeFileSystem, open: (path: string) => (opened.push(path), nodeFileSystem.open(path)) };
  return { host: { fs, roots: () => [{ name: 'ws', path: root }], loadWasm: createWasmLoader(), ...extra }, opened };
}

describe('symbol index cache and workers', function () {
  this.timeout(60_000);
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'lectern-index-cache-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('stores, lays changes over and removes outlines; another extractor version sees nothing', async () => {
    const roots = () => [{ name: 'ws', path: '/ws' }];
    const cache = createSymbolCache(join(dir, 'c'), roots);
    await cache.save(
      'v1',
      new Map([
        ['/ws/a.py', outline('a', 1)],
        ['/ws/b.py', outline('b', 2)],
      ]),
    );
    await cache.save(
      'v1',
      new Map([
        ['/ws/b.py', null],
        ['/ws/c.py', outline('c', 3)],
      ]),
    );
    const loaded = await createSymbolCache(join(dir, 'c'), roots).load('v1');
    assert.deepEqual([...loaded.keys()].sort(), ['/ws/a.py', '/ws/c.py']);
    assert.deepEqual(loaded.get('/ws/c.py'), outline('c', 3));
    assert.equal((await cache.load('v2')).size, 0);
    // Other roots: another folder.
    assert.equal((await createSymbolCache(join(dir, 'c'), () => [{ name: 'x', path: '/other' }]).load('v1')).size, 0);
  });

  it('concurrent writers never leave a torn shard (property: every shard parses, every path written by the last save of its shard survives)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 1, maxLength: 8 }), {
          minLength: 2,
          maxLength: 6,
        }),
        async (writers) => {
          const at = mkdtempSync(join(dir, 'p-'));
          const roots = () => [{ name: 'ws', path: '/ws' }];
          await Promise.all(
            writers.map((ids, w) =>
              createSymbolCache(at, roots).save(
                'v',
                new Map(ids.map((id) => [`/ws/f${id}.py`, outline(`w${w}`, id + 1)])),
              ),
            ),
          );
          const folder = join(at, 'symbols', readdirSync(join(at, 'symbols'))[0]!);
          for (const file of readdirSync(folder)) {
            assert.ok(!file.endsWith('.tmp'), `a temporary file was left: ${file}`);
            JSON.parse(readFileSync(join(folder, file), 'utf8'));
          }
          const loaded = await createSymbolCache(at, roots).load('v');
          for (const [path, value] of loaded) assert.equal(value.size, Number(/f(\d+)/.exec(path)![1]) + 1);
          assert.ok(loaded.size > 0);
        },
      ),
      { numRuns: 15 },
    );
  });

  it('a second process starts warm: no file parsed, same answers; a changed file is parsed again', async () => {
    const root = join(dir, 'ws');
    mkdirSync(root);
    for (let i = 0; i < 30; i++) writeFileSync(join(root, `m${i}.py`), `def f${i}():\n    return ${i}\n`);
    const cacheDir = join(dir, 'cache');
    const first = countingHost(root, { symbolCache: createSymbolCache(cacheDir, () => [{ name: 'ws', path: root }]) });
    const coldEngine = new Lectern(first.host);
    const cold = await coldEngine.invoke('lectern_read', { mode: 'symbol', target: 'f7' });
    assert.ok(cold.ok, cold.text);
    await coldEngine.dispose(); // writes the cache, as a process does when it ends
    assert.ok(first.opened.length >= 30, `cold: ${first.opened.length} files opened`);

    const second = countingHost(root, { symbolCache: createSymbolCache(cacheDir, () => [{ name: 'ws', path: root }]) });
    const warm = await new Lectern(second.host).invoke('lectern_read', { mode: 'symbol', target: 'f7' });
    assert.equal(warm.text, cold.text);
    assert.deepEqual(second.opened, [join(root, 'm7.py')], 'warm: only the answer is read');

    writeFileSync(join(root, 'm3.py'), 'def renamed():\n    return 3\n');
    utimesSync(join(root, 'm3.py'), new Date(), new Date(Date.now() + 5_000));
    const third = countingHost(root, { symbolCache: createSymbolCache(cacheDir, () => [{ name: 'ws', path: root }]) });
    const fresh = await new Lectern(third.host).invoke('lectern_read', { mode: 'symbol', target: 'renamed' });
    assert.ok(fresh.ok, fresh.text);
    assert.deepEqual(
      third.opened.sort(),
      [join(root, 'm3.py'), join(root, 'm3.py')],
      'the changed file is parsed, then read for the answer',
    );
    assert.match(extractorVersion(), /^\d+-[0-9a-f]{8}$/);
  });

  it('the CLI keeps its index in the user cache folder ($LECTERN_CACHE_DIR) between runs', () => {
    const root = join(dir, 'ws');
    mkdirSync(root);
    for (let i = 0; i < 5; i++) writeFileSync(join(root, `m${i}.py`), `def g${i}():\n    return ${i}\n`);
    const cacheDir = join(dir, 'user-cache');
    const run = () =>
      spawnSync(
        process.execPath,
        ['--import', 'tsx', resolve(__dirname, '../../../src/cli/main.ts'), 'session', '--root', root],
        {
          input: JSON.stringify({ tool: 'lectern_read', input: { mode: 'symbol', target: 'g3' } }) + '\n',
          encoding: 'utf8',
          env: { ...process.env, LECTERN_CACHE_DIR: cacheDir },
        },
      );
    const first = run();
    assert.equal(first.status, 0, first.stderr);
    const shards = readdirSync(join(cacheDir, 'symbols', readdirSync(join(cacheDir, 'symbols'))[0]!));
    assert.ok(shards.length > 0 && shards.every((s) => /^shard-\d\d\.json$/.test(s)), shards.join(', '));
    const second = run();
    assert.equal(JSON.parse(second.stdout).text, JSON.parse(first.stdout).text);
  });

  it('worker threads give the same outlines as the calling thread', async () => {
    const root = join(dir, 'ws');
    mkdirSync(root);
    for (let i = 0; i < 60; i++) {
      writeFileSync(join(root, `s${i}.go`), `package p\n\ntype T${i} struct{}\n\nfunc (t *T${i}) Run() {}\n`);
      writeFileSync(
        join(root, `h${i}.ts`),
        `export function over${i}(a: string): void;\nexport function over${i}(a: unknown) {}\n`,
      );
    }
    writeFileSync(join(root, 'bin.py'), Buffer.from([0, 1, 2, 3]));
    const workers = createOutlineWorkers(undefined, 2);
    try {
      const parallel = new Lectern({ ...countingHost(root).host, outlineWorkers: workers });
      const serial = new Lectern(countingHost(root).host);
      for (const target of ['T42.Run', 'over17', 'T3', 'zzzNoSuchSym']) {
        const [a, b] = [
          await parallel.invoke('lectern_read', { mode: 'symbol', target }),
          await serial.invoke('lectern_read', { mode: 'symbol', target }),
        ];
        assert.equal(a.text, b.text, target);
      }
    } finally {
      await workers.dispose();
    }
  });

  it('a prepared pool with two batches in flight per worker answers each file once, with its own outline', async () => {
    const files: string[] = [];
    for (let i = 0; i < 150; i++) {
      const go = join(dir, `s${i}.go`);
      const ts = join(dir, `h${i}.ts`);
      writeFileSync(go, `package p\n\ntype T${i} struct{}\n\nfunc (t *T${i}) Run() {}\n`);
      writeFileSync(ts, `export class C${i} {\n  m${i}() {}\n}\n`);
      files.push(go, ts);
    }
    const workers = createOutlineWorkers(undefined, 2);
    try {
      // Warm-up jobs send no answer: had one, every later batch would take the answer meant for the one before it.
      workers.prepare(files.slice(0, 4));
      workers.prepare(files.slice(0, 4));
      const seen = new Map<string, string>();
      for await (const parsed of workers.outline(files, 1 << 20)) {
        assert.ok(!seen.has(parsed.absolute), `${parsed.absolute} answered twice`);
        seen.set(parsed.absolute, (parsed.symbols ?? []).map((s) => s.name).join(','));
      }
      assert.equal(seen.size, files.length);
      for (let i = 0; i < 150; i++) {
        assert.equal(seen.get(join(dir, `s${i}.go`)), `T${i},Run`);
        assert.equal(seen.get(join(dir, `h${i}.ts`)), `C${i}`);
      }
    } finally {
      await workers.dispose();
    }
  });

  it('a pool whose workers stop fails the batches they held instead of waiting for them', async () => {
    const files: string[] = [];
    for (let i = 0; i < 300; i++) {
      files.push(join(dir, `f${i}.ts`));
      writeFileSync(files[i]!, `export function f${i}() {}\n`);
    }
    const workers = createOutlineWorkers(undefined, 2);
    let answered = 0;
    await assert.rejects(async () => {
      for await (const _ of workers.outline(files, 1 << 20)) {
        if (++answered === 1) void workers.dispose(); // terminates both workers with batches in flight
      }
    }, /exited/);
    assert.ok(answered < files.length, `${answered} answers`);
  });

  it('the node file system port stats synchronously like it does asynchronously', async () => {
    const file = join(dir, 'a.txt');
    writeFileSync(file, 'hello');
    assert.deepEqual(nodeFileSystem.statSync!(file), await nodeFileSystem.stat(file));
    assert.deepEqual(nodeFileSystem.statSync!(dir), await nodeFileSystem.stat(dir));
    for (const missing of [join(dir, 'none'), join(file, 'below-a-file'), join(dir, 'x'.repeat(300))]) {
      assert.equal(nodeFileSystem.statSync!(missing), undefined, missing);
      assert.equal(await nodeFileSystem.stat(missing), undefined, missing);
    }
  });

  it('a cold index finds the symbol first in the files that mention it, though the budget runs out', async () => {
    const root = join(dir, 'ws');
    mkdirSync(root);
    for (let i = 0; i < 120; i++)
      writeFileSync(join(root, `a${String(i).padStart(3, '0')}.py`), `def filler${i}():\n    return ${i}\n`);
    writeFileSync(join(root, 'zz_last.py'), 'def wanted_symbol():\n    return 1\n');
    // Every open is slow (a loaded machine): parsing all the files takes far longer than the budget.
    const slow: Host = {
      ...countingHost(root).host,
      fs: {
        ...nodeFileSystem,
        open: async (path: string) => (await new Promise((r) => setTimeout(r, 25)), nodeFileSystem.open(path)),
      },
    };
    const saved = INDEX_LIMITS.budgetMs;
    INDEX_LIMITS.budgetMs = 600;
    try {
      const r = await new Lectern(slow).invoke('lectern_read', { mode: 'symbol', target: 'wanted_symbol' });
      assert.ok(r.ok, r.text);
      assert.equal(r.location!.file, 'zz_last.py');
      assert.match(r.text, /The symbol index is still being built/);
    } finally {
      INDEX_LIMITS.budgetMs = saved;
    }
  });
});
