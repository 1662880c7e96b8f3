// bench:navigation --precision: Lectern's `references` and `map` against the compilers' own answers
// (oracles.ts) on real packages (corpus.ts), per language, for one engine (engines.ts).
//   --engine=tree-sitter|language-server|scip   the source under test (default tree-sitter)
//   --language=typescript|python|go             one language only
//   --seed=N --per-stratum=N                    the draw (default 38 and 8: 40 symbols per language)
//   --json=FILE                                 per-symbol results (default docs/navigation-precision-ENGINE.json)
//   --compare=FILE                              also: what changed since an earlier run's JSON
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { nodeTokenCounter } from '../../src/node/tokenizer';
import { grepOutput, PRECISION_REPOS, repoRoot, type Language, type PrecisionRepo } from './corpus';
import { engineName, engineSetup, type EngineName } from './engines';
import { compareRuns } from './compare';
import { defaultMap, lecternFor, referencesOf } from './lectern';
import type { Declaration } from './oracle';
import { oracleFor } from './oracles';
import { median, parseReferences, pooled, scoreAnswer, type SymbolScore } from './scoring';
import { drawSymbols, mostUsed, type Stratum } from './select';

const ROOT = resolve(__dirname, '..', '..');
const LANGUAGES: Language[] = ['typescript', 'python', 'go'];

export interface SymbolResult extends SymbolScore {
  repo: string;
  target: string;
  stratum: Stratum;
  kind: Declaration['kind'];
  declared: string;
  answeredBy: string;
  pages: number;
  tokens: number;
  grepTokens: number;
  error?: string;
}

export interface MapResult {
  repo: string;
  top10: string[];
  named: string[];
}

export interface LanguageResult {
  language: Language;
  oracle: string;
  symbols: SymbolResult[];
  maps: MapResult[];
}

const says = (text: string, name: string) =>
  new RegExp(`(?<![\\w$])${name.replace(/\$/g, '\\$')}(?![\\w$])`).test(text);

async function measureLanguage(
  language: Language,
  engine: EngineName,
  seed: number,
  perStratum: number,
): Promise<LanguageResult> {
  const repos = PRECISION_REPOS.filter((repo) => repo.language === language);
  const oracles = new Map(repos.map((repo) => [repo.name, oracleFor(repo)]));
  const declared = repos.map((repo) => {
    process.stderr.write(`precision: ${repo.name}: ${oracles.get(repo.name)!.name} (cached after the first run)…\n`);
    return { repo: repo.name, declarations: oracles.get(repo.name)!.declarations() };
  });
  const drawn = drawSymbols(declared, perStratum, seed);
  const symbols: SymbolResult[] = [];
  const maps: MapResult[] = [];
  for (const repo of repos) {
    const root = repoRoot(repo);
    const chosen = drawn.filter((c) => c.repo === repo.name);
    const truths = oracles.get(repo.name)!.references(chosen.map((c) => c.declaration));
    const setup = await engineSetup(engine, root, language);
    try {
      const lectern = lecternFor(root, setup, ROOT);
      for (const [i, { declaration, stratum }] of chosen.entries()) {
        const run = await referencesOf(lectern, declaration.path, nodeTokenCounter);
        const own = `${declaration.file}:${declaration.line}`;
        const score = scoreAnswer(run.pages.flatMap(parseReferences), truths[i]!, own);
        const grep = grepOutput(root, repo.extension, declaration.name);
        symbols.push({
          repo: repo.name,
          target: declaration.path,
          stratum,
          kind: declaration.kind,
          declared: own,
          answeredBy: run.answeredBy,
          pages: run.pages.length,
          tokens: run.tokens,
          grepTokens: nodeTokenCounter(grep),
          ...(run.error ? { error: run.error } : {}),
          ...score,
        });
      }
      maps.push(mapResult(repo, await defaultMap(lectern), declared.find((d) => d.repo === repo.name)!.declarations));
      await lectern.dispose();
    } finally {
      await setup.dispose();
    }
  }
  return { language, oracle: [...new Set([...oracles.values()].map((o) => o.name))].join(', '), symbols, maps };
}

function mapResult(repo: PrecisionRepo, map: string, declarations: Declaration[]): MapResult {
  const top10 = [...new Set(mostUsed(declarations, 20).map((d) => d.name))].slice(0, 10);
  return { repo: repo.name, top10, named: top10.filter((name) => says(map, name)) };
}

const percent = (value: number | undefined) => (value === undefined ? 'n/a' : `${(value * 100).toFixed(1)}%`);

/** The issue's table: one column per language. */
export function table(results: readonly LanguageResult[], engine: EngineName): string {
  const head = `| ${engine} | ${results.map((r) => r.language).join(' | ')} |`;
  const rule = `|---|${results.map(() => '---').join('|')}|`;
  const row = (label: string, cell: (r: LanguageResult) => string) => `| ${label} | ${results.map(cell).join(' | ')} |`;
  const sum = (r: LanguageResult, pick: (s: SymbolResult) => number) => r.symbols.reduce((t, s) => t + pick(s), 0);
  return [
    head,
    rule,
    row('symbols (repositories)', (r) => `${r.symbols.length} (${r.maps.map((m) => m.repo).join(', ')})`),
    row('recall (every page followed)', (r) => `${percent(pooled(r.symbols).recall)} of ${sum(r, (s) => s.oracle)}`),
    row(
      'precision of lines listed without `~`',
      (r) => `${percent(pooled(r.symbols).unmarked)} of ${sum(r, (s) => s.unmarked)}`,
    ),
    row('precision of lines marked `~`', (r) => `${percent(pooled(r.symbols).marked)} of ${sum(r, (s) => s.marked)}`),
    row('tokens vs `grep -rnw` (median per symbol)', (r) => {
      const ratios = r.symbols.filter((s) => s.grepTokens > 0).map((s) => s.tokens / s.grepTokens);
      return (median(ratios) ?? 0).toFixed(2);
    }),
    row('map names of the top 10', (r) => r.maps.map((m) => `${m.repo} ${m.named.length}/10`).join(', ')),
    row('oracle', (r) => r.oracle),
  ].join('\n');
}

/** Recall and precision per stratum: where the misses and the false lines are. */
export function strataTable(results: readonly LanguageResult[]): string {
  const lines = [
    '| language | stratum | symbols | recall | precision unmarked | precision `~` |',
    '|---|---|---:|---:|---:|---:|',
  ];
  for (const result of results)
    for (const stratum of new Set(result.symbols.map((s) => s.stratum))) {
      const of = result.symbols.filter((s) => s.stratum === stratum);
      const p = pooled(of);
      lines.push(
        `| ${result.language} | ${stratum} | ${of.length} | ${percent(p.recall)} | ${percent(p.unmarked)} | ${percent(p.marked)} |`,
      );
    }
  return lines.join('\n');
}

export async function runPrecision(argv: readonly string[]): Promise<void> {
  const value = (name: string) => argv.find((arg) => arg.startsWith(`${name}=`))?.split('=')[1];
  const engine = engineName(value('--engine'));
  const only = value('--language');
  const seed = Number(value('--seed') ?? 38);
  const perStratum = Number(value('--per-stratum') ?? 8);
  const json = value('--json') ?? join(ROOT, 'docs', `navigation-precision-${engine}.json`);
  execFileSync(process.execPath, ['esbuild.mjs'], { cwd: ROOT, stdio: 'pipe' }); // the grammars in dist/
  const results: LanguageResult[] = [];
  for (const language of LANGUAGES.filter((l) => only === undefined || l === only)) {
    process.stderr.write(`precision: ${language}…\n`);
    results.push(await measureLanguage(language, engine, seed, perStratum));
  }
  const when = new Date().toISOString().slice(0, 10);
  const machine = `${os.cpus().length} cores, load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;
  // Read before this run's file replaces it (the default --json is the committed run).
  const comparison = value('--compare') ? compareRuns(value('--compare')!, results) : '';
  writeFileSync(json, JSON.stringify({ date: when, engine, seed, perStratum, machine, results }, null, 1) + '\n');
  process.stdout.write(
    `${table(results, engine)}\n\n${strataTable(results)}\n\n(${when}; ${machine}; per symbol: ${json})\n${comparison ? `\n${comparison}\n` : ''}`,
  );
}
