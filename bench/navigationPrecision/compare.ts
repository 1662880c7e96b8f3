// --compare=FILE: this run against an earlier run's JSON (the same seed draws the same symbols): each
// language's pooled figures before → now, and the symbols whose right, wrong or missed lines changed.
import { readFileSync } from 'node:fs';
import type { LanguageResult } from './run';
import { pooled } from './scoring';

const percent = (value: number | undefined) => (value === undefined ? 'n/a' : `${(value * 100).toFixed(1)}%`);

export function compareRuns(earlierFile: string, now: readonly LanguageResult[]): string {
  const earlier = (JSON.parse(readFileSync(earlierFile, 'utf8')) as { results: LanguageResult[] }).results;
  const out: string[] = [`compared with ${earlierFile}:`];
  for (const result of now) {
    const before = earlier.find((r) => r.language === result.language);
    if (!before) continue;
    const [a, b] = [pooled(before.symbols), pooled(result.symbols)];
    out.push(
      `${result.language}: recall ${percent(a.recall)} → ${percent(b.recall)}, unmarked ${percent(a.unmarked)} → ${percent(b.unmarked)}, ~ ${percent(a.marked)} → ${percent(b.marked)}`,
    );
    for (const symbol of result.symbols) {
      const old = before.symbols.find((s) => s.repo === symbol.repo && s.target === symbol.target);
      const shape = (s: typeof symbol) => `${s.found}/${s.oracle} found, ${s.wrong.length} wrong`;
      if (!old) out.push(`  ${symbol.repo} ${symbol.target}: new (${shape(symbol)})`);
      else if (shape(old) !== shape(symbol))
        out.push(`  ${symbol.repo} ${symbol.target}: ${shape(old)} → ${shape(symbol)}`);
    }
  }
  return out.join('\n');
}
