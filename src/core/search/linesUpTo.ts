// How many lines a file has, up to the end a suggested range needs: a search's "Read around the first
// match" call names an end line, and that line must be in the file.
import type { ReadEnv } from '../ground/env';
import { lineIndexOf } from '../read/openedRead';
import { openText } from '../read/openText';

/** Bytes counted at most: a match deeper in a large file is not worth reading it again (its range is not bounded). */
const MAX_COUNTED_BYTES = 256 * 1024;

/**
 * The number of lines of `target` (as a read sees it: the unsaved buffer, UTF-16 as UTF-8), at most
 * `atMost`; undefined when it cannot be opened or is over MAX_COUNTED_BYTES. Counted in the line index
 * every read of that version shares, so the suggested read finds it built.
 */
export async function linesUpTo(env: ReadEnv, target: string, atMost: number): Promise<number | undefined> {
  let file;
  try {
    file = await openText(env.host, await env.resolver.resolve(target), env.sniffs, env);
  } catch {
    return undefined;
  }
  try {
    const total = await lineIndexOf(env, file).totalLines(file.source, MAX_COUNTED_BYTES, env.signal);
    return total === undefined ? undefined : Math.min(atMost, total);
  } catch {
    return undefined;
  } finally {
    await file.source.close().catch(() => undefined);
  }
}
