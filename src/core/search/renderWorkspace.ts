// The answer to a workspace search: the top files' matches within max_results and the token cap,
// more files named with their counts, everything left out counted, and the follow-up calls.
import { shownQuery } from './shown';
import { emptyMeta, type ToolResponse } from '../ground/contract';
import { callText, clip, formatBytes, formatCount, plural } from '../ground/format';
import type { ReadEnv } from '../ground/env';
import type { LineNumbers } from '../ground/settings';
import { renderGutter, type GutterLine } from '../text/gutter';
import { utf8Length } from '../text/encoding';
import { fitsInBytes } from '../ground/tokens';
import type { SkipReason } from '../ground/walk';
import { allocate, type FileResult } from './ranking';
import type { Scope } from './searchScope';
import { WORKSPACE_SEARCH_LIMITS, type WorkspaceSearchInput } from './workspaceLimits';
import { TOOL } from '../ground/tools';

/** One matching line as meta.matches carries it. */
export interface WorkspaceMatch {
  file: string;
  line: number;
  column: number;
  text: string;
}

/** What the search found and left out, for the answer. */
export interface Outcome {
  ranking: FileResult[];
  maxResults: number;
  totalMatches: number;
  matchedFiles: number;
  searched: number;
  binary: number;
  unreadable: number;
  large: { path: string; size: number }[];
  largeCount: number;
  skippedFolders: { path: string; reason: SkipReason }[];
  skippedFolderCount: number;
  skippedByRule: number;
  outOfTime: boolean;
  elapsedMs: number;
  includes: string[];
  excludes: string[];
  notes: string[];
}

function renderFile(
  file: FileResult,
  share: number,
  followUp: string | null,
  numbering: LineNumbers,
  context: boolean,
): string {
  const limit = share < file.kept.length ? file.kept[share]!.line : (file.firstOmitted ?? Infinity);
  const shown = file.kept.slice(0, share);
  const matchLines = new Set(shown.map((m) => m.line));
  const lines = new Map<number, GutterLine>();
  for (const m of shown) {
    for (const c of [...m.before, ...m.after])
      if (c.line < limit && !matchLines.has(c.line) && !lines.has(c.line))
        lines.set(c.line, { number: c.line, mark: '-', text: c.text });
    lines.set(m.line, { number: m.line, mark: ':', text: m.text });
  }
  const ordered = [...lines.values()].sort((a, b) => a.number - b.number);
  // A file's count is said where some of its matches are not shown, or where context lines make
  // its header need telling apart from them; else the header is the path and its lines are the count.
  const out = [
    share < file.count
      ? `${file.display} · showing ${formatCount(share)} of ${plural(file.count, 'match', 'matches')}`
      : context
        ? `${file.display} · ${plural(file.count, 'match', 'matches')}`
        : file.display,
  ];
  // Matches without context are the file's lines as a read shows them (`N<tab>`): no `:` mark to tell apart.
  if (ordered.length > 0) out.push(renderGutter(ordered, numbering, context));
  if (share < file.count && followUp)
    out.push(`[${plural(file.count - share, 'more match', 'more matches')} in this file: ${followUp}]`);
  return out.join('\n');
}

/** A query longer than this is not repeated in each file's follow-up call. */
const MAX_REPEATED_QUERY_CHARS = 1_000;
/** The header names this many globs of include or exclude, each cut to a short prefix. */
const SHOWN_GLOBS = 8;
const SHOWN_GLOB_CHARS = 100;

/** Globs as the header names them: the first few, each cut short, and how many more. */
function shownGlobs(globs: string[]): string {
  const named = globs.slice(0, SHOWN_GLOBS).map((g) => JSON.stringify(clip(g, SHOWN_GLOB_CHARS)));
  return named.join(', ') + (globs.length > SHOWN_GLOBS ? ` and ${formatCount(globs.length - SHOWN_GLOBS)} more` : '');
}

/** What the answer says whatever it shows: a stop, the files skipped, the folders left out. */
function fixedLines(o: Outcome): string[] {
  const fixed: string[] = [];
  if (o.outOfTime) {
    fixed.push(
      `[Stopped after ${formatCount(Math.round(o.elapsedMs / 1000))} s with ${plural(o.searched, 'file')} searched: files later in the walk were not searched, so counts are lower bounds. Narrow with target or include.]`,
    );
  }
  // What was not searched is said where it could matter: files too large (searchable as a target),
  // unreadable ones, and — when nothing matched — binaries and the folders left out (meta.skipped has all).
  const nothing = o.totalMatches === 0;
  const skips: string[] = [];
  if (o.binary > 0 && nothing) skips.push(plural(o.binary, 'binary file'));
  if (o.largeCount > 0) {
    skips.push(
      `${plural(o.largeCount, 'file')} over ${formatBytes(WORKSPACE_SEARCH_LIMITS.maxFileBytes)} (${o.large.map((l) => `${l.path}, ${formatBytes(l.size)}`).join('; ')}${o.largeCount > o.large.length ? '; …' : ''}: search one with it as target)`,
    );
  }
  if (o.unreadable > 0) skips.push(plural(o.unreadable, 'unreadable file'));
  if (skips.length > 0) fixed.push(`[Skipped: ${skips.join('; ')}.]`);
  if (o.skippedFolderCount > 0 && nothing) {
    const byReason = new Map<SkipReason, string[]>();
    for (const s of o.skippedFolders) byReason.set(s.reason, [...(byReason.get(s.reason) ?? []), s.path]);
    const named = [...byReason].map(([reason, paths]) => `${paths.join(', ')} (${reason})`).join('; ');
    const rest = o.skippedFolderCount - o.skippedFolders.length;
    fixed.push(
      `[Folders not searched: ${named}${rest > 0 ? `, and ${formatCount(rest)} more` : ''}. To search one, pass it as target or in include.]`,
    );
  }
  return fixed;
}

/** The answer's match groups as they fit the token cap: whole file groups in rank order, at least one. */
interface Fitted {
  groups: string[];
  shares: number[];
  /** Tokens used so far (the groups, the footer and an allowance for the header); 0 where none was counted. */
  tokens: number;
  tokenCut: boolean;
  /** False when every group and every file after them surely fit (fitsInBytes), and none was counted. */
  counted: boolean;
}

function fitGroups(env: ReadEnv, input: WorkspaceSearchInput, o: Outcome, framed: string[]): Fitted {
  const flags: Record<string, unknown> = {};
  if (input.is_regex) flags.is_regex = true;
  if (input.case_sensitive) flags.case_sensitive = true;
  // A query too long to repeat in every file's follow-up is named, not quoted.
  const fileCall = (display: string) =>
    input.query.length <= MAX_REPEATED_QUERY_CHARS
      ? callText(TOOL.search, { target: display, query: input.query, ...flags })
      : `${TOOL.search} with target ${JSON.stringify(display)} and the same query`;
  const shares = allocate(o.ranking, o.maxResults);
  const texts: string[] = [];
  const context = Boolean(input.before || input.after);
  const group = (i: number) =>
    (texts[i] ??= renderFile(
      o.ranking[i]!,
      shares[i]!,
      fileCall(o.ranking[i]!.display),
      env.settings.lineNumbers,
      context,
    ));
  // The header, the counts and the follow-up call take about 250 tokens.
  const frame = framed.join('\n');
  // Where the groups and the files named after them surely fit, none is counted.
  function* shown() {
    for (let i = 0; i < shares.length; i++) yield group(i);
    for (const f of o.ranking.slice(shares.length)) yield morePiece(f);
  }
  if (fitsInBytes(shown(), env.tokenCap, 250 + utf8Length(frame), 1))
    return { groups: shares.map((_, i) => group(i)), shares, tokens: 0, tokenCut: false, counted: false };
  const groups: string[] = [];
  let tokens = 250 + env.countTokens(frame);
  let tokenCut = false;
  for (let i = 0; i < shares.length; i++) {
    const text = group(i);
    const cost = env.countTokens(text) + 1;
    if (tokens + cost > env.tokenCap && groups.length > 0) {
      tokenCut = true;
      break;
    }
    tokens += cost;
    groups.push(text);
  }
  return { groups, shares, tokens, tokenCut, counted: true };
}

/** A file named in the footer's list of more files. */
const morePiece = (f: FileResult) => `${f.display} (${formatCount(f.count)})`;

/** More files after the shown ones, named with their counts as far as the cap allows; the footer line naming them. */
function listMore(env: ReadEnv, o: Outcome, fitted: Fitted): { listed: FileResult[]; line: string | undefined } {
  const listed: FileResult[] = [];
  const shown = fitted.groups.length;
  const more = o.ranking.slice(shown);
  if (more.length === 0) return { listed, line: undefined };
  let line = '';
  for (const f of more) {
    const piece = morePiece(f);
    const cost = fitted.counted ? env.countTokens(piece) + 1 : 0;
    if (fitted.tokens + cost > env.tokenCap) break;
    fitted.tokens += cost;
    listed.push(f);
    line += (line ? ', ' : '') + piece;
  }
  const unnamed = o.matchedFiles - shown - listed.length;
  if (listed.length === 0) return { listed, line: undefined };
  return {
    listed,
    line: `[More files with matches: ${line}${unnamed > 0 ? `, and ${plural(unnamed, 'more file')}` : ''}.]`,
  };
}

/** The line on the matches not shown, when some are not. */
function omittedLine(
  env: ReadEnv,
  o: Outcome,
  omitted: number,
  shownFiles: number,
  tokenCut: boolean,
): string | undefined {
  if (omitted <= 0) return undefined;
  const files = o.matchedFiles - shownFiles;
  return (
    `[${plural(omitted, 'more match', 'more matches')}${files > 0 ? ` (${plural(files, 'more file')})` : ''} not shown${tokenCut ? ` (token cap of ${formatCount(env.tokenCap)} tokens)` : ''}. ` +
    `Raise max_results (up to ${WORKSPACE_SEARCH_LIMITS.maxResults}), narrow with target, include or exclude, or search one file with target.]`
  );
}

/** What to try when nothing matched. Matches need no suggested read: each shown line carries its number. */
function noMatchLine(input: WorkspaceSearchInput, o: Outcome): string | undefined {
  if (o.totalMatches > 0) return undefined;
  return input.is_regex
    ? '[Check the pattern, try case_sensitive false, or a wider target.]'
    : '[Try fewer words, a different spelling, is_regex with an alternation, or a wider target.]';
}

function headerLine(
  input: WorkspaceSearchInput,
  scope: Scope,
  o: Outcome,
  omitted: number,
  shownMatches: number,
  shownFiles: number,
): string {
  const query = shownQuery(input.query, input.is_regex ?? false);
  const filters = [
    o.includes.length > 0 ? `include ${shownGlobs(o.includes)}` : '',
    o.excludes.length > 0 ? `exclude ${shownGlobs(o.excludes)}` : '',
  ]
    .filter(Boolean)
    .join('; ');
  const where = `in ${scope.label}${filters ? ` (${filters})` : ''}`;
  const searchedText = `${plural(o.searched, 'file')} searched`;
  return o.totalMatches === 0
    ? `Search for ${query} ${where} · no matches (${searchedText})`
    : `Search ${where} · ${plural(o.totalMatches, 'match', 'matches')} in ${plural(o.matchedFiles, 'file')} (${searchedText})` +
        (omitted > 0 ? ` · showing ${plural(shownMatches, 'match', 'matches')} in ${plural(shownFiles, 'file')}` : '');
}

export function render(env: ReadEnv, input: WorkspaceSearchInput, scope: Scope, o: Outcome): ToolResponse {
  const footer: string[] = o.notes.map((n) => `[${n}]`);
  const fixed = fixedLines(o);
  const fitted = fitGroups(env, input, o, [...footer, ...fixed]);
  const { groups, shares, tokenCut } = fitted;
  const shownFiles = o.ranking.slice(0, groups.length);
  const shownMatches = shares.slice(0, groups.length).reduce((a, b) => a + b, 0);
  const matches: WorkspaceMatch[] = shownFiles.flatMap((f, i) =>
    f.kept.slice(0, shares[i]).map((m) => ({ file: f.display, line: m.line, column: m.column, text: m.text })),
  );
  const { listed, line: moreLine } = listMore(env, o, fitted);
  if (moreLine) footer.push(moreLine);
  const omitted = o.totalMatches - shownMatches;
  const first = matches[0];
  const omittedText = omittedLine(env, o, omitted, shownFiles.length, tokenCut);
  if (omittedText) footer.push(omittedText);
  footer.push(...fixed);
  const noMatch = noMatchLine(input, o);
  if (noMatch) footer.push(noMatch);
  const header = headerLine(input, scope, o, omitted, shownMatches, shownFiles.length);
  const text = [header, groups.join('\n\n'), ...footer].filter((s) => s.length > 0).join('\n');
  const named = [...shownFiles, ...listed];
  const meta = {
    ...emptyMeta(),
    truncated: omitted > 0 || o.outOfTime,
    preview_degraded: tokenCut,
    scope: scope.kind,
    /** Every file the answer names, in rank order: those with matches shown, then those only listed. */
    files: named.map((f) => f.display),
    file_matches: named.map((f) => f.count),
    shown_files: shownFiles.length,
    matches,
    total_matches: o.totalMatches,
    shown_matches: shownMatches,
    total_files: o.matchedFiles,
    files_searched: o.searched,
    skipped: {
      binary: o.binary,
      too_large: o.largeCount,
      unreadable: o.unreadable,
      folders: o.skippedFolderCount,
      by_rule: o.skippedByRule,
    },
    complete: !o.outOfTime,
  };
  if (o.notes.length > 0) meta.notes = [...o.notes];
  return {
    ok: true,
    mode: 'search',
    target: input.target ?? null,
    content: matches.map((m) => `${m.file}:${m.line}:${m.text}`).join('\n'),
    text,
    meta,
    location: first ? { file: first.file, line: first.line, end_line: first.line } : null,
  };
}
