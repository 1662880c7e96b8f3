// One page of a file's hunks: whole hunks from hunk_offset while they fit the token budget, or, when
// the first alone is too large, its first lines. Lines are shown without their CR and cut when very
// long; the patch (content) keeps them exact.
import type { ReadEnv } from '../ground/env';
import { formatCount } from '../ground/format';
import { LIMITS } from '../ground/settings';
import { hunkHeader, hunkPatch, NO_NEWLINE_MARKER, type Hunk } from './lineDiff';

export interface HunkPage {
  /** Each shown hunk as the model sees it: its header line, then its lines. */
  body: string[];
  /** The shown hunks as a patch, without the ---/+++ header. */
  patch: string;
  shown: number;
  /** Lines cut for display. */
  cutLines: number;
  /** The first hunk did not fit whole: its first `shownLines` lines are shown. */
  partial: { hunk: Hunk; shownLines: number; totalLines: number } | null;
}

/** What the model sees of a diff line: no CR, long lines cut. */
function shownLine(kind: string, text: string): { line: string; cut: boolean } {
  const bare = text.endsWith('\r') ? text.slice(0, -1) : text;
  if (bare.length <= LIMITS.maxLineChars) return { line: kind + bare, cut: false };
  let end = LIMITS.maxLineChars;
  const code = bare.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return {
    line: `${kind}${bare.slice(0, end)} … [line cut: ${formatCount(end)} of ${formatCount(bare.length)} characters shown]`,
    cut: true,
  };
}

function renderHunk(hunk: Hunk, lineCount = hunk.lines.length): { text: string; cut: number } {
  const lines = [hunkHeader(hunk)];
  let cut = 0;
  for (const line of hunk.lines.slice(0, lineCount)) {
    const shown = shownLine(line.kind, line.text);
    if (shown.cut) cut++;
    lines.push(shown.line);
    if (line.noNewline) lines.push(NO_NEWLINE_MARKER);
  }
  return { text: lines.join('\n'), cut };
}

/** How many lines of a hunk fit `budget` tokens (at least one). */
function fitHunk(env: ReadEnv, hunk: Hunk, budget: number): number {
  let used = env.countTokens(hunkHeader(hunk)) + 1;
  let shownLines = 0;
  for (const line of hunk.lines) {
    const cost = env.countTokens(shownLine(line.kind, line.text).line) + 1;
    if (used + cost > budget && shownLines > 0) break;
    used += cost;
    shownLines++;
  }
  return shownLines;
}

/** The hunks from `offset` that fit the answer's token cap after `reserve` tokens. */
export function pageHunks(env: ReadEnv, hunks: readonly Hunk[], offset: number, reserve: number): HunkPage {
  const page: HunkPage = { body: [], patch: '', shown: 0, cutLines: 0, partial: null };
  let used = reserve;
  for (let i = offset; i < hunks.length; i++) {
    const hunk = hunks[i]!;
    const rendered = renderHunk(hunk);
    const cost = env.countTokens(rendered.text) + 1;
    if (used + cost > env.tokenCap) {
      if (page.shown === 0) {
        const shownLines = fitHunk(env, hunk, env.tokenCap - used);
        const cut = renderHunk(hunk, shownLines);
        page.body.push(cut.text);
        page.patch = hunkPatch({ ...hunk, lines: hunk.lines.slice(0, shownLines) });
        page.cutLines = cut.cut;
        page.shown = 1;
        page.partial = { hunk, shownLines, totalLines: hunk.lines.length };
      }
      break;
    }
    used += cost;
    page.body.push(rendered.text);
    page.patch += hunkPatch(hunk);
    page.cutLines += rendered.cut;
    page.shown++;
  }
  return page;
}

/** A hunk that changes nothing but line endings (its - and + lines equal once CRs are dropped). */
export function eolOnlyHunk(hunk: Hunk): boolean {
  const removed = hunk.lines.filter((l) => l.kind === '-').map((l) => l.text.replace(/\r$/, ''));
  const added = hunk.lines.filter((l) => l.kind === '+').map((l) => l.text.replace(/\r$/, ''));
  return removed.length > 0 && removed.length === added.length && removed.every((text, i) => text === added[i]);
}
