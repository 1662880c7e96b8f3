// Comparing two versions as text: binary detection (git's NUL rule, or bytes that are not UTF-8),
// line-ending detection, and the line diff, which compares content alone when one side's line
// endings were converted throughout (CRLF <-> LF).
import { decodeUtf8 } from '../text/encoding';
import type { LineCounts } from '../ground/gitPort';
import { diffTexts, type LineDiff } from './lineDiff';
import { DIFF_LIMITS } from './previewInput';

export type Content = { kind: 'text'; text: string } | { kind: 'binary'; reason: 'nul' | 'encoding' };

/** The content of a side that does not exist: every line of the other side is added or removed. */
export const NO_CONTENT: Content = { kind: 'text', text: '' };

export function contentOf(bytes: Uint8Array): Content {
  if (bytes.subarray(0, DIFF_LIMITS.binarySniffBytes).includes(0)) return { kind: 'binary', reason: 'nul' };
  const text = decodeUtf8(bytes); // a UTF-8 BOM stays, as a character of line 1 (as git sees it)
  return text === undefined ? { kind: 'binary', reason: 'encoding' } : { kind: 'text', text };
}

export type Eol = 'lf' | 'crlf' | 'mixed' | 'none';

function eolOf(text: string): Eol {
  let crlf = 0;
  let lf = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) {
    if (at > 0 && text.charCodeAt(at - 1) === 13) crlf++;
    else lf++;
  }
  if (crlf === 0 && lf === 0) return 'none';
  return crlf === 0 ? 'lf' : lf === 0 ? 'crlf' : 'mixed';
}

export const eolName = (e: Eol) =>
  e === 'crlf' ? 'CRLF' : e === 'lf' ? 'LF' : e === 'mixed' ? 'mixed line endings' : 'no line break';

export interface TextDiff {
  diff: LineDiff;
  /** 'only': the texts differ in line endings alone; 'ignored': line endings changed throughout and the hunks compare content. */
  eol: 'same' | 'only' | 'ignored';
  oldEol: Eol;
  newEol: Eol;
}

export function diffText(oldText: string, newText: string, context: number): TextDiff {
  const oldEol = eolOf(oldText);
  const newEol = eolOf(newText);
  const pure = (e: Eol) => e === 'lf' || e === 'crlf';
  const options = { context, timeoutMs: DIFF_LIMITS.myersTimeoutMs };
  if (oldEol !== newEol && pure(oldEol) && pure(newEol)) {
    const a = oldText.replace(/\r\n/g, '\n');
    const b = newText.replace(/\r\n/g, '\n');
    if (a === b) return { diff: { hunks: [], added: 0, removed: 0, approximate: false }, eol: 'only', oldEol, newEol };
    return { diff: diffTexts(a, b, options), eol: 'ignored', oldEol, newEol };
  }
  return { diff: diffTexts(oldText, newText, options), eol: 'same', oldEol, newEol };
}

/** The +/- lines between two versions, as a summary lists them. */
export function lineCounts(a: Content, b: Content): LineCounts | 'binary' {
  if (a.kind === 'binary' || b.kind === 'binary') return 'binary';
  if (a.text === b.text) return { added: 0, removed: 0 };
  const { diff } = diffText(a.text, b.text, 0);
  return { added: diff.added, removed: diff.removed };
}

export const countLines = (text: string) =>
  text.length === 0 ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
