// The workspace-search part of `npm run bench` (`--only=search`): `lectern_search` without a target
// against `grep -rn` on the same tree in the same run, on a generated tree of 6,000 source files and
// on this repository's node_modules (real packages, with Lectern's default exclusions; there grep
// also runs over exactly the files Lectern searched). One child process per tree (bench/searchChild.ts).
import { execFileSync } from 'node:child_process';
import { runBenchChild } from './childProcess';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { bytes, count, ms, ratio } from './format';
import { makeLineGenerator } from './generate';
import type { Mem, Stats } from './types';
import { ripgrepInVscode, ripgrepOnPath } from '../src/node/ripgrep';

export interface SearchJob {
  id: string;
  label: string;
  /** The tree as the report names it. */
  shown: string;
  name: string;
  root: string;
  scratch: string;
  runs: number;
  /** Also time grep over exactly the files Lectern searched. */
  sameFiles: boolean;
  queries: { id: string; label: string; input: Record<string, unknown>; grepFlags: string[]; grepPattern: string }[];
  /** ripgrep, when one is found: Lectern warm with it as the candidate finder, against `rg -n`. */
  ripgrep?: string;
  /** The built CLI, started as `lectern mcp` over stdio for the MCP row (with ripgrep). */
  mcpCli?: string;
}

export interface SearchQueryResult {
  id: string;
  label: string;
  input: Record<string, unknown>;
  grep: string;
  ok: boolean;
  error?: string;
  engine: Stats;
  engineCpu: Stats;
  grepRn: Stats;
  grepSame?: Stats;
  matches: number;
  files: number;
  searched: number;
  shown: number;
  skipped?: { binary: number; too_large: number; unreadable: number; folders: number; by_rule: number };
  complete: boolean;
  tokens: number;
  grepRnLines: number;
  grepSameLines?: number;
  /** A warm engine (one per tree, as an MCP server keeps) with ripgrep as the candidate finder. */
  engineRg?: Stats;
  /** `rg -n` over the tree, one process per query. */
  rgRn?: Stats;
  rgRnLines?: number;
  /** The warm engine with ripgrep answered exactly as a new engine without it (text and meta). */
  sameAnswer?: boolean;
  /** `lectern mcp` over stdio (warm, ripgrep as its finder), in rounds of its own alternating with `rg -n`. */
  mcpRg?: Stats;
  /** `rg -n` in those rounds (older runs have none: their MCP figures were set against rgRn). */
  rgMcp?: Stats;
  mem: Mem;
  head: string;
}

export interface SearchTreeResult {
  id: string;
  label: string;
  root: string;
  /** Every regular file of the tree (what grep -rn reads) and their bytes. */
  files: number;
  bytes: number;
  /** Files the walker lists, and those within the size limit (what Lectern reads) and their bytes. */
  listed: number;
  searchable: number;
  listedBytes: number;
  queries: SearchQueryResult[];
  /** The warm engine's first two searches (for text no file holds): it learns the files, then keeps their grams. */
  warmUp?: {
    learnMs: number;
    keepMs: number;
    /** Then a search for text no file holds, against `rg -n` for it; and over MCP, in rounds of its own with `rg -n`. */
    absent?: { engine: Stats; rgRn: Stats; mcp?: { mcpRg: Stats; rgRn: Stats } };
  };
}

export interface SearchPart {
  date: Date;
  code: string;
  cpus: number;
  loadStart: number;
  loadEnd: number;
  wallMs: number;
  generateMs: number;
  trees: SearchTreeResult[];
  skipped: string[];
}

const GEN = { packages: 30, modules: 10, files: 20, lines: 120, needleEvery: 97 };
const RUNS = 5;

/** 6,000 TypeScript-like files (the generator of the file-read bench, one seed per file) in 300 folders. */
function generateTree(root: string): number {
  let n = 0;
  for (let p = 0; p < GEN.packages; p++) {
    for (let m = 0; m < GEN.modules; m++) {
      const dir = join(root, `pkg${String(p).padStart(2, '0')}`, 'src', `mod${m}`);
      mkdirSync(dir, { recursive: true });
      for (let f = 0; f < GEN.files; f++, n++) {
        const next = makeLineGenerator(n + 1);
        const lines: string[] = [];
        for (let i = 0; i < GEN.lines; i++) lines.push(next());
        if (n % GEN.needleEvery === 0) lines[60] = `  // lecternBenchNeedle ${n}`;
        writeFileSync(join(dir, `file${f}.ts`), lines.join('\n') + '\n');
      }
    }
  }
  return n;
}

/** The ripgrep the bench runs: $LECTERN_RIPGREP, rg on PATH, else the one code-server ships in the host cache. */
function benchRipgrep(): string | undefined {
  const chosen = process.env.LECTERN_RIPGREP;
  if (chosen === 'off') return undefined;
  const cache =
    process.env.LECTERN_HOST_CACHE || join(os.homedir(), '.cache', 'lectern-host', 'code-server-4.139.1-node-24.21.0');
  return chosen || ripgrepOnPath() || ripgrepInVscode(join(cache, 'node_modules', 'code-server', 'lib', 'vscode'));
}

function codeVersion(root: string): string {
  try {
    const git = (...args: string[]) =>
      execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const dirty = git('status', '--porcelain', '--', 'src').length > 0;
    return `commit ${git('rev-parse', '--short', 'HEAD')}${dirty ? ' plus uncommitted changes in src/' : ''}`;
  } catch {
    return 'unknown (not a git checkout)';
  }
}

function runChild(job: SearchJob, root: string, timeoutMs: number): Promise<SearchTreeResult> {
  return runBenchChild<SearchTreeResult>('searchChild.ts', job, root, timeoutMs, `search bench child for ${job.id}`);
}

export async function runSearchBench(repoRoot: string, dir: string): Promise<SearchPart> {
  const date = new Date();
  const loadStart = os.loadavg()[0]!;
  const started = performance.now();
  const scratch = join(dir, 'search');
  const tree = join(scratch, 'tree');
  mkdirSync(tree, { recursive: true });
  process.stderr.write('search: generating the tree … ');
  let t = performance.now();
  const files = generateTree(tree);
  const generateMs = performance.now() - t;
  process.stderr.write(`${count(files)} files in ${ms(generateMs)} ms\n`);
  const trees: SearchTreeResult[] = [];
  const skipped: string[] = [];
  const ripgrep = benchRipgrep();
  if (!ripgrep)
    skipped.push('ripgrep: none found ($LECTERN_RIPGREP, rg on PATH, or the host cache: npm run host:ensure)');
  // The MCP row runs the CLI as built for the tests and `npm start`.
  const mcpCli = ripgrep ? join(repoRoot, 'dist', 'cli.js') : undefined;
  if (mcpCli) execFileSync(process.execPath, ['esbuild.mjs'], { cwd: repoRoot, stdio: 'ignore' });
  try {
    t = performance.now();
    trees.push(
      await runChild(
        {
          id: 'generated',
          label: `Generated tree (${count(files)} TypeScript-like files in ${count(GEN.packages * GEN.modules)} folders)`,
          shown: 'generated',
          name: 'tree',
          root: tree,
          scratch,
          runs: RUNS,
          sameFiles: false,
          ripgrep,
          mcpCli,
          queries: [
            {
              id: 'rare',
              label: 'rare literal, case-sensitive',
              input: { query: 'lecternBenchNeedle', case_sensitive: true },
              grepFlags: ['-F'],
              grepPattern: 'lecternBenchNeedle',
            },
            {
              id: 'common',
              label: 'common literal, any case',
              input: { query: 'Handler' },
              grepFlags: ['-F', '-i'],
              grepPattern: 'Handler',
            },
            {
              id: 'regex',
              label: 'regular expression',
              input: { query: 'export function \\w+Config\\d+\\(', is_regex: true, case_sensitive: true },
              grepFlags: ['-E'],
              grepPattern: 'export function \\w+Config[0-9]+\\(',
            },
            {
              id: 'alternatives',
              label: 'alternatives of plain text',
              input: { query: 'configResult|handlerTarget', is_regex: true, case_sensitive: true },
              grepFlags: ['-E'],
              grepPattern: 'configResult|handlerTarget',
            },
          ],
        },
        repoRoot,
        600_000,
      ),
    );
  } finally {
    rmSync(tree, { recursive: true, force: true });
  }
  const nodeModules = join(repoRoot, 'node_modules');
  try {
    trees.push(
      await runChild(
        {
          id: 'node_modules',
          label: "This repository's node_modules (real packages)",
          shown: 'node_modules',
          name: 'node_modules',
          root: nodeModules,
          scratch,
          runs: RUNS,
          sameFiles: true,
          ripgrep,
          mcpCli,
          queries: [
            {
              id: 'rare',
              label: 'literal, case-sensitive',
              input: { query: 'Buffer.allocUnsafe', case_sensitive: true },
              grepFlags: ['-F'],
              grepPattern: 'Buffer.allocUnsafe',
            },
            {
              id: 'common',
              label: 'literal, any case',
              input: { query: 'deprecated' },
              grepFlags: ['-F', '-i'],
              grepPattern: 'deprecated',
            },
            {
              id: 'regex',
              label: 'regular expression',
              input: { query: 'function\\s+\\w+Sync\\(', is_regex: true, case_sensitive: true },
              grepFlags: ['-E'],
              grepPattern: 'function\\s+\\w+Sync\\(',
            },
            {
              id: 'alternatives',
              label: 'alternatives of plain text',
              input: { query: 'readFileSync|writeFileSync', is_regex: true, case_sensitive: true },
              grepFlags: ['-E'],
              grepPattern: 'readFileSync|writeFileSync',
            },
            {
              id: 'word',
              label: 'whole word (`\\b`)',
              input: { query: '\\bdeprecated\\b', is_regex: true, case_sensitive: true },
              grepFlags: ['-E'],
              grepPattern: '\\bdeprecated\\b',
            },
          ],
        },
        repoRoot,
        900_000,
      ),
    );
  } catch (error) {
    skipped.push(`node_modules: ${(error as Error).message}`);
  }
  rmSync(scratch, { recursive: true, force: true });
  return {
    date,
    code: codeVersion(repoRoot),
    cpus: os.cpus().length,
    loadStart,
    loadEnd: os.loadavg()[0]!,
    wallMs: performance.now() - started,
    generateMs,
    trees,
    skipped,
  };
}

export function searchSummary(part: SearchPart): string {
  const out = ['', `Workspace search vs grep -rn · load ${part.loadStart.toFixed(2)} → ${part.loadEnd.toFixed(2)}`];
  for (const tree of part.trees) {
    out.push(`  ${tree.label}: ${count(tree.files)} files, ${bytes(tree.bytes)}`);
    if (tree.warmUp)
      out.push(
        `    warm engine: first search ${ms(tree.warmUp.learnMs)} ms (learns the files), second ${ms(tree.warmUp.keepMs)} ms (keeps their grams)`,
      );
    const absent = tree.warmUp?.absent;
    if (absent)
      out.push(
        `    text no file holds             warm+rg ${(ms(absent.engine.median) + ' ms').padStart(9)}  rg -n    ${(ms(absent.rgRn.median) + ' ms').padStart(9)}  ${ratio(absent.engine.median / absent.rgRn.median).padStart(7)}`,
      );
    if (absent?.mcp)
      out.push(
        `    ${''.padEnd(30)} MCP     ${(ms(absent.mcp.mcpRg.median) + ' ms').padStart(9)}  rg -n    ${(ms(absent.mcp.rgRn.median) + ' ms').padStart(9)}  ${ratio(absent.mcp.mcpRg.median / absent.mcp.rgRn.median).padStart(7)}  (lectern mcp over stdio)`,
      );
    for (const q of tree.queries) {
      out.push(
        `    ${q.label.padEnd(30)} Lectern ${(ms(q.engine.median) + ' ms').padStart(9)}  grep -rn ${(ms(q.grepRn.median) + ' ms').padStart(9)}  ${ratio(q.engine.median / q.grepRn.median).padStart(7)}` +
          (q.grepSame
            ? `  same files ${(ms(q.grepSame.median) + ' ms').padStart(9)} ${ratio(q.engine.median / q.grepSame.median).padStart(7)}`
            : '') +
          `  matches ${count(q.matches)} / ${count(q.grepSame ? q.grepSameLines! : q.grepRnLines)}`,
      );
      if (q.engineRg && q.rgRn)
        out.push(
          `    ${''.padEnd(30)} warm+rg ${(ms(q.engineRg.median) + ' ms').padStart(9)}  rg -n    ${(ms(q.rgRn.median) + ' ms').padStart(9)}  ${ratio(q.engineRg.median / q.rgRn.median).padStart(7)}  same answer ${q.sameAnswer ? 'yes' : 'NO'}`,
        );
      const rgMcp = q.rgMcp ?? q.rgRn;
      if (q.mcpRg && rgMcp)
        out.push(
          `    ${''.padEnd(30)} MCP     ${(ms(q.mcpRg.median) + ' ms').padStart(9)}  rg -n    ${(ms(rgMcp.median) + ' ms').padStart(9)}  ${ratio(q.mcpRg.median / rgMcp.median).padStart(7)}  (lectern mcp over stdio)`,
        );
    }
  }
  for (const s of part.skipped) out.push(`  skipped: ${s}`);
  return out.join('\n') + '\n';
}
