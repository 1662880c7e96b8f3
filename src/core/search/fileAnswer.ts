// The answer of a file-target search: its match blocks within the per-answer token cap (whole
// blocks dropped from the end), a header with the counts, the matches left out and the next call.
import { emptyMeta, type ToolResponse } from '../ground/contract';
import type { ReadEnv } from '../ground/env';
import { callText, formatBytes, formatCount, plural } from '../ground/format';
import type { ResolvedPath } from '../ground/paths';
import { LIMITS } from '../ground/settings';
import type { TextFile } from '../read/openText';
import { renderGutter } from '../text/gutter';
import { fitsInBytes } from '../ground/tokens';
import type { FileMatches, SearchMatch } from './fileMatches';
import { SHOWN_LINE_CHARS, shownQuery } from './shown';
import { TOOL } from '../ground/tools';

export interface FileAnswerInput {
  /** The file as the call named it. */
  target: string;
  query: string;
  is_regex?: boolean;
  before?: number;
  after?: number;
}

/** What the scan found and how far it got. */
export interface FileOutcome {
  found: FileMatches;
  totalLines: number;
  stopped: string | undefined;
}

/** The blocks the answer shows (rendered), and how many matches they hold. */
interface Fitted {
  rendered: string[];
  keptBlocks: number;
  shownMatches: number;
}

/** Keeps the output within the token cap, dropping whole match blocks from the end (at least one stays). */
function fitBlocks(env: ReadEnv, found: FileMatches, notes: string[], context: boolean): Fitted {
  // Matches without context are the file's lines as a read shows them (`N<tab>`): no `:` mark to tell apart.
  const rendered = found.blocks.map((b) => renderGutter(b, env.settings.lineNumbers, context));
  let tokens = 120;
  let keptBlocks = 0;
  if (fitsInBytes(rendered, env.tokenCap, tokens, 1)) keptBlocks = rendered.length;
  else
    for (const piece of rendered) {
      const cost = env.countTokens(piece) + 1;
      if (tokens + cost > env.tokenCap && keptBlocks > 0) break;
      tokens += cost;
      keptBlocks++;
    }
  const matches = found.matches;
  if (keptBlocks >= rendered.length) return { rendered, keptBlocks, shownMatches: matches.length };
  const keptLines = new Set(
    found.blocks.slice(0, keptBlocks).flatMap((b) => b.filter((l) => l.mark === ':').map((l) => l.number)),
  );
  const shownMatches = matches.filter((m) => keptLines.has(m.line)).length;
  const firstDropped = matches[shownMatches];
  if (firstDropped) found.firstOmitted = Math.min(found.firstOmitted ?? Infinity, firstDropped.line);
  found.lastOmitted = Math.max(found.lastOmitted ?? 0, matches[matches.length - 1]!.line);
  notes.push(`Output shortened to fit the per-answer token cap (${formatCount(env.tokenCap)} tokens).`);
  matches.length = shownMatches;
  return { rendered: rendered.slice(0, keptBlocks), keptBlocks, shownMatches };
}

/** Matched lines shown cut around the match: how many, and the exact call that reads the first of them whole. */
function cutLinesNote(path: ResolvedPath, matches: SearchMatch[]): string | undefined {
  const cut = matches.filter((m) => m.start_byte !== undefined);
  const first = cut[0];
  if (!first) return undefined;
  const bytes = first.line_bytes!;
  const window = Math.min(bytes, LIMITS.maxWindowBytes);
  const call = callText(TOOL.read, {
    mode: 'file',
    target: path.display,
    start_byte: first.start_byte,
    max_bytes: window,
  });
  return (
    `${plural(cut.length, 'matching line')} longer than ${formatCount(SHOWN_LINE_CHARS)} characters ${cut.length === 1 ? 'is' : 'are'} shown cut around the match (meta.matches gives each one's start_byte and line_bytes). ` +
    `Read line ${formatCount(first.line)} (${formatBytes(bytes)}) from its first byte: ${call}${window < bytes ? ' (its answer names the next window)' : ''}`
  );
}

/** The lines after the matches: notes, the matches left out, or what to try when none matched. */
function footerOf(input: FileAnswerInput, found: FileMatches, omitted: number, notes: string[]) {
  const footer: string[] = notes.map((n) => `[${n}]`);
  if (omitted > 0) {
    const { firstOmitted, lastOmitted } = found;
    footer.push(
      `[${plural(omitted, 'more match', 'more matches')} not shown (${firstOmitted === lastOmitted ? `line ${formatCount(firstOmitted!)}` : `lines ${formatCount(firstOmitted!)}-${formatCount(lastOmitted!)}`}). Raise max_matches (up to ${LIMITS.maxSearchMatches}) or narrow the query.]`,
    );
  }
  // Matches need no suggested read: each shown line carries its number.
  if (found.matches.length === 0) {
    footer.push(
      input.is_regex
        ? '[Check the pattern, or try case_sensitive false.]'
        : '[Try fewer words, a different spelling, or is_regex with an alternation.]',
    );
  }
  return footer;
}

export function fileAnswer(
  env: ReadEnv,
  input: FileAnswerInput,
  path: ResolvedPath,
  file: TextFile,
  outcome: FileOutcome,
  notes: string[],
): ToolResponse {
  const { found, totalLines, stopped } = outcome;
  if (stopped)
    notes.push(
      `${stopped} of ${formatCount(file.source.size)} bytes: matches are from the lines before. Narrow the query or search a range with ${TOOL.read}.`,
    );
  const query = shownQuery(input.query, input.is_regex ?? false);
  const context = Boolean(input.before || input.after);
  const { rendered, keptBlocks, shownMatches } = fitBlocks(env, found, notes, context);
  const { matches, totalMatches } = found;
  const omitted = totalMatches - shownMatches;
  // The file is named where the answer resolved it to another path than the call wrote.
  const named = path.display === input.target.replace(/^\.\//, '') ? '' : `${path.display} · `;
  const header =
    totalMatches === 0
      ? `${named}no matches for ${query} in ${plural(totalLines, 'line')}`
      : `${named}${omitted > 0 ? `showing ${formatCount(shownMatches)} of ` : ''}${plural(totalMatches, 'match', 'matches')}`;
  const cutNote = cutLinesNote(path, matches);
  if (cutNote) notes.push(cutNote);
  const footer = footerOf(input, found, omitted, notes);
  // Blocks of matching lines alone need no separator: each line carries its number (as grep -n).
  const separator = context ? '\n--\n' : '\n';
  const text = [header, rendered.join(separator), ...footer].filter((s) => s.length > 0).join('\n');
  const meta = {
    ...emptyMeta(),
    total_lines: totalLines,
    total_bytes: file.source.size,
    start_line: matches[0]?.line ?? null,
    end_line: matches[matches.length - 1]?.line ?? null,
    truncated: omitted > 0 || stopped !== undefined,
    preview_degraded: keptBlocks < found.blocks.length,
    source: file.origin,
    encoding: file.encoding,
    matches,
    total_matches: totalMatches,
    shown_matches: shownMatches,
    /** The file, when it matched: the same field a workspace search answers with its ranked files. */
    files: totalMatches > 0 ? [path.display] : [],
  };
  if (notes.length > 0) meta.notes = [...notes];
  return {
    ok: true,
    mode: 'search',
    target: path.display,
    content: matches.map((m) => m.text).join('\n'),
    text,
    meta,
    location:
      matches.length > 0
        ? { file: path.display, line: matches[0]!.line, end_line: matches[matches.length - 1]!.line }
        : { file: path.display, line: null, end_line: null },
  };
}
