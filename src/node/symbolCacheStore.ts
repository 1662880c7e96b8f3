// The symbol index's persistent cache on disk (Host.symbolCache): one folder per set of workspace
// roots, outlines in 32 shard files by path. A save reads the shard again, lays its changes over it
// and replaces it with a temporary file and a rename, so concurrent writers (two CLI processes, two
// windows) never leave a torn file; at worst one's entries of that shard are lost, and re-parsed.
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CachedOutline, SymbolCachePort, WorkspaceRoot } from '../core/ground/ports';

const SHARDS = 32;

interface Shard {
  version: string;
  files: Record<string, CachedOutline>;
}

const hash = (text: string) => createHash('sha1').update(text).digest('hex');

async function readShard(path: string, version: string): Promise<Shard | undefined> {
  try {
    const shard = JSON.parse(await readFile(path, 'utf8')) as Shard;
    return shard.version === version && shard.files && typeof shard.files === 'object' ? shard : undefined;
  } catch {
    return undefined; // missing or unreadable: empty
  }
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
  return {
    async load(version) {
      const out = new Map<string, CachedOutline>();
      const shards = await Promise.all(Array.from({ length: SHARDS }, (_, i) => readShard(shardPath(i), version)));
      for (const shard of shards) {
        if (!shard) continue;
        for (const [path, outline] of Object.entries(shard.files)) out.set(path, outline);
      }
      return out;
    },
    async loadFile(version, absolute) {
      const shard = await readShard(shardPath(shardOf(absolute)), version);
      return shard && Object.hasOwn(shard.files, absolute) ? shard.files[absolute] : undefined;
    },
    async save(version, changes) {
      const byShard = new Map<number, [string, CachedOutline | null][]>();
      for (const change of changes) {
        const index = shardOf(change[0]);
        const list = byShard.get(index) ?? [];
        list.push(change);
        byShard.set(index, list);
      }
      mkdirSync(folder(), { recursive: true });
      await Promise.all(
        [...byShard].map(async ([index, list]) => {
          const path = shardPath(index);
          const shard = (await readShard(path, version)) ?? { version, files: {} };
          for (const [absolute, outline] of list) {
            if (outline) shard.files[absolute] = outline;
            else delete shard.files[absolute];
          }
          const temporary = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
          try {
            await writeFile(temporary, JSON.stringify(shard));
            await rename(temporary, path);
          } catch (error) {
            await rm(temporary, { force: true });
            throw error;
          }
        }),
      );
    },
  };
}
