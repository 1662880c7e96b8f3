// The validation's adjustments (a value clamped to its maximum) said at the end of an answer.
import type { ToolResponse } from '../ground/contract';

export function withNotes(response: ToolResponse, notes: string[]): ToolResponse {
  if (notes.length === 0 || !response.ok) return response;
  response.meta.notes = [...notes, ...(response.meta.notes ?? [])];
  response.text += '\n' + notes.map((n) => `[${n}]`).join('\n');
  return response;
}
