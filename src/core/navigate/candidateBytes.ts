// The byte test of a references scan: whether a file's bytes hold the name at all, before any
// word test or parse (an unsaved buffer's text, else the file read once, a large one in chunks).
import type { ByteSource } from '../ground/byteSource';
import type { ReadEnv } from '../ground/env';
import type { ResolvedPath } from '../ground/paths';
import type { ListedFile } from '../ground/walk';
import { openText } from '../read/openText';

/** The file's bytes when it may hold `needle` (a byte test; secrets, outside files are left out, and a file over `maxFileBytes` is 'large' when it holds the name). */
export async function candidateBytes(
  env: ReadEnv,
  file: ListedFile,
  checked: ResolvedPath,
  needle: Uint8Array,
  inside: (real: string) => boolean,
  maxFileBytes: number,
): Promise<Uint8Array | 'large' | undefined> {
  const dirty = env.host.documents?.dirty(file.absolute);
  if (dirty) return new TextEncoder().encode(dirty.text);
  const readSync = env.host.fs.readFileSync?.bind(env.host.fs);
  if (readSync) {
    try {
      const read = readSync(file.absolute, maxFileBytes);
      if (read.real === undefined || !inside(read.real)) return undefined;
      if ('bytes' in read) return holds(read.bytes, needle) ? read.bytes.slice() : undefined;
    } catch {
      return undefined;
    }
  }
  try {
    const text = await openText(env.host, checked, env.sniffs);
    try {
      // Too large to parse: it counts (as a file whose uses are not known) only when it holds the name.
      if (text.source.size > maxFileBytes)
        return (await sourceHolds(text.source, text.base, needle)) ? 'large' : undefined;
      const bytes = await text.source.read(text.base, text.source.size - text.base);
      return holds(bytes, needle) ? bytes : undefined;
    } finally {
      await text.source.close().catch(() => undefined);
    }
  } catch {
    return undefined;
  }
}

/** Whether the bytes of `source` from `base` on hold `needle`, read a chunk at a time. */
async function sourceHolds(source: ByteSource, base: number, needle: Uint8Array): Promise<boolean> {
  const chunk = 1024 * 1024;
  for (let at = base; at < source.size; at += chunk - needle.length + 1) {
    if (holds(await source.read(at, Math.min(chunk, source.size - at)), needle)) return true;
    if (at + chunk >= source.size) return false;
  }
  return false;
}

function holds(bytes: Uint8Array, needle: Uint8Array): boolean {
  if (typeof Buffer !== 'undefined')
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(Buffer.from(needle));
  outer: for (let i = 0; i + needle.length <= bytes.length; i++) {
    for (let j = 0; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}
