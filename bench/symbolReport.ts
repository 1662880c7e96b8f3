// The symbol part of `npm run bench`: which real files it reads, and how its results are written
// into docs/benchmarks.md (one marked block per sub-part, so `--only=` can rerun one of them).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bytes, count, growth, ms, ratio } from './format';
import type { IndexResult, Outcome, SymbolCase, SymbolColdResult, SymbolFileResult, SymbolFileSpec, SymbolMemoryResult, TokensResult } from './types';

const MiB = 1024 * 1024;

/** Real files of ~100 KB, ~1 MB (TypeScript declarations and plain JavaScript) and ~9 MB. */
export function symbolFiles(root: string): SymbolFileSpec[] {
  const at = (shown: string) => ({ shown, path: join(root, shown) });
  return [
    { id: '100k', sizeClass: '100 KB', ...at('node_modules/@types/node/http.d.ts'), symbol: 'http.Agent', snippetLine: 908 },
    { id: '1m-ts', sizeClass: '1 MB', ...at('node_modules/playwright-core/types/types.d.ts'), symbol: 'Locator.click', snippetLine: 15063 },
    { id: '1m-js', sizeClass: '1 MB', ...at('node_modules/@azure/msal-browser/lib/msal-browser.js'), symbol: 'CacheManager.getIdToken', snippetLine: 5010 },
    { id: '9m', sizeClass: '9 MB', ...at('node_modules/typescript/lib/typescript.js'), symbol: 'createTypeChecker.checkModuleDeclaration', snippetLine: 90300 },
  ];
}

/** The npm package a file comes from, with its version (the files change with the versions). */
export function packageOf(root: string, shown: string): string {
  const match = /^node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(shown);
  if (!match) return '';
  try {
    const version = (JSON.parse(readFileSync(join(root, 'node_modules', match[1]!, 'package.json'), 'utf8')) as { version?: string }).version;
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

// ---- helpers ------------------------------------------------------------------------------------

function runLine(run: PartRun): string {
  const busy = Math.max(run.loadStart, run.loadEnd) > run.cpus * 0.5;
  return (
    `Run: ${run.date.toISOString()}, ${run.code}, load average (1 min) at start / end ${run.loadStart.toFixed(2)} / ${run.loadEnd.toFixed(2)}` +
    `${busy ? ' (other work was running: expect noisier figures)' : ''}, ${(run.wallMs / 1000).toFixed(0)} s.`
  );
}

function said(o: Outcome): string {
  if (o.ok) return o.degraded ? 'ok, shortened' : 'ok';
  return `**${o.code}**`;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(0.5 * sorted.length) - 1)] ?? 0;
}

function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(0.95 * sorted.length) - 1)] ?? 0;
}

function mbps(bytesCount: number, msValue: number): string {
  return msValue > 0 ? `${(bytesCount / MiB / (msValue / 1000)).toFixed(1)} MiB/s` : '—';
}

function json(value: unknown): string[] {
  return ['<details><summary>JSON</summary>', '', '```json', JSON.stringify(value, null, 1), '```', '', '</details>', ''];
}

function caseOf(f: SymbolFileResult, id: string): SymbolCase | undefined {
  return f.cases.find((c) => c.id === id);
}

// ---- the blocks -----------------------------------------------------------------------------------

export function renderIntro(): string[] {
  return [
    '## Symbols, outlines, snippets and the workspace index',
    '',
    'Real code from `node_modules` and the Python installation (their versions are named below), read through',
    '`new Lectern({ fs: nodeFileSystem, roots, loadWasm: createWasmLoader() }).invoke(\'lectern_read\', …)` with the default',
    'settings (answers capped at 25,600 tokens: 20% of a 128,000-token context). Every figure is one child process',
    '(`--expose-gc`); the tokenizer is loaded before the clock starts (its cold load is under "Cold start" above).',
    '',
    '- **Cold first symbol read**: a fresh process and a fresh engine; one `mode: "symbol"` read with `path`. It pays',
    '  the tree-sitter runtime init, grammar load, outline query compile, reading and decoding the file, the parse,',
    '  the outline extraction and the answer. Each run is a new process (5 runs; 3 for the 9 MB file).',
    '- **Warm** cases: one engine per file, after a first outline (which parses the file and caches its outline).',
    '  Symbol reads and outlines are then served from the cached outline (the file is still stat-ed and sniffed on',
    '  every call); a snippet with `expand: "block"` asks for the enclosing syntax node. Timing as for file reads',
    '  (alternating with the floor, median and p95 of wall time, CPU time per call); at least 20 calls, 10 for the',
    '  9 MB outline and 1 MB snippets, 3 for the 9 MB snippet.',
    '- **Floor**: a plain `fs.read` of exactly the bytes the answer returned (symbol, snippet), or `fs.readFile` of',
    '  the whole file (outline: what reading the file to outline it costs at least).',
    '- **Stages**: after the first read, on a second tree-sitter facade in the same process (runtime initialized,',
    '  WebAssembly compiled): grammar load, query compile, one parse under the engine\'s deadline, outline extraction.',
    '- Memory: peak RSS growth (`VmHWM`) over the post-GC level, as for file reads. The WASM heap is the size of',
    '  web-tree-sitter\'s linear memory (watched through `WebAssembly.Memory`); it never shrinks.',
    '',
  ];
}

export function verdictWarm1MB(part: ReadsPart): { holds: boolean | null; text: string } {
  const oneMB = part.files.filter((f) => f.spec.sizeClass === '1 MB');
  const cases = oneMB.map((f) => ({ f, c: caseOf(f.warm, 'symbol') })).filter((x) => x.c);
  if (cases.length === 0) return { holds: null, text: 'No 1 MB file was benchmarked in this run.' };
  const holds = cases.every(({ c }) => c!.outcome.ok && c!.engine.median < 100);
  const text =
    cases
      .map(({ f, c }) => `\`${f.spec.symbol}\` in ${f.spec.shown} (${bytes(f.warm.bytes)}, ${count(f.warm.symbols)} symbols): median **${ms(c!.engine.median)} ms**, p95 ${ms(c!.engine.p95)} ms, CPU ${ms(c!.engineCpu.median)} / ${ms(c!.engineCpu.p95)} ms (${said(c!.outcome)}, ${count(c!.outcome.tokens)} tokens)`)
      .join('; ') +
    `. Criterion: median under 100 ms. ${holds ? '**Holds.**' : '**Does not hold.**'}`;
  return { holds, text };
}

export function verdictOutlines(part: ReadsPart): { holds: boolean | null; text: string } {
  if (part.files.length === 0) return { holds: null, text: 'No file was benchmarked in this run.' };
  const rows = part.files.map((f) => ({ f, c: caseOf(f.warm, 'outline')!, prime: f.warm.prime }));
  const largest = rows.reduce((a, b) => (b.f.warm.bytes > a.f.warm.bytes ? b : a));
  const over = rows.filter((r) => !r.c.outcome.ok || r.c.outcome.tokens > part.tokenCap || !r.prime.outcome.ok);
  const coldOver = largest.f.cold.filter((c) => !c.outcome.ok);
  const holds = over.length === 0 && coldOver.length === 0;
  const text =
    `Outline answers against the ${count(part.tokenCap)}-token cap: ` +
    rows.map((r) => `${r.f.spec.shown} ${count(r.c.outcome.tokens)} tokens (${said(r.c.outcome)})`).join('; ') +
    `. On the largest file (${bytes(largest.f.warm.bytes)}, ${count(largest.f.warm.symbols)} symbols) the first outline of a process took ${ms(largest.prime.ms)} ms, ` +
    `a warm one ${ms(largest.c.engine.median)} ms (p95 ${ms(largest.c.engine.p95)} ms); its parse took ${ms(largest.f.warm.stages.parseMs)} ms warm and up to ${ms(Math.max(0, ...largest.f.cold.flatMap((c) => c.spent.parses.map((p) => p.ms)), ...largest.prime.spent.parses.map((p) => p.ms)))} ms as the first parse of a process, against a ${ms(largest.f.warm.stages.deadlineMs)} ms deadline` +
    `${coldOver.length > 0 ? `, and ${coldOver.length} of ${largest.f.cold.length} cold reads fell back (${coldOver.map((c) => c.outcome.code).join(', ')})` : ''}. ` +
    (holds
      ? '**Holds.**'
      : `**Does not hold**: ${over.map((r) => `${r.f.spec.shown} answered ${r.c.outcome.ok ? `${count(r.c.outcome.tokens)} tokens, ${count(r.c.outcome.tokens - part.tokenCap)} over the cap` : r.c.outcome.code}`).join('; ')}${coldOver.length > 0 ? `; cold reads of ${largest.f.spec.shown} timed out` : ''}.`);
  return { holds, text };
}

function fileTable(part: ReadsPart, f: ReadsPart['files'][number]): string[] {
  const w = f.warm;
  const rows = [
    '| case | median ms | p95 ms | CPU ms median / p95 | floor median ms | × floor (median) | answer | lines returned | peak ΔRSS | peak Δheap | n |',
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
  ];
  const cold = f.cold.map((c) => c.ms);
  const coldCpu = f.cold.map((c) => c.cpuMs);
  const coldFailed = f.cold.filter((c) => !c.outcome.ok);
  if (f.cold.length > 0) {
    rows.push(
      `| first symbol read of a process (cold) | ${ms(median(cold))} | ${ms(p95(cold))} | ${ms(median(coldCpu))} / ${ms(p95(coldCpu))} | — | — | ${coldFailed.length > 0 ? `${coldFailed.length} × ${coldFailed[0]!.outcome.code}` : `${count(f.cold[0]!.outcome.tokens)} tokens`} | — | ${growth(median(f.cold.map((c) => c.mem.rss)))} | ${growth(median(f.cold.map((c) => c.mem.heap)))} | ${f.cold.length} |`,
    );
  }
  rows.push(`| first outline of a process | ${ms(w.prime.ms)} | — | — | — | — | ${w.prime.outcome.ok ? `${count(w.prime.outcome.tokens)} tokens` : w.prime.outcome.code} | — | — | — | 1 |`);
  for (const c of w.cases) {
    rows.push(
      `| ${c.label} | ${ms(c.engine.median)} | ${ms(c.engine.p95)} | ${ms(c.engineCpu.median)} / ${ms(c.engineCpu.p95)} | ${ms(c.floor.median)} | ${ratio(c.engine.median / c.floor.median)} | ${c.outcome.ok ? `${count(c.outcome.tokens)} tokens${c.outcome.degraded ? ' ¹' : ''}` : `**${c.outcome.code}**`} | ${c.linesReturned ?? '—'} | ${growth(c.mem.rss)} | ${growth(c.mem.heap)} | ${c.engine.n} |`,
    );
  }
  const s = w.stages;
  const notes = w.cases.flatMap((c) => c.notes.map((n) => `${c.id}: ${n}`));
  const coldParse = f.cold.flatMap((c) => c.spent.parses.map((p) => p.ms));
  const coldBreakdown =
    f.cold.length > 0
      ? `Cold read, median over the runs: runtime init + grammar load ${ms(median(f.cold.map((c) => c.spent.languageMs)))} ms, outline query compile ${ms(median(f.cold.map((c) => c.spent.queryMs)))} ms, ` +
        `parse ${ms(median(coldParse))} ms (slowest ${ms(Math.max(...coldParse, 0))} ms of the ${ms(s.deadlineMs)} ms deadline${f.cold.some((c) => c.spent.parses.some((p) => !p.ok)) ? '; **some passed it**' : ''}), ` +
        `the rest (reading and decoding the file, outline extraction, the answer) ${ms(median(f.cold.map((c) => c.ms - c.spent.languageMs - c.spent.queryMs - c.spent.parses.reduce((a, p) => a + p.ms, 0))))} ms. `
      : '';
  const out = [
    `#### ${f.spec.sizeClass}: ${f.spec.shown} (${f.pkg}; ${count(w.bytes)} bytes, ${count(w.lines)} lines, ${count(w.symbols)} symbols)`,
    '',
    ...rows,
    '',
    coldBreakdown +
      `Stages after the first read (second facade): grammar load ${ms(s.grammarMs)} ms, query compile ${ms(s.queryMs)} ms, parse **${ms(s.parseMs)} ms** (${mbps(w.bytes, s.parseMs)}${s.parsed ? '' : `; **deadline of ${ms(s.deadlineMs)} ms passed**`}), outline extraction ${ms(s.extractMs)} ms (${count(s.symbols)} symbols). ` +
      `WASM heap after the run: ${bytes(w.wasmBytes)}. Cold runs: importing the engine through tsx ${ms(median(f.cold.map((c) => c.importMs)))} ms and loading the tokenizer ${ms(median(f.cold.map((c) => c.tokenizerMs)))} ms (not in the cold figure); WASM heap after the cold read ${bytes(median(f.cold.map((c) => c.wasmBytes)))}.`,
    '',
  ];
  if (notes.length > 0) out.push(...notes.map((n) => `- ${n}`), '');
  return out;
}

/** Derived from this run: where the time of the slow symbol cases goes. */
function whereTimeGoes(part: ReadsPart): string[] {
  const out: string[] = [];
  for (const f of part.files) {
    const snippet = caseOf(f.warm, 'snippet');
    const parse = f.warm.stages.parseMs;
    if (snippet && parse > 50) {
      const share = snippet.engine.median / parse;
      out.push(
        `- ${f.spec.shown}: a warm snippet with \`expand: "block"\` takes ${ms(snippet.engine.median)} ms, ${share >= 0.5 ? `${ratio(share)} the parse of the whole file (${ms(parse)} ms): each call parses the file again (the cached outline holds no tree)` : `${ratio(share)} a parse (${ms(parse)} ms): the parse is reused`}.`,
      );
    }
  }
  const largest = part.files[part.files.length - 1];
  if (largest) {
    const outline = caseOf(largest.warm, 'outline');
    const symbol = caseOf(largest.warm, 'symbol');
    if (outline) {
      out.push(
        `- ${largest.spec.shown}: a warm outline (no parse: the outline is cached) takes ${ms(outline.engine.median)} ms of ${ms(outline.engineCpu.median)} ms CPU to render ${count(largest.warm.symbols)} symbols into ${count(outline.outcome.tokens)} tokens; ` +
          `the first outline of the process took ${ms(largest.warm.prime.ms)} ms = parse (${ms(largest.warm.stages.parseMs)} ms in the stage measurement) + extraction (${ms(largest.warm.stages.extractMs)} ms) + runtime, grammar, query and rendering.`,
      );
    }
    if (symbol) {
      out.push(`- ${largest.spec.shown}: a warm symbol read takes ${ms(symbol.engine.median)} ms (floor ${ms(symbol.floor.median)} ms) with ${count(largest.warm.symbols)} symbols in the file's outline, peak heap growth ${growth(symbol.mem.heap)} over 5 calls.`);
    }
  }
  return out.length > 0 ? ['Where the time goes (derived from this run):', '', ...out, ''] : [];
}

export function renderReads(part: ReadsPart): string[] {
  const warm = verdictWarm1MB(part);
  const outlines = verdictOutlines(part);
  const coldTable = [
    '| file | size | symbols | cold symbol read median / p95 ms | CPU median ms | parse within it ms | warm symbol read median / p95 ms | outline warm median / p95 ms | snippet `expand` median / p95 ms | parse warm ms | peak ΔRSS (cold) | WASM heap |',
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
    ...part.files.map((f) => {
      const sym = caseOf(f.warm, 'symbol');
      const out = caseOf(f.warm, 'outline');
      const snip = caseOf(f.warm, 'snippet');
      const pair = (c: SymbolCase | undefined) => (c ? `${ms(c.engine.median)} / ${ms(c.engine.p95)}${c.outcome.ok ? '' : ` (${c.outcome.code})`}` : '—');
      const cold = f.cold.map((c) => c.ms);
      const failed = f.cold.filter((c) => !c.outcome.ok).length;
      return `| ${f.spec.shown} | ${bytes(f.warm.bytes)} | ${count(f.warm.symbols)} | ${ms(median(cold))} / ${ms(p95(cold))}${failed ? ` (${failed} of ${f.cold.length} failed)` : ''} | ${ms(median(f.cold.map((c) => c.cpuMs)))} | ${ms(median(f.cold.flatMap((c) => c.spent.parses.map((p) => p.ms))))} | ${pair(sym)} | ${pair(out)} | ${pair(snip)} | ${ms(f.warm.stages.parseMs)} | ${growth(median(f.cold.map((c) => c.mem.rss)))} | ${bytes(f.warm.wasmBytes)} |`;
    }),
  ];
  return [
    '### Symbol reads, outlines and snippets',
    '',
    runLine(part.run),
    '',
    '#### Verdict: "warm symbol reads in a 1 MB file take tens of milliseconds"',
    '',
    warm.text,
    '',
    '#### Verdict: "outlines fit their budget on the largest files"',
    '',
    outlines.text,
    '',
    '#### Summary',
    '',
    ...coldTable,
    '',
    ...whereTimeGoes(part),
    ...part.files.flatMap((f) => fileTable(part, f)),
    '¹ shortened to fit the answer cap (an outline shown at a coarser level, or a symbol as signature and members).',
    '',
    ...(part.skipped.length > 0 ? ['Skipped:', '', ...part.skipped.map((s) => `- ${s}`), ''] : []),
    ...json(part.files.map((f) => ({ spec: f.spec, pkg: f.pkg, cold: f.cold, warm: f.warm }))),
  ];
}

export function renderMemory(part: NonNullable<SymbolParts['memory']>): string[] {
  const r = part.result;
  const rows = [
    '| | outline ms | parse ms | answer | outline cache (versions, source bytes) | RSS after GC | heap after GC | external after GC | WASM heap | peak RSS so far |',
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
    `| before the first read | — | — | — | — | ${bytes(r.base.rss)} | ${bytes(r.base.heap)} | ${bytes(r.base.external)} | ${bytes(r.base.wasmBytes)} | ${bytes(r.base.peakRss)} |`,
    ...r.samples.map((s, i) => `| version ${i + 1} | ${ms(s.ms)} | ${s.parseMs === null ? '—' : ms(s.parseMs)} | ${s.outcome.ok ? `${count(s.outcome.tokens)} tokens` : `**${s.outcome.code}**`} | ${s.cache.entries}, ${bytes(s.cache.bytes)} | ${bytes(s.rss)} | ${bytes(s.heap)} | ${bytes(s.external)} | ${bytes(s.wasmBytes)} | ${bytes(s.peakRss)} |`),
    `| engine dropped | — | — | — | — | ${bytes(r.released.rss)} | ${bytes(r.released.heap)} | ${bytes(r.released.external)} | ${bytes(r.released.wasmBytes)} | ${bytes(r.released.peakRss)} |`,
  ];
  const first = r.samples[0];
  const last = r.samples[r.samples.length - 1];
  const derived: string[] = [];
  if (first && last && r.samples.length > 1) {
    // While the cache fills, each version adds to it; once its byte budget is full, the oldest goes.
    const most = Math.max(...r.samples.map((s) => s.cache.entries));
    const full = r.samples.findIndex((s) => s.cache.entries === most);
    const filling = r.samples[full]!;
    const after = r.samples.slice(full + 1);
    const per = (key: 'rss' | 'heap' | 'external') => (full > 0 ? (filling[key] - first[key]) / full : 0);
    const wasmGrew = last.wasmBytes > first.wasmBytes;
    derived.push(
      `Derived: the first parse grew the WASM heap from ${bytes(r.base.wasmBytes)} to ${bytes(first.wasmBytes)}; ${wasmGrew ? `it then grew to ${bytes(last.wasmBytes)}` : 'later parses reused it (it did not grow again)'}. ` +
        (full > 0
          ? `Until the outline cache was full (${filling.cache.entries} versions, ${bytes(filling.cache.bytes)} of source bytes, at version ${full + 1}), each new version added about ${growth(per('rss'))} of RSS ` +
            `(${growth(per('heap'))} heap, ${growth(per('external'))} external) after GC: the cache keeps earlier versions of the same file (its source bytes, decoded text and symbols) until its byte budget is full. `
          : '') +
        (after.length > 0
          ? `After that RSS stayed between ${bytes(Math.min(...after.map((s) => s.rss)))} and ${bytes(Math.max(...after.map((s) => s.rss)))} (${after.length} more versions): bounded. `
          : 'The cache did not fill in this run. ') +
        `Dropping the engine gave back ${growth(last.rss - r.released.rss)} of RSS; the WASM heap (${bytes(r.released.wasmBytes)}) stays for the life of the process.`,
    );
  }
  return [
    '### Memory: outlines of distinct versions of the 9 MB file',
    '',
    runLine(part.run),
    '',
    `One engine reads the outline of a copy of ${part.spec.shown} (${bytes(r.bytes)}) ${r.samples.length} times; before each read the copy's mtime changes, so each read is a new version: a cache miss and a full parse. Figures after a full GC.`,
    '',
    ...rows,
    '',
    ...derived,
    '',
    ...json(r),
  ];
}

export function renderIndex(part: NonNullable<SymbolParts['index']>): string[] {
  const r = part.result;
  const complete = r.calls.length > 0 && r.calls[r.calls.length - 1]!.complete;
  const rows = [
    '| call | wall ms | CPU ms | files indexed / in scope | complete | answer |',
    '|--:|--:|--:|--:|---|---|',
    ...r.calls.map((c, i) => `| ${i + 1} | ${ms(c.ms)} | ${ms(c.cpuMs)} | ${count(c.indexed)} / ${count(c.total)} | ${c.complete ? 'yes' : 'no'} | ${c.outcome.ok ? 'ok' : c.outcome.code} |`),
  ];
  const indexMs = r.calls.reduce((s, c) => s + c.ms, 0);
  return [
    '### Workspace symbol index',
    '',
    runLine(part.run),
    '',
    `Roots: ${r.roots.map((x) => `\`${x.path}\``).join(', ')}. The walker lists ${count(r.listed)} source files (${bytes(r.bytesListed)} of those the index takes; ${count(r.overLimit)} over the ${bytes(part.maxFileBytes)} index limit left out) in ${ms(r.listMs)} ms. ` +
      `A \`mode: "symbol"\` read without \`path\` builds the index, at most ${ms(part.budgetMs)} ms per call; it was called until the index was complete.`,
    '',
    ...rows,
    '',
    `- Build: **${(indexMs / 1000).toFixed(1)} s** in ${r.calls.length} calls${complete ? '' : ' (**not complete**)'} (${(r.totalCpuMs / 1000).toFixed(1)} s CPU), ${count(r.indexedFiles)} files, ${bytes(r.indexedBytes)}, ${count(r.symbols)} symbols: ` +
      `**${count(Math.round(r.indexedFiles / (indexMs / 1000)))} files/s**, ${mbps(r.indexedBytes, indexMs)}.`,
    `- Memory: peak RSS growth during the build ${growth(r.mem.rss)} (heap ${growth(r.mem.heap)}, external ${growth(r.mem.external)}); after it, after GC: RSS ${bytes(r.after.rss)}, heap ${bytes(r.after.heap)}, external ${bytes(r.after.external)}, WASM heap ${bytes(r.after.wasmBytes)}; the outline cache holds ${count(r.after.cache.entries)} files' source and outlines (${bytes(r.after.cache.bytes)} of source bytes counted against its budget).`,
    `- Warm query (same read, index built): median **${ms(r.warm.median)} ms**, p95 ${ms(r.warm.p95)} ms, CPU ${ms(r.warmCpu.median)} / ${ms(r.warmCpu.p95)} ms, n=${r.warm.n} (${said(r.warmOutcome)}: \`${r.warmHead.split('\n')[0]}\`). Every query stats each file in scope, and lists the folders again when the listing is over 15 s old.`,
    `- Warm query for a name that does not exist (NOT_FOUND with the closest names): median ${ms(r.notFound.median)} ms, n=${r.notFound.n}.`,
    '',
    ...json(r),
  ];
}

export function renderTokens(part: NonNullable<SymbolParts['tokens']>): string[] {
  const r = part.result;
  const rows = [
    '| language | code | files | reads | median answer tokens | median whole-file tokens | answer ÷ file | saving (file ÷ answer) | median span tokens | answer ÷ span | answer ÷ numbered span (n) |',
    '|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
    ...r.languages.map(
      (l) =>
        `| ${l.language} | ${l.source === 'real' ? 'real' : 'fixtures'} | ${l.files} | ${l.reads}${l.misses ? ` (${l.misses} missed)` : ''} | ${count(l.answer)} | ${count(l.file)} | ${(l.answerOverFile * 100).toFixed(1)}% | ${ratio(l.saving)} | ${count(l.span)} | ${l.answerOverSpan.toFixed(2)} | ${l.numberedReads > 0 ? `${l.answerOverNumberedSpan.toFixed(2)} (${l.numberedReads})` : '—'} |`,
    ),
  ];
  return [
    '### Tokens: a symbol answer against its whole file, per language',
    '',
    runLine(part.run),
    '',
    'Per file, up to 40 symbols of the kinds read as a unit (function, method, class, interface, type, enum, module),',
    'spread over the file, each read by its exact input (`/qualified.name`, `kind`, `index`). Tokens are o200k_base',
    '(gpt-tokenizer): the answer\'s `meta.token_estimate`; the whole file as plain text (the least a whole-file read',
    'costs); the span = the symbol\'s lines with its doc comments, as plain text. "answer ÷ file" and "saving" are medians',
    'over reads; "answer ÷ numbered span" is measured as test/unit/symbols/answerSize.test.ts does (whole answers of three',
    'lines or more, against the span with line numbers; target ≤ 1.2 on real code). Real files: up to 12 per language,',
    'spread over their size distribution (≤ 300 KB).',
    '',
    ...rows,
    '',
    ...r.languages.map((l) => `- ${l.language} (${l.source}): ${l.where}${l.degraded > 0 ? `; ${l.degraded} ${l.degraded === 1 ? 'answer' : 'answers'} shortened to a signature and members` : ''}`),
    '- TSX: no TSX files here (no fixture, none in node_modules): not measured.',
    ...r.missing.map((m) => `- not measured: ${m}`),
    '',
    ...json(r),
  ];
}

export function symbolSummary(parts: SymbolParts): string {
  const out: string[] = [];
  if (parts.reads) {
    out.push('', 'Symbols (median / p95 ms)');
    for (const f of parts.reads.files) {
      const pair = (c: SymbolCase | undefined) => (c ? `${ms(c.engine.median)}/${ms(c.engine.p95)}${c.outcome.ok ? '' : ` ${c.outcome.code}`}` : '—');
      const cold = f.cold.map((c) => c.ms);
      out.push(
        `  ${f.spec.shown.padEnd(52)} cold ${`${ms(median(cold))}/${ms(p95(cold))}`.padEnd(11)} symbol ${pair(caseOf(f.warm, 'symbol')).padEnd(11)} outline ${pair(caseOf(f.warm, 'outline')).padEnd(11)} snippet ${pair(caseOf(f.warm, 'snippet')).padEnd(11)} parse ${ms(f.warm.stages.parseMs)}`,
      );
    }
    out.push('', verdictWarm1MB(parts.reads).text.replace(/\*\*/g, ''), '', verdictOutlines(parts.reads).text.replace(/\*\*/g, ''));
  }
  if (parts.memory) {
    const s = parts.memory.result.samples;
    out.push('', `Memory, ${s.length} outlines of new versions of the 9 MB file: RSS after GC ${s.map((x) => bytes(x.rss)).join(' → ')}; WASM heap ${s.map((x) => bytes(x.wasmBytes)).join(' → ')}`);
  }
  if (parts.index) {
    const r = parts.index.result;
    const indexMs = r.calls.reduce((a, c) => a + c.ms, 0);
    out.push('', `Index: ${count(r.indexedFiles)} files (${bytes(r.indexedBytes)}) in ${(indexMs / 1000).toFixed(1)} s over ${r.calls.length} calls = ${count(Math.round(r.indexedFiles / (indexMs / 1000)))} files/s; peak ΔRSS ${growth(r.mem.rss)}; warm query ${ms(r.warm.median)} ms`);
  }
  if (parts.tokens) {
    out.push('', 'Tokens (median answer / whole file, saving, answer ÷ numbered span):');
    for (const l of parts.tokens.result.languages) out.push(`  ${`${l.language} (${l.source})`.padEnd(22)} ${count(l.answer)} / ${count(l.file)}  ${ratio(l.saving)}  ${l.answerOverNumberedSpan.toFixed(2)}`);
  }
  return out.join('\n') + '\n';
}

export function fileExists(path: string): boolean {
  return existsSync(path);
}
