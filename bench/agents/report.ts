// The bench's tables: per agent, each kind of read step with its share, the agent's tokens against
// Lectern's for the same calls, calls and lines shown; the read-like steps no call fits; and the
// lines of the gold patch and of the agent's own patch that each side showed.
import type { ReadKind } from './intent';
import type { StepResult, TaskResult } from './replay';

const KINDS: Array<[ReadKind, string]> = [
  ['whole-file', "whole-file views (`cat`, `nl`, a file's view)"],
  ['range', 'line-range views (`sed -n`, `head`, `tail`, `view_range`)'],
  ['search', 'searches (`grep`, `rg`)'],
  ['listing', 'listing and finding files (`ls`, `find`, `tree`) → mode `files`'],
];

function ratio(lectern: number, agent: number): string {
  return agent === 0 ? '—' : `×${(lectern / agent).toFixed(2)}`;
}

function pct(part: number, whole: number): string {
  return whole === 0 ? '—' : `${((100 * part) / whole).toFixed(1)}%`;
}

function sum(steps: readonly StepResult[], key: keyof Omit<StepResult, 'kind'>): number {
  return steps.reduce((n, s) => n + s[key], 0);
}

function kindRow(label: string, steps: readonly StepResult[], all: number): string {
  const agent = sum(steps, 'agentTokens');
  const lectern = sum(steps, 'lecternTokens');
  return `| ${label} | ${steps.length} (${pct(steps.length, all)}) | ${agent.toLocaleString('en')} → ${lectern.toLocaleString('en')} | **${ratio(lectern, agent)}** | ${sum(steps, 'calls')} | ${sum(steps, 'agentLines').toLocaleString('en')} → ${sum(steps, 'lecternLines').toLocaleString('en')} |`;
}

export function agentReport(agent: string, tasks: readonly TaskResult[]): string[] {
  // A refused call is a path the base tree has not: the agent's own scripts and build outputs (a run,
  // not a read of the project). Those steps are counted apart and left out of the ratios.
  const replayed = tasks.flatMap((t) => t.steps);
  const steps = replayed.filter((s) => s.errors === 0);
  const refused = replayed.filter((s) => s.errors > 0);
  const unmapped = new Map<string, { steps: number; tokens: number }>();
  for (const task of tasks) {
    for (const [reason, row] of task.unmapped) {
      const total = unmapped.get(reason) ?? { steps: 0, tokens: 0 };
      total.steps += row.steps;
      total.tokens += row.tokens;
      unmapped.set(reason, total);
    }
  }
  const unmappedSteps = [...unmapped.values()].reduce((n, r) => n + r.steps, 0);
  const readSteps = replayed.length + unmappedSteps;
  const projects = new Set(tasks.map((t) => t.id.replace(/-\d+$/, '')));
  const lines = [
    `### ${agent}: ${tasks.length} task runs over ${projects.size} projects, ${readSteps} read-like steps (${steps.length} replayed, ${refused.length} of files not in the base tree, ${unmappedSteps} with no fitting call)`,
    '',
    '| kind of step | steps (share of read steps) | agent tokens → Lectern tokens (o200k) | ratio | Lectern calls | lines shown, agent → Lectern |',
    '|---|---|---|---|---|---|',
    ...KINDS.map(([kind, label]) =>
      kindRow(
        label,
        steps.filter((s) => s.kind === kind),
        readSteps,
      ),
    ),
    kindRow('**all replayed read steps**', steps, readSteps),
    kindRow('(left out) a path not in the base tree: Lectern refused', refused, readSteps),
    '',
    'Read-like steps no Lectern call fits (counted, not replayed):',
    '',
    '| kind of step | steps | agent tokens |',
    '|---|---|---|',
    ...[...unmapped.entries()]
      .sort((a, b) => b[1].steps - a[1].steps)
      .map(([reason, r]) => `| ${reason} | ${r.steps} | ${r.tokens.toLocaleString('en')} |`),
    '',
    ...coverage(tasks),
  ];
  return lines;
}

function coverage(tasks: readonly TaskResult[]): string[] {
  const total = (key: 'gold' | 'own', side: 'total' | 'agent' | 'lectern') =>
    tasks.reduce((n, t) => n + t[key][side], 0);
  const row = (label: string, key: 'gold' | 'own') =>
    `| ${label} | ${total(key, 'total')} | ${total(key, 'agent')} (${pct(total(key, 'agent'), total(key, 'total'))}) | ${total(key, 'lectern')} (${pct(total(key, 'lectern'), total(key, 'total'))}) |`;
  return [
    '| lines of the base files a patch touches | lines | shown by the agent | shown by Lectern |',
    '|---|---|---|---|',
    row('gold patch (the PR, tests left out)', 'gold'),
    row("the agent's own patch", 'own'),
    '',
    `Lines are those of the base files at their numbers. ${tasks.reduce((n, t) => n + (t.otherVersion ?? 0), 0)} read steps ` +
      "showed a file the agent had edited (a line the base file does not have there): the replay reads the base tree, so those steps' lines count for neither side.",
  ];
}
