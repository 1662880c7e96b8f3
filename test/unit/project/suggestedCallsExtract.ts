// The calls an answer suggests: a tool name followed by a JSON object anywhere in its text, hint,
// messages or session advice (never in `content`, the file's own text), and meta.next, the input of
// the lectern_read that continues it.
import { TOOL } from '../../../src/core/ground/tools';

export interface Suggested {
  tool: string;
  /** The JSON as it stands in the answer. */
  raw: string;
  /** The parsed input, or undefined when the text after the tool name is not JSON. */
  input: unknown;
  /** Named in the answer's text (not meta.next, which continues the caller's own paging). */
  fromText: boolean;
  /** Placeholders the line marks as ones to fill in ("with NAME and FILE from …"). */
  templateWords: string[];
}

const TOOLS = Object.values(TOOL);
const CALL = new RegExp(`\\b(${TOOLS.join('|')})\\s*(?=\\{)`, 'g');
/** A word in capitals standing for a value to fill in. */
const PLACEHOLDER = /\b(NAME|FILE|PATH|QUERY|SYMBOL|TARGET|DIR|FOLDER|PATTERN|TEXT)\b/g;
const MARKED =
  /\bwith ((?:NAME|FILE|PATH|QUERY|SYMBOL|TARGET|DIR|FOLDER|PATTERN|TEXT)(?:(?:,| and| or) (?:NAME|FILE|PATH|QUERY|SYMBOL|TARGET|DIR|FOLDER|PATTERN|TEXT))*)\b/g;

/** The balanced {...} starting at text[start], strings and escapes respected. */
function objectAt(text: string, start: number): string {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) return text.slice(start, i + 1);
  }
  return text.slice(start);
}

function parse(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

function lineAround(text: string, index: number): string {
  const start = text.lastIndexOf('\n', index) + 1;
  const end = text.indexOf('\n', index);
  return text.slice(start, end < 0 ? text.length : end);
}

function callsInText(text: string): Suggested[] {
  const out: Suggested[] = [];
  for (const match of text.matchAll(CALL)) {
    const raw = objectAt(text, match.index + match[0].length);
    const templateWords = [...lineAround(text, match.index).matchAll(MARKED)].flatMap((m) =>
      m[1]!.split(/,? and |,? or |, /),
    );
    out.push({ tool: match[1]!, raw, input: parse(raw), templateWords, fromText: true });
  }
  return out;
}

function strings(value: unknown, key: string, out: string[]): void {
  if (key === 'content') return;
  if (typeof value === 'string') {
    // A legacy tool's text is its whole answer as JSON: its strings are read, not its escaped form.
    const inner = value.startsWith('{') ? parse(value) : undefined;
    if (inner && typeof inner === 'object') strings(inner, '', out);
    else out.push(value);
  } else if (Array.isArray(value)) for (const item of value) strings(item, key, out);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) if (k !== 'next') strings(v, k, out);
}

/** Every call the answer suggests, text first (in the order its strings appear), then meta.next. */
export function extractCalls(answer: unknown): Suggested[] {
  const texts: string[] = [];
  strings(answer, '', texts);
  const seen = new Set<string>();
  const out: Suggested[] = [];
  for (const call of texts.flatMap(callsInText)) {
    const key = `${call.tool} ${call.raw}`;
    if (seen.has(key)) continue; // the text and its hint often name the same call
    seen.add(key);
    out.push(call);
  }
  const next = (answer as { meta?: { next?: unknown } } | null)?.meta?.next;
  if (next && typeof next === 'object') {
    const raw = JSON.stringify(next);
    if (!seen.has(`${TOOL.read} ${raw}`))
      out.push({ tool: TOOL.read, raw, input: next, templateWords: [], fromText: false });
  }
  return out;
}

/** The placeholder words in a call's string values (whole words, in capitals). */
export function placeholdersOf(input: unknown): string[] {
  const found: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === 'string') for (const m of value.matchAll(PLACEHOLDER)) found.push(m[1]!);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(input);
  return [...new Set(found)];
}
