// Which lines of which files a text showed, and which lines a patch touches.
//  - The agent's side is read from the step: a file or a range shows its lines (less what the harness
//    cut out of a long output: its head and tail are kept), a search its output lines (by number when
//    grep printed them, else by text).
//  - A patch touches the base file's lines it removes or changes, and for a pure insertion the line
//    it goes after (the place an agent must have seen to write it).
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

/** Lines kept of a long output: mini-swe-agent keeps the head and the tail (lines counted in each). */
export function keptParts(observation: string): { head: number; tail: number } | null {
  const head = /<output_head>\n?([\s\S]*?)<\/output_head>/.exec(observation);
  const tail = /<output_tail>\n?([\s\S]*?)<\/output_tail>/.exec(observation);
  if (!head && !tail) return null;
  const count = (m: RegExpExecArray | null) =>
    m ? m[1]!.split('\n').filter((l, i, a) => i < a.length - 1 || l !== '').length : 0;
  return { head: count(head), tail: count(tail) };
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

/** grep's output lines: `path:12:text`, `path-12-text`, `12:text`, `12-text`, nl's `  12\ttext`, or `path:text`. */
function searchLines(
  sets: LineSets,
  intent: ReadIntent & { kind: 'search' },
  observation: string,
  file: (p: string) => string[] | undefined,
): void {
  const single = intent.paths.length === 1 && file(intent.paths[0]!) ? intent.paths[0]! : null;
  for (const raw of observation.split('\n')) {
    const nl = /^\s*(\d+)\t/.exec(raw);
    const numbered = nl ?? /^(?:(.+?)[:-])?(\d+)[:-]/.exec(raw);
    if (numbered) {
      const path = nl ? single : numbered[1] !== undefined && file(numbered[1]) ? numbered[1] : single;
      const line = Number(nl ? nl[1] : numbered[2]);
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
