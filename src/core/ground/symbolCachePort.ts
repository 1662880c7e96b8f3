// The symbol index's store between processes (a host's cache folder): the port and the records it keeps.
import type { FileVersion } from './fileSystemPort';
import type { PackedWords } from './fileWords';
import type { OutlineSymbol } from './symbolTypes';

/** A file's outline as the symbol index keeps it between processes, valid while the file's identity is (ground/fileIdentity.ts). */
export interface CachedOutline extends FileVersion {
  symbols: OutlineSymbol[];
  /**
   * Present when the outline is a whole one of the file's text as a read sees it (not a worker's, not
   * a large file's top level): what else a symbol read answers from, so it can answer without parsing.
   */
  read?: StoredReadFacts;
  /** The words the file says (the map's reference graph), when they were counted from this version's text: saved, not loaded. */
  words?: PackedWords;
}

/** A file's stored words and the identity of the version they were counted from. */
export interface CachedWords extends FileVersion {
  words: PackedWords;
}

/** What an outline notes besides its symbols, kept so an answer from the cache says the same. */
export interface StoredReadFacts {
  /** The grammar it was parsed with (a `.h` file may be C or C++). */
  grammar: string;
  /** The parse failed in places. */
  parseFailed?: true;
  /** Symbols nested too deep to list. */
  cut?: number;
}

/**
 * Where the symbol index persists (a user cache folder for the CLI, the extension's storage in VS
 * Code). `version` names the extractor: outlines stored under another one are not returned.
 */
export interface SymbolCachePort {
  /** Every stored outline (absolute path → outline), without words. */
  load(version: string): Promise<Map<string, CachedOutline>>;
  /** Every stored file's words (absolute path → words): read only when a map needs them. */
  loadWords?(version: string): Promise<Map<string, CachedWords>>;
  /** One file's stored outline, reading no more than its own shard (a read of one file's symbols). */
  loadFile?(version: string, absolute: string): Promise<CachedOutline | undefined>;
  /** Stores outlines; null removes one. Safe against other processes writing at the same time. */
  save(version: string, changes: ReadonlyMap<string, CachedOutline | null>): Promise<void>;
}
