// A references answer: a summary line (uses per folder, so a caller can narrow with path), then the
// uses grouped by file in a stable order, as many as the answer may hold, and the exact call for the
// rest. One line per use: its line, the symbol it sits in, the line's text.
import { emptyMeta, type ToolResponse } from '../ground/contract';
import type { ReadEnv } from '../ground/env';
import { callText, formatCount, plural } from '../ground/format';
import { MODULE_LEVEL } from './enclosing';
import { compareFiles } from '../ground/fileRank';
import { REFERENCE_LIMITS, type FileUses, type FoundUse } from './referenceScan';
import { yieldToHost } from '../ground/walk';
import { TOOL } from '../ground/tools';

/** Most uses one answer lists. */
const MAX_USES_PER_ANSWER = 300;
/**
 * Most entries of `meta.references` (one per use; a line may hold thousands): the page ends before
 * a line that would pass it, and a first line with more lists its first ones (`references_omitted`).
 */
export const MAX_META_REFERENCES = 1_000;
/** Tokens kept for the answer's header and closing lines. */
const FRAME_TOKENS = 400;
/** Folders the summary line names. */
const SUMMARY_FOLDERS = 6;

/** One listed line: the uses on it (a line that uses the name twice is listed once). */
export interface ListedUse {
  path: string;
  /** The file's place in the ranked list (file_offset). */
  rank: number;
  use: FoundUse;
  /** Every use on this line, `use` first. */
  all: FoundUse[];
  /** false: the receiver could not be tied to the target's type (shown with `~`). */
  certain: boolean;
}

export interface ReferencesPage {
  target: string;
  /** What answered: the engine the host named ("typescript-language-server", "language server") or tree-sitter. */
  source: string;
  uses: ListedUse[];
  /** The input of this call without its place (file_offset, start_line), for the next ones. */
  call: Record<string, unknown>;
  /** Where this page starts (the next call's are made from the first line not shown). */
  from: { fileOffset: number; startLine?: number };
  /** The target is declared in several files: said before the uses; each file's uses shown with the declaration tied to them. */
  declared?: { lines: string[]; files: string[]; tiedTo: ReadonlyMap<string, string | undefined> };
  /** Said after the uses (what was left out, where the time ran out). */
  notes: string[];
  /** The call that continues where the time ran out, once every use found is shown. */
  continueCall?: Record<string, unknown>;
  /** The scan stopped after a page's worth of uses: when every use found is shown, the answer names continueCall. */
  paged?: true;
  /** A later identical call may answer otherwise (the language server was late): ReadMeta.provisional. */
  provisional?: true;
}

/** Most lines one answer lists: a scan that has found more may stop (the next page looks further). */
export function pageLines(env: ReadEnv): number {
  return Math.min(MAX_USES_PER_ANSWER, env.maxLines ?? Infinity);
}

const byPlace = (a: FoundUse, b: FoundUse) => a.line - b.line || a.column - b.column;

/** Files in rank order (code, tests, docs, vendored; then by path), each file's lines in order. */
export async function rankUses(
  files: readonly FileUses[],
  certainOf: (path: string, use: FoundUse) => boolean,
): Promise<ListedUse[]> {
  const sorted = [...files].sort((a, b) => a.rank - b.rank || compareFiles(a.display, b.display));
  const listed: ListedUse[] = [];
  let slice = Date.now();
  let steps = 0;
  for (const file of sorted) {
    // A file's uses come in text order: sorted only when they are not (200,000 of them: a sort is 100 ms).
    const inOrder = file.uses.every((use, i) => i === 0 || byPlace(file.uses[i - 1]!, use) <= 0);
    const uses = inOrder ? file.uses : [...file.uses].sort(byPlace);
    for (const use of uses) {
      // The host gets a turn (there may be 200,000 uses in one file).
      if ((++steps & 1023) === 0 && Date.now() - slice > REFERENCE_LIMITS.sliceMs) {
        await yieldToHost();
        slice = Date.now();
      }
      const last = listed[listed.length - 1];
      if (last && last.path === file.display && last.use.line === use.line) {
        last.all.push(use);
        last.certain ||= certainOf(file.display, use);
      } else
        listed.push({ path: file.display, rank: file.rank, use, all: [use], certain: certainOf(file.display, use) });
    }
  }
  return listed;
}

/** `src/ 12, test/ 3`: uses per top folder (two levels when one folder holds them all), from the listed lines per file. */
function folderSummary(perFile: ReadonlyMap<string, number>): string {
  const depth = new Set([...perFile.keys()].map((path) => path.split('/')[0])).size === 1 ? 2 : 1;
  const counts = new Map<string, number>();
  for (const [path, lines] of perFile) {
    const parts = path.split('/');
    const folder =
      parts.length > depth
        ? `${parts.slice(0, depth).join('/')}/`
        : parts.length > 1
          ? `${parts.slice(0, -1).join('/')}/`
          : './';
    counts.set(folder, (counts.get(folder) ?? 0) + lines);
  }
  const ranked = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const shown = ranked.slice(0, SUMMARY_FOLDERS).map(([folder, n]) => `${folder} ${formatCount(n)}`);
  if (ranked.length > SUMMARY_FOLDERS) shown.push(`${formatCount(ranked.length - SUMMARY_FOLDERS)} more folders`);
  return shown.join(', ');
}

function useLine(listed: ListedUse): string {
  const { use } = listed;
  const where = use.enclosing.length > 0 ? use.enclosing.join('.') : MODULE_LEVEL;
  const times = listed.all.length > 1 ? ` (×${listed.all.length})` : '';
  return `  ${listed.certain ? '' : '~'}${use.line} · ${where} · ${use.text}${times}`;
}

/** A file's path, and (for a target declared in several files) the other file whose declaration its uses are tied to. */
function fileHeading(page: ReferencesPage, path: string): string {
  const tied = page.declared?.tiedTo.get(path);
  return tied !== undefined && tied !== path ? `${path} → ${tied}` : path;
}

/** The exact call for the uses from `listed` on. */
function callFrom(page: ReferencesPage, listed: ListedUse, previous: ListedUse | undefined): Record<string, unknown> {
  const midFile = previous !== undefined && previous.rank === listed.rank;
  return { ...page.call, file_offset: listed.rank, ...(midFile ? { start_line: listed.use.line } : {}) };
}

/**
 * The files with a certain line before the files whose lines are all `~`, each group in rank order:
 * a reader who stops early has read what is sure. Each file's lines stay together and in order.
 */
function certainFilesFirst(uses: readonly ListedUse[]): ListedUse[] {
  const sure = new Set(uses.filter((use) => use.certain).map((use) => use.path));
  if (sure.size === 0 || uses.every((use) => sure.has(use.path))) return [...uses];
  return [...uses.filter((use) => sure.has(use.path)), ...uses.filter((use) => !sure.has(use.path))];
}

/** The uses from the page's start that fit the answer, rendered, with the call for the rest. */
export function renderReferences(env: ReadEnv, page: ReferencesPage): ToolResponse {
  const { uses } = page;
  // One pass over every listed line (there may be 200,000): lines per file in rank order, uses, uncertain lines.
  const perFile = new Map<string, number>();
  let uncertain = 0;
  let total = 0;
  for (const use of uses) {
    perFile.set(use.path, (perFile.get(use.path) ?? 0) + 1);
    if (!use.certain) uncertain++;
    total += use.all.length;
  }
  const files = perFile.size;
  const onLines = total > uses.length ? ` on ${plural(uses.length, 'line')}` : '';
  const { fileOffset, startLine } = page.from;
  const fromText =
    fileOffset > 0 || startLine !== undefined
      ? ` from file ${formatCount(fileOffset + 1)}${startLine !== undefined ? ` line ${formatCount(startLine)}` : ''} on`
      : '';
  const header = `references ${page.target} · ${plural(total, 'use')}${onLines} in ${plural(files, 'file')}${fromText} (${page.source})${uses.length > 0 ? ` · ${folderSummary(perFile)}` : ''}${uncertain > 0 ? ` · ~ marks ${plural(uncertain, 'line')} that may be another symbol's` : ''}`;
  const preamble = page.declared?.lines ?? [];
  const budget = env.tokenCap - FRAME_TOKENS - env.countTokens([header, ...preamble].join('\n'));
  const maxUses = pageLines(env);
  let used = 0;
  let shown = 0;
  let entries = 0;
  for (; shown < uses.length && shown < maxUses; shown++) {
    const listed = uses[shown]!;
    if (shown > 0 && entries + listed.all.length > MAX_META_REFERENCES) break;
    const fileLine = listed.path !== uses[shown - 1]?.path ? [fileHeading(page, listed.path)] : [];
    const cost = env.countTokens([...fileLine, useLine(listed)].join('\n')) + 1;
    if (shown > 0 && used + cost > budget) break;
    used += cost;
    entries += listed.all.length;
  }
  // Shown in the order that puts what is certain first; which uses are shown, and the next page, go by rank.
  const shownUses = certainFilesFirst(uses.slice(0, shown));
  const lines: string[] = [header, ...preamble];
  shownUses.forEach((listed, i) => {
    if (listed.path !== shownUses[i - 1]?.path) lines.push(fileHeading(page, listed.path));
    lines.push(useLine(listed));
  });
  let next: Record<string, unknown> | null = null;
  if (shown < uses.length) {
    next = callFrom(page, uses[shown]!, uses[shown - 1]);
    lines.push(`[${plural(shown, 'line')} of ${formatCount(uses.length)} shown. Next: ${callText(TOOL.read, next)}]`);
  } else if (page.continueCall) {
    next = page.continueCall;
    if (page.paged)
      lines.push(`[${plural(shown, 'line')} shown; later files not looked at yet. Next: ${callText(TOOL.read, next)}]`);
  }
  for (const note of page.notes) lines.push(`[${note}]`);
  const listedInMeta = shownUses.flatMap(({ path, all, certain }) =>
    all.slice(0, MAX_META_REFERENCES).map((use) => ({
      path,
      line: use.line,
      column: use.column,
      enclosing: use.enclosing.length > 0 ? use.enclosing.join('.') : null,
      kind: use.kind,
      ...(certain ? {} : { certain: false }),
    })),
  );
  const meta = {
    ...emptyMeta(),
    truncated: next !== null,
    next,
    total_uses: total,
    total_lines: uses.length,
    total_files: files,
    // The files this page names, in rank order (as a search's meta.files: the session's relevance baseline).
    files: [...new Set(shownUses.map((u) => u.path))],
    answered_by: page.source,
    ...(page.declared ? { declared_in: [...page.declared.files] } : {}),
    references: listedInMeta,
    ...(entries > listedInMeta.length ? { references_omitted: entries - listedInMeta.length } : {}),
    ...(page.notes.length > 0 ? { notes: [...page.notes] } : {}),
    ...(page.provisional ? { provisional: true as const } : {}),
  };
  return {
    ok: true,
    mode: 'references',
    target: page.target,
    content: '',
    text: lines.join('\n'),
    meta,
    location: null,
  };
}
