// Facts learned from one version of each file (size, modification and change time, device and inode), by path, kept by one
// engine within a capacity (each fact weighs 1, or what `weigh` says); the oldest are dropped first.
import type { FileVersion } from './ports';

/** Whether two stats name the same version of a file. */
export function sameFileVersion(a: FileVersion, b: FileVersion): boolean {
  return a.size === b.size && a.mtimeMs === b.mtimeMs && a.ino === b.ino && a.dev === b.dev && a.ctimeMs === b.ctimeMs;
}

interface Entry<T> extends FileVersion {
  value: T;
}

export class FileVersionCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private weight = 0;
  private dropped = false;

  constructor(
    private readonly capacity: number,
    private readonly weigh: (value: T) => number = () => 1,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** Whether entries were dropped to stay within the capacity: some versions learned before are not here. */
  get full(): boolean {
    return this.dropped;
  }

  /** Whether anything is known of `path`, whatever its version (a lookup then needs a stat). */
  has(path: string): boolean {
    return this.entries.has(path);
  }

  /** Whether a value of this weight can be kept without dropping another. */
  fits(weight: number): boolean {
    return this.weight + weight <= this.capacity;
  }

  /** What was learned of the file at `path` when `version` is the version it was learned from. */
  lookup(path: string, version: FileVersion): T | undefined {
    const entry = this.entries.get(path);
    return entry && sameFileVersion(entry, version) ? entry.value : undefined;
  }

  record(path: string, version: FileVersion, value: T): void {
    // Learned again as it was: kept in its place (a delete and a set per file read cost a search more than it does).
    if (value === this.lookup(path, version)) return;
    this.forget(path);
    const { size, mtimeMs, ino, dev, ctimeMs } = version;
    this.entries.set(path, { size, mtimeMs, ino, dev, ctimeMs, value });
    this.weight += this.weigh(value);
    for (const [oldest, entry] of this.entries) {
      if (this.weight <= this.capacity) break;
      this.entries.delete(oldest);
      this.weight -= this.weigh(entry.value);
      this.dropped = true;
    }
  }

  forget(path: string): void {
    const entry = this.entries.get(path);
    if (!entry) return;
    this.entries.delete(path);
    this.weight -= this.weigh(entry.value);
  }
}
