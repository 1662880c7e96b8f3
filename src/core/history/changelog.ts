// A session's edits by file with their intents: what /changes shows (a changelog from intents).
import { rangeLabel } from './pointer';
import type { HistoryTurn } from './types';

interface ChangeEntry {
  turn: number;
  tool: string;
  intent: string;
  lines: string | null;
}

function editsByFile(turns: readonly HistoryTurn[]): Map<string, ChangeEntry[]> {
  const files = new Map<string, ChangeEntry[]>();
  turns.forEach((turn, t) => {
    for (const round of turn.rounds)
      for (const call of round.calls) {
        if (call.kind !== 'edit') continue;
        const path = call.path ?? '(no file named)';
        const entry = {
          turn: t + 1,
          tool: call.tool,
          intent: call.intent?.trim() || '(no intent given)',
          lines: call.range ? rangeLabel(call.range) : null,
        };
        files.set(path, [...(files.get(path) ?? []), entry]);
      }
  });
  return new Map([...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Markdown: one heading per file, one bullet per edit, in the order they were made. */
export function renderChangelog(turns: readonly HistoryTurn[]): string {
  const files = editsByFile(turns);
  if (files.size === 0) return 'No edits in this conversation yet.';
  const out: string[] = [];
  for (const [path, entries] of files) {
    out.push(`### ${path}`);
    for (const e of entries) out.push(`- turn ${e.turn}${e.lines ? `, ${e.lines}` : ''} (${e.tool}): ${e.intent}`);
    out.push('');
  }
  return out.join('\n').trimEnd();
}
