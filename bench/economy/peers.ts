// Faithful simulations of how peers' read tools answer, from their documented behaviour (see
// docs/economy.md, "Assumptions"). Each returns the text the model would see and the lines it holds.

export interface Served {
  text: string;
  /** 1-based line numbers of `file` whose full text is in `text`. */
  lines: number[];
  file: string;
}

export interface FileText {
  rel: string;
  lines: string[];
  language: string;
}

const range = (a: number, b: number) => Array.from({ length: Math.max(0, b - a + 1) }, (_, i) => a + i);

/** MCP filesystem server `read_text_file`: the raw text, whole, or its first/last N lines (head/tail). */
export function mcpRead(file: FileText, head?: number): Served {
  const end = head === undefined ? file.lines.length : Math.min(head, file.lines.length);
  return { file: file.rel, text: file.lines.slice(0, end).join('\n'), lines: range(1, end) };
}

const CLAUDE_LINE_CHARS = 2000;
const CLAUDE_DEFAULT_LIMIT = 2000;

/** Claude Code `Read`: `cat -n` style (number padded to 6, an arrow, the line), 2,000 lines by default, lines cut at 2,000 chars. */
export function claudeRead(file: FileText, offset = 1, limit = CLAUDE_DEFAULT_LIMIT): Served {
  const end = Math.min(file.lines.length, offset + limit - 1);
  const out: string[] = [];
  const lines: number[] = [];
  for (let n = offset; n <= end; n++) {
    const line = file.lines[n - 1]!;
    out.push(`${String(n).padStart(6)}→${line.length > CLAUDE_LINE_CHARS ? line.slice(0, CLAUDE_LINE_CHARS) : line}`);
    if (line.length <= CLAUDE_LINE_CHARS) lines.push(n);
  }
  if (offset > file.lines.length)
    return {
      file: file.rel,
      text: `<system-reminder>Warning: the file exists but is shorter than the provided offset (${offset}). The file has ${file.lines.length} lines.</system-reminder>`,
      lines: [],
    };
  return { file: file.rel, text: out.join('\n'), lines };
}

/** Copilot `read_file` (startLine/endLine): a header with the line count, then the lines in a fenced block, clamped to the file. */
export function copilotRead(file: FileText, start: number, end: number): Served {
  const last = Math.min(end, file.lines.length);
  const body = file.lines.slice(start - 1, last).join('\n');
  return {
    file: file.rel,
    text: `File: \`${file.rel}\`. Lines ${start} to ${last} (${file.lines.length} lines total): \n\`\`\`${file.language}\n${body}\n\`\`\``,
    lines: range(start, last),
  };
}

export interface GrepHit {
  file: FileText;
  line: number;
}

/** `grep -rn` style output (Claude Code Grep content mode with -n; Copilot grep_search): `path:line:text` per match. */
export function grepList(hits: GrepHit[]): Served[] {
  const text = hits.map((h) => `${h.file.rel}:${h.line}:${h.file.lines[h.line - 1]}`).join('\n');
  const byFile = new Map<string, number[]>();
  for (const h of hits) byFile.set(h.file.rel, [...(byFile.get(h.file.rel) ?? []), h.line]);
  const served = [...byFile].map(([file, lines]) => ({ file, text: '', lines }));
  if (served.length > 0) served[0]!.text = text;
  return served.length > 0 ? served : [{ file: '', text: 'No matches found', lines: [] }];
}

/** `grep -rn -C N`: matches as `path:line:text`, context as `path-line-text`, groups split by `--`. */
export function grepContext(hits: GrepHit[], context: number): Served[] {
  const out: string[] = [];
  const served: Served[] = [];
  const files = [...new Set(hits.map((h) => h.file))];
  for (const file of files) {
    const matches = new Set(hits.filter((h) => h.file === file).map((h) => h.line));
    const windows = mergeWindows(
      [...matches].sort((a, b) => a - b).map((l) => [l - context, l + context]),
      file.lines.length,
    );
    const lines: number[] = [];
    for (const [a, b] of windows) {
      if (out.length > 0) out.push('--');
      for (let n = a; n <= b; n++) {
        out.push(`${file.rel}${matches.has(n) ? ':' : '-'}${n}${matches.has(n) ? ':' : '-'}${file.lines[n - 1]}`);
        lines.push(n);
      }
    }
    served.push({ file: file.rel, text: '', lines });
  }
  if (served.length > 0) served[0]!.text = out.join('\n');
  return served;
}

/** Overlapping or touching [a, b] windows merged, clamped to 1..total. */
export function mergeWindows(windows: number[][], total: number): Array<[number, number]> {
  const sorted = windows
    .map(([a, b]) => [Math.max(1, a!), Math.min(total, b!)] as [number, number])
    .sort((x, y) => x[0] - y[0]);
  const out: Array<[number, number]> = [];
  for (const w of sorted) {
    const last = out[out.length - 1];
    if (last && w[0] <= last[1] + 1) last[1] = Math.max(last[1], w[1]);
    else out.push([...w]);
  }
  return out;
}
