// `lectern_stat`'s answer: what a path is, without reading more than a sniff of it. A missing path
// is an answer (exists: false), not an error.
import { emptyMeta, type ToolResponse } from '../ground/contract';
import { languageOf } from '../ground/languages';
import type { ReadEnv } from '../ground/env';
import { describeKnown, linesOfBytes } from './statContent';
import type { StatInfo } from './statInfo';
import { statText } from './statText';

const encoder = new TextEncoder();

export interface StatPathInput {
  target: string;
}

export async function statPath(env: ReadEnv, input: StatPathInput): Promise<ToolResponse> {
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
      info.total_lines = await linesOfBytes(bytes);
      if (dirty.languageId) info.language_id = dirty.languageId;
    } else if (target?.kind === 'file') {
      info.size_bytes = target.size;
      if (!path.outside || env.allowOutside) await describeKnown(env, path, target, info);
    } else if (entry) {
      info.size_bytes = entry.kind === 'directory' ? null : entry.size;
    }
  }
  return {
    ok: true,
    mode: 'stat',
    target: path.display,
    content: '',
    text: statText(path.display, info),
    meta: { ...emptyMeta(), total_lines: info.total_lines, total_bytes: info.size_bytes, stat: info },
    location: info.exists ? { file: path.display, line: null, end_line: null } : null,
  };
}
