// The text of a palette read's virtual document: a short header with the answer's metadata, then,
// byte for byte, the text a model would receive for the same call. No vscode import (unit-tested).
import type { ToolResponse } from '../../core/ground/contract';
import { formatCount, plural } from '../../core/ground/format';

const ANSWER_RULE = '─'.repeat(24) + ' what a model receives ' + '─'.repeat(24);

function span(meta: ToolResponse['meta']): string | null {
  if (meta.start_line === null || meta.end_line === null) return null;
  return `lines ${meta.start_line}-${meta.end_line}${meta.total_lines !== null ? ` of ${meta.total_lines}` : ''}`;
}

/** The header shows the answer's own token figure (meta.token_estimate), the one the dashboard and the CLI show. */
export function answerDocument(tool: string, input: unknown, response: ToolResponse): string {
  const meta = response.meta;
  const stab = meta.stabilization;
  const facts = [
    `tokens: ${formatCount(meta.token_estimate)} (o200k)`,
    span(meta),
    // meta.truncated means "not the whole file" (true of any range or outline): the span and the next
    // call say that; only a cut made by the session's budget is news here.
    meta.preview_degraded ? 'shortened by the session budget' : null,
    response.ok ? null : `error: ${response.error?.code ?? 'unknown'}`,
  ].filter((x) => x !== null);
  const header = [
    `Lectern · ${tool} ${JSON.stringify(input)}`,
    facts.join(' · '),
    // meta.next pages on through this answer; other calls an answer suggests are in its text.
    `next page: ${meta.next ? `${tool} ${JSON.stringify(meta.next)}` : 'none'}`,
    ...(stab
      ? [
          `session: ${plural(stab.metrics_snapshot.reads_count, 'read')}, ${plural(stab.metrics_snapshot.search_count, 'search', 'searches')}, budget ${stab.budget_state}`,
        ]
      : []),
    ANSWER_RULE,
  ];
  return `${header.join('\n')}\n${response.text}\n`;
}

/** The model's text back out of a virtual document (tests, and the "copy answer" path). */
export function modelText(document: string): string {
  const at = document.indexOf(`${ANSWER_RULE}\n`);
  return at === -1 ? document : document.slice(at + ANSWER_RULE.length + 1).replace(/\n$/, '');
}
