// The SCIP index of a workspace folder (index.scip at its top), decoded once per version of the file
// (its mtime and size) and kept while that version lasts: a resident process answers from memory.
// The decoder and protobufjs load on the first index found (dist/scip.js), never without one.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { ScipIndex } from './scipIndex';

export const SCIP_FILE = 'index.scip';

export interface LoadedScip {
  file: string;
  /** When index.scip was written: a file changed after it is stale. */
  mtimeMs: number;
  index: ScipIndex;
}

/** An index.scip that is there but cannot be decoded. */
export class UnreadableScip extends Error {}

const loaded = new Map<string, { mtimeMs: number; size: number; result: Promise<LoadedScip> }>();

async function decode(file: string, mtimeMs: number): Promise<LoadedScip> {
  const bytes = await fs.readFile(file);
  const { decodeScip } = await import('./scipDecode');
  try {
    return { file, mtimeMs, index: decodeScip(bytes) };
  } catch (error) {
    throw new UnreadableScip(error instanceof Error ? error.message : String(error));
  }
}

/** The folder's index, undefined when it has none; rejects with UnreadableScip when it is corrupt. */
export async function loadScip(folder: string): Promise<LoadedScip | undefined> {
  const file = path.join(folder, SCIP_FILE);
  const stat = await fs.stat(file).catch(() => undefined);
  if (!stat?.isFile()) {
    loaded.delete(file);
    return undefined;
  }
  const known = loaded.get(file);
  if (known && known.mtimeMs === stat.mtimeMs && known.size === stat.size) return known.result;
  const result = decode(file, stat.mtimeMs);
  loaded.set(file, { mtimeMs: stat.mtimeMs, size: stat.size, result });
  return result;
}
