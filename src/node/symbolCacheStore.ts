// The symbol index's persistent cache on disk (Host.symbolCache): one folder per set of workspace
// roots, outlines in 32 shard files by path, and each file's words (the map's) in 32 shard files of
// their own beside them: a symbol read, which reads and rewrites an outline shard, and a warm index,
// which loads every outline shard, carry no words; a map loads them once.
// A save reads the shard again, lays its changes over it and replaces it with a temporary file and a
// rename, so concurrent writers (two CLI processes, two windows) never leave a torn file; at worst one's
// entries of that shard are lost, and re-parsed.
// Every shard is read back through the checks of cacheRecords.ts, in a folder cacheFolder.ts made private.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { identityOf, type FileIdentity } from '../core/ground/fileIdentity';
import type { PackedWords } from '../core/ground/fileWords';
import type { CachedOutline, CachedWords, SymbolCachePort } from '../core/ground/symbolCachePort';
import type { WorkspaceRoot } from '../core/ground/ports';
import { readPrivateFileAsync, refusedCacheFolder, warnCacheRefused, writePrivateFile } from './cacheFolder';
import { CACHE_BOUNDS, isStoredPath, storedOutline, storedWords } from './cacheRecords';

const SHARDS = 32;

/** A file's words and the identity of the version they were counted from (a shard without one is a miss). */
interface StoredWords extends PackedWords, FileIdentity {}

interface Shard<T> {
  version: string;
  files: Record<string, T>;
}

const hash = (text: string) => createHash('sha1').update(text).digest('hex');

/** How a kind of shard is read back: its largest file and the check of each record. */
interface ShardKind<T> {
  maxBytes: number;
  record: (value: unknown) => T | undefined;
}

const OUTLINES: ShardKind<CachedOutline> = { maxBytes: CACHE_BOUNDS.outlineShardBytes, record: storedOutline };
const WORDS: ShardKind<StoredWords> = { maxBytes: CACHE_BOUNDS.wordShardBytes, record: storedWords };

/** The shard at `path` with every record checked; undefined (a miss: the next save rewrites it) when any record fails. */
async function readShard<T>(path: string, version: string, kind: ShardKind<T>): Promise<Shard<T> | undefined> {
  const bytes = await readPrivateFileAsync(path, kind.maxBytes);
  if (!bytes) return undefined; // missing, too large, or not this user's own
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const { version: stored, files } = parsed as Partial<Shard<unknown>>;
  if (stored !== version || typeof files !== 'object' || files === null || Array.isArray(files)) return undefined;
  const checked: Record<string, T> = {};
  for (const [absolute, value] of Object.entries(files)) {
    const record = isStoredPath(absolute) ? kind.record(value) : undefined;
    if (!record) return undefined;
    checked[absolute] = record;
  }
  return { version, files: checked };
}

/** Lays `changes` (null: remove) over the shard at `path`. */
async function updateShard<T>(
  path: string,
  version: string,
  kind: ShardKind<T>,
  changes: readonly [string, T | null][],
): Promise<void> {
  const shard = (await readShard(path, version, kind)) ?? { version, files: {} };
  for (const [absolute, value] of changes) {
    if (value) shard.files[absolute] = value;
    else delete shard.files[absolute];
  }
  await writePrivateFile(path, JSON.stringify(shard));
}

/** Changes grouped by the shard that holds their path. */
function byShard<T>(changes: Iterable<[string, T | null]>, shardOf: (absolute: string) => number) {
  const out = new Map<number, [string, T | null][]>();
  for (const change of changes) {
    const index = shardOf(change[0]);
    const list = out.get(index) ?? [];
    list.push(change);
    out.set(index, list);
  }
  return out;
}

/** A word shard's changes: words counted now replace the file's; a file gone takes its words; an outline without words leaves them (stale ones are not loaded). */
function wordChanges(changes: ReadonlyMap<string, CachedOutline | null>): [string, StoredWords | null][] {
  const out: [string, StoredWords | null][] = [];
  for (const [absolute, outline] of changes) {
    if (!outline) out.push([absolute, null]);
    else if (outline.words) out.push([absolute, { ...identityOf(outline), ...outline.words }]);
  }
  return out;
}

/**
 * A cache under `dir` (the user cache folder) for the workspace made of `roots` (its folder is named by
 * their paths). It is used only while that folder is private and outside every workspace folder
 * (cacheFolder.ts); otherwise it holds nothing, and the log says so once.
 */
export function createSymbolCache(dir: string, roots: () => readonly WorkspaceRoot[]): SymbolCachePort {
  const verdicts = new Map<string, boolean>();
  const usable = (): string | undefined => {
    const paths = roots().map((r) => r.path);
    const folder = join(dir, 'symbols', hash([...paths].sort().join('\0')).slice(0, 16));
    let ok = verdicts.get(folder);
    if (ok === undefined) {
      const refused = refusedCacheFolder(dir, folder, paths);
      if (refused) warnCacheRefused(refused);
      verdicts.set(folder, (ok = !refused));
    }
    return ok ? folder : undefined;
  };
  const shardOf = (absolute: string) => parseInt(hash(absolute).slice(0, 4), 16) % SHARDS;
  const shardPath = (folder: string, index: number) => join(folder, `shard-${String(index).padStart(2, '0')}.json`);
  const wordsPath = (folder: string, index: number) => join(folder, `words-${String(index).padStart(2, '0')}.json`);
  const all = <T>(path: (folder: string, index: number) => string, version: string, kind: ShardKind<T>) => {
    const folder = usable();
    return folder
      ? Promise.all(Array.from({ length: SHARDS }, (_, i) => readShard(path(folder, i), version, kind)))
      : [];
  };
  return {
    async load(version) {
      const out = new Map<string, CachedOutline>();
      for (const shard of await all(shardPath, version, OUTLINES)) {
        if (!shard) continue;
        for (const [path, outline] of Object.entries(shard.files)) out.set(path, outline);
      }
      return out;
    },
    async loadWords(version) {
      // The index uses them for the file's version they were counted from.
      const out = new Map<string, CachedWords>();
      for (const shard of await all(wordsPath, version, WORDS)) {
        if (!shard) continue;
        for (const [path, stored] of Object.entries(shard.files))
          out.set(path, {
            ...identityOf(stored),
            words: { names: stored.names, counts: stored.counts },
          });
      }
      return out;
    },
    async loadFile(version, absolute) {
      // A symbol read: the outline alone.
      const folder = usable();
      const shard = folder && (await readShard(shardPath(folder, shardOf(absolute)), version, OUTLINES));
      return shard && Object.hasOwn(shard.files, absolute) ? shard.files[absolute] : undefined;
    },
    async save(version, changes) {
      const folder = usable();
      if (!folder) return;
      const outlines = [...changes].map(([absolute, outline]): [string, CachedOutline | null] => {
        if (!outline?.words) return [absolute, outline];
        const { words: _words, ...rest } = outline;
        return [absolute, rest];
      });
      await Promise.all([
        ...[...byShard(outlines, shardOf)].map(([index, list]) =>
          updateShard(shardPath(folder, index), version, OUTLINES, list),
        ),
        ...[...byShard(wordChanges(changes), shardOf)].map(([index, list]) =>
          updateShard(wordsPath(folder, index), version, WORDS, list),
        ),
      ]);
    },
  };
}
