// docs/benchmarks.md: a short summary rendered from docs/benchmarks.json (bench/results.ts): the
// machine, when each part ran, the tables a user needs, the verdicts and the chart. The raw figures
// stay in the JSON.
import { readRatios } from './chart';
import { bytes, count, growth, ms, ratio } from './format';
import {
  PART_NAMES,
  type BenchResults,
  type FilesData,
  type IndexData,
  type Machine,
  type MemoryData,
  type PartData,
  type PartName,
  type ReadsData,
  type RunInfo,
  type SearchData,
  type TokensData,
} from './results';
import { mcpTable, mcpTokenTable, type McpPeerData } from './mcpPeer';
import { caseOf, median, verdictFlatReads, verdictOutlines, verdictWarm1MB, type Verdict } from './verdicts';
import type { SymbolCase } from './types';

/** Other benchmark pages, listed under "More benchmarks" (add yours here, not in the generated page). */
export const MORE_BENCHMARKS: { title: string; link: string; note: string }[] = [
  {
    title: 'Read economy',
    link: 'economy.md',
    note: "`npm run bench:economy`: tokens and calls per read need on real code against the peers' read strategies",
  },
  {
    title: 'Symbol accuracy',
    link: 'symbols-accuracy.md',
    note: '`npm run bench:symbols-accuracy`: recall and answer size per language against independent parsers; the persistent index',
  },
  {
    title: 'History retention',
    link: 'history-benchmark.md',
    note: '`npm run bench:history`: history tokens and answerable questions with retention, everything, or the last N results',
  },
  {
    title: 'Hardening bounds',
    link: 'hardening-benchmark.md',
    note: '`npm run bench:hardening`: outlines of 8 and 15 MB files, file-target searches and workspace search beside grep, before and after in one run',
  },
  {
    title: 'Event-loop holds',
    link: 'event-loop-benchmark.md',
    note: "`npm run bench:event-loop`: per mode on the hardening probe's inputs, the longest event-loop hold and the slowest stat on another session",
  },
  {
    title: 'Navigation reads',
    link: 'navigation-benchmark.md',
    note: '`npm run bench:navigation`: cold and warm maps and references on zod and 5,000 files, against the symbol index build and `grep -rnw`',
  },
  {
    title: 'CLI and MCP speed',
    link: 'mcp.md#speed',
    note: "`npm run bench:cli`: a cold `lectern call` against `node -e 1`, warm MCP calls against the reference filesystem server, the session guard's cost",
  },
  {
    title: 'Web host',
    link: 'web.md#size-and-speed',
    note: "`npm run test:integration -- --web`: the web bundle's size budget (dist/web/extension.js at most 768 KiB minified, the build fails over it; grammars and tokenizer apart, loaded when first needed), and the first symbol read and a 4 KiB window in the browser's web worker host against the Node host in the same run",
  },
  {
    title: 'Processes end, cold start, activation',
    link: 'startup-benchmark.md',
    note: '`npm run bench:cli` and `npm run bench:activation`: how long call, session and mcp live after their work; a cold symbol read against `node -e 1`; activation in Running Extensions beside an empty extension',
  },
];

export interface SummaryOptions {
  /** File names, relative to the summary. */
  json: string;
  chart: string;
}

const WHAT: Record<PartName, string> = {
  files: 'file reads',
  reads: 'symbol reads, outlines, snippets',
  memory: 'memory of repeated outlines',
  index: 'workspace symbol index',
  tokens: 'tokens per language',
  search: 'workspace search against grep',
  mcp: 'warm MCP reads against server-filesystem',
};

function dataOf<K extends PartName>(results: BenchResults, name: K): PartData[K] | undefined {
  const record = results.parts[name];
  return record && 'data' in record ? (record.data as PartData[K]) : undefined;
}

function machineText(m: Machine): string {
  return `${m.cpu}, ${m.cores} cores, ${bytes(m.memoryBytes)} of memory; ${m.os}; Node ${m.node}`;
}

function runRow(name: PartName, run: RunInfo, what: string, error?: string): string {
  const busy = Math.max(run.loadStart, run.loadEnd) > run.machine.cores * 0.5;
  return `| ${name} | ${what}${error ? ` — **failed**: ${error.replace(/\|/g, '\\|').split('\n')[0]}` : ''} | ${run.date.slice(0, 16).replace('T', ' ')} UTC | ${run.code} | ${run.loadStart.toFixed(2)} → ${run.loadEnd.toFixed(2)}${busy ? ' (busy)' : ''} | ${(run.wallMs / 1000).toFixed(0)} s |`;
}

function machineAndRuns(results: BenchResults): string[] {
  const records = PART_NAMES.flatMap((name) => {
    const r = results.parts[name];
    return r ? [{ name, record: r }] : [];
  });
  if (records.length === 0) return ['No results yet: run `npm run bench`.', ''];
  const machines = new Map<string, PartName[]>();
  for (const { name, record } of records)
    machines.set(machineText(record.run.machine), [...(machines.get(machineText(record.run.machine)) ?? []), name]);
  return [
    ...(machines.size === 1
      ? [`Machine: ${[...machines.keys()][0]}.`]
      : [
          'Machines (the parts ran on different ones):',
          '',
          ...[...machines].map(([m, names]) => `- ${names.join(', ')}: ${m}`),
        ]),
    '',
    '| part | what | ran | code | load (1 min) start → end | wall time |',
    '|---|---|---|---|---|--:|',
    ...records.map(({ name, record }) => {
      const sizes = name === 'files' && 'data' in record ? (record.data as FilesData).sizes.map((s) => s.label) : [];
      const what = sizes.length > 0 ? `file reads, ${sizes.join(', ')}` : WHAT[name];
      return runRow(name, record.run, what, 'error' in record ? record.error : undefined);
    }),
    '',
    '"busy": the load average was above half the cores, so other work shared the CPU and wall-clock figures are noisier',
    '(the JSON has CPU time per call too).',
    '',
  ];
}

function verdictLines(results: BenchResults): string[] {
  const files = dataOf(results, 'files');
  const reads = dataOf(results, 'reads');
  const verdicts: Verdict[] = [
    ...(files ? [verdictFlatReads(files)] : []),
    ...(reads ? [verdictWarm1MB(reads), verdictOutlines(reads)] : []),
  ];
  if (verdicts.length === 0) return [];
  const mark = (v: Verdict) => (v.holds === null ? 'not measured' : v.holds ? 'holds' : '**does not hold**');
  return [
    '## Verdicts',
    '',
    ...verdicts.map(
      (v) => `- "${v.claim}": ${mark(v)}. ${v.text.replace(/ ?\*\*(Holds\.|Does not hold\.?)\*\*:?/, '').trim()}`,
    ),
    '',
  ];
}

function fileReads(data: FilesData, chart: string): string[] {
  const { sizes, rows } = readRatios(data);
  const medians = (id: string) => data.sizes.map((s) => s.cases.find((c) => c.id === id));
  const out = [
    '## File reads against a plain fs.read',
    '',
    `![Median latency of each read as a multiple of a plain fs.read of the same bytes, for files of ${sizes.join(', ')}](${chart})`,
    '',
    'Each cell: median time of the Lectern call as a multiple of the floor (a plain `fs.promises.open` + one `read` of',
    'exactly the bytes the answer returned, or `fs.promises.stat`, measured in the same process, alternating with it),',
    'and the median in milliseconds.',
    '',
    `| read | ${sizes.join(' | ')} |`,
    `|---|${sizes.map(() => '--:').join('|')}|`,
  ];
  for (const row of rows) {
    const cases = medians(row.id);
    out.push(
      `| ${row.label} | ${row.values.map((v, i) => (v === null ? '—' : `${ratio(v)} (${ms(cases[i]!.engine.median)} ms)`)).join(' | ')} |`,
    );
  }
  const floors = data.sizes.flatMap((s) => s.cases.filter((c) => c.floorKind === 'fs.read').map((c) => c.floor.median));
  if (floors.length > 0)
    out.push(
      '',
      `The plain read itself took ${ms(Math.min(...floors))}–${ms(Math.max(...floors))} ms (median) for these ranges.`,
    );
  out.push('');
  return out;
}

function coldStart(data: FilesData): string[] {
  const t = data.tokenizer;
  return [
    '## Cold start',
    '',
    `| | ${data.sizes.map((s) => s.label).join(' | ')} |`,
    `|---|${data.sizes.map(() => '--:').join('|')}|`,
    `| first call of a process (\`head: 50\`) | ${data.sizes.map((s) => `${ms(s.cold.ms)} ms`).join(' | ')} |`,
    `| the same call, warm | ${data.sizes.map((s) => (s.cold.warmMedian === null ? '—' : `${ms(s.cold.warmMedian)} ms`)).join(' | ')} |`,
    `| RSS growth of the first call | ${data.sizes.map((s) => growth(s.cold.mem.rss)).join(' | ')} |`,
    '',
    `Loading the tokenizer (gpt-tokenizer o200k_base) in a fresh process takes ${ms(t.loadMs)} ms and ${growth(t.mem.rss)} of RSS. The Node`,
    'hosts that answer many calls (VS Code, `lectern session`, `lectern mcp`) load it on a thread of their own, started',
    'with the server (VS Code: with the engine, a second after activation), so it never holds their event loop; `lectern call` loads it at the first',
    'answer that needs an exact count (one near its token cap). The first symbol read of a process is in the next table.',
    '',
  ];
}

function pair(c: SymbolCase | undefined, withFloor: boolean): string {
  if (!c) return '—';
  const failed = c.outcome.ok ? '' : ` (${c.outcome.code})`;
  return `${ms(c.engine.median)} ms${withFloor && c.floor.median > 0 ? ` (${ratio(c.engine.median / c.floor.median)})` : ''}${failed}`;
}

function symbols(reads: ReadsData | undefined, memory: MemoryData | undefined, index: IndexData | undefined): string[] {
  if (!reads && !memory && !index) return [];
  const out = ['## Symbol reads, outlines and the workspace index', ''];
  if (reads) {
    out.push(
      'Real files from `node_modules`. Medians; in parentheses the multiple of the floor (a plain read of the bytes',
      'returned, or of the whole file for an outline).',
      '',
      '| file | size | symbols | first symbol read of a process | warm symbol read | warm outline | snippet, `expand: "block"` |',
      '|---|--:|--:|--:|--:|--:|--:|',
      ...reads.files.map((f) => {
        const cold = f.cold.map((c) => c.ms);
        const failed = f.cold.filter((c) => !c.outcome.ok).length;
        return `| ${f.pkg || f.spec.shown} \`${f.spec.shown.split('/').pop()}\` | ${bytes(f.warm.bytes)} | ${count(f.warm.symbols)} | ${ms(median(cold))} ms${failed ? ` (${failed} of ${f.cold.length} failed)` : ''} | ${pair(caseOf(f.warm, 'symbol'), true)} | ${pair(caseOf(f.warm, 'outline'), true)} | ${pair(caseOf(f.warm, 'snippet'), true)} |`;
      }),
      '',
    );
    if (reads.skipped.length > 0) out.push(`Skipped: ${reads.skipped.join('; ')}.`, '');
  }
  if (index) {
    const r = index.result;
    const indexMs = r.calls.reduce((s, c) => s + c.ms, 0);
    const complete = r.calls.length > 0 && r.calls[r.calls.length - 1]!.complete;
    out.push(
      `- Workspace symbol index over ${r.roots.map((x) => `\`${x.name}\``).join(' and ')}: ${count(r.indexedFiles)} files (${bytes(r.indexedBytes)}, ${count(r.symbols)} symbols) indexed in ` +
        `**${(indexMs / 1000).toFixed(1)} s** over ${r.calls.length} calls of at most ${ms(index.budgetMs)} ms${complete ? '' : ' (**not complete**)'}, ${count(Math.round(r.indexedFiles / (indexMs / 1000)))} files/s; ` +
        `peak RSS growth ${growth(r.mem.rss)}. A query once it is built: **${ms(r.warm.median)} ms** (median); a name that does not exist: ${ms(r.notFound.median)} ms.`,
    );
  }
  if (memory) {
    const s = memory.result.samples;
    const last = s[s.length - 1];
    if (last) {
      const most = Math.max(...s.map((x) => x.cache.entries));
      out.push(
        `- Memory: ${s.length} outlines of new versions of the ${bytes(memory.result.bytes)} file (each a full parse): RSS after GC ${bytes(s[0]!.rss)} after the first, ` +
          `at most ${bytes(Math.max(...s.map((x) => x.rss)))}, ${bytes(last.rss)} after the last; the outline cache held at most ${most} versions; ` +
          `the tree-sitter WASM heap reached ${bytes(Math.max(...s.map((x) => x.wasmBytes)))} (it never shrinks).`,
      );
    }
  }
  out.push('');
  return out;
}

function tokens(data: TokensData): string[] {
  const r = data.result;
  return [
    '## Tokens: a symbol answer against its whole file',
    '',
    'Up to 40 symbols per file, read one by one; o200k_base tokens of the answer against the whole file as plain text',
    '(the least a whole-file read costs). Medians over the reads.',
    '',
    '| language | code | files | reads | answer tokens | whole-file tokens | saving (file ÷ answer) |',
    '|---|---|--:|--:|--:|--:|--:|',
    ...r.languages.map(
      (l) =>
        `| ${l.language} | ${l.source === 'real' ? 'real' : 'fixtures'} | ${l.files} | ${l.reads}${l.misses ? ` (${l.misses} missed)` : ''} | ${count(l.answer)} | ${count(l.file)} | ${ratio(l.saving)} |`,
    ),
    '',
    ...(r.missing.length > 0 ? [`Not measured: ${r.missing.join('; ')}.`, ''] : []),
  ];
}

/** Engine time over the other tool's, as sums of medians over a tree's queries. */
function overall(
  tree: SearchData['trees'][number],
  key: 'grepRn' | 'grepSame' | 'rgRn',
  overMcp = false,
): number | null {
  type Query = SearchData['trees'][number]['queries'][number];
  const engine = (q: Query) => (key === 'rgRn' ? (overMcp ? q.mcpRg : q.engineRg) : q.engine);
  // Over MCP, against rg -n in the MCP rounds (older runs timed both in the same rounds).
  const other = (q: Query) => (overMcp ? (q.rgMcp ?? q.rgRn) : q[key]);
  const pairs = tree.queries.flatMap((q) => {
    const mine = engine(q);
    const theirs = other(q);
    return theirs && mine ? [[mine.median, theirs.median] as const] : [];
  });
  if (pairs.length === 0) return null;
  return pairs.reduce((a, p) => a + p[0], 0) / pairs.reduce((a, p) => a + p[1], 0);
}

/** Over MCP, against `rg -n` in its rounds (older runs: in the same rounds as the warm engine). */
function mcpCells(q: SearchData['trees'][number]['queries'][number]): string {
  const rg = q.rgMcp ?? q.rgRn;
  return q.mcpRg && rg
    ? ` ${ms(q.mcpRg.median)} ms | ${ms(rg.median)} ms | ${ratio(q.mcpRg.median / rg.median)} |`
    : ' — | — | — |';
}

function search(data: SearchData): string[] {
  const out = [
    '## Workspace search against grep -rn',
    '',
    '`lectern_search` over the whole workspace (a new engine per call, default settings) against GNU `grep -rn` on the same tree, warm page cache, 5 runs each, alternating.',
    'On `node_modules` Lectern skips nested `node_modules`, build and hidden folders, binary files and files over 4 MB, so grep also runs over exactly the files Lectern searched.',
    '"Warm, ripgrep": one engine kept across calls (its third search on: it keeps each file\'s letter triples and the bytes of clean files up to 64 MB, and starts ripgrep as its candidate finder only where they cannot tell; it replays its last walk while no folder changed, and answers stats from memory while the kernel reports no change to the files and folders it watches; a regular expression whose work on a file would pass 15 ms goes to the worker thread, which also scans, while this thread scans others, large files the engine has learned and, a 2 MB batch at a time, part of the files whose bytes it keeps (the thread holds a copy of up to 48 MB of them), as in the extension and the MCP server), against one `rg -n` per query; "same": the same answer as a new engine without ripgrep. "Over MCP": the same, as an agent outside VS Code gets it: `lectern mcp` (dist/cli.js) over stdio with the SDK client, warmed up alike, in rounds of its own (15, alternating with `rg -n`, which has its own column there): it runs alone, as in use, where the warm engine in the bench\'s process shares it with the new engines timed in the same rounds (and their garbage).',
    '',
  ];
  for (const tree of data.trees) {
    const same = tree.queries.some((q) => q.grepSame);
    const rg = tree.queries.some((q) => q.engineRg && q.rgRn);
    const overMcp = tree.queries.some((q) => q.mcpRg && q.rgRn);
    out.push(
      `**${tree.label}**: ${count(tree.files)} files, ${bytes(tree.bytes)}; Lectern searched ${count(tree.searchable)} files, ${bytes(tree.listedBytes)}.`,
      '',
      ...(tree.warmUp
        ? [
            `The warm engine's first search took ${ms(tree.warmUp.learnMs)} ms (it learns the files), its second ${ms(tree.warmUp.keepMs)} ms (it reads them all again and keeps their grams).` +
              (tree.warmUp.absent
                ? ` Then a search for text no file holds (its caches answer: the files' grams and its last walk) took **${ms(tree.warmUp.absent.engine.median)} ms**, one \`rg -n\` for it ${ms(tree.warmUp.absent.rgRn.median)} ms: **${ratio(tree.warmUp.absent.engine.median / tree.warmUp.absent.rgRn.median)}** (medians of ${tree.warmUp.absent.engine.n}, alternating)${tree.warmUp.absent.mcp ? `; over MCP **${ms(tree.warmUp.absent.mcp.mcpRg.median)} ms**, against ${ms(tree.warmUp.absent.mcp.rgRn.median)} ms for \`rg -n\` in the same rounds: **${ratio(tree.warmUp.absent.mcp.mcpRg.median / tree.warmUp.absent.mcp.rgRn.median)}**` : ''}.`
                : ''),
            '',
          ]
        : []),
      `| query | matches | Lectern | grep -rn | × grep -rn |${same ? ' grep, same files | × same files |' : ''}${rg ? ' warm, ripgrep | rg -n | × rg -n | same |' : ''}${overMcp ? ' over MCP | rg -n | × rg -n |' : ''}`,
      `|---|--:|--:|--:|--:|${same ? '--:|--:|' : ''}${rg ? '--:|--:|--:|:-:|' : ''}${overMcp ? '--:|--:|--:|' : ''}`,
      ...tree.queries.map(
        (q) =>
          `| ${q.label} | ${count(q.matches)}${q.ok ? '' : ` **${q.error}**`} | ${ms(q.engine.median)} ms | ${ms(q.grepRn.median)} ms | ${ratio(q.engine.median / q.grepRn.median)} |` +
          (same
            ? q.grepSame
              ? ` ${ms(q.grepSame.median)} ms | ${ratio(q.engine.median / q.grepSame.median)} |`
              : ' — | — |'
            : '') +
          (rg
            ? q.engineRg && q.rgRn
              ? ` ${ms(q.engineRg.median)} ms | ${ms(q.rgRn.median)} ms | ${ratio(q.engineRg.median / q.rgRn.median)} | ${q.sameAnswer ? 'yes' : '**no**'} |`
              : ' — | — | — | — |'
            : '') +
          (overMcp ? mcpCells(q) : ''),
      ),
      '',
    );
    const rn = overall(tree, 'grepRn');
    const sameAll = overall(tree, 'grepSame');
    const rgAll = overall(tree, 'rgRn');
    const mcpAll = overall(tree, 'rgRn', true);
    if (rn !== null)
      out.push(
        `Over the ${tree.queries.length} queries: **${ratio(rn)}** the time of grep -rn${sameAll !== null ? `, **${ratio(sameAll)}** the time of grep over the same files` : ''}${rgAll !== null ? `; warm with ripgrep **${ratio(rgAll)}** the time of rg -n` : ''}${mcpAll !== null ? `, over MCP **${ratio(mcpAll)}**` : ''}.`,
        '',
      );
  }
  if (data.skipped.length > 0) out.push(`Skipped: ${data.skipped.join('; ')}.`, '');
  return out;
}

function mcpReads(data: McpPeerData): string[] {
  const before = data.results.some((r) => r.before);
  return [
    '## Warm MCP reads against the reference filesystem server',
    '',
    `\`lectern mcp\` (production build, session guard off, results as text alone: the default) and server-filesystem ${data.peerVersion} over stdio with the SDK client, the same reads`,
    `of ${data.files.length} small real files: ${data.pairs} rounds per call in ${data.sessions} sessions of fresh processes, each server once a round in rotating order;`,
    `client round trips. The peer reads only heads and tails: the range is the last 61 lines against \`tail: 61\` ([method](mcp.md#speed)).${before ? ` Before: another build in the same rounds${data.beforeLabel ? ` (${data.beforeLabel})` : ''}.` : ''}`,
    '',
    ...mcpTable(data),
    '',
    ...(data.tokens
      ? [
          `What the same answers cost a model, in exact o200k tokens summed over the ${data.files.length} files, by what the client gives it: the`,
          "result's `content` (VS Code), or `JSON.stringify(structuredContent)` when the result has one (Claude Code, Codex, Copilot CLI,",
          'opencode). `lectern mcp` sends structured content only with `--structured-content` ([why](mcp.md#what-the-server-does)).',
          '',
          ...mcpTokenTable(data.tokens),
          '',
        ]
      : []),
  ];
}

function method(): string[] {
  return [
    '## Method',
    '',
    'Every figure comes from a child Node process (`--expose-gc`) calling `new Lectern(host).invoke(…)` with the Node',
    'file system, exactly as the extension does, and is set against a baseline measured in the same process and run:',
    'a plain `fs.read` of the same bytes, `fs.readFile` of the whole file, or `grep`. Generated files of 100 KiB, 10 MiB',
    'and 1 GiB (TypeScript-like lines with multi-byte UTF-8) sit in the page cache, so these are warm-cache figures for',
    'both sides. Latency is the median (and p95, in the JSON) of wall time over at least 20 calls after a warm-up; CPU',
    'time per call, bytes read from disk and peak memory growth (kernel high-water mark over the post-GC level) are',
    'recorded too. `npm run bench -- --only=PART` reruns some parts and keeps the others (`bench/run.ts` lists them).',
    '',
  ];
}

/** The whole page. */
export function renderSummary(results: BenchResults, options: SummaryOptions): string {
  const files = dataOf(results, 'files');
  const tokensData = dataOf(results, 'tokens');
  const searchData = dataOf(results, 'search');
  const mcpData = dataOf(results, 'mcp');
  const out = [
    '# Benchmarks',
    '',
    `What Lectern's reads cost against the plain operations they replace, measured by \`npm run bench\` (bench/run.ts).`,
    `Generated from [${options.json}](${options.json}), which holds every run's raw figures; do not edit this page by hand.`,
    '',
    ...machineAndRuns(results),
    ...verdictLines(results),
    ...(files ? [...fileReads(files, options.chart), ...coldStart(files)] : []),
    ...symbols(dataOf(results, 'reads'), dataOf(results, 'memory'), dataOf(results, 'index')),
    ...(tokensData ? tokens(tokensData) : []),
    ...(searchData ? search(searchData) : []),
    ...(mcpData ? mcpReads(mcpData) : []),
    ...method(),
    '## Raw data',
    '',
    `[${options.json}](${options.json}) has every part's full results: p95 and CPU time of each case, bytes read, memory growth, every cold run, the stages of a parse, the index calls, the search answers, and when, where and on what code each part ran.`,
    '',
    '## More benchmarks',
    '',
    ...MORE_BENCHMARKS.map((b) => `- [${b.title}](${b.link}): ${b.note}`),
    '',
  ];
  return out.join('\n');
}
