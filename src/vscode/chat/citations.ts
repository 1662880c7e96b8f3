// Lines an answer cited (path:12 or path:12-40): the retention module never drops the only copy
// of them. No vscode import.
import type { Citation } from '../../core/history';

const CITE = /([\w@.+-]+(?:\/[\w@.+-]+)*\.[A-Za-z][A-Za-z0-9]*)(?::|#L| line )(\d+)(?:\s*[-–]\s*L?(\d+))?/g;

export function citationsIn(answer: string): Citation[] {
  const out: Citation[] = [];
  for (const m of answer.matchAll(CITE)) {
    const start = Number(m[2]);
    const end = m[3] === undefined ? start : Number(m[3]);
    if (start >= 1 && end >= start) out.push({ path: m[1]!, range: { start, end } });
  }
  return out;
}
