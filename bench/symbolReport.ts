// The symbol part of `npm run bench`: which real files it reads, the shapes of its results, and its
// summary on the terminal (docs/benchmarks.md is rendered from the JSON by bench/summary.ts).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bytes, count, growth, ms, ratio } from './format';
import type {
  IndexResult,
  SymbolCase,
  SymbolColdResult,
  SymbolFileResult,
  SymbolFileSpec,
  SymbolMemoryResult,
  TokensResult,
} from './types';
import { caseOf, median, p95, verdictOutlines, verdictWarm1MB } from './verdicts';

/** Real files of ~100 KB, ~1 MB (TypeScript declarations and plain JavaScript) and ~9 MB. */
export function symbolFiles(root: string): SymbolFileSpec[] {
  const at = (shown: string) => ({ shown, path: join(root, shown) });
  return [
    {
      id: '100k',
      sizeClass: '100 KB',
      ...at('node_modules/@types/node/http.d.ts'),
      symbol: 'http.Agent',
      snippetLine: 908,
    },
    {
      id: '1m-ts',
      sizeClass: '1 MB',
      ...at('node_modules/playwright-core/types/types.d.ts'),
      symbol: 'Locator.click',
      snippetLine: 15063,
    },
    {
      id: '1m-js',
      sizeClass: '1 MB',
      ...at('node_modules/@azure/msal-browser/lib/msal-browser.js'),
      symbol: 'CacheManager.getIdToken',
      snippetLine: 5010,
    },
    {
      id: '9m',
      sizeClass: '9 MB',
      ...at('node_modules/typescript/lib/typescript.js'),
      symbol: 'createTypeChecker.checkModuleDeclaration',
      snippetLine: 90300,
    },
  ];
}

/** The npm package a file comes from, with its version (the files change with the versions). */
export function packageOf(root: string, shown: string): string {
  const match = /^node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(shown);
  if (!match) return '';
  try {
    const version = (
      JSON.parse(readFileSync(join(root, 'node_modules', match[1]!, 'package.json'), 'utf8')) as { version?: string }
    ).version;
    return `${match[1]}@${version ?? '?'}`;
  } catch {
    return match[1]!;
  }
}

export function coldRuns(file: SymbolFileSpec): number {
  return file.id === '9m' ? 3 : 5;
}

export interface PartRun {
  date: Date;
  loadStart: number;
  loadEnd: number;
  wallMs: number;
  code: string;
  cpus: number;
}

export interface ReadsPart {
  run: PartRun;
  files: { spec: SymbolFileSpec; pkg: string; cold: SymbolColdResult[]; warm: SymbolFileResult }[];
  skipped: string[];
  tokenCap: number;
}

export interface SymbolParts {
  reads?: ReadsPart;
  memory?: { run: PartRun; spec: SymbolFileSpec; result: SymbolMemoryResult };
  index?: { run: PartRun; result: IndexResult; budgetMs: number; maxFileBytes: number };
  tokens?: { run: PartRun; result: TokensResult };
  /** Parts whose child process failed, with why. */
  failed?: Partial<Record<'memory' | 'index' | 'tokens', string>>;
}

export function symbolSummary(parts: SymbolParts): string {
  const out: string[] = [];
  if (parts.reads) {
    out.push('', 'Symbols (median / p95 ms)');
    for (const f of parts.reads.files) {
      const pair = (c: SymbolCase | undefined) =>
        c ? `${ms(c.engine.median)}/${ms(c.engine.p95)}${c.outcome.ok ? '' : ` ${c.outcome.code}`}` : '—';
      const cold = f.cold.map((c) => c.ms);
      out.push(
        `  ${f.spec.shown.padEnd(52)} cold ${`${ms(median(cold))}/${ms(p95(cold))}`.padEnd(11)} symbol ${pair(caseOf(f.warm, 'symbol')).padEnd(11)} outline ${pair(caseOf(f.warm, 'outline')).padEnd(11)} snippet ${pair(caseOf(f.warm, 'snippet')).padEnd(11)} parse ${ms(f.warm.stages.parseMs)}`,
      );
    }
    out.push(
      '',
      verdictWarm1MB(parts.reads).text.replace(/\*\*/g, ''),
      '',
      verdictOutlines(parts.reads).text.replace(/\*\*/g, ''),
    );
  }
  if (parts.memory) {
    const s = parts.memory.result.samples;
    out.push(
      '',
      `Memory, ${s.length} outlines of new versions of the 9 MB file: RSS after GC ${s.map((x) => bytes(x.rss)).join(' → ')}; WASM heap ${s.map((x) => bytes(x.wasmBytes)).join(' → ')}`,
    );
  }
  if (parts.index) {
    const r = parts.index.result;
    const indexMs = r.calls.reduce((a, c) => a + c.ms, 0);
    out.push(
      '',
      `Index: ${count(r.indexedFiles)} files (${bytes(r.indexedBytes)}) in ${(indexMs / 1000).toFixed(1)} s over ${r.calls.length} calls = ${count(Math.round(r.indexedFiles / (indexMs / 1000)))} files/s; peak ΔRSS ${growth(r.mem.rss)}; warm query ${ms(r.warm.median)} ms`,
    );
  }
  if (parts.tokens) {
    out.push('', 'Tokens (median answer / whole file, saving, answer ÷ numbered span):');
    for (const l of parts.tokens.result.languages)
      out.push(
        `  ${`${l.language} (${l.source})`.padEnd(22)} ${count(l.answer)} / ${count(l.file)}  ${ratio(l.saving)}  ${l.answerOverNumberedSpan.toFixed(2)}`,
      );
  }
  return out.join('\n') + '\n';
}

export function fileExists(path: string): boolean {
  return existsSync(path);
}
