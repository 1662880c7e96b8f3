// Facts learned from one version of each file (its identity: ground/fileIdentity.ts), by path, kept by one
// engine within a capacity (each fact weighs 1, or what `weigh` says); the oldest are dropped first.
// A version whose identity proves nothing is neither kept nor found.
import { provesVersion } from './fileIdentity';
import type { FileVersion } from './fileSystemPort';

/**
 * Per slot: size, modification time, inode, device, change time, and which of the last three the
 * version had (bits 1, 2, 4; an absent one is stored as 0). Versions live in one typed array rather
 * than as an object with five boxed numbers per file: a resident engine keeps tens of thousands, and
 * every major garbage collection of the host's heap marks each object it holds.
 */
const FIELDS = 6;

export class FileVersionCache<T> {
  /** Each path's slot, oldest first. */
  private readonly slots = new Map<string, number>();
  private versions = new Float64Array(FIELDS * 64);
  private readonly values: (T | undefined)[] = [];
  /** Each slot's hash of the bytes, where its port gave one instead of the change time and inode. */
  private readonly hashes: (string | undefined)[] = [];
  private readonly free: number[] = [];
  private weight = 0;
  private dropped = false;

  constructor(
    private readonly capacity: number,
    private readonly weigh: (value: T) => number = () => 1,
  ) {}

  get size(): number {
    return this.slots.size;
  }

  /** Whether entries were dropped to stay within the capacity: some versions learned before are not here. */
  get full(): boolean {
    return this.dropped;
  }

  /** Whether anything is known of `path`, whatever its version (a lookup then needs a stat). */
  has(path: string): boolean {
    return this.slots.has(path);
  }

  /** Whether a value of this weight can be kept without dropping another. */
  fits(weight: number): boolean {
    return this.weight + weight <= this.capacity;
  }

  /** What was learned of the file at `path` when `version` is the version it was learned from. */
  lookup(path: string, version: FileVersion): T | undefined {
    const slot = this.slots.get(path);
    return slot !== undefined && this.holds(slot, version) ? this.values[slot] : undefined;
  }

  record(path: string, version: FileVersion, value: T): void {
    if (!provesVersion(version)) return this.forget(path);
    // Learned again as it was: kept in its place (a delete and a set per file read cost a search more than it does).
    if (value === this.lookup(path, version)) return;
    this.forget(path);
    const slot = this.free.pop() ?? this.values.length;
    this.store(slot, version);
    this.values[slot] = value;
    this.slots.set(path, slot);
    this.weight += this.weigh(value);
    for (const [oldest, at] of this.slots) {
      if (this.weight <= this.capacity) break;
      this.release(oldest, at);
      this.dropped = true;
    }
  }

  forget(path: string): void {
    const slot = this.slots.get(path);
    if (slot !== undefined) this.release(path, slot);
  }

  private release(path: string, slot: number): void {
    this.slots.delete(path);
    this.weight -= this.weigh(this.values[slot]!);
    this.values[slot] = undefined;
    this.hashes[slot] = undefined;
    this.free.push(slot);
  }

  private holds(slot: number, version: FileVersion): boolean {
    const v = this.versions;
    const at = slot * FIELDS;
    const { ino, dev, ctimeMs } = version;
    return (
      v[at] === version.size &&
      v[at + 1] === version.mtimeMs &&
      v[at + 2] === (ino ?? 0) &&
      v[at + 3] === (dev ?? 0) &&
      v[at + 4] === (ctimeMs ?? 0) &&
      v[at + 5] === presence(version) &&
      this.hashes[slot] === version.contentHash &&
      provesVersion(version)
    );
  }

  private store(slot: number, version: FileVersion): void {
    const at = slot * FIELDS;
    if (at + FIELDS > this.versions.length) {
      const grown = new Float64Array(this.versions.length * 2);
      grown.set(this.versions);
      this.versions = grown;
    }
    const v = this.versions;
    v[at] = version.size;
    v[at + 1] = version.mtimeMs;
    v[at + 2] = version.ino ?? 0;
    v[at + 3] = version.dev ?? 0;
    v[at + 4] = version.ctimeMs ?? 0;
    v[at + 5] = presence(version);
    this.hashes[slot] = version.contentHash;
  }
}

/** Which of the optional fields a version has. */
const presence = ({ ino, dev, ctimeMs }: FileVersion) =>
  (ino === undefined ? 0 : 1) | (dev === undefined ? 0 : 2) | (ctimeMs === undefined ? 0 : 4);
