// How far a file's lines reach, counted only as far as a suggested range needs: a search's "Read
// around the first match" call names an end line, and that line must be in the file.
import type { ReadEnv } from '../ground/env';
import { openText } from '../read/openText';

const CHUNK = 65_536;
/** Bytes counted at most: a match deeper in a large file is not worth reading it again (its range is not bounded). */
const MAX_COUNTED_BYTES = 4 * CHUNK;

/**
 * The number of lines of `target` (as a read sees it: the unsaved buffer, UTF-16 as UTF-8), or
 * `atMost` when it has at least that many; undefined when it cannot be opened or `atMost` lines are not
 * within its first MAX_COUNTED_BYTES.
 */
export async function linesUpTo(env: ReadEnv, target: string, atMost: number): Promise<number | undefined> {
  let file;
  try {
    file = await openText(env.host, await env.resolver.resolve(target), env.sniffs, env);
  } catch {
    return undefined;
  }
  try {
    let newlines = 0;
    let last = 0x0a;
    for (let at = file.base; at < file.source.size; at += CHUNK) {
      if (at - file.base >= MAX_COUNTED_BYTES) return undefined;
      const bytes = await file.source.read(at, CHUNK);
      if (bytes.length === 0) break;
      for (const byte of bytes) if (byte === 0x0a && ++newlines >= atMost) return atMost;
      last = bytes[bytes.length - 1]!;
    }
    // A last line without a newline at its end is a line too.
    return Math.min(atMost, newlines + (last === 0x0a ? 0 : 1));
  } catch {
    return undefined;
  } finally {
    await file.source.close().catch(() => undefined);
  }
}
