// The answers inside a response (one per target of a list read) and what the session layer reads
// off each: the file it came from, that file's version, and the line range it shows.
import type { ToolResponse } from '../ground/contract';

export interface FileOf {
  absolute: string;
  display: string;
  version: string | null;
}

/** A response's answers: one per target of a list read, else itself. */
export function partsOf(response: ToolResponse): ToolResponse[] {
  return response.results ?? [response];
}

export function fileOf(part: ToolResponse): FileOf | null {
  const absolute = part.meta.absolute_path;
  if (typeof absolute !== 'string') return null;
  const display = part.location?.file ?? (typeof part.target === 'string' ? part.target : absolute);
  return { absolute, display, version: typeof part.meta.version === 'string' ? part.meta.version : null };
}

/** An answer a later identical call may change (ReadMeta.provisional; in a list read, one of its answers): not a repeat. */
export function isProvisional(response: ToolResponse): boolean {
  return partsOf(response).some((p) => p.meta.provisional === true);
}

export function rangeOf(part: ToolResponse): { start: number; end: number } | null {
  const { start_line: start, end_line: end } = part.meta;
  return typeof start === 'number' && typeof end === 'number' && end >= start ? { start, end } : null;
}
