// Facts about one exact version of a file (its key names the path and the file's identity: ground/fileIdentity.ts),
// kept by one engine instance so the next read of the same version need not learn them again.

/** LRU of values keyed by file version. */
export class VersionCache<T> {
  private readonly entries = new Map<string, T>();
  constructor(private readonly capacity = 64) {}

  get(key: string, create: () => T): T {
    let entry = this.entries.get(key);
    if (entry !== undefined) this.entries.delete(key);
    else entry = create();
    this.entries.set(key, entry);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
    return entry;
  }

  peek(key: string): T | undefined {
    return this.entries.get(key);
  }
}
