// A listed file's text for navigation, read the way a workspace search reads it: through the port's
// synchronous fast path (the opened file's real path checked against the workspace folders) or
// through openText; the unsaved buffer when there is one. Undefined when it cannot be read or is large.
import type { ReadEnv } from '../ground/env';
import { insideRoots, type ResolvedPath } from '../ground/paths';
import { openText } from '../read/openText';

const LENIENT = new TextDecoder('utf-8');

export async function readListedText(
  env: ReadEnv,
  path: ResolvedPath & { realRoots: readonly string[] },
  maxBytes: number,
): Promise<string | undefined> {
  const dirty = env.host.documents?.dirty(path.absolute);
  if (dirty) return dirty.text;
  const readSync = env.host.fs.readFileSync?.bind(env.host.fs);
  if (readSync) {
    try {
      const read = readSync(path.absolute, maxBytes);
      if (read.real === undefined || !insideRoots(path.realRoots, read.real) || !('bytes' in read)) return undefined;
      return LENIENT.decode(read.bytes);
    } catch {
      return undefined;
    }
  }
  try {
    const file = await openText(env.host, path, env.sniffs);
    try {
      if (file.source.size > maxBytes) return undefined;
      return LENIENT.decode(await file.source.read(file.base, file.source.size - file.base));
    } finally {
      await file.source.close().catch(() => undefined);
    }
  } catch {
    return undefined;
  }
}
