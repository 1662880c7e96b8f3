// What a tool call was, for retention: a read (of which file and lines), an edit (with its intent),
// a command output, or something else. Lectern's own tools are known exactly, from what their
// mode's descriptor says (CallTraits, passed by the caller: tools/catalog.ts); other tools (the
// user's enabled ones) are judged by name and by the usual input fields.
import type { ToolResponse } from '../ground/contract';
import type { CallTraits } from '../ground/descriptor';
import type { HistoryCall, LineRange } from './types';

export type CallFacts = Pick<HistoryCall, 'kind' | 'path' | 'range' | 'outline' | 'intent' | 'ephemeral' | 'latest'>;

/** Where an answer said it came from (ToolResponse.location / meta), when the tool is Lectern's. */
export interface AnswerPlace {
  file: string;
  start_line: number | null;
  end_line: number | null;
  /** The answer repeats no text: it points to an earlier call (meta.deduplicated_from). */
  deduplicated?: boolean;
}

const MAX_INTENT_CHARS = 200;
const EDIT = /edit|write|replace|insert|create|apply|patch|rename|delete/i;
const OUTPUT = /terminal|run_in|command|shell|exec|task|bash|run_test|runTest/i;
const READ = /(^|_)(read|view|open|get_file|cat)(_|$)|readFile|read_file|getFile/i;

function str(input: Record<string, unknown>, ...keys: string[]): string | undefined {
  for (const key of keys) {
    const value = input[key];
    if (typeof value === 'string' && value.length > 0) return value;
  }
  return undefined;
}

function int(input: Record<string, unknown>, ...keys: string[]): number | undefined {
  for (const key of keys) {
    const value = input[key];
    if (typeof value === 'number' && Number.isInteger(value) && value >= 1) return value;
  }
  return undefined;
}

function range(start: number | undefined | null, end: number | undefined | null): LineRange | undefined {
  if (!start || !end || end < start) return undefined;
  return { start, end };
}

function intentOf(input: Record<string, unknown>): string | undefined {
  const text = str(input, 'intent', 'explanation', 'reason', 'description', 'summary', 'message');
  if (!text) return undefined;
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= MAX_INTENT_CHARS ? line : `${line.slice(0, MAX_INTENT_CHARS - 1)}…`;
}

/**
 * A call of Lectern's tools, as its mode's descriptor says history keeps it (its traits), with
 * where its answer came from: a read of the lines it holds, of an outline, or a call kept as is.
 */
export function classifyLecternRead(
  traits: CallTraits | undefined,
  rawInput: unknown,
  place?: AnswerPlace | null,
): CallFacts {
  const input = rawInput && typeof rawInput === 'object' ? (rawInput as Record<string, unknown>) : {};
  if (!traits || traits.history === 'as-is') return { kind: 'other' };
  if (traits.history === 'latest') return { kind: 'other', latest: true };
  const path = place?.file ?? (traits.namedPath || undefined);
  if (!path) return { kind: 'other' };
  const outline = traits.history === 'outline';
  return {
    kind: 'read',
    path,
    ...(outline
      ? { outline }
      : range(place?.start_line, place?.end_line)
        ? { range: range(place?.start_line, place?.end_line) }
        : {}),
    ...(input.ephemeral === true ? { ephemeral: true } : {}),
    ...(place?.deduplicated ? { stub: true } : {}),
  };
}

/** Another tool's call (the user's enabled ones), judged by its name and the usual input fields. */
export function classifyCall(tool: string, rawInput: unknown): CallFacts {
  // Lectern's own are known from their descriptors (classifyLecternCall), never guessed from a name.
  if (tool.startsWith('lectern_')) return { kind: 'other' };
  const input = rawInput && typeof rawInput === 'object' ? (rawInput as Record<string, unknown>) : {};
  const path = str(input, 'filePath', 'path', 'file', 'target', 'uri', 'fileName');
  if (EDIT.test(tool) && !READ.test(tool)) {
    const start = int(input, 'startLine', 'start_line', 'line');
    const end = int(input, 'endLine', 'end_line') ?? start;
    return {
      kind: 'edit',
      ...(path ? { path } : {}),
      ...(range(start, end) ? { range: range(start, end) } : {}),
      ...(intentOf(input) ? { intent: intentOf(input) } : {}),
    };
  }
  if (OUTPUT.test(tool)) return { kind: 'output' };
  if (READ.test(tool) && path) {
    const start = int(input, 'startLine', 'start_line', 'offset', 'startLineNumberBaseOne');
    const end =
      int(input, 'endLine', 'end_line', 'endLineNumberBaseOne') ??
      (start && int(input, 'limit') ? start + int(input, 'limit')! - 1 : undefined);
    return {
      kind: 'read',
      path,
      ...(range(start, end) ? { range: range(start, end) } : {}),
      ...(input.ephemeral === true ? { ephemeral: true } : {}),
    };
  }
  return { kind: 'other' };
}

/** A Lectern tool's call, from its traits and its answer: where it read, or nothing when it failed (it holds no lines). */
export function classifyLecternCall(traits: CallTraits | undefined, input: unknown, response: ToolResponse): CallFacts {
  if (!response.ok) return { kind: 'other' };
  const place = response.location
    ? {
        file: response.location.file,
        start_line: response.meta.start_line,
        end_line: response.meta.end_line,
        deduplicated: response.meta.deduplicated_from !== undefined,
      }
    : null;
  return classifyLecternRead(traits, input, place);
}
