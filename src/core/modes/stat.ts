// `lectern_stat`: what a path is, without reading more than a sniff of it. A missing path is an
// answer (exists: false), not an error.
import { emptyMeta, type ToolResponse } from '../ground/contract';
import { languageOf } from '../ground/languages';
import { formatBytes, formatCount, plural } from '../ground/format';
import type { ReadEnv } from '../ground/env';
import type { EntryStat, OpenedStat } from '../ground/fileSystemPort';
import { diskVersionKey, identityOf, provesVersion, sameIdentity } from '../ground/fileIdentity';
import { LIMITS } from '../ground/settings';
import { decodeUtf16, sniff } from '../text/encoding';
import { openInside } from '../ground/openInside';
import type { ResolvedPath } from '../ground/paths';
import { LineIndex } from '../ground/lineIndex';
import { fileSource, memorySource } from '../ground/byteSource';
import { draft } from '../ground/answer';
import type { Fields, InputOf } from '../ground/schema';
import { defineTool } from './mode';
import { targets } from './titles';
import { TOOL } from '../ground/tools';

const statFields = {
  target: { type: 'string' },
} as const satisfies Fields;

export type StatInput = InputOf<typeof statFields, 'target'>;

export interface StatInfo {
  exists: boolean;
  kind: 'file' | 'directory' | 'symlink' | 'other' | null;
  /** For a symlink: what it points at ('file', 'directory', or null when dangling). */
  link_target_kind?: 'file' | 'directory' | 'symlink' | 'other' | null;
  size_bytes: number | null;
  modified_unix_ms: number | null;
  total_lines: number | null;
  language_id: string | null;
  binary: boolean | null;
  encoding: string | null;
  unsaved_changes: boolean;
  outside_workspace: boolean;
}

const encoder = new TextEncoder();

export async function statPath(env: ReadEnv, input: StatInput): Promise<ToolResponse> {
  const path = await env.resolver.resolve(input.target);
  const info: StatInfo = {
    exists: false,
    kind: null,
    size_bytes: null,
    modified_unix_ms: null,
    total_lines: null,
    language_id: languageOf(path.absolute),
    binary: null,
    encoding: null,
    unsaved_changes: false,
    outside_workspace: path.outside,
  };
  const link = await env.host.fs.lstat(path.absolute);
  const target = await env.host.fs.stat(path.absolute);
  const dirty = env.host.documents?.dirty(path.absolute);
  if (link || dirty) {
    info.exists = true;
    info.kind = link?.kind ?? 'file';
    if (link?.kind === 'symlink') info.link_target_kind = target?.kind ?? null;
    const entry = target ?? link;
    info.modified_unix_ms = entry ? Math.round(entry.mtimeMs) : null;
    if (dirty) {
      const bytes = encoder.encode(dirty.text);
      info.unsaved_changes = true;
      info.size_bytes = bytes.length;
      info.binary = false;
      info.encoding = 'utf-8';
      info.total_lines =
        (await new LineIndex(0, bytes.length, LIMITS.chunkBytes).totalLines(memorySource(bytes), Infinity)) ?? null;
      if (dirty.languageId) info.language_id = dirty.languageId;
    } else if (target?.kind === 'file') {
      info.size_bytes = target.size;
      if (!path.outside || env.allowOutside) await describeKnown(env, path, target, info);
    } else if (entry) {
      info.size_bytes = entry.kind === 'directory' ? null : entry.size;
    }
  }
  const text = render(path.display, info);
  return {
    ok: true,
    mode: 'stat',
    target: path.display,
    content: '',
    text,
    meta: { ...emptyMeta(), total_lines: info.total_lines, total_bytes: info.size_bytes, stat: info },
    location: info.exists ? { file: path.display, line: null, end_line: null } : null,
  };
}

/**
 * describeContent, or what it said of this very version of the file: the same inode, size,
 * modification and change times (a write, chmod, link or rename changes the change time). A stat of
 * an unchanged file then opens nothing. Hosts that do not tell the change time are always asked.
 */
async function describeKnown(env: ReadEnv, path: ResolvedPath, target: EntryStat, info: StatInfo): Promise<void> {
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
      const bytes = encoder.encode(text);
      info.total_lines =
        (await new LineIndex(0, bytes.length, LIMITS.chunkBytes).totalLines(memorySource(bytes), Infinity)) ?? null;
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

function render(display: string, info: StatInfo): string {
  if (!info.exists) return `${display} · does not exist (exists: false)`;
  const parts = [
    `${display} · ${info.kind}${info.link_target_kind !== undefined ? ` → ${info.link_target_kind ?? 'dangling'}` : ''}`,
  ];
  if (info.size_bytes !== null)
    parts.push(
      formatBytes(info.size_bytes) + (info.size_bytes >= 1024 ? ` (${formatCount(info.size_bytes)} bytes)` : ''),
    );
  if (info.total_lines !== null) parts.push(plural(info.total_lines, 'line'));
  else if (info.binary === false && info.kind === 'file') {
    const cap = info.encoding?.startsWith('utf-16') ? LIMITS.maxTranscodeBytes : LIMITS.countLinesBelowBytes;
    parts.push(`lines not counted (over ${formatBytes(cap)})`);
  }
  if (info.language_id) parts.push(info.language_id);
  if (info.binary) parts.push('binary');
  else if (info.encoding) parts.push(info.encoding);
  if (info.unsaved_changes) parts.push('unsaved changes in the editor');
  if (info.outside_workspace) parts.push('outside the workspace');
  if (info.modified_unix_ms !== null) parts.push(`modified ${new Date(info.modified_unix_ms).toISOString()}`);
  return parts.join(' · ');
}

export const statTool = defineTool({
  definition: {
    name: TOOL.stat,
    displayName: 'Stat',
    toolReferenceName: 'lecternStat',
    userDescription: 'Whether a path exists, its kind, size, line count, language and encoding.',
    modelDescription: 'Whether a path exists; its kind, size, lines, language, encoding.',
    fields: statFields,
    required: ['target'],
  },
  mode: 'stat',
  examples: [{ target: 'src/format.ts' }],
  answer: 'metadata',
  precise: true,
  title: (input) => `Checking ${targets(input.target ?? input.path)}`,
  run: async (env, input: StatInput) => draft(await statPath(env, input)),
});
