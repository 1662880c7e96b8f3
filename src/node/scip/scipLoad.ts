// The SCIP index of a workspace folder (index.scip at its top), decoded once per version of the file
// (its identity: size, modification and change time, inode, device) and kept while that version
// lasts: a resident process answers from memory. The decoder and protobufjs load on the first index
// found (dist/scip.js), never without one.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { diskVersionKey, identityOf } from '../../core/ground/fileIdentity';
import type { ScipIndex } from './scipIndex';

export const SCIP_FILE = 'index.scip';

/** Past this an index.scip is not read: its bytes and the index are held in memory. */
const MAX_SCIP_BYTES = 1024 * 1024 * 1024;

export interface LoadedScip {
  file: string;
  /**
   * When index.scip was written: its change time, which no one can set back or forward (a copy that
   * keeps an old modification time still has it). A file changed after it is stale.
   */
  writtenMs: number;
  index: ScipIndex;
}

/** An index.scip that is there but cannot be decoded. */
export class UnreadableScip extends Error {}

const loaded = new Map<string, { key: string; result: Promise<LoadedScip> }>();

async function decode(handle: fs.FileHandle, file: string, writtenMs: number): Promise<LoadedScip> {
  const bytes = await handle.readFile();
  const { decodeScip } = await import('./scipDecode');
  try {
    return { file, writtenMs, index: decodeScip(bytes) };
  } catch (error) {
    throw new UnreadableScip(error instanceof Error ? error.message : String(error));
  }
}

async function read(file: string): Promise<{ key: string; result: Promise<LoadedScip> } | undefined> {
  const handle = await fs.open(file).catch(() => undefined);
  if (!handle) return undefined;
  const stat = await handle.stat();
  const key = diskVersionKey(file, identityOf(stat));
  const known = loaded.get(file);
  if (!stat.isFile() || known?.key === key) {
    await handle.close();
    return stat.isFile() ? known : undefined;
  }
  if (stat.size > MAX_SCIP_BYTES) {
    await handle.close();
    const result = Promise.reject(new UnreadableScip(`${stat.size} bytes, over the ${MAX_SCIP_BYTES} read`));
    result.catch(() => undefined);
    return { key, result };
  }
  const result = decode(handle, file, stat.ctimeMs).finally(() => handle.close());
  return { key, result };
}

/** The folder's index, undefined when it has none; rejects with UnreadableScip when it is corrupt. */
export async function loadScip(folder: string): Promise<LoadedScip | undefined> {
  const file = path.join(folder, SCIP_FILE);
  const version = await read(file);
  if (!version) {
    loaded.delete(file);
    return undefined;
  }
  loaded.set(file, version);
  return version.result;
}
