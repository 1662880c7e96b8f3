// The two sides of a diff as bytes: the file on disk, the unsaved editor buffer over it, or git's
// HEAD or index version, each refused (TOO_LARGE) above DIFF_LIMITS.maxSideBytes.
import { LecternError } from '../ground/contract';
import type { ReadEnv } from '../ground/env';
import { formatBytes } from '../ground/format';
import { LIMITS } from '../ground/settings';
import type { GitRepository } from '../ground/gitPort';
import { DIFF_LIMITS } from './previewInput';
import { TOOL } from '../ground/tools';

export interface Version {
  bytes: Uint8Array;
  origin: 'disk' | 'buffer' | 'HEAD' | 'INDEX';
}

const encoder = new TextEncoder();

export function bufferVersion(text: string): Version {
  return { bytes: encoder.encode(text), origin: 'buffer' };
}

/** The meta `source` of an answer whose current side is `version`. */
export function sourceOf(version: Version | undefined): 'disk' | 'buffer' {
  return version?.origin === 'buffer' ? 'buffer' : 'disk';
}

function tooLarge(label: string, size: number): LecternError {
  return new LecternError(
    'TOO_LARGE',
    `${label} is ${formatBytes(size)}; diffs are computed for files up to ${formatBytes(DIFF_LIMITS.maxSideBytes)}.`,
    `Read the parts you need with mode "file" (start_line/end_line), or search it with ${TOOL.search}.`,
    { total_bytes: size },
  );
}

export async function readDisk(env: ReadEnv, absolute: string, label: string): Promise<Uint8Array | undefined> {
  const stat = await env.host.fs.stat(absolute);
  if (!stat || stat.kind !== 'file') return undefined;
  if (stat.size > DIFF_LIMITS.maxSideBytes) throw tooLarge(label, stat.size);
  const { handle } = await env.resolver.open(absolute, env.allowOutside, 'Preview changes', env.allowSecrets);
  try {
    const chunks: Uint8Array[] = [];
    let total = 0;
    for (;;) {
      const buffer = new Uint8Array(Math.max(LIMITS.chunkBytes, Math.min(stat.size - total + 1, 4 * 1024 * 1024)));
      const n = await handle.read(buffer, 0, buffer.length, total);
      if (n === 0) break;
      chunks.push(buffer.subarray(0, n));
      total += n;
      // The file may have grown since the stat.
      if (total > DIFF_LIMITS.maxSideBytes) throw tooLarge(label, total);
    }
    if (chunks.length === 1) return chunks[0]!;
    const bytes = new Uint8Array(total);
    let at = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, at);
      at += chunk.length;
    }
    return bytes;
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/** The file as the user sees it: the unsaved editor buffer if there is one, else the file on disk. */
export async function readCurrent(env: ReadEnv, absolute: string, label: string): Promise<Version | undefined> {
  const dirty = env.host.documents?.dirty(absolute);
  if (dirty) return bufferVersion(dirty.text);
  const bytes = await readDisk(env, absolute, label);
  return bytes && { bytes, origin: 'disk' };
}

export async function readGit(
  repo: GitRepository,
  version: 'HEAD' | 'INDEX',
  absolute: string,
  label: string,
): Promise<Version | undefined> {
  const bytes = await repo.read(version, absolute);
  if (bytes && bytes.length > DIFF_LIMITS.maxSideBytes) throw tooLarge(`${label} at ${version}`, bytes.length);
  return bytes && { bytes, origin: version };
}
