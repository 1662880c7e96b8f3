// Opens a resolved path as text: the unsaved editor buffer if there is one, else the file on disk.
// Refuses directories and binary files with a clear answer; transcodes UTF-16 to UTF-8.
import { LecternError } from '../ground/contract';
import type { Host } from '../ground/ports';
import { openInside, refuseUnlessFile } from '../ground/openInside';
import type { ResolvedPath } from '../ground/paths';
import { LIMITS } from '../ground/settings';
import { decodeUtf16, sniff, type Encoding, type Sniff } from '../text/encoding';
import type { VersionCache } from '../ground/versionCache';
import { fileSource, memorySource, type ByteSource } from '../ground/byteSource';
import { redactedSource } from '../ground/redactedSource';
import type { ReadEnv } from '../ground/env';
import { formatBytes } from '../ground/format';
import { diskVersionKey, identityOf, type FileIdentity } from '../ground/fileIdentity';
import { TOOL } from '../ground/tools';

export interface TextFile {
  source: ByteSource;
  /** Offset of the first text byte (after a BOM). */
  base: number;
  encoding: Encoding;
  origin: 'disk' | 'buffer';
  /** Identifies this exact content, for caches (a file on disk: by its identity, ground/fileIdentity.ts). */
  versionKey: string;
  mtimeMs: number | null;
  /** The opened file's identity (a file on disk). */
  identity?: FileIdentity;
  /** UTF-16 files are served as UTF-8; byte offsets then refer to the UTF-8 form. */
  transcoded: boolean;
  /** How many reads of `source` redacted a secret so far (absent: the user approved secrets). */
  redactions?: { count: number };
}

const encoder = new TextEncoder();

/**
 * `sniffs`: what earlier reads learnt of a version's first bytes (binary, encoding), so they are not
 * read again. The text comes with private keys and URL passwords inside it redacted (text/redact.ts)
 * unless the user approved secrets; `secrets.onRedacted` is told when a read redacted something.
 */
export async function openText(
  host: Host,
  path: ResolvedPath,
  sniffs?: VersionCache<Sniff>,
  secrets: Pick<ReadEnv, 'allowSecrets' | 'onRedacted'> = {},
): Promise<TextFile> {
  // openRaw makes a new object each time: it is completed here rather than copied.
  const file = await openRaw(host, path, sniffs);
  // The text as approved is another version for caches: a cached parse of it must not reach a call without approval.
  if (secrets.allowSecrets) {
    file.versionKey = `${file.versionKey}:unredacted`;
    return file;
  }
  const redactions = { count: 0 };
  const onRedacted = () => {
    redactions.count++;
    secrets.onRedacted?.();
  };
  file.source = redactedSource(file.source, onRedacted);
  file.redactions = redactions;
  return file;
}

async function openRaw(host: Host, path: ResolvedPath, sniffs?: VersionCache<Sniff>): Promise<TextFile> {
  const dirty = host.documents?.dirty(path.absolute);
  if (dirty) {
    return {
      source: memorySource(encoder.encode(dirty.text)),
      base: 0,
      encoding: 'utf-8',
      origin: 'buffer',
      versionKey: `buffer:${path.absolute}:${dirty.version}`,
      mtimeMs: null,
      transcoded: false,
    };
  }
  // The file as opened: its own kind, size and time (openInside checks it is a regular file).
  const opened = await openInside(host.fs, path).catch((error: unknown) => whyNotOpened(host, path, error));
  const source = fileSource(opened.handle, opened.stat.size);
  try {
    const identity = identityOf(opened.stat);
    const versionKey = diskVersionKey(path.absolute, identity);
    const sniffed =
      sniffs?.peek(versionKey) ?? sniff(await source.read(0, LIMITS.sniffBytes), opened.stat.size <= LIMITS.sniffBytes);
    sniffs?.get(versionKey, () => sniffed);
    if (sniffed.binary) {
      throw new LecternError(
        'BINARY_FILE',
        `${path.display} is a binary file (${formatBytes(opened.stat.size)}); its bytes are not shown.`,
        `Read text files only; ${TOOL.stat} reports size and type without reading it.`,
        { total_bytes: opened.stat.size },
      );
    }
    if (sniffed.encoding === 'utf-16le' || sniffed.encoding === 'utf-16be') {
      if (opened.stat.size > LIMITS.maxTranscodeBytes) {
        throw new LecternError(
          'TOO_LARGE',
          `${path.display} is UTF-16 and ${formatBytes(opened.stat.size)}; UTF-16 files are read up to ${formatBytes(LIMITS.maxTranscodeBytes)}.`,
          `Search it with ${TOOL.search}, or convert it to UTF-8.`,
          { total_bytes: opened.stat.size },
        );
      }
      const raw = await source.read(sniffed.bomLength, opened.stat.size - sniffed.bomLength);
      const text = decodeUtf16(raw, sniffed.encoding);
      if (text === undefined || text.includes('\0')) {
        throw new LecternError(
          'BINARY_FILE',
          `${path.display} starts with a UTF-16 mark but is not valid UTF-16 text.`,
          'It is probably binary.',
          { total_bytes: opened.stat.size },
        );
      }
      await source.close();
      return {
        source: memorySource(encoder.encode(text)),
        base: 0,
        encoding: sniffed.encoding,
        origin: 'disk',
        versionKey,
        mtimeMs: opened.stat.mtimeMs,
        identity,
        transcoded: true,
      };
    }
    return {
      source,
      base: sniffed.bomLength,
      encoding: sniffed.encoding,
      origin: 'disk',
      versionKey,
      mtimeMs: opened.stat.mtimeMs,
      identity,
      transcoded: false,
    };
  } catch (error) {
    await source.close().catch(() => undefined);
    throw error;
  }
}

/** A failed open, said as a stat of the path says it (missing, a directory, not a regular file); else the open's own error. */
async function whyNotOpened(host: Host, path: ResolvedPath, error: unknown): Promise<never> {
  const code = error instanceof LecternError ? error.code : undefined;
  if (code !== 'NOT_FOUND' && code !== 'READ_FAILED' && code !== 'IS_DIRECTORY') throw error;
  const stat = await host.fs.stat(path.absolute).catch(() => undefined);
  if (!stat) throw new LecternError('NOT_FOUND', `${path.display} does not exist.`, notFoundHint(host));
  refuseUnlessFile(path.display, stat.kind);
  throw error;
}

function notFoundHint(host: Host): string {
  const names = host.roots().map((r) => r.name);
  const where =
    names.length > 1
      ? `relative to a workspace folder (${names.join(', ')}), optionally prefixed by its name`
      : 'relative to the workspace folder';
  return `Check the spelling; paths are ${where}, or absolute. ${TOOL.stat} tells whether a path exists.`;
}
