// The answer of a summary: one line per changed file with its status, +/- counts, flags and the
// input that previews it, under the section titles of their repositories, paged by file_offset.
import { emptyMeta, LecternError, type ReadMeta, type ToolResponse } from '../ground/contract';
import type { ResolvedPath } from '../ground/paths';
import type { ReadEnv } from '../ground/env';
import { callText, formatCount, plural } from '../ground/format';
import { didNotFit, footerLines, frameReserve, pageRange } from './answerFrame';
import { previewCall, type DiffAgainst, type DiffPreviewInput } from './previewInput';
import type { Section, SummaryEntry } from './summaryEntries';
import { TOOL } from '../ground/tools';

function countsText(counts: SummaryEntry['counts']): string {
  if (counts === null) return '+? -?';
  if (counts === 'binary') return 'binary';
  return `+${formatCount(counts.added)} -${formatCount(counts.removed)}`;
}

function entryLine(entry: SummaryEntry): string {
  const from = entry.oldShown ? ` (from ${entry.oldShown})` : '';
  const counts = entry.folder ? '' : ` ${countsText(entry.counts)}`;
  const flags = entry.flags.length > 0 ? ` (${entry.flags.join(', ')})` : '';
  return `  ${entry.status} ${entry.shown}${from}${counts}${flags} → ${callText(TOOL.read, entry.input)}`;
}

function nothingChanged(against: DiffAgainst, where: string): string {
  if (against === 'WORKTREE') return `No unsaved changes in ${where}.`;
  if (against === 'INDEX')
    return `Nothing differs from the index in ${where}: no unstaged changes or untracked files. Staged changes show against HEAD.`;
  return `Nothing differs from HEAD in ${where}: no staged, unstaged or untracked changes.`;
}

export function renderSummary(
  env: ReadEnv,
  input: DiffPreviewInput,
  against: DiffAgainst,
  where: string,
  folder: ResolvedPath | null,
  sections: Section[],
  notes: string[],
): ToolResponse {
  const all = sections.flatMap((section) => section.entries.map((entry) => ({ section, entry })));
  const offset = input.file_offset ?? 0;
  const total = all.length;
  if (offset > 0 && offset >= total) {
    throw new LecternError(
      'OUT_OF_RANGE',
      `file_offset ${formatCount(offset)} is past the end: ${plural(total, 'changed file')} in ${where}.`,
      `From the first: ${callText(TOOL.read, previewCall(input, folder?.display))}.`,
    );
  }
  let added = 0;
  let removed = 0;
  let binary = 0;
  for (const { entry } of all) {
    if (entry.counts && entry.counts !== 'binary') {
      added += entry.counts.added;
      removed += entry.counts.removed;
    } else if (entry.counts === 'binary') binary++;
  }
  const what =
    against === 'WORKTREE'
      ? 'Unsaved changes'
      : `Changes against ${against === 'INDEX' ? 'the index (unstaged)' : 'HEAD'}`;
  const headerFor = (shown: number) =>
    `${what} in ${where} · ${pageRange('file', offset, shown, total)} · +${formatCount(added)} -${formatCount(removed)}${binary > 0 ? ` · ${plural(binary, 'binary file')}` : ''}`;
  let used = frameReserve(env, headerFor(total), notes);
  const body: string[] = [];
  let lastSection: Section | null = null;
  const shownEntries: SummaryEntry[] = [];
  for (let i = offset; i < total; i++) {
    const { section, entry } = all[i]!;
    const lines = section !== lastSection && section.title ? [section.title, entryLine(entry)] : [entryLine(entry)];
    const cost = env.countTokens(lines.join('\n')) + 1;
    if (used + cost > env.tokenCap && shownEntries.length > 0) break;
    used += cost;
    body.push(...lines);
    lastSection = section;
    shownEntries.push(entry);
  }
  const shown = shownEntries.length;
  if (total === 0) {
    for (const section of sections) if (section.title) body.push(`${section.title}: no changes`);
    notes.unshift(nothingChanged(against, where));
  }
  const next = offset + shown < total ? previewCall(input, folder?.display, { file_offset: offset + shown }) : null;
  if (next) notes.push(didNotFit(env, total - offset - shown, 'file'));
  if (shown > 0) notes.push('Preview one file with the call after its →; then read or edit the lines its hunks name.');
  const text = [headerFor(shown), ...body, ...footerLines(notes, next)].join('\n');
  const meta: ReadMeta = {
    ...emptyMeta(),
    token_estimate: env.countTokens(text),
    truncated: offset > 0 || next !== null,
    preview_degraded: next !== null,
    next,
    diff: {
      against,
      files: total,
      file_offset: offset,
      files_shown: shown,
      added,
      removed,
      repositories: sections
        .filter((s) => s.repo)
        .map((s) => ({
          root: s.rootDisplay,
          branch: s.status?.branch ?? null,
          has_commits: s.status?.hasCommits ?? null,
          changed: s.entries.length,
        })),
      entries: shownEntries.map((e) => ({
        path: e.display,
        status: e.status,
        old_path: e.oldShown ?? null,
        staged: e.flags.includes('staged'),
        unstaged: e.flags.includes('unstaged'),
        unsaved: e.flags.includes('unsaved editor buffer') || against === 'WORKTREE',
        added: e.counts && e.counts !== 'binary' ? e.counts.added : null,
        removed: e.counts && e.counts !== 'binary' ? e.counts.removed : null,
        binary: e.counts === 'binary',
        input: e.input,
      })),
    },
  };
  if (notes.length > 0) meta.notes = notes;
  return {
    ok: true,
    mode: 'diff_preview',
    target: folder?.display ?? null,
    content: body.join('\n'),
    text,
    meta,
    location: null,
  };
}
