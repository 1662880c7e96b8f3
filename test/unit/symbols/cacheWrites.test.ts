// The symbol cache written behind the answers (src/core/symbols/cacheWrites.ts), over the real Node
// store in temp folders: an answer does not wait for the write, reads see what is not written yet,
// dispose writes it, the last change of a path wins, and a failing save costs only that save.
import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import fc from 'fast-check';
import { Lectern } from '../../../src/core/engine';
import type { CachedOutline, SymbolCachePort } from '../../../src/core/ground/symbolCachePort';
import type { Host } from '../../../src/core/ground/ports';
import { CacheWrites } from '../../../src/core/symbols/cacheWrites';
import { extractorVersion } from '../../../src/core/symbols/extractorVersion';
import { nodeFileSystem } from '../../../src/node/nodeFileSystem';
import { createSymbolCache } from '../../../src/node/symbolCacheStore';
import { createWasmLoader } from '../../../src/node/wasmFiles';
import { tempDir, write } from '../helpers';

const VERSION = extractorVersion();
const SOURCE = 'export function first() {\n  return 1;\n}\n\nexport class Second {\n  run() {}\n}\n';

/** A port over the real store whose saves wait until `release()` (and say when one started). */
function heldPort(store: SymbolCachePort) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let started!: () => void;
  const saving = new Promise<void>((resolve) => (started = resolve));
  const port: SymbolCachePort = {
    load: (version) => store.load(version),
    loadFile: (version, absolute) => store.loadFile!(version, absolute),
    async save(version, changes) {
      started();
      await released;
      await store.save(version, changes);
    },
  };
  return { port, release, saving };
}

const outline = (size: number, name: string, words?: CachedOutline['words']): CachedOutline => ({
  size,
  mtimeMs: 1_000,
  ctimeMs: 1_000,
  ino: 7,
  dev: 1,
  symbols: [
    {
      name,
      kind: 'function',
      startLine: 1,
      endLine: 1,
      contextStartLine: 1,
      signature: `function ${name}()`,
      bodyStartLine: null,
      children: [],
    },
  ],
  ...(words ? { words } : {}),
});

describe('symbol cache writes behind the answers', function () {
  this.timeout(60_000);
  let root: string;
  let file: string;
  const roots = () => [{ name: 'ws', path: root }];
  const host = (symbolCache: SymbolCachePort, parses = true): Host => ({
    fs: nodeFileSystem,
    roots,
    symbolCache,
    loadWasm: parses ? createWasmLoader() : () => Promise.reject(new Error('this test host parses nothing')),
  });
  const read = { mode: 'symbol', target: 'first', path: 'a.ts' };

  beforeEach(() => {
    root = tempDir('lectern-writes-');
    file = write(root, 'a.ts', SOURCE);
  });

  it('a symbol read that parses answers while its save waits; dispose writes it; the next engine reads no grammar', async () => {
    const store = createSymbolCache(tempDir('lectern-writes-cache-'), roots);
    const held = heldPort(store);
    const engine = new Lectern(host(held.port));
    const answer = await Promise.race([
      engine.invoke('lectern_read', read),
      new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 10_000)),
    ]);
    if (answer === 'waited') assert.fail('the answer waited for the cache write');
    assert.ok(answer.ok, answer.text);
    await held.saving; // the write started after the answer, and is held
    assert.equal(await store.loadFile!(VERSION, file), undefined, 'not on disk yet');
    const disposed = engine.dispose();
    held.release();
    await disposed;
    assert.ok(await store.loadFile!(VERSION, file), 'dispose wrote it');
    const next = await new Lectern(host(store, false)).invoke('lectern_read', read);
    assert.equal(next.text, answer.text);
  });

  it('reads see writes not yet on disk, pending and being written', async () => {
    const store = createSymbolCache(tempDir('lectern-writes-cache-'), roots);
    const held = heldPort(store);
    const writes = new CacheWrites(held.port);
    await writes.save(VERSION, new Map([[file, outline(5, 'pending', { names: 'x', counts: [1] })]]));
    const check = async (name: string) => {
      assert.equal((await writes.loadFile(VERSION, file))?.symbols[0]?.name, name);
      const all = await writes.load(VERSION);
      assert.equal(all.get(file)?.symbols[0]?.name, name);
      assert.equal(all.get(file)?.words, undefined, 'outlines load without words');
    };
    await check('pending');
    writes.flushSoon();
    await held.saving;
    await check('pending'); // being written
    await writes.save(VERSION, new Map([[file, outline(6, 'later')]]));
    await check('later');
    await writes.save(VERSION, new Map([[file, null]]));
    assert.equal(await writes.loadFile(VERSION, file), undefined);
    assert.equal((await writes.load(VERSION)).has(file), false);
    held.release();
    await writes.dispose();
    assert.equal(await store.loadFile!(VERSION, file), undefined, 'the removal was written last');
  });

  it('an outline without words keeps the words pending for the same file version, not another', async () => {
    const store = createSymbolCache(tempDir('lectern-writes-cache-'), roots);
    const writes = new CacheWrites(store);
    const words = { names: 'alpha\nbeta', counts: [2, 1] };
    await writes.save(VERSION, new Map([[file, outline(5, 'indexed', words)]]));
    await writes.save(VERSION, new Map([[file, outline(5, 'read')]]));
    assert.deepEqual((await writes.loadWords(VERSION)).get(file)?.words, words);
    await writes.dispose();
    assert.deepEqual((await store.loadWords!(VERSION)).get(file)?.words, words);
    assert.equal((await store.loadFile!(VERSION, file))?.symbols[0]?.name, 'read');

    const other = join(root, 'b.ts');
    await writes.save(VERSION, new Map([[other, outline(5, 'old', words)]]));
    await writes.save(VERSION, new Map([[other, outline(7, 'new')]]));
    assert.equal((await writes.loadWords(VERSION)).has(other), false, 'words of another version are dropped');
  });

  it('a failing save is dropped, later flushes write; a save that never ends holds dispose no longer than its cap', async () => {
    const store = createSymbolCache(tempDir('lectern-writes-cache-'), roots);
    let fail = true;
    const failing: SymbolCachePort = {
      load: (version) => store.load(version),
      save: (version, changes) => {
        if (fail) throw new Error('disk full');
        return store.save(version, changes);
      },
    };
    const writes = new CacheWrites(failing);
    await writes.save(VERSION, new Map([[file, outline(5, 'lost')]]));
    await writes.dispose();
    assert.equal(await store.loadFile!(VERSION, file), undefined);
    fail = false;
    await writes.save(VERSION, new Map([[file, outline(5, 'kept')]]));
    await writes.dispose();
    assert.equal((await store.loadFile!(VERSION, file))?.symbols[0]?.name, 'kept');

    const stuck = new CacheWrites({ load: async () => new Map(), save: () => new Promise<void>(() => undefined) });
    await stuck.save(VERSION, new Map([[file, outline(5, 'stuck')]]));
    const started = Date.now();
    await stuck.dispose(200);
    assert.ok(Date.now() - started < 2_000, `dispose waited ${Date.now() - started} ms`);
  });

  it('property: any sequence of saves, reads and flushes reads like a map, and dispose leaves the disk so', async () => {
    const paths = ['p0.ts', 'p1.ts', 'p2.ts', 'p3.ts', 'p4.ts', 'p5.ts'];
    const op = fc.oneof(
      fc.record({
        kind: fc.constant('save' as const),
        changes: fc.array(
          fc.tuple(fc.constantFrom(...paths), fc.option(fc.integer({ min: 1, max: 99 }), { nil: null })),
          { minLength: 1, maxLength: 4 },
        ),
      }),
      fc.record({ kind: fc.constant('read' as const), path: fc.constantFrom(...paths) }),
      fc.record({ kind: fc.constant('load' as const) }),
      fc.record({ kind: fc.constant('flush' as const), wait: fc.boolean() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 25 }), async (ops) => {
        const dir = tempDir('lectern-writes-prop-');
        const store = createSymbolCache(dir, roots);
        const writes = new CacheWrites(store);
        const model = new Map<string, number>();
        const sizes = (all: Map<string, CachedOutline>) => new Map([...all].map(([path, o]) => [path, o.size]));
        for (const step of ops) {
          if (step.kind === 'save') {
            const changes = new Map<string, CachedOutline | null>();
            for (const [name, size] of step.changes) {
              const absolute = join(root, name);
              changes.set(absolute, size === null ? null : outline(size, name));
              if (size === null) model.delete(absolute);
              else model.set(absolute, size);
            }
            await writes.save(VERSION, changes);
          } else if (step.kind === 'read') {
            const absolute = join(root, step.path);
            assert.equal((await writes.loadFile(VERSION, absolute))?.size, model.get(absolute));
          } else if (step.kind === 'load') {
            assert.deepEqual(sizes(await writes.load(VERSION)), model);
          } else {
            writes.flushSoon();
            if (step.wait) await new Promise((resolve) => setTimeout(resolve, 5));
          }
        }
        await writes.dispose();
        assert.deepEqual(sizes(await store.load(VERSION)), model);
      }),
      { numRuns: 40 },
    );
  });
});
