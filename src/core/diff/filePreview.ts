// The answer for one file: its hunks paged by hunk_offset (hunkPages.ts), or a header alone when
// there are no lines to show (binary, unchanged, only renamed, only line endings changed).
import { emptyMeta, LecternError, type ReadMeta, type ToolResponse } from '../ground/contract';
import type { ResolvedPath } from '../ground/paths';
import type { ReadEnv } from '../ground/env';
import { callText, formatBytes, formatCount, plural } from '../ground/format';
import { LIMITS } from '../ground/settings';
import { didNotFit, footerLines, frameReserve, pageRange } from './answerFrame';
import { planFile, type FilePlan, type NoDifference } from './filePlan';
import { eolOnlyHunk, pageHunks, type HunkPage } from './hunkPages';
import { hunkHeader } from './lineDiff';
import { DIFF_LIMITS, previewCall, type DiffAgainst, type DiffPreviewInput } from './previewInput';
import { contentOf, countLines, diffText, eolName, type Content, type TextDiff } from './textCompare';
import { shownBytes } from './shownBytes';
import { sourceOf, type Version } from './versions';
import { TOOL } from '../ground/tools';

export async function filePreview(
  env: ReadEnv,
  input: DiffPreviewInput,
  against: DiffAgainst,
  path: ResolvedPath,
): Promise<ToolResponse> {
  const plan = await planFile(env, input, against, path);
  return plan.kind === 'no difference' ? noDifferenceAnswer(env, plan) : diffAnswer(env, input, plan);
}

/** The patch of the shown hunks, and the lines of the current file they span. */
interface Shown {
  content: string;
  line: number | null;
  end_line: number | null;
}

const NOTHING_SHOWN: Shown = { content: '', line: null, end_line: null };

/** An answer about `display`; `meta` gets the token estimate of `text`. */
function fileAnswer(
  env: ReadEnv,
  display: string,
  text: string,
  meta: ReadMeta,
  shown: Shown = NOTHING_SHOWN,
): ToolResponse {
  return {
    ok: true,
    mode: 'diff_preview',
    target: display,
    content: shown.content,
    text,
    meta: { ...meta, token_estimate: env.countTokens(text) },
    location: { file: display, line: shown.line, end_line: shown.end_line },
  };
}

function noDifferenceAnswer(env: ReadEnv, plan: NoDifference): ToolResponse {
  const meta = {
    ...emptyMeta(),
    total_bytes: plan.totalBytes,
    source: plan.source,
    diff: { against: plan.against, status: 'unchanged', added: 0, removed: 0, hunks: 0 },
  };
  return fileAnswer(env, plan.display, `${plan.header}\n[${plan.hint}]`, meta);
}

function stagingText(plan: FilePlan): string {
  const parts: string[] = [];
  if (plan.staged && plan.unstaged) parts.push('staged and unstaged');
  else if (plan.staged) parts.push('staged');
  else if (plan.unstaged) parts.push('unstaged');
  if (plan.current?.origin === 'buffer' && plan.against !== 'WORKTREE') parts.push('unsaved editor buffer');
  return parts.length > 0 ? ` (${parts.join(', ')})` : '';
}

function diffAnswer(env: ReadEnv, input: DiffPreviewInput, plan: FilePlan): ToolResponse {
  return new DiffAnswer(env, input, plan).answer();
}

/** The answer for a file with a difference: binary, the path or mode alone, line endings alone, or its hunks. */
class DiffAnswer {
  private readonly context: number;
  private readonly offset: number;
  private readonly notes: string[];
  /** The file as the header names it (with where it was renamed or copied from). */
  private readonly name: string;
  private readonly currentText: Content | undefined;
  private readonly oldText: Content | undefined;
  private readonly totalLines: number | null;
  private readonly versus: string;

  constructor(
    private readonly env: ReadEnv,
    private readonly input: DiffPreviewInput,
    private readonly plan: FilePlan,
  ) {
    this.context = input.context_lines ?? DIFF_LIMITS.defaultContext;
    this.offset = input.hunk_offset ?? 0;
    this.notes = [...plan.notes];
    this.name = plan.oldDisplay
      ? `${plan.display} (${plan.status === 'copied' ? 'copied' : 'renamed'} from ${plan.oldDisplay})`
      : plan.display;
    this.currentText = plan.current ? contentOf(shownBytes(env, plan.current.bytes)) : undefined;
    this.oldText = plan.old ? contentOf(shownBytes(env, plan.old.bytes)) : undefined;
    this.totalLines = this.currentText?.kind === 'text' ? countLines(this.currentText.text) : null;
    this.versus = `against ${plan.against === 'INDEX' ? 'the index' : plan.against === 'WORKTREE' ? 'the file on disk' : 'HEAD'}`;
  }

  answer(): ToolResponse {
    if (this.oldText?.kind === 'binary' || this.currentText?.kind === 'binary') return this.binaryAnswer();
    const oldString = this.oldText?.kind === 'text' ? this.oldText.text : '';
    const newString = this.currentText?.kind === 'text' ? this.currentText.text : '';
    if (this.plan.old && this.plan.current && oldString === newString) return this.sameContentAnswer(this.plan.current);
    const result = diffText(oldString, newString, this.context);
    return result.eol === 'only' ? this.lineEndingsAnswer(result, newString) : this.hunksAnswer(result);
  }

  private baseMeta(): ReadMeta {
    return {
      ...emptyMeta(),
      total_bytes: this.plan.current?.bytes.length ?? null,
      total_lines: this.totalLines,
      source: sourceOf(this.plan.current),
    };
  }

  private diffMeta(extra: Record<string, unknown>): Record<string, unknown> {
    const plan = this.plan;
    return {
      against: plan.against,
      status: plan.status,
      staged: plan.staged,
      unstaged: plan.unstaged,
      unsaved: plan.current?.origin === 'buffer',
      old_path: plan.oldDisplay ?? null,
      repository: plan.repository ?? null,
      no_commits: plan.noCommits,
      ...extra,
    };
  }

  /** An answer with no lines of the file: a header, then `lines` below it. */
  private headerOnly(header: string, lines: string[], diff: Record<string, unknown>): ToolResponse {
    const meta = { ...this.baseMeta(), diff: this.diffMeta(diff) };
    return fileAnswer(this.env, this.plan.display, [header, ...lines].join('\n'), meta);
  }

  private heading(status: string = this.plan.status): string {
    return `${this.name} · ${status}${stagingText(this.plan)} · ${this.versus}`;
  }

  private binaryAnswer(): ToolResponse {
    const { plan, oldText, currentText } = this;
    const size = (v: Version | undefined) => (v ? formatBytes(v.bytes.length) : 'absent');
    const same = plan.old && plan.current && Buffer.from(plan.old.bytes).equals(Buffer.from(plan.current.bytes));
    const reason =
      (oldText?.kind === 'binary' ? oldText.reason : undefined) ??
      (currentText?.kind === 'binary' ? currentText.reason : undefined);
    const what = reason === 'encoding' ? 'not UTF-8 text (treated as binary)' : 'binary';
    const header = `${this.heading(same ? 'unchanged' : plan.status)} · ${what}: ${plan.oldName} ${size(plan.old)} → now ${size(plan.current)}${same ? ', identical' : ', contents differ'}; lines are not shown.`;
    return this.headerOnly(header, footerLines(this.notes, null), {
      binary: true,
      added: null,
      removed: null,
      hunks: 0,
    });
  }

  /** Both sides hold the same text: only the path or the mode changed, or nothing to show. */
  private sameContentAnswer(current: Version): ToolResponse {
    const { plan, input } = this;
    const unchanged = { added: 0, removed: 0, hunks: 0 };
    if (plan.oldDisplay)
      return this.headerOnly(
        `${this.heading()} · content unchanged (+0 -0): only the path changed${plan.modeChange ? ` (and ${plan.modeChange})` : ''}.`,
        [],
        unchanged,
      );
    if (plan.modeChange && current.origin !== 'buffer')
      return this.headerOnly(
        `${this.heading()} · content unchanged (+0 -0): only the ${plan.modeChange}.`,
        [],
        unchanged,
      );
    return noDifferenceAnswer(this.env, {
      kind: 'no difference',
      display: plan.display,
      header: `${this.name} · unchanged ${this.versus}: ${current.origin === 'buffer' ? 'the unsaved editor buffer' : 'the file on disk'} matches ${plan.oldName}.`,
      against: plan.against,
      hint: plan.stagedElsewhere
        ? `Its staged changes show against HEAD: ${callText(TOOL.read, previewCall({ ...input, against: undefined }, plan.display))}`
        : `Other changed files: ${callText(TOOL.read, plan.summary ?? previewCall(input, undefined))}`,
      totalBytes: current.bytes.length,
      source: sourceOf(current),
    });
  }

  private lineEndingsAnswer(result: TextDiff, newString: string): ToolResponse {
    const header = `${this.heading()} · only line endings differ: ${this.plan.oldName} has ${eolName(result.oldEol)}, now ${eolName(result.newEol)} (${plural(countLines(newString), 'line')}); no other change.`;
    const lines = [
      '[git diff shows every line as changed here; `git diff --ignore-cr-at-eol` shows nothing.]',
      ...footerLines(this.notes, null),
    ];
    return this.headerOnly(header, lines, {
      line_endings: 'only',
      old_eol: result.oldEol,
      new_eol: result.newEol,
      added: 0,
      removed: 0,
      hunks: 0,
    });
  }

  /** The hunks from hunk_offset on, as many as fit. */
  private hunksAnswer(result: TextDiff): ToolResponse {
    const { env, plan, input, offset, notes } = this;
    const { diff } = result;
    this.noteComparison(result);
    const total = diff.hunks.length;
    this.checkOffset(total);
    const headerFor = (shown: number) =>
      `${this.heading()} · +${formatCount(diff.added)} -${formatCount(diff.removed)}${this.wholeNote(diff)} · ${pageRange('hunk', offset, shown, total)}`;
    const page = pageHunks(env, diff.hunks, offset, frameReserve(env, headerFor(total), notes));
    const { shown, partial } = page;
    if (partial) notes.unshift(partialNote(plan, page, offset, this.context, env.tokenCap));
    const shownHunks = diff.hunks.slice(offset, offset + shown);
    this.notePage(page, shownHunks, result);
    const next = offset + shown < total ? previewCall(input, plan.display, { hunk_offset: offset + shown }) : null;
    if (next && !partial) notes.push(didNotFit(env, total - offset - shown, 'hunk'));
    const first = shownHunks[0];
    const last = shownHunks[shownHunks.length - 1];
    const startLine = first && plan.current ? Math.max(1, first.newStart) : null;
    const endLine = last && plan.current ? Math.max(startLine ?? 1, last.newStart + last.newLines - 1) : null;
    const text = [headerFor(shown), ...page.body, ...footerLines(notes, next)].join('\n');
    const meta: ReadMeta = {
      ...this.baseMeta(),
      truncated: offset > 0 || next !== null || partial !== null,
      preview_degraded: next !== null || partial !== null,
      start_line: startLine,
      end_line: endLine,
      next,
      ...(notes.length > 0 ? { notes } : {}),
      diff: this.hunksMeta(result, shown),
    };
    const content = shown === 0 ? '' : `--- ${plan.patchOld}\n+++ ${plan.patchNew}\n${page.patch}`;
    return fileAnswer(env, plan.display, text, meta, { content, line: startLine, end_line: endLine });
  }

  /** Notes on how the sides were compared: line endings ignored, or too tangled to align. */
  private noteComparison(result: TextDiff): void {
    if (result.eol === 'ignored') {
      this.notes.push(
        `Line endings also changed on every line (${this.plan.oldName} ${eolName(result.oldEol)}, now ${eolName(result.newEol)}); the hunks compare content with line endings ignored (as git diff --ignore-cr-at-eol).`,
      );
    }
    if (result.diff.approximate)
      this.notes.push(
        'The changes were too tangled to align line by line in time: the differing part is shown removed and added whole.',
      );
  }

  private checkOffset(total: number): void {
    const { offset, plan } = this;
    if (offset > 0 && offset >= total) {
      throw new LecternError(
        'OUT_OF_RANGE',
        `hunk_offset ${formatCount(offset)} is past the end: the diff of ${plan.display} has ${plural(total, 'hunk')}.`,
        `From the first hunk: ${callText(TOOL.read, previewCall(this.input, plan.display))}.`,
        { total_lines: this.totalLines },
      );
    }
  }

  /** A file added or deleted whole says so in its header. */
  private wholeNote(diff: TextDiff['diff']): string {
    if (!this.plan.old) return ` · all ${plural(diff.added, 'line')} new`;
    if (!this.plan.current) return ` · all ${plural(diff.removed, 'line')} removed`;
    return '';
  }

  /** Notes on the shown hunks: where only line endings changed, lines cut for display. */
  private notePage(page: HunkPage, shownHunks: TextDiff['diff']['hunks'], result: TextDiff): void {
    const eolHunks = shownHunks.filter(eolOnlyHunk);
    if (eolHunks.length > 0 && result.eol === 'same') {
      this.notes.push(
        `${eolHunks
          .map(hunkHeader)
          .map((h) => h.replace(/ @@.*$/, ' @@'))
          .join(', ')}: only line endings changed there (CRLF vs LF; CRs are not shown).`,
      );
    }
    if (page.cutLines > 0)
      this.notes.push(
        `${plural(page.cutLines, 'line')} longer than ${formatCount(LIMITS.maxLineChars)} characters cut for display.`,
      );
  }

  private hunksMeta(result: TextDiff, shown: number): Record<string, unknown> {
    const { diff } = result;
    return this.diffMeta({
      added: diff.added,
      removed: diff.removed,
      hunks: diff.hunks.length,
      hunk_offset: this.offset,
      hunks_shown: shown,
      context_lines: this.context,
      ...(result.eol === 'ignored' ? { line_endings: 'ignored', old_eol: result.oldEol, new_eol: result.newEol } : {}),
      ...(diff.approximate ? { approximate: true } : {}),
    });
  }
}

/** Which part of a hunk too large for one answer is shown, and where to read the rest of its new text. */
function partialNote(plan: FilePlan, page: HunkPage, offset: number, context: number, tokenCap: number): string {
  const { hunk, shownLines, totalLines } = page.partial!;
  const newFirst = hunk.newStart + hunk.lines.slice(0, shownLines).filter((l) => l.kind !== '-').length;
  const newRest = hunk.lines.slice(shownLines).filter((l) => l.kind !== '-').length;
  return (
    `Hunk ${formatCount(offset + 1)} alone is larger than one answer (${formatCount(tokenCap)} tokens): showing its first ${plural(shownLines, 'line')} of ${formatCount(totalLines)}.` +
    (newRest > 0 && plan.current
      ? ` The rest of its new text: ${callText(TOOL.read, { mode: 'file', target: plan.display, start_line: newFirst, end_line: newFirst + newRest - 1 })}.`
      : '') +
    (context > 0 ? ' Fewer context_lines make hunks smaller.' : '')
  );
}
