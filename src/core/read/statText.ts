// A stat's one line for the model: "src/a.ts · file · 2.1 KB (2,150 bytes) · 80 lines · typescript · utf-8 · …".
import { formatBytes, formatCount, plural } from '../ground/format';
import { LIMITS } from '../ground/settings';
import type { StatInfo } from './statInfo';

export function statText(display: string, info: StatInfo): string {
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
