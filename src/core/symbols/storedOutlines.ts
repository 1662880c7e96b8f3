// A file's outline kept between processes (Host.symbolCache), as a symbol read uses it: the symbols
// and what the outline notes, valid while the file's identity is (ground/fileIdentity.ts). A symbol read of an unchanged
// file then answers without loading the parser, its grammar or its query.
import { identityOf, sameIdentity, type FileIdentity } from '../ground/fileIdentity';
import type { CachedOutline, StoredReadFacts } from '../ground/symbolCachePort';
import type { OutlineSymbol } from '../ground/symbolTypes';
import type { CacheWrites } from './cacheWrites';
import { extractorVersion } from './extractorVersion';

export interface StoredRead {
  symbols: OutlineSymbol[];
  facts: StoredReadFacts;
}

export class StoredOutlines {
  /** The engine's cache writes: they read one file's outline, with what is not written yet laid over it. */
  constructor(private readonly cache: CacheWrites) {}

  /** The stored outline of `absolute` at this version, parsed with `grammar`, when there is one. */
  async get(absolute: string, identity: FileIdentity, grammar: string): Promise<StoredRead | undefined> {
    const version = extractorVersion();
    const stored = await this.cache.loadFile(version, absolute).catch(() => undefined); // an unreadable cache is an empty one
    if (!stored?.read || stored.read.grammar !== grammar) return undefined;
    if (!sameIdentity(identityOf(stored), identity)) return undefined;
    return { symbols: stored.symbols, facts: stored.read };
  }

  /** Keeps an outline (the engine's cache writes it after the answer); a cache that cannot be written costs only time. */
  async put(absolute: string, outline: CachedOutline): Promise<void> {
    await this.cache.save(extractorVersion(), new Map([[absolute, outline]])).catch(() => undefined);
  }
}
