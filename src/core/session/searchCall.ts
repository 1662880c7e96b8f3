// The concrete lectern_search call the session layer suggests instead of another read.
import { callText } from '../ground/format';

/** A concrete search for what a read was after: in its file (else the workspace), for its symbol name when it had one. */
export function searchCall(input: Record<string, unknown> | undefined, file: string | null): string {
  const given = input?.target;
  const target = Array.isArray(given) ? given[0] : given;
  const scoped = (where: unknown, query: string) => callText('lectern_search', typeof where === 'string' ? { target: where, query } : { query });
  if (input?.mode === 'symbol' && typeof target === 'string') {
    return scoped(file ?? input.path, target.split(/[.:/#]+/).filter(Boolean).pop() ?? target);
  }
  return scoped(file ?? target, 'NAME');
}
