// The symbol index's persistent cache on disk (Host.symbolCache): one folder per set of workspace
// roots, outlines in 32 shard files by path, and each file's words (the map's) in 32 shard files of
// their own beside them: a symbol read, which reads and rewrites an outline shard, and a warm index,
// which loads every outline shard, carry no words; a map loads them once.
// A save reads the shard again, lays its changes over it and replaces it with a temporary file and a
// rename, so concurrent writers (two CLI processes, two windows) never leave a torn file; at worst one's
// entries of that shard are lost, and re-parsed.
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { identityOf, type FileIdentity } from '../core/ground/fileIdentity';
import type { PackedWords } from '../core/ground/fileWords';
import type { CachedOutline, CachedWords, SymbolCachePort, WorkspaceRoot } from '../core/ground/ports';

const SHARDS = 32;

/** A file's words and the identity of the version they were counted from (a shard without one is a miss). */
interface StoredWords extends PackedWords, FileIdentity {}

interface Shard<T> {
  version: string;
  files: Record<string, T>;
}

const hash = (text: string) => createHash('sha1').update(text).digest('hex');

async function readShard<T>(path: string, version: string): Promise<Shard<T> | undefined> {
  try {
    const shard = JSON.parse(await readFile(path, 'utf8')) as Shard<T>;
    return shard.version === version && shard.files && typeof shard.files === 'object' ? shard : undefined;
  } catch {
    return undefined; // missing or unreadable: empty
  }
}

/** Replaces the shard at `path` with `shard`, through a temporary file and a rename. */
async function writeShard<T>(path: string, shard: Shard<T>): Promise<void> {
  const temporary = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    await writeFile(temporary, JSON.stringify(shard));
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** Lays `changes` (null: remove) over the shard at `path`. */
async function updateShard<T>(path: string, version: string, changes: readonly [string, T | null][]): Promise<void> {
  const shard = (await readShard<T>(path, version)) ?? { version, files: {} };
  for (const [absolute, value] of changes) {
    if (value) shard.files[absolute] = value;
    else delete shard.files[absolute];
  }
  await writeShard(path, shard);
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

/** A cache under `dir` for the workspace made of `roots` (its folder is named by their paths). */
export function createSymbolCache(dir: string, roots: () => readonly WorkspaceRoot[]): SymbolCachePort {
  const folder = () =>
    join(
      dir,
      'symbols',
      hash(
        roots()
          .map((r) => r.path)
          .sort()
          .join('\0'),
      ).slice(0, 16),
    );
  const shardOf = (absolute: string) => parseInt(hash(absolute).slice(0, 4), 16) % SHARDS;
  const shardPath = (index: number) => join(folder(), `shard-${String(index).padStart(2, '0')}.json`);
  const wordsPath = (index: number) => join(folder(), `words-${String(index).padStart(2, '0')}.json`);
  const all = <T>(path: (index: number) => string, version: string) =>
    Promise.all(Array.from({ length: SHARDS }, (_, i) => readShard<T>(path(i), version)));
  return {
    async load(version) {
      const out = new Map<string, CachedOutline>();
      for (const shard of await all<CachedOutline>(shardPath, version)) {
        if (!shard) continue;
        for (const [path, outline] of Object.entries(shard.files)) out.set(path, outline);
      }
      return out;
    },
    async loadWords(version) {
      // The index uses them for the file's version they were counted from, and checks their shape.
      const out = new Map<string, CachedWords>();
      for (const shard of await all<StoredWords>(wordsPath, version)) {
        if (!shard) continue;
        for (const [path, stored] of Object.entries(shard.files))
          if (stored && typeof stored === 'object')
            out.set(path, {
              ...identityOf(stored),
              words: { names: stored.names, counts: stored.counts },
            });
      }
      return out;
    },
    async loadFile(version, absolute) {
      // A symbol read: the outline alone.
      const shard = await readShard<CachedOutline>(shardPath(shardOf(absolute)), version);
      return shard && Object.hasOwn(shard.files, absolute) ? shard.files[absolute] : undefined;
    },
    async save(version, changes) {
      const outlines = [...changes].map(([absolute, outline]): [string, CachedOutline | null] => {
        if (!outline?.words) return [absolute, outline];
        const { words: _words, ...rest } = outline;
        return [absolute, rest];
      });
      mkdirSync(folder(), { recursive: true });
      await Promise.all([
        ...[...byShard(outlines, shardOf)].map(([index, list]) => updateShard(shardPath(index), version, list)),
        ...[...byShard(wordChanges(changes), shardOf)].map(([index, list]) =>
          updateShard(wordsPath(index), version, list),
        ),
      ]);
    },
  };
}
