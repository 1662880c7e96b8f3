// One benchmark process for workspace search (bench/search.ts): for each query, Lectern's
// `lectern_search` without a target against `grep -rn` on the same tree, alternating in this
// process so both see the same machine state and page cache; on real trees also against grep over
// exactly the files Lectern searched. Prints its results as one JSON line starting with "RESULT ".
import { spawn } from 'node:child_process';
import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Lectern } from '../src/core/engine';
import type { ToolResponse } from '../src/core/ground/contract';
import type { Host } from '../src/core/ground/ports';
import { WORKSPACE_SEARCH_LIMITS } from '../src/core/search/workspaceSearch';
import { walkFiles } from '../src/core/ground/walk';
import { nodeFileSystem } from '../src/node/nodeFileSystem';
import { createRegexRunner } from '../src/node/regexRunner';
import { createRipgrepFinder } from '../src/node/ripgrep';
import { watchedStats } from '../src/node/watchedStats';
import { collect, memoryOf, outputLines as grep, stats } from './measure';
import { startMcpSearch, type McpSearchServer } from './searchMcp';
import type { SearchJob, SearchQueryResult, SearchTreeResult } from './search';
import type { Stats } from './types';

/**
 * The warm engine with ripgrep (and `lectern mcp` over stdio, when started) against `rg -n` on the
 * tree, alternating; and whether the engine answered as `plain` did.
 */
async function againstRipgrep(
  warm: Lectern,
  mcp: McpSearchServer | undefined,
  job: SearchJob,
  q: SearchJob['queries'][number],
  plain: ToolResponse,
): Promise<Pick<SearchQueryResult, 'engineRg' | 'rgRn' | 'rgRnLines' | 'sameAnswer' | 'mcpRg' | 'rgMcp'>> {
  const flags = q.grepFlags.filter((f) => f !== '-E');
  const rgRn = [job.ripgrep!, '--no-config', '-n', ...flags, '--', q.grepPattern, '.'];
  // The first call learns the files; the page cache is warm already.
  let answer = await warm.invoke('lectern_search', q.input);
  await mcp?.search(q.input);
  await grep(rgRn, job.root);
  const engine: number[] = [];
  const rn: number[] = [];
  let lines = 0;
  for (let i = 0; i < job.runs; i++) {
    const t = performance.now();
    answer = await warm.invoke('lectern_search', q.input);
    engine.push(performance.now() - t);
    collect();
    const g = await grep(rgRn, job.root);
    rn.push(g.ms);
    lines = g.lines;
  }
  // Over MCP, rounds of its own: the server and `rg -n` alternate, nothing else runs between them.
  const overMcp: number[] = [];
  const rnMcp: number[] = [];
  for (let i = 0; mcp && i < MCP_RUNS; i++) {
    overMcp.push(await mcp.search(q.input));
    rnMcp.push((await grep(rgRn, job.root)).ms);
  }
  // The warm engine's session is its own (no guard): the text and the search's facts must be the same.
  const comparable = (r: ToolResponse) => {
    const { files, matches, total_matches, files_searched, skipped, complete } = r.meta as Record<string, unknown>;
    return JSON.stringify({ text: r.text, files, matches, total_matches, files_searched, skipped, complete });
  };
  return {
    engineRg: stats(engine),
    rgRn: stats(rn),
    rgRnLines: lines,
    sameAnswer: comparable(answer) === comparable(plain),
    mcpRg: mcp ? stats(overMcp) : undefined,
    rgMcp: mcp ? stats(rnMcp) : undefined,
  };
}

/**
 * The warm engine searching for text no file holds (what its caches can answer: the files' grams, its
 * last walk) against `rg -n` for the same text, alternating.
 */
async function absentText(warm: Lectern, job: SearchJob): Promise<NonNullable<SearchTreeResult['warmUp']>['absent']> {
  const query = 'lecternBenchNoSuchText';
  // As before each query's figures: untimed calls first (files written moments before the run are learned once settled).
  for (let i = 0; i < 2; i++) await warm.invoke('lectern_search', { query, case_sensitive: true });
  const engine: number[] = [];
  const rn: number[] = [];
  for (let i = 0; i < job.runs; i++) {
    const t = performance.now();
    await warm.invoke('lectern_search', { query, case_sensitive: true });
    engine.push(performance.now() - t);
    collect();
    rn.push((await grep([job.ripgrep!, '--no-config', '-n', '--', query, '.'], job.root)).ms);
  }
  return { engine: stats(engine), rgRn: stats(rn) };
}

/** The same over MCP, as an agent outside VS Code gets it, alternating with `rg -n`. */
async function absentOverMcp(mcp: McpSearchServer, job: SearchJob): Promise<{ mcpRg: Stats; rgRn: Stats }> {
  const input = { query: 'lecternBenchNoSuchText', case_sensitive: true };
  for (let i = 0; i < 2; i++) await mcp.search(input);
  const overMcp: number[] = [];
  const rn: number[] = [];
  for (let i = 0; i < MCP_RUNS; i++) {
    overMcp.push(await mcp.search(input));
    rn.push((await grep([job.ripgrep!, '--no-config', '-n', '--', input.query, '.'], job.root)).ms);
  }
  return { mcpRg: stats(overMcp), rgRn: stats(rn) };
}

/**
 * Rounds of the MCP server against `rg -n`: both run alone, a few tens of milliseconds each, so they
 * get more rounds than the in-process runs (a median of 5 moved by ±40% between runs in node_modules).
 */
const MCP_RUNS = 15;

/** Idle time given to the MCP server after its warm-up searches. */
const MCP_IDLE_MS = 3000;

async function main(): Promise<void> {
  const job = JSON.parse(process.argv[2]!) as SearchJob;
  const roots = [{ name: job.name, path: job.root }];
  const host: Host = { fs: nodeFileSystem, roots: () => roots };

  // What Lectern searches (the walker's files up to the size limit; binary ones are skipped on
  // reading) and what grep -rn reads (every regular file).
  let listed = 0;
  let listedBytes = 0;
  const list: string[] = [];
  for await (const file of walkFiles(host, { scopes: [{ root: roots[0]!, start: '' }] })) {
    const size = statSync(file.absolute).size;
    listed++;
    if (size <= WORKSPACE_SEARCH_LIMITS.maxFileBytes) {
      listedBytes += size;
      list.push(file.relative);
    }
  }
  const listFile = join(job.scratch, `${job.id}-files.txt`);
  writeFileSync(listFile, list.join('\0'));
  const all = await grep(['find', '.', '-type', 'f'], job.root);
  let allBytes = 0;
  await new Promise<void>((resolve, reject) => {
    const child = spawn('find', ['.', '-type', 'f', '-printf', '%s\\n'], {
      cwd: job.root,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let rest = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      const parts = (rest + chunk).split('\n');
      rest = parts.pop()!;
      for (const p of parts) allBytes += Number(p) || 0;
    });
    child.on('error', reject);
    child.on('close', () => resolve());
  });

  // One engine for the whole tree, as an MCP server or the extension keeps: stats remembered while
  // watched (src/node/watchedStats.ts), warm caches (the files' grams), ripgrep as its finder where
  // they cannot tell, and the regular-expression worker those hosts scan slow files on.
  const watched = watchedStats(nodeFileSystem);
  const regex = createRegexRunner(join(__dirname, '..', 'dist'));
  const warm = job.ripgrep
    ? new Lectern({ ...host, fs: watched, candidates: createRipgrepFinder(job.ripgrep), regex }, () => ({
        sessionGuard: false,
      }))
    : undefined;
  // Its first search learns the files, its second keeps their grams; the queries' figures come after.
  let warmUp: SearchTreeResult['warmUp'];
  const warmUpSearch = { query: 'lecternBenchWarmUp', case_sensitive: true };
  if (warm) {
    const timed = async () => {
      const t = performance.now();
      await warm.invoke('lectern_search', warmUpSearch);
      return performance.now() - t;
    };
    warmUp = { learnMs: await timed(), keepMs: await timed() };
    // Between an agent's calls the engine is idle and watches what it stat'ed (watchedStats.ts); here
    // the next call comes at once, so the bench gives it that time (its timer does not hold the process).
    const keepAlive = setInterval(() => undefined, 1000);
    await watched.whenIdle();
    clearInterval(keepAlive);
    warmUp.absent = await absentText(warm, job);
  }
  // The MCP server's engine learns the files and keeps their grams the same way.
  const mcp = job.ripgrep && job.mcpCli ? await startMcpSearch(job.mcpCli, job.root, job.ripgrep) : undefined;
  if (mcp) {
    for (let i = 0; i < 2; i++) await mcp.search(warmUpSearch);
    // As the warm engine above: an agent's calls come seconds apart, and the server spends that time
    // watching the files and folders it stat'ed (it cannot be asked when it is done, as whenIdle() is).
    await new Promise((resolve) => setTimeout(resolve, MCP_IDLE_MS));
  }
  if (mcp && warmUp?.absent) warmUp.absent.mcp = await absentOverMcp(mcp, job);
  const queries: SearchQueryResult[] = [];
  for (const q of job.queries) {
    const lectern = () => new Lectern(host).invoke('lectern_search', q.input);
    const grepRn = ['grep', '-rn', ...q.grepFlags, '--', q.grepPattern, '.'];
    const grepSame = ['xargs', '-0', '-a', listFile, 'grep', '-nHI', ...q.grepFlags, '--', q.grepPattern];
    // Warm the page cache and the tokenizer.
    let response: ToolResponse = await lectern();
    await grep(grepRn, job.root);
    if (job.sameFiles) await grep(grepSame, job.root);
    const engine: number[] = [];
    const cpu: number[] = [];
    const rn: number[] = [];
    const same: number[] = [];
    let rnLines = 0;
    let sameLines = 0;
    collect();
    for (let i = 0; i < job.runs; i++) {
      const c = process.cpuUsage();
      const t = performance.now();
      response = await lectern();
      engine.push(performance.now() - t);
      const used = process.cpuUsage(c);
      cpu.push((used.user + used.system) / 1000);
      collect();
      const g = await grep(grepRn, job.root);
      rn.push(g.ms);
      rnLines = g.lines;
      if (job.sameFiles) {
        const s = await grep(grepSame, job.root);
        same.push(s.ms);
        sameLines = s.lines;
      }
    }
    const versus = warm ? await againstRipgrep(warm, mcp, job, q, response) : {};
    const mem = await memoryOf(lectern, 1);
    const meta = response.meta as Record<string, unknown>;
    queries.push({
      id: q.id,
      label: q.label,
      input: q.input,
      grep: grepRn.join(' '),
      ok: response.ok,
      error: response.error?.code,
      engine: stats(engine),
      engineCpu: stats(cpu),
      grepRn: stats(rn),
      grepSame: job.sameFiles ? stats(same) : undefined,
      matches: Number(meta.total_matches ?? 0),
      files: Number(meta.total_files ?? 0),
      searched: Number(meta.files_searched ?? 0),
      shown: Number(meta.shown_matches ?? 0),
      skipped: meta.skipped as SearchQueryResult['skipped'],
      complete: meta.complete === true,
      tokens: Number(meta.token_estimate ?? 0),
      grepRnLines: rnLines,
      grepSameLines: job.sameFiles ? sameLines : undefined,
      ...versus,
      mem,
      head: response.text.split('\n')[0]!,
    });
    process.stderr.write(
      `  ${q.label}: Lectern ${engine.length ? stats(engine).median.toFixed(0) : '?'} ms, grep -rn ${stats(rn).median.toFixed(0)} ms\n`,
    );
  }
  await mcp?.close();
  watched.dispose();
  regex.dispose?.();
  const result: SearchTreeResult = {
    id: job.id,
    label: job.label,
    root: job.shown,
    files: all.lines,
    bytes: allBytes,
    listed,
    listedBytes,
    searchable: list.length,
    queries,
    warmUp,
  };
  process.stdout.write(`RESULT ${JSON.stringify(result)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`search bench child failed: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
