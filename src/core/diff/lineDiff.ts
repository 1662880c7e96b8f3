// Line diffs in the core, shaped like git's: records are lines with their terminators, the edit
// script comes from the `diff` package (Myers), then change groups are slid to the positions git
// chooses (as far down as possible, aligned with a change on the other side, or placed by git's
// default indent heuristic), and hunks are formed, numbered and labelled the way `git diff -U<n>`
// prints them. On ordinary edits the hunks equal git's line for line (test/unit/diff).
// Whole on purpose (over 400 lines): one port of git's xdiff (xdl_change_compact, the indent
// heuristic, the hunk emitter), whose steps share the private Side and Group records and git's tuned
// weights, kept in one file to be read side by side with git's source.
import { diffArrays } from 'diff';

type DiffLineKind = ' ' | '-' | '+';

interface DiffLine {
  kind: DiffLineKind;
  /** The line without its LF (a CR of CRLF is kept). */
  text: string;
  /** The line has no terminator: the last line of a file without a final newline. */
  noNewline: boolean;
}

export interface Hunk {
  /** 1-based first line of the hunk in the old and new text; the line before it when the count is 0. */
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
  /** Git's hunk-header context: the nearest line above the hunk that starts with a letter, `_` or `$`. */
  funcName: string;
  lines: DiffLine[];
  added: number;
  removed: number;
}

export interface LineDiff {
  hunks: Hunk[];
  added: number;
  removed: number;
  /** The edit script was too costly to compute line by line: the differing middle is shown replaced whole. */
  approximate: boolean;
}

export interface DiffOptions {
  context: number;
  /** Milliseconds the Myers search may take before falling back to a whole replacement. */
  timeoutMs?: number;
}

/** Lines with their terminators ("a\n", "b\r\n", a last "c" without one). */
export function splitRecords(text: string): string[] {
  const records: string[] = [];
  let at = 0;
  while (at < text.length) {
    const nl = text.indexOf('\n', at);
    const end = nl === -1 ? text.length : nl + 1;
    records.push(text.slice(at, end));
    at = end;
  }
  return records;
}

/** One side of the diff: record ids for equality, and `changed` flags with a sentinel on each end. */
interface Side {
  readonly records: readonly string[];
  readonly ids: Int32Array;
  readonly n: number;
  /** changed[i + 1] is line i; changed[0] and changed[n + 1] stay 0. */
  readonly changed: Uint8Array;
}

const isChanged = (s: Side, i: number) => s.changed[i + 1] === 1;
const mark = (s: Side, i: number, value: 0 | 1) => {
  s.changed[i + 1] = value;
};

export function diffTexts(oldText: string, newText: string, options: DiffOptions): LineDiff {
  const a = splitRecords(oldText);
  const b = splitRecords(newText);
  const intern = new Map<string, number>();
  const idOf = (record: string) => {
    let id = intern.get(record);
    if (id === undefined) intern.set(record, (id = intern.size));
    return id;
  };
  const sideA: Side = { records: a, ids: Int32Array.from(a, idOf), n: a.length, changed: new Uint8Array(a.length + 2) };
  const sideB: Side = { records: b, ids: Int32Array.from(b, idOf), n: b.length, changed: new Uint8Array(b.length + 2) };
  const approximate = markChanges(sideA, sideB, options.timeoutMs ?? 2000);
  compact(sideA, sideB);
  compact(sideB, sideA);
  const hunks = buildHunks(sideA, sideB, Math.max(0, options.context));
  let added = 0;
  let removed = 0;
  for (const hunk of hunks) {
    added += hunk.added;
    removed += hunk.removed;
  }
  return { hunks, added, removed, approximate };
}

/** Marks every line not in the common subsequence. Returns true when it fell back to a whole replacement. */
function markChanges(a: Side, b: Side, timeoutMs: number): boolean {
  // Common prefix and suffix never enter the search.
  let start = 0;
  while (start < a.n && start < b.n && a.ids[start] === b.ids[start]) start++;
  let endA = a.n;
  let endB = b.n;
  while (endA > start && endB > start && a.ids[endA - 1] === b.ids[endB - 1]) {
    endA--;
    endB--;
  }
  // Lines that occur nowhere on the other side are changed whatever the alignment (as git's
  // xdl_cleanup_records does); leaving them out keeps the search small on rewrites.
  const countIn = (side: Side, from: number, to: number) => {
    const counts = new Map<number, number>();
    for (let i = from; i < to; i++) counts.set(side.ids[i]!, (counts.get(side.ids[i]!) ?? 0) + 1);
    return counts;
  };
  const inA = countIn(a, start, endA);
  const inB = countIn(b, start, endB);
  const keptA: number[] = [];
  const keptB: number[] = [];
  for (let i = start; i < endA; i++) {
    if (inB.has(a.ids[i]!)) keptA.push(i);
    else mark(a, i, 1);
  }
  for (let i = start; i < endB; i++) {
    if (inA.has(b.ids[i]!)) keptB.push(i);
    else mark(b, i, 1);
  }
  if (keptA.length === 0 || keptB.length === 0) {
    for (const i of keptA) mark(a, i, 1);
    for (const i of keptB) mark(b, i, 1);
    return false;
  }
  const changes = diffArrays(
    keptA.map((i) => a.ids[i]!),
    keptB.map((i) => b.ids[i]!),
    { timeout: timeoutMs },
  );
  if (!changes) {
    for (const i of keptA) mark(a, i, 1);
    for (const i of keptB) mark(b, i, 1);
    return true;
  }
  let ia = 0;
  let ib = 0;
  for (const change of changes) {
    if (change.removed) {
      for (let k = 0; k < change.count; k++) mark(a, keptA[ia++]!, 1);
    } else if (change.added) {
      for (let k = 0; k < change.count; k++) mark(b, keptB[ib++]!, 1);
    } else {
      ia += change.count;
      ib += change.count;
    }
  }
  return false;
}

// --- Sliding change groups (the positions git's diff picks) ---------------------------------------
//
// A group is a maximal run of changed lines on one side; between two unchanged lines sits an empty
// group, so the groups of both sides advance in lockstep. A group whose first line equals the line
// after it can slide down one line (and symmetrically up); git slides each group as far down as
// it goes, prefers a position where it faces a change on the other side, and otherwise lets its
// indent heuristic choose among the positions (git's `diff.indentHeuristic`, on by default).

interface Group {
  start: number;
  end: number;
}

function groupInit(s: Side): Group {
  let end = 0;
  while (isChanged(s, end)) end++;
  return { start: 0, end };
}

function groupNext(s: Side, g: Group): boolean {
  if (g.end === s.n) return false;
  g.start = g.end + 1;
  g.end = g.start;
  while (isChanged(s, g.end)) g.end++;
  return true;
}

function groupPrevious(s: Side, g: Group): boolean {
  if (g.start === 0) return false;
  g.end = g.start - 1;
  g.start = g.end;
  while (isChanged(s, g.start - 1)) g.start--;
  return true;
}

function slideDown(s: Side, g: Group): boolean {
  if (g.end < s.n && s.ids[g.start] === s.ids[g.end]) {
    mark(s, g.start++, 0);
    mark(s, g.end++, 1);
    while (isChanged(s, g.end)) g.end++;
    return true;
  }
  return false;
}

function slideUp(s: Side, g: Group): boolean {
  if (g.start > 0 && s.ids[g.start - 1] === s.ids[g.end - 1]) {
    mark(s, --g.start, 1);
    mark(s, --g.end, 0);
    while (isChanged(s, g.start - 1)) g.start--;
    return true;
  }
  return false;
}

function broken(): never {
  throw new Error('diff: change groups out of step');
}

function compact(s: Side, o: Side): void {
  const g = groupInit(s);
  const go = groupInit(o);
  for (;;) {
    if (g.end !== g.start) {
      let size: number;
      let earliestEnd: number;
      let endMatchingOther: number;
      do {
        size = g.end - g.start;
        endMatchingOther = -1;
        while (slideUp(s, g)) if (!groupPrevious(o, go)) broken();
        earliestEnd = g.end;
        if (go.end > go.start) endMatchingOther = g.end;
        while (slideDown(s, g)) {
          if (!groupNext(o, go)) broken();
          if (go.end > go.start) endMatchingOther = g.end;
        }
      } while (size !== g.end - g.start);
      if (g.end === earliestEnd) {
        // It cannot move.
      } else if (endMatchingOther !== -1) {
        // Line it up with the change on the other side.
        while (go.end === go.start) {
          if (!slideUp(s, g) || !groupPrevious(o, go)) broken();
        }
      } else {
        const best = bestShift(s, g, size, earliestEnd);
        while (g.end > best) {
          if (!slideUp(s, g) || !groupPrevious(o, go)) broken();
        }
      }
    }
    if (!groupNext(s, g)) break;
    if (!groupNext(o, go)) broken();
  }
}

// Indent heuristic: score each position the group can take by the blank lines and indentation
// around its two ends, and keep the best (the lowest on ties). Weights as in git's heuristic.
const MAX_INDENT = 200;
const MAX_BLANKS = 20;
const MAX_SLIDING = 100;
const START_OF_FILE_PENALTY = 1;
const END_OF_FILE_PENALTY = 21;
const TOTAL_BLANK_WEIGHT = -30;
const POST_BLANK_WEIGHT = 6;
const RELATIVE_INDENT_PENALTY = -4;
const RELATIVE_INDENT_WITH_BLANK_PENALTY = 10;
const RELATIVE_OUTDENT_PENALTY = 24;
const RELATIVE_OUTDENT_WITH_BLANK_PENALTY = 17;
const RELATIVE_DEDENT_PENALTY = 23;
const RELATIVE_DEDENT_WITH_BLANK_PENALTY = 17;
const INDENT_WEIGHT = 60;

/** Columns of leading whitespace (tabs to multiples of 8); -1 for a blank line. */
function indentOf(record: string): number {
  let indent = 0;
  for (let i = 0; i < record.length; i++) {
    const c = record.charCodeAt(i);
    if (c === 0x20) indent += 1;
    else if (c === 0x09) indent += 8 - (indent % 8);
    else if (c === 0x0a || c === 0x0b || c === 0x0c || c === 0x0d) {
      // other whitespace: no width
    } else return indent;
    if (indent >= MAX_INDENT) return MAX_INDENT;
  }
  return -1;
}

interface Split {
  endOfFile: boolean;
  indent: number;
  preBlank: number;
  preIndent: number;
  postBlank: number;
  postIndent: number;
}

function measureSplit(s: Side, split: number): Split {
  const m: Split = {
    endOfFile: split >= s.n,
    indent: split >= s.n ? -1 : indentOf(s.records[split]!),
    preBlank: 0,
    preIndent: -1,
    postBlank: 0,
    postIndent: -1,
  };
  for (let i = split - 1; i >= 0; i--) {
    m.preIndent = indentOf(s.records[i]!);
    if (m.preIndent !== -1) break;
    m.preBlank++;
    if (m.preBlank === MAX_BLANKS) {
      m.preIndent = 0;
      break;
    }
  }
  for (let i = split + 1; i < s.n; i++) {
    m.postIndent = indentOf(s.records[i]!);
    if (m.postIndent !== -1) break;
    m.postBlank++;
    if (m.postBlank === MAX_BLANKS) {
      m.postIndent = 0;
      break;
    }
  }
  return m;
}

interface Score {
  effectiveIndent: number;
  penalty: number;
}

function addSplit(m: Split, score: Score): void {
  if (m.preIndent === -1 && m.preBlank === 0) score.penalty += START_OF_FILE_PENALTY;
  if (m.endOfFile) score.penalty += END_OF_FILE_PENALTY;
  const postBlank = m.indent === -1 ? 1 + m.postBlank : 0;
  const totalBlank = m.preBlank + postBlank;
  score.penalty += TOTAL_BLANK_WEIGHT * totalBlank;
  score.penalty += POST_BLANK_WEIGHT * postBlank;
  const indent = m.indent !== -1 ? m.indent : m.postIndent;
  const anyBlanks = totalBlank !== 0;
  score.effectiveIndent += indent;
  if (indent === -1 || m.preIndent === -1) {
    // no adjustment
  } else if (indent > m.preIndent) {
    score.penalty += anyBlanks ? RELATIVE_INDENT_WITH_BLANK_PENALTY : RELATIVE_INDENT_PENALTY;
  } else if (indent === m.preIndent) {
    // same level
  } else if (m.postIndent !== -1 && m.postIndent > indent) {
    score.penalty += anyBlanks ? RELATIVE_OUTDENT_WITH_BLANK_PENALTY : RELATIVE_OUTDENT_PENALTY;
  } else {
    score.penalty += anyBlanks ? RELATIVE_DEDENT_WITH_BLANK_PENALTY : RELATIVE_DEDENT_PENALTY;
  }
}

function compareScores(x: Score, y: Score): number {
  const indents = Math.sign(x.effectiveIndent - y.effectiveIndent);
  return INDENT_WEIGHT * indents + (x.penalty - y.penalty);
}

function bestShift(s: Side, g: Group, size: number, earliestEnd: number): number {
  let shift = Math.max(earliestEnd, g.end - size - 1, g.end - MAX_SLIDING);
  let best = -1;
  let bestScore: Score = { effectiveIndent: 0, penalty: 0 };
  for (; shift <= g.end; shift++) {
    const score: Score = { effectiveIndent: 0, penalty: 0 };
    addSplit(measureSplit(s, shift), score);
    addSplit(measureSplit(s, shift - size), score);
    if (best === -1 || compareScores(score, bestScore) <= 0) {
      bestScore = score;
      best = shift;
    }
  }
  return best;
}

// --- Hunks -----------------------------------------------------------------------------------------

interface Change {
  i1: number;
  i2: number;
  chg1: number;
  chg2: number;
}

function changesOf(a: Side, b: Side): Change[] {
  const changes: Change[] = [];
  let i1 = 0;
  let i2 = 0;
  while (i1 < a.n || i2 < b.n) {
    if (isChanged(a, i1) || isChanged(b, i2)) {
      const s1 = i1;
      const s2 = i2;
      while (isChanged(a, i1)) i1++;
      while (isChanged(b, i2)) i2++;
      changes.push({ i1: s1, i2: s2, chg1: i1 - s1, chg2: i2 - s2 });
    } else {
      i1++;
      i2++;
    }
  }
  return changes;
}

const FUNC_NAME_BYTES = 80;
const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8');

/** Git's default hunk-header context: a line starting with a letter, `_` or `$`, at most 80 bytes, trailing space trimmed. */
function funcLine(record: string): string | undefined {
  const c = record.charCodeAt(0);
  const identifier = (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f || c === 0x24;
  if (!identifier) return undefined;
  let bytes = encoder.encode(record);
  if (bytes.length > FUNC_NAME_BYTES) {
    let end = FUNC_NAME_BYTES;
    while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--; // not inside a character
    bytes = bytes.subarray(0, end);
  }
  return decoder.decode(bytes).replace(/[\s]+$/, '');
}

function funcNameBefore(a: Side, line: number): string {
  for (let i = line - 1; i >= 0; i--) {
    const found = funcLine(a.records[i]!);
    if (found !== undefined) return found;
  }
  return '';
}

function lineOf(kind: DiffLineKind, record: string): DiffLine {
  const noNewline = !record.endsWith('\n');
  return { kind, text: noNewline ? record : record.slice(0, -1), noNewline };
}

function buildHunks(a: Side, b: Side, context: number): Hunk[] {
  const changes = changesOf(a, b);
  const hunks: Hunk[] = [];
  let at = 0;
  while (at < changes.length) {
    // Changes no more than 2 × context apart share a hunk.
    let last = at;
    while (last + 1 < changes.length) {
      const prev = changes[last]!;
      const next = changes[last + 1]!;
      if (next.i1 - (prev.i1 + prev.chg1) > 2 * context) break;
      last++;
    }
    const first = changes[at]!;
    const final = changes[last]!;
    const s1 = Math.max(first.i1 - context, 0);
    const s2 = Math.max(first.i2 - context, 0);
    const after = Math.min(context, a.n - (final.i1 + final.chg1), b.n - (final.i2 + final.chg2));
    const e1 = final.i1 + final.chg1 + after;
    const e2 = final.i2 + final.chg2 + after;
    const lines: DiffLine[] = [];
    let added = 0;
    let removed = 0;
    for (let k = s2; k < first.i2; k++) lines.push(lineOf(' ', b.records[k]!));
    for (let c = at; c <= last; c++) {
      const change = changes[c]!;
      if (c > at) {
        const prev = changes[c - 1]!;
        for (let k = prev.i2 + prev.chg2; k < change.i2; k++) lines.push(lineOf(' ', b.records[k]!));
      }
      for (let k = change.i1; k < change.i1 + change.chg1; k++) lines.push(lineOf('-', a.records[k]!));
      for (let k = change.i2; k < change.i2 + change.chg2; k++) lines.push(lineOf('+', b.records[k]!));
      removed += change.chg1;
      added += change.chg2;
    }
    for (let k = final.i2 + final.chg2; k < e2; k++) lines.push(lineOf(' ', b.records[k]!));
    const oldLines = e1 - s1;
    const newLines = e2 - s2;
    hunks.push({
      oldStart: oldLines === 0 ? s1 : s1 + 1,
      oldLines,
      newStart: newLines === 0 ? s2 : s2 + 1,
      newLines,
      funcName: funcNameBefore(a, s1),
      lines,
      added,
      removed,
    });
    at = last + 1;
  }
  return hunks;
}

/** `@@ -a,b +c,d @@ func`, as git prints it (a count of 1 is left out). */
export function hunkHeader(hunk: Hunk): string {
  const range = (start: number, count: number) => (count === 1 ? `${start}` : `${start},${count}`);
  const head = `@@ -${range(hunk.oldStart, hunk.oldLines)} +${range(hunk.newStart, hunk.newLines)} @@`;
  return hunk.funcName ? `${head} ${hunk.funcName}` : head;
}

export const NO_NEWLINE_MARKER = '\\ No newline at end of file';

/** The hunk as patch text: its header, then one line per line, terminators as in the files. */
export function hunkPatch(hunk: Hunk): string {
  const out = [hunkHeader(hunk) + '\n'];
  for (const line of hunk.lines) {
    out.push(`${line.kind}${line.text}\n`);
    if (line.noNewline) out.push(`${NO_NEWLINE_MARKER}\n`);
  }
  return out.join('');
}
