// What the status-bar item says for a session: text, colour, tooltip (Markdown). Pure, so unit
// tests check it without VS Code; statusBar.ts applies it.
import { formatCount, plural } from '../core/ground/format';
import type { BudgetState, SessionSnapshot } from '../core/ground/stabilization';

export interface StatusView {
  text: string;
  /** A theme colour id for the item's background (the only two VS Code honours there). */
  background: 'statusBarItem.warningBackground' | 'statusBarItem.errorBackground' | undefined;
  /** Markdown for the tooltip. */
  tooltip: string;
  /** What a screen reader says. */
  accessibility: string;
}

const STATE_TEXT: Record<BudgetState, string> = {
  ok: 'within budget',
  soft: 'soft limit reached: answers are shortened, search first',
  hard: 'hard limit reached: broad reads page by 60 lines; symbols and short ranges are served whole',
};

export function statusView(snapshot: SessionSnapshot): StatusView {
  const { metrics: m, limits: l } = snapshot;
  const hard = (soft: number) => Math.floor(soft * l.hardLimitMultiplier);
  const text = `$(book) Lectern ${formatCount(m.reads_count)}/${formatCount(l.maxReadsPerSession)} reads · ${formatCount(m.reads_lines_total)}/${formatCount(l.maxTotalReadLines)} lines`;
  const background =
    snapshot.budget_state === 'hard'
      ? 'statusBarItem.errorBackground'
      : snapshot.budget_state === 'soft'
        ? 'statusBarItem.warningBackground'
        : undefined;
  const row = (name: string, used: number, soft: number) =>
    `| ${name} | ${formatCount(used)} | ${formatCount(soft)} | ${formatCount(hard(soft))} |`;
  const percent = Math.round(m.read_after_search_ratio * 100);
  const lines = [
    `**Lectern session** — ${STATE_TEXT[snapshot.budget_state]}`,
    '',
    '| | used | soft limit | hard limit |',
    '|---|---:|---:|---:|',
    row('reads', m.reads_count, l.maxReadsPerSession),
    row('lines read', m.reads_lines_total, l.maxTotalReadLines),
    `| largest read | ${formatCount(m.max_read_span)} | ${formatCount(l.maxSingleReadLines)} | |`,
    '',
    `Tokens served ${formatCount(m.tokens_served)}, saved ${formatCount(m.tokens_saved)} · ` +
      `${formatCount(m.deduplicated_reads)} de-duplicated · ${formatCount(m.preview_degraded_count)} degraded · ` +
      `${plural(m.search_count, 'search', 'searches')}, ${percent}% of reads after a search`,
  ];
  const last = snapshot.warnings[snapshot.warnings.length - 1];
  if (last) lines.push('', `Latest warning: \`${last.code}\` ${escapeMarkdown(last.message)}`);
  lines.push('', 'Click to open the dashboard.');
  return {
    text,
    background,
    tooltip: lines.join('\n'),
    accessibility: `Lectern: ${m.reads_count} of ${l.maxReadsPerSession} reads, ${m.reads_lines_total} of ${l.maxTotalReadLines} lines, ${STATE_TEXT[snapshot.budget_state]}`,
  };
}

/** Characters that would turn a message into Markdown or HTML. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!<>|~]/g, (c) => `\\${c}`).replace(/\s*\n\s*/g, ' ');
}
