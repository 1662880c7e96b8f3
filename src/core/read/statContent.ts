// What a stat learns by opening a file: binary or text, its encoding and its line count, kept per
// file version (env.contentFacts) so a stat of an unchanged file opens nothing.
import type { ReadEnv } from '../ground/env';
import type { EntryStat, OpenedStat } from '../ground/fileSystemPort';
import { diskVersionKey, identityOf, provesVersion, sameIdentity } from '../ground/fileIdentity';
import { LIMITS } from '../ground/settings';
import { decodeUtf16, sniff } from '../text/encoding';
import { openInside } from '../ground/openInside';
import type { ResolvedPath } from '../ground/paths';
import { LineIndex } from '../ground/lineIndex';
import { fileSource, memorySource } from '../ground/byteSource';
import type { StatInfo } from './statInfo';

const encoder = new TextEncoder();

/** The lines of UTF-8 held in memory (an editor's unsaved text, a transcoded UTF-16 file). */
export async function linesOfBytes(bytes: Uint8Array): Promise<number | null> {
  return (await new LineIndex(0, bytes.length, LIMITS.chunkBytes).totalLines(memorySource(bytes), Infinity)) ?? null;
}

/**
 * describeContent, or what it said of this very version of the file: the same inode, size,
 * modification and change times (a write, chmod, link or rename changes the change time). A stat of
 * an unchanged file then opens nothing. Hosts that do not tell the change time are always asked.
 */
export async function describeKnown(
  env: ReadEnv,
  path: ResolvedPath,
  target: EntryStat,
  info: StatInfo,
): Promise<void> {
  const facts = env.contentFacts;
  const identity = identityOf(target);
  if (!facts || !provesVersion(identity)) {
    await describeContent(env, path, info);
    return;
  }
  const key = `stat:${diskVersionKey(path.absolute, identity)}`;
  const known = facts.peek(key);
  if (known) {
    Object.assign(info, known);
    return;
  }
  const opened = await describeContent(env, path, info);
  // Kept only when the file opened was the version stat saw (not one that replaced it in between).
  if (!opened || !sameIdentity(identityOf(opened), identity) || env.signal?.isCancellationRequested) return;
  facts.get(key, () => ({ binary: info.binary, encoding: info.encoding, total_lines: info.total_lines }));
}

/** Binary, encoding and line count of the file; the file opened (undefined when it could not be). */
async function describeContent(env: ReadEnv, path: ResolvedPath, info: StatInfo): Promise<OpenedStat | undefined> {
  let handle;
  let stat;
  try {
    ({ handle, stat } = await openInside(env.host.fs, path));
  } catch {
    return undefined; // unreadable, or changed under us: size and time are still known
  }
  const absolute = path.absolute;
  const source = fileSource(handle, stat.size);
  try {
    const head = await source.read(0, LIMITS.sniffBytes);
    const sniffed = sniff(head, stat.size <= LIMITS.sniffBytes);
    info.binary = sniffed.binary;
    if (sniffed.binary) return stat;
    info.encoding = sniffed.encoding;
    if (sniffed.encoding === 'utf-16le' || sniffed.encoding === 'utf-16be') {
      // Counted on the text, as a read serves it (UTF-16 files are transcoded whole, so they are capped).
      if (stat.size > LIMITS.maxTranscodeBytes) return stat;
      const text = decodeUtf16(await source.read(sniffed.bomLength, stat.size - sniffed.bomLength), sniffed.encoding);
      if (text === undefined) return stat;
      info.total_lines = await linesOfBytes(encoder.encode(text));
      return stat;
    }
    const index = env.indexes.get(
      diskVersionKey(absolute, identityOf(stat)),
      () => new LineIndex(sniffed.bomLength, stat.size, LIMITS.chunkBytes),
    );
    info.total_lines = (await index.totalLines(source, LIMITS.countLinesBelowBytes, env.signal)) ?? null;
    return stat;
  } finally {
    await source.close().catch(() => undefined);
  }
}
