// Any failure as an answer: a LecternError keeps its code and hint; anything else is INTERNAL.
import { emptyMeta, LecternError, type ToolError, type ToolResponse } from './contract';

export function errorResponse(mode: string, target: string | string[] | null, error: unknown): ToolResponse {
  const failure: ToolError =
    error instanceof LecternError
      ? { code: error.code, message: error.message, hint: error.hint }
      : { code: 'INTERNAL', message: `Unexpected failure: ${(error as Error)?.message ?? String(error)}`, hint: 'Try again; if it persists, report it with the input that caused it.' };
  const details = error instanceof LecternError ? error.details : {};
  return {
    ok: false,
    mode,
    target,
    content: '',
    text: `Error ${failure.code}: ${failure.message}\n${failure.hint}`,
    meta: { ...emptyMeta(), ...details },
    location: null,
    error: failure,
  };
}
