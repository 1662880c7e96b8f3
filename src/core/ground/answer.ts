// An answer on its way out, in parts: the tool's own text (its header, lines and next call), the
// notes said after it, the answers of a list read, a pointer the session put in its place, and the
// session's footer. Modes return a Draft, the session layer judges and annotates it, and render()
// writes the model-facing `text` once, at the end.
import type { ToolResponse } from './contract';
import type { ReadEnv } from './env';

export interface Draft {
  /** The tool's answer: all but `text` final; `text` holds the tool's own text until render(). */
  response: ToolResponse;
  /** Said after the tool's text, one `[note]` line each (the validation's adjustments, a snippet's expansion). */
  notes: string[];
  /** A list read: one draft per target (their responses are `response.results`), shown one after another. */
  parts?: Draft[];
  /** A list read: what follows its answers (the line on targets that failed). */
  closing?: string;
  /** The session's pointer to an earlier answer, shown instead of this answer's text and notes. */
  pointer?: string;
  /** The session's `[CODE: …]` lines, shown last. */
  footer: string[];
  /** The text shows a line cut for display: the model did not see the answer whole (never pointed to later). */
  displayCut?: boolean;
}

export function draft(response: ToolResponse, notes: string[] = []): Draft {
  return { response, notes: [...notes], footer: [] };
}

/** The draft of what `read` answers, noting whether it shows a line cut for display (ReadEnv.onDisplayCut). */
export async function draftOfRead<E extends ReadEnv>(env: E, read: (env: E) => Promise<ToolResponse>): Promise<Draft> {
  let cut = false;
  const response = await read({ ...env, onDisplayCut: () => (cut = true) });
  return cut ? { ...draft(response), displayCut: true } : draft(response);
}

/** A list read's draft: its parts, and the closing line after them. */
export function listDraft(response: ToolResponse, parts: Draft[], closing: string): Draft {
  response.results = parts.map((p) => p.response);
  return { response, notes: [], parts, closing, footer: [] };
}

/** Notes on an answer that succeeded: first in meta.notes, last in its text. */
export function addNotes(answer: Draft, notes: readonly string[]): Draft {
  if (notes.length === 0 || !answer.response.ok) return answer;
  answer.response.meta.notes = [...notes, ...(answer.response.meta.notes ?? [])];
  answer.notes.push(...notes);
  return answer;
}

/** The answer's text without the session's footer: what the session judges (hashes, pointers). */
export function bodyText(answer: Draft): string {
  if (answer.pointer !== undefined) return answer.pointer;
  if (answer.parts) return answer.parts.map(bodyText).join('\n\n') + (answer.closing ?? '');
  if (answer.notes.length === 0) return answer.response.text;
  return [answer.response.text, ...answer.notes.map((n) => `[${n}]`)].join('\n');
}

/** Writes the model-facing text of the answer (and of each of its parts): the one place it is composed. */
export function render(answer: Draft): ToolResponse {
  const body = bodyText(answer);
  for (const part of answer.parts ?? []) render(part);
  answer.response.text = answer.footer.length > 0 ? `${body}\n${answer.footer.join('\n')}` : body;
  return answer.response;
}
