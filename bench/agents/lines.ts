// Which lines of which files a text showed, and which lines a patch touches.
//  - The agent's side is read from the step: a file or a range shows its lines (less what the harness
//    cut out of a long output: its head and tail are kept), a search its output lines (by number when
//    grep printed them, else by text).
//  - A patch touches the base file's lines it removes or changes, and for a pure insertion the line
//    it goes after (the place an agent must have seen to write it).
//  - A step whose output shows a line the base file does not have at that place read a file the agent
//    had edited (the replay does not apply edits): its lines are evidence for neither side.
import type { ReadIntent } from './intent';

export type LineSets = Map<string, Set<number>>;

export function addLine(sets: LineSets, file: string, line: number): void {
  let set = sets.get(file);
  if (!set) sets.set(file, (set = new Set()));
  set.add(line);
}

export function countLines(sets: LineSets): number {
  let n = 0;
  for (const set of sets.values()) n += set.size;
  return n;
}

export function mergeInto(into: LineSets, from: LineSets): void {
  for (const [file, set] of from) for (const line of set) addLine(into, file, line);
}

/** The head and the tail mini-swe-agent keeps of a long output, without the line break it puts before each closing tag. */
function keptTexts(observation: string): { head: string; tail: string } | null {
  const head = /<output_head>\n?([\s\S]*?)\n?<\/output_head>/.exec(observation);
  const tail = /<output_tail>\n?([\s\S]*?)\n?<\/output_tail>/.exec(observation);
  return head || tail ? { head: head?.[1] ?? '', tail: tail?.[1] ?? '' } : null;
}

/** Lines kept of a long output: mini-swe-agent keeps the head and the tail (lines counted in each). */
export function keptParts(observation: string): { head: number; tail: number } | null {
  const kept = keptTexts(observation);
  return kept && { head: outputLines(kept.head).length, tail: outputLines(kept.tail).length };
}

function addSpan(
  sets: LineSets,
  file: string,
  start: number,
  end: number,
  kept: { head: number; tail: number } | null,
): void {
  for (let line = start; line <= end; line++) {
    if (kept && line >= start + kept.head && line <= end - kept.tail) continue;
    addLine(sets, file, line);
  }
}

/** A line grep or `nl` numbered (`path:12:text`, `path-12-text`, `12:text`, `12-text`, `  12\ttext`), or null. */
function numberedLine(
  raw: string,
  single: string | null,
  file: (p: string) => string[] | undefined,
): { path: string | null; line: number; text: string } | null {
  const nl = /^\s*(\d+)\t(.*)$/.exec(raw);
  if (nl) return { path: single, line: Number(nl[1]), text: nl[2]! };
  const grep = /^(?:(.+?)[:-])?(\d+)[:-](.*)$/.exec(raw);
  if (!grep) return null;
  return { path: grep[1] !== undefined && file(grep[1]) ? grep[1] : single, line: Number(grep[2]), text: grep[3]! };
}

/** The one file a search names, when it names one the tree has. */
function singleFile(intent: ReadIntent & { kind: 'search' }, file: (p: string) => string[] | undefined): string | null {
  return intent.paths.length === 1 && file(intent.paths[0]!) ? intent.paths[0]! : null;
}

/** grep's output lines: numbered (numberedLine), or `path:text` and plain text found in the file. */
function searchLines(
  sets: LineSets,
  intent: ReadIntent & { kind: 'search' },
  observation: string,
  file: (p: string) => string[] | undefined,
): void {
  const single = singleFile(intent, file);
  for (const raw of observation.split('\n')) {
    const numbered = numberedLine(raw, single, file);
    if (numbered) {
      const { path, line } = numbered;
      if (path && line <= (file(path)?.length ?? 0)) addLine(sets, path, line);
      continue;
    }
    const colon = raw.indexOf(':');
    const path = colon > 0 && file(raw.slice(0, colon)) ? raw.slice(0, colon) : single;
    const text = path === single ? raw : raw.slice(colon + 1);
    const index = path ? (file(path) ?? []).indexOf(text) : -1;
    if (path && index >= 0 && text.trim() !== '') addLine(sets, path, index + 1);
  }
}

/**
 * A sed walk (`/def NAME/,/return/p`) printed lines with no numbers: they are the base file's where
 * the output's first line starts a run of the file's lines equal to it, as far as they agree.
 */
function walkLines(sets: LineSets, path: string, observation: string, base: readonly string[]): void {
  const shown = outputLines(observation);
  if (shown.length === 0) return;
  for (let at = 0; at < base.length; at++) {
    if (base[at]!.trimEnd() !== shown[0]!.trimEnd()) continue;
    let k = 0;
    while (k < shown.length && base[at + k]?.trimEnd() === shown[k]!.trimEnd()) k++;
    if (k < Math.min(shown.length, 2) && shown.length > 1) continue;
    for (let i = 0; i < k; i++) addLine(sets, path, at + 1 + i);
    return;
  }
}

/** Lines the agent's step showed, read from its intent and its observation. */
export function agentShown(
  intents: readonly ReadIntent[],
  observation: string,
  file: (p: string) => string[] | undefined,
): LineSets {
  const sets: LineSets = new Map();
  const kept = intents.length === 1 ? keptParts(observation) : null;
  for (const intent of intents) {
    if (intent.kind === 'whole-file') {
      for (const f of intent.files) {
        const n = file(f)?.length ?? 0;
        if (n) addSpan(sets, f, 1, n, intent.files.length === 1 ? kept : null);
      }
    } else if (intent.kind === 'range' && intent.symbol) {
      walkLines(sets, intent.file, observation, file(intent.file) ?? []);
    } else if (intent.kind === 'range') {
      const n = file(intent.file)?.length ?? 0;
      const start = intent.last !== undefined ? Math.max(1, n - intent.last + 1) : Math.max(1, intent.start);
      const end = Math.min(n, intent.end ?? n);
      if (start <= end) addSpan(sets, intent.file, start, end, kept);
    } else if (intent.kind === 'search') {
      searchLines(sets, intent, observation, file);
    }
  }
  return sets;
}

/** Lines of the base files a unified diff touches (see above). */
export function patchLines(diff: string): LineSets {
  const sets: LineSets = new Map();
  let file: string | null = null;
  let old = 0;
  let insertion = false;
  for (const line of diff.split('\n')) {
    if (line.startsWith('--- ')) {
      file = line === '--- /dev/null' ? null : line.slice(4).replace(/^a\//, '').replace(/\t.*$/, '');
      continue;
    }
    const hunk = /^@@ -(\d+)(?:,(\d+))? \+\d+(?:,\d+)? @@/.exec(line);
    if (hunk) {
      old = Number(hunk[1]);
      insertion = hunk[2] === '0';
      if (insertion && file) addLine(sets, file, Math.max(1, old)); // an insertion after line `old`
      continue;
    }
    if (!file || line.startsWith('+++')) continue;
    if (line.startsWith('-')) addLine(sets, file, old++);
    else if (line.startsWith('+') && !insertion) addLine(sets, file, Math.max(1, old - 1));
    else if (line.startsWith(' ')) old++;
  }
  return sets;
}

/** Lines of an output as the file has them: `nl`'s number and tab taken off when every line has one. */
function outputLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const nl = lines.length > 0 && lines.every((l) => /^\s*\d+\t/.test(l));
  return nl ? lines.map((l) => l.replace(/^\s*\d+\t/, '')) : lines;
}

/** Whether `shown`, read from line `start` on, is the base file's text there (line ends aside). */
function sameText(shown: readonly string[], base: readonly string[], start: number): boolean {
  return shown.every((line, i) => base[start - 1 + i]?.trimEnd() === line.trimEnd());
}

/**
 * Whether the step's output shows a line that is not the base file's line at that place: the agent
 * had edited the file by then. A range or a whole file is compared line by line (the kept head and
 * tail of a long output at their places); a search's numbered lines by their number.
 */
export function showsOtherVersion(
  intents: readonly ReadIntent[],
  observation: string,
  file: (p: string) => string[] | undefined,
): boolean {
  if (intents.length !== 1) return false;
  const intent = intents[0]!;
  if (intent.kind === 'search') {
    const single = singleFile(intent, file);
    const found = observation
      .split('\n')
      .filter((raw) => raw !== '' && raw !== '--')
      .map((raw) => numberedLine(raw, single, file));
    // Judged only where grep numbered every line: a text line can look numbered ("a-1-b").
    if (found.some((line) => line === null)) return false;
    return found.some((line) => line!.path !== null && !sameText([line!.text], file(line!.path)!, line!.line));
  }
  if (intent.kind === 'listing' || (intent.kind === 'range' && (intent.symbol || intent.last !== undefined)))
    return false;
  const path = intent.kind === 'whole-file' ? (intent.files.length === 1 ? intent.files[0]! : null) : intent.file;
  const base = path ? file(path) : undefined;
  if (!path || !base) return false;
  const start = intent.kind === 'range' ? Math.max(1, intent.start) : 1;
  const end = Math.min(base.length, intent.kind === 'range' ? (intent.end ?? base.length) : base.length);
  const kept = keptTexts(observation);
  if (kept) {
    // The harness cuts by characters: the head's last line and the tail's first may be pieces.
    const tail = outputLines(kept.tail);
    return (
      !sameText(outputLines(kept.head).slice(0, -1), base, start) ||
      !sameText(tail.slice(1), base, end - tail.length + 2)
    );
  }
  const shown = outputLines(observation);
  return shown.length !== Math.max(0, end - start + 1) || !sameText(shown, base, start);
}

/**
 * The lines an answer points to instead of showing them again (`· unchanged since call #N`): the
 * model has them from that call, which may have been a step that counted for neither side.
 */
export function pointedLines(text: string): { file: string; start: number; end: number } | null {
  const header = text.split('\n', 1)[0]!;
  if (!/ · unchanged since call #\d+$/.test(header)) return null;
  const n = (s: string) => Number(s.replace(/,/g, ''));
  const range =
    /^(\S+) · lines ([\d,]+)-([\d,]+) of /.exec(header) ??
    /^(\S+) · last [\d,]+ lines \(([\d,]+)-([\d,]+) of /.exec(header) ??
    /^(\S+?):(\d+)-(\d+) /.exec(header);
  if (range) return { file: range[1]!, start: n(range[2]!), end: n(range[3]!) };
  const first = /^(\S+) · (?:first ([\d,]+) lines of|whole file, ([\d,]+) lines)/.exec(header);
  return first ? { file: first[1]!, start: 1, end: n(first[2] ?? first[3]!) } : null;
}
