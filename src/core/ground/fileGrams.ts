// The letter triples (grams) each text file's version holds, kept by one engine so later
// workspace searches rule files out without reading them or asking a candidate finder
// (search/gramFilter.ts makes and reads them). Keyed like the file classes: size, modification
// time and inode.
import type { FileVersion } from './ports';

/** A file's grams: every one as a bit of a bitmap, or (few of them) their numbers in order. */
export type Grams = { bits: Uint32Array } | { sorted: Uint16Array };

interface Entry extends FileVersion {
  grams: Grams;
}

/** Bytes of grams kept at most; the oldest files are dropped first. */
const CAPACITY_BYTES = 64 * 1024 * 1024;

const bytesOf = (grams: Grams) => ('bits' in grams ? grams.bits.byteLength : grams.sorted.byteLength);

export class FileGrams {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private dropped = false;

  constructor(private readonly capacityBytes = CAPACITY_BYTES) {}

  get size(): number {
    return this.entries.size;
  }

  /** Whether files were dropped to stay within the capacity: some versions read before have no grams here. */
  get full(): boolean {
    return this.dropped;
  }

  /** The grams of the file at `path` when `version` is the version they were read from. */
  lookup(path: string, version: FileVersion): Grams | undefined {
    const entry = this.entries.get(path);
    if (!entry) return undefined;
    const same = entry.size === version.size && entry.mtimeMs === version.mtimeMs && entry.ino === version.ino;
    return same ? entry.grams : undefined;
  }

  record(path: string, version: FileVersion, grams: Grams): void {
    this.forget(path);
    this.entries.set(path, { size: version.size, mtimeMs: version.mtimeMs, ino: version.ino, grams });
    this.bytes += bytesOf(grams);
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.capacityBytes) break;
      this.entries.delete(oldest);
      this.bytes -= bytesOf(entry.grams);
      this.dropped = true;
    }
  }

  forget(path: string): void {
    const entry = this.entries.get(path);
    if (!entry) return;
    this.entries.delete(path);
    this.bytes -= bytesOf(entry.grams);
  }
}
