// What a workspace search learned about each file it read that holds for any query: binary, over
// the size limit, or text (UTF-8 or single-byte, not UTF-16), per version (size, modification
// time, inode). A later search that finds the same version by stat counts it without reading it,
// or, for text, asks the candidate finder whether to read it (search/prefilter.ts).
import type { FileVersion } from './ports';

export type FileClass = 'text' | 'binary' | 'large';

interface Entry extends FileVersion {
  kind: FileClass;
}

/** Files remembered at most; the oldest are dropped first. */
const CAPACITY = 250_000;

export class FileClassCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly capacity = CAPACITY) {}

  get size(): number {
    return this.entries.size;
  }

  /** The class of the file at `path` when `version` is the version it was learned from. */
  lookup(path: string, version: FileVersion): FileClass | undefined {
    const entry = this.entries.get(path);
    if (!entry) return undefined;
    const same = entry.size === version.size && entry.mtimeMs === version.mtimeMs && entry.ino === version.ino;
    return same ? entry.kind : undefined;
  }

  record(path: string, version: FileVersion, kind: FileClass): void {
    this.entries.delete(path);
    this.entries.set(path, { size: version.size, mtimeMs: version.mtimeMs, ino: version.ino, kind });
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }

  forget(path: string): void {
    this.entries.delete(path);
  }
}
