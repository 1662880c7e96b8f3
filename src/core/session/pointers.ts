// De-duplication applied to a read's answers: text the session was already served, unchanged, is
// replaced by a pointer to the earlier call (where the pointer is cheaper), and what is served is
// recorded for later pointers. ServedIndex (session.ts) holds the records.
import { bodyText, type Draft } from '../ground/answer';
import type { ToolResponse } from '../ground/contract';
import { callText, formatCount } from '../ground/format';
import type { Advice } from './advice';
import { fnv1a } from '../ground/fnv1a';
import { uncountedFigure } from '../ground/tokenEstimate';
import { TOOL } from '../ground/tools';
import { type FileOf, rangeOf } from './answerParts';
import { type Served, type ServedIndex, servedPiece } from './servedIndex';
import type { FlagsByPart } from './timeline';

export interface PointerContext {
  guard: boolean;
  served: ServedIndex;
  seq: number;
  force: boolean;
  ephemeral: boolean;
  countTokens: (text: string) => number;
  /** The call's token cap: a pointer's figure is its estimate far under it (uncountedFigure). */
  cap: number;
  advice: Advice[];
  flags: FlagsByPart;
  /** The answers are the file's text (or outline), as their mode says: only those are pointed to later. */
  fileText: boolean;
}

/**
 * Points `part` to an earlier answer when the session has its lines unchanged (and returns that
 * answer), else records it as served. `rawTokens` and `ratio` are the part's as the tool gave it.
 */
export function pointOrRecord(
  answer: Draft,
  file: FileOf | null,
  rawTokens: number,
  ratio: number,
  ctx: PointerContext,
): Served | undefined {
  const part = answer.response;
  if (!ctx.guard || !ctx.fileText || !file || !file.version) return undefined;
  const text = bodyText(answer);
  let pointedTo: Served | undefined;
  const { served, countTokens, advice } = ctx;
  served.forgetOtherVersions(file.absolute, file.version);
  const range = rangeOf(part);
  const piece = range ? servedPiece(range, part.content, part.meta) : null;
  if (!ctx.force && !ctx.ephemeral) {
    const earlier = piece
      ? served.findPiece(file.absolute, file.version, piece)
      : range
        ? undefined
        : served.findText(file.absolute, file.version, fnv1a(text));
    const pointer = earlier ? pointerTo(part, text, file, earlier, range) : undefined;
    // A pointer only where it costs at most half the text (a line or two is simply served again:
    // scrolling back is not worth a few tokens). Both figures as answers report them: estimates far
    // under the cap (no tokenizer loaded for them), counts near it.
    const pointerTokens = pointer ? uncountedFigure(pointer.text, ctx.cap, countTokens) : 0;
    if (earlier && pointer && 2 * pointerTokens <= rawTokens) {
      pointedTo = earlier;
      // The file was judged when it was served; a pointer needs no second opinion on it.
      for (let i = advice.length - 1; i >= 0; i--) if (advice[i]!.part === part) advice.splice(i, 1);
      Object.assign(ctx.flags.of(part), { deduplicated: true, low_relevance: false, excluded: false });
      answer.pointer = pointer.text;
      part.content = '';
      part.meta.deduplicated_from = {
        seq: earlier.seq,
        start_line: earlier.range?.start ?? null,
        end_line: earlier.range?.end ?? null,
      };
      // The figure the answer will report (answerTokens), tokens_saved's too.
      part.meta.token_estimate = pointerTokens;
      advice.push(pointer.advice);
    }
  }
  // A pointer records nothing new: the earlier answer stays the one to point to. Answers whose
  // display was cut (over-long lines) are never pointed to: the model did not see them whole.
  if (!pointedTo && !ctx.ephemeral && !answer.displayCut) {
    served.add({
      seq: ctx.seq,
      file: file.absolute,
      version: file.version,
      range: piece,
      textHash: range ? null : fnv1a(text),
      tokensPerByte: ratio,
    });
  }
  return pointedTo;
}

/** The pointer that would replace a read's text: its header (and next call), and the warning naming the earlier answer. */
function pointerTo(
  part: ToolResponse,
  shown: string,
  file: FileOf,
  earlier: Served,
  range: { start: number; end: number } | null,
): { text: string; advice: Advice } {
  const header = shown.split('\n', 1)[0]!;
  // The next call only where the answer itself showed one (not after a range the agent bounded).
  const next = part.meta.next && shown.includes('\n[Next: ') ? `\n[Next: ${callText(TOOL.read, part.meta.next)}]` : '';
  const text = `${header} · unchanged since call #${earlier.seq}${next}`;
  const what = range
    ? `${file.display} ${lineSpan(range.start, range.end)} ${range.start === range.end ? 'is' : 'are'} in the answer of call #${earlier.seq} (${lineSpan(earlier.range!.start, earlier.range!.end)})`
    : `this answer for ${file.display} is the answer of call #${earlier.seq}`;
  return {
    text,
    advice: {
      code: 'DEDUPLICATED',
      message: `${what}, unchanged since: not repeated ("force": true gets the text again).`,
      action: `Use the text from call #${earlier.seq}.`,
    },
  };
}

function lineSpan(start: number, end: number): string {
  return start === end ? `line ${formatCount(start)}` : `lines ${formatCount(start)}-${formatCount(end)}`;
}
