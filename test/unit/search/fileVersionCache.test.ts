// What an engine learns per file version (its classes, grams and kept bytes share this cache): a fact
// is found again only for the same version (size, modification and change time, device, inode, each
// optional one absent on both sides or equal), the oldest go first past the capacity, and a fact
// learned again as it was keeps its place.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { FileVersionCache } from '../../../src/core/ground/fileVersionCache';
import { provesVersion, sameIdentity } from '../../../src/core/ground/fileIdentity';
import type { FileVersion } from '../../../src/core/ground/fileSystemPort';

/** The cache as a list of entries, oldest first: what FileVersionCache must behave as. */
class Model<T> {
  entries: { path: string; version: FileVersion; value: T }[] = [];
  weight = 0;
  dropped = false;
  constructor(
    private readonly capacity: number,
    private readonly weigh: (value: T) => number,
  ) {}
  lookup(path: string, version: FileVersion): T | undefined {
    const entry = this.entries.find((e) => e.path === path);
    return entry && sameIdentity(entry.version, version) ? entry.value : undefined;
  }
  record(path: string, version: FileVersion, value: T): void {
    if (!provesVersion(version)) return this.forget(path);
    if (value === this.lookup(path, version)) return;
    this.forget(path);
    this.entries.push({ path, version: { ...version }, value });
    this.weight += this.weigh(value);
    while (this.weight > this.capacity && this.entries.length > 0) {
      this.weight -= this.weigh(this.entries.shift()!.value);
      this.dropped = true;
    }
  }
  forget(path: string): void {
    const at = this.entries.findIndex((e) => e.path === path);
    if (at === -1) return;
    this.weight -= this.weigh(this.entries[at]!.value);
    this.entries.splice(at, 1);
  }
}

// Few distinct values, so that versions and paths meet again; the optional fields absent or equal to 0 too.
const small = fc.constantFrom(0, 1, 2, -0, 1.5, 1e12 + 0.25, 2 ** 40);
const optional = fc.option(small, { nil: undefined });
const version: fc.Arbitrary<FileVersion> = fc
  .record({
    size: small,
    mtimeMs: small,
    ino: optional,
    dev: optional,
    ctimeMs: optional,
    contentHash: fc.option(fc.constantFrom('h1', 'h2'), { nil: undefined }),
  })
  .map(({ size, mtimeMs, ino, dev, ctimeMs, contentHash }) => {
    // Absent, not undefined: as a host's stat leaves out what it does not know.
    const v: FileVersion = { size, mtimeMs };
    if (ino !== undefined) v.ino = ino;
    if (dev !== undefined) v.dev = dev;
    if (ctimeMs !== undefined) v.ctimeMs = ctimeMs;
    if (contentHash !== undefined) v.contentHash = contentHash;
    return v;
  });
const path = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f');
const op = fc.oneof(
  fc.record({ kind: fc.constant('record' as const), path, version, value: fc.nat(4) }),
  fc.record({ kind: fc.constant('lookup' as const), path, version }),
  fc.record({ kind: fc.constant('forget' as const), path }),
);

describe('FileVersionCache', () => {
  it('answers as a list of entries, oldest dropped first, would', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 200 }), fc.integer({ min: 1, max: 12 }), (ops, capacity) => {
        const weigh = (value: number) => value + 1;
        const cache = new FileVersionCache<number>(capacity, weigh);
        const model = new Model<number>(capacity, weigh);
        for (const o of ops) {
          if (o.kind === 'record') {
            cache.record(o.path, o.version, o.value);
            model.record(o.path, o.version, o.value);
          } else if (o.kind === 'forget') {
            cache.forget(o.path);
            model.forget(o.path);
          } else assert.equal(cache.lookup(o.path, o.version), model.lookup(o.path, o.version), JSON.stringify(o));
          assert.equal(cache.size, model.entries.length);
          assert.equal(cache.full, model.dropped);
          for (const p of ['a', 'b', 'c', 'd', 'e', 'f'])
            assert.equal(
              cache.has(p),
              model.entries.some((e) => e.path === p),
            );
          for (const e of model.entries) assert.equal(cache.lookup(e.path, e.version), e.value);
          assert.equal(cache.fits(1), model.weight + 1 <= capacity);
        }
      }),
    );
  });

  it('keeps nothing of a version its identity cannot prove, and tells an absent field from one that is 0', () => {
    const cache = new FileVersionCache<string>(10);
    cache.record('a', { size: 1, mtimeMs: 2 }, 'x');
    assert.equal(cache.lookup('a', { size: 1, mtimeMs: 2 }), undefined);
    assert.equal(cache.has('a'), false);
    cache.record('a', { size: 1, mtimeMs: 2, contentHash: 'h' }, 'x');
    assert.equal(cache.lookup('a', { size: 1, mtimeMs: 2, contentHash: 'h' }), 'x');
    assert.equal(cache.lookup('a', { size: 1, mtimeMs: 2, contentHash: 'g' }), undefined);
    assert.equal(cache.lookup('a', { size: 1, mtimeMs: 2, contentHash: 'h', ino: 0 }), undefined);
    cache.record('b', { size: 1, mtimeMs: 2, ino: 0, dev: 0, ctimeMs: 0 }, 'y');
    assert.equal(cache.lookup('b', { size: 1, mtimeMs: 2 }), undefined);
    assert.equal(cache.lookup('b', { size: 1, mtimeMs: 2, ino: 0, dev: 0, ctimeMs: 0 }), 'y');
  });

  it('holds more versions than its first slots, reusing those let go', () => {
    const cache = new FileVersionCache<number>(1000);
    for (let i = 0; i < 300; i++) cache.record(`f${i}`, { size: i, mtimeMs: i / 3, ino: i * 7, dev: 1, ctimeMs: i }, i);
    for (let i = 0; i < 300; i += 2) cache.forget(`f${i}`);
    for (let i = 300; i < 450; i++)
      cache.record(`f${i}`, { size: i, mtimeMs: i / 3, ino: i * 7, dev: 1, ctimeMs: i }, i);
    for (let i = 1; i < 450; i++)
      assert.equal(
        cache.lookup(`f${i}`, { size: i, mtimeMs: i / 3, ino: i * 7, dev: 1, ctimeMs: i }),
        i < 300 && i % 2 === 0 ? undefined : i,
      );
  });
});
