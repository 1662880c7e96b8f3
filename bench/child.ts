// One benchmark process: runs every case for one file (or measures the tokenizer cold start, or runs
// one symbol job from bench/symbols.ts) and
// prints its results as a JSON line starting with "RESULT ". Started by bench/run.ts with
// --expose-gc, one process per file size, so each size starts from a clean heap and RSS.
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FileSystemPort } from '../src/core/ground/fileSystemPort';
import type { Host } from '../src/core/ground/ports';
import type { ToolResponse } from '../src/core/ground/contract';
import { makeBlock } from './generate';
import { collect, HEAVY, memoryOf, NORMAL, plainRead, plainScan, stats, timePair } from './measure';
import type { CaseResult, ChildJob, ChildResult, SizeJob, TokenizerResult } from './types';

// ---- the engine, through a host whose fs counts what the engine reads ---------------------------

interface Counter {
  reads: number;
  bytes: number;
}

function countingFs(base: FileSystemPort, counter: Counter): FileSystemPort {
  // Everything but open passes through untouched (whatever the port grows).
  return {
    ...base,
    async open(p) {
      const handle = await base.open(p);
      return {
        async read(buffer, offset, length, position) {
          const n = await handle.read(buffer, offset, length, position);
          counter.reads++;
          counter.bytes += n;
          return n;
        },
        close: () => handle.close(),
        stat: () => handle.stat(),
        realPath: handle.realPath?.bind(handle),
      };
    },
  };
}

type Engine = 'shared' | 'fresh' | 'primed';

interface CaseDef {
  id: string;
  label: string;
  tool: 'lectern_read' | 'lectern_stat';
  input: Record<string, unknown>;
  engine: Engine;
  heavy?: boolean;
}

function casesFor(job: SizeJob, target: string): CaseDef[] {
  const { size, lines } = job;
  const deep = Math.max(1, Math.floor(lines * 0.9));
  const near = Math.min(501, Math.max(1, lines - 200));
  const window = 64 * 1024;
  const big = size > 64 * 1024 * 1024;
  return [
    { id: 'head', label: 'head 50', tool: 'lectern_read', input: { target, head: 50 }, engine: 'shared' },
    { id: 'tail', label: 'tail 50', tool: 'lectern_read', input: { target, tail: 50 }, engine: 'shared' },
    {
      id: 'win-start',
      label: 'window 64 KiB @ start',
      tool: 'lectern_read',
      input: { target, start_byte: 0, max_bytes: window },
      engine: 'shared',
    },
    {
      id: 'win-mid',
      label: 'window 64 KiB @ middle',
      tool: 'lectern_read',
      input: { target, start_byte: Math.floor(size / 2), max_bytes: window },
      engine: 'shared',
    },
    {
      id: 'win-end',
      label: 'window 64 KiB @ end',
      tool: 'lectern_read',
      input: { target, start_byte: Math.max(0, size - window), max_bytes: window },
      engine: 'shared',
    },
    {
      id: 'win-max',
      label: 'window 256 KiB (cap) @ middle',
      tool: 'lectern_read',
      input: { target, start_byte: Math.floor(size / 2), max_bytes: 256 * 1024 },
      engine: 'shared',
    },
    {
      id: 'lines-near',
      label: `lines ${near}-${near + 199}`,
      tool: 'lectern_read',
      input: { target, start_line: near, end_line: near + 199 },
      engine: 'shared',
    },
    { id: 'stat', label: 'stat', tool: 'lectern_stat', input: { target }, engine: 'shared' },
    { id: 'stat-fresh', label: 'stat, first in session', tool: 'lectern_stat', input: { target }, engine: 'fresh' },
    {
      id: 'win-mid-fresh',
      label: 'window 64 KiB @ middle, first in session',
      tool: 'lectern_read',
      input: { target, start_byte: Math.floor(size / 2), max_bytes: window },
      engine: 'fresh',
    },
    {
      id: 'lines-deep-scan',
      label: `lines ${deep}-${deep + 199} (90%), first: scan`,
      tool: 'lectern_read',
      input: { target, start_line: deep, end_line: deep + 199 },
      engine: 'fresh',
      heavy: big,
    },
    {
      id: 'lines-deep-indexed',
      label: `lines ${deep}-${deep + 199} (90%), again: line index`,
      tool: 'lectern_read',
      input: { target, start_line: deep, end_line: deep + 199 },
      engine: 'primed',
    },
  ];
}

function check(response: ToolResponse, what: string): ToolResponse {
  if (!response.ok) throw new Error(`${what} failed: ${response.error?.code} ${response.error?.message}`);
  return response;
}

async function runSize(job: SizeJob): Promise<ChildResult> {
  const t0 = performance.now();
  const { Lectern } = await import('../src/core/engine');
  const { nodeFileSystem } = await import('../src/node/nodeFileSystem');
  const { nodeTokenCounter } = await import('../src/node/tokenizer');
  const importMs = performance.now() - t0;
  const counter: Counter = { reads: 0, bytes: 0 };
  // The Node hosts' counter: the tokenizer loads at the first count an answer needs, not at the first call.
  const host: Host = {
    fs: countingFs(nodeFileSystem, counter),
    roots: () => [{ name: 'bench', path: job.dir }],
    tokenCounter: async () => nodeTokenCounter,
  };
  const target = job.name;
  const path = join(job.dir, job.name);
  // The session guard is off: these cases repeat one call to time it, which a session would answer with pointers.
  const unguarded = () => ({ sessionGuard: false });
  const shared = new Lectern(host, unguarded);

  // Cold start: the first call of the process (under 32 MiB it counts lines; far under the cap it counts no tokens).
  let coldResponse: ToolResponse | undefined;
  collect();
  const coldT = performance.now();
  let coldMs = 0;
  const coldMem = await memoryOf(async () => {
    coldResponse = check(await shared.invoke('lectern_read', { target, head: 50 }), 'cold head');
    coldMs = performance.now() - coldT;
  }, 1);
  void coldResponse;

  const results: CaseResult[] = [];
  for (const def of casesFor(job, target)) {
    process.stderr.write(`  ${job.label}: ${def.label} … `);
    let primed: InstanceType<typeof Lectern> | undefined;
    if (def.engine === 'primed') {
      primed = new Lectern(host, unguarded);
      check(await primed.invoke(def.tool, def.input), def.label);
    }
    const call = async () => {
      const engine =
        def.engine === 'shared' ? shared : def.engine === 'primed' ? primed! : new Lectern(host, unguarded);
      return check(await engine.invoke(def.tool, def.input), def.label);
    };
    // A reference call: the byte range the floor reads, and what the engine read from disk.
    counter.reads = 0;
    counter.bytes = 0;
    const reference = await call();
    const engineReads = { reads: counter.reads, bytes: counter.bytes };
    const start = reference.meta.start_byte ?? 0;
    const end = reference.meta.end_byte ?? 0;
    const returned = def.tool === 'lectern_stat' ? 0 : end - start;
    // The floor must read exactly the bytes the engine returned.
    if (
      def.tool === 'lectern_read' &&
      !Buffer.from(reference.content, 'utf8').equals(await plainRead(path, start, returned))
    ) {
      throw new Error(`${def.label}: content differs from the file's bytes [${start}, ${end})`);
    }
    const floor = def.tool === 'lectern_stat' ? () => stat(path) : () => plainRead(path, start, returned);
    const timing = def.heavy ? HEAVY : NORMAL;
    const times = await timePair(call, floor, timing);
    const memReps = def.heavy ? 1 : 5;
    const memEngine = await memoryOf(call, memReps);
    const memFloor = await memoryOf(floor, memReps);
    // Cases that scan: compare with a plain sequential scan of as many bytes.
    let scan: CaseResult['scan'];
    if (engineReads.bytes > 4 * 1024 * 1024) {
      const scanTimes: number[] = [];
      const reps = def.heavy ? 3 : 10;
      for (let i = 0; i < reps; i++) {
        const t = performance.now();
        await plainScan(path, engineReads.bytes);
        scanTimes.push(performance.now() - t);
      }
      scan = { bytes: engineReads.bytes, plain: stats(scanTimes) };
    }
    const engine = stats(times.engine);
    const floorStats = stats(times.floor);
    results.push({
      id: def.id,
      label: def.label,
      engineKind: def.engine,
      engine,
      engineCpu: stats(times.engineCpu),
      floor: floorStats,
      floorKind: def.tool === 'lectern_stat' ? 'fs.stat' : 'fs.read',
      bytesReturned: returned,
      startByte: reference.meta.start_byte,
      endByte: reference.meta.end_byte,
      startLine: reference.meta.start_line,
      endLine: reference.meta.end_line,
      totalLines: reference.meta.total_lines,
      tokens: reference.meta.token_estimate,
      degraded: reference.meta.preview_degraded,
      engineReads,
      memEngine,
      memFloor,
      scan,
    });
    process.stderr.write(`${engine.median.toFixed(2)} ms (floor ${floorStats.median.toFixed(3)} ms, n=${engine.n})\n`);
  }
  const headWarm = results.find((r) => r.id === 'head');
  return {
    kind: 'size',
    label: job.label,
    size: job.size,
    lines: job.lines,
    importMs,
    cold: { ms: coldMs, mem: coldMem, warmMedian: headWarm?.engine.median ?? null },
    cases: results,
  };
}

/** Tokenizer cold load in a fresh process, and its counting speed on 64 KiB of the bench text. */
async function runTokenizer(): Promise<TokenizerResult> {
  const { loadTokenCounter } = await import('../src/core/ground/tokens');
  collect();
  const t0 = performance.now();
  let loadMs = 0;
  let count: ((text: string) => number) | undefined;
  const mem = await memoryOf(async () => {
    count = await loadTokenCounter();
    loadMs = performance.now() - t0;
  }, 1);
  const text = new TextDecoder().decode(makeBlock(64 * 1024, 42).bytes);
  const lines = text.split('\n').map((line, i) => `${i + 1}\t${line}\n`);
  const whole: number[] = [];
  const perLine: number[] = [];
  let tokens = 0;
  for (let i = 0; i < 33; i++) {
    let t = performance.now();
    tokens = count!(text);
    whole.push(performance.now() - t);
    t = performance.now();
    for (const line of lines) count!(line);
    perLine.push(performance.now() - t);
  }
  const decode: number[] = [];
  const bytes = makeBlock(64 * 1024, 42).bytes;
  for (let i = 0; i < 50; i++) {
    const t = performance.now();
    new TextDecoder('utf-8', { fatal: true }).decode(bytes).split('\n');
    decode.push(performance.now() - t);
  }
  return {
    kind: 'tokenizer',
    loadMs,
    mem,
    bytes: 64 * 1024,
    tokens,
    lines: lines.length,
    whole: stats(whole.slice(3)),
    perLine: stats(perLine.slice(3)),
    decodeSplit: stats(decode.slice(5)),
  };
}

async function main(): Promise<void> {
  const job = JSON.parse(process.argv[2]!) as ChildJob;
  let result: ChildResult;
  if (job.kind === 'tokenizer') result = await runTokenizer();
  else if (job.kind === 'size') result = await runSize(job);
  else {
    // Imported only here: it watches WebAssembly.Memory before the engine loads.
    const symbols = await import('./symbols');
    if (job.kind === 'sym-cold') result = await symbols.runSymbolCold(job);
    else if (job.kind === 'sym-file') result = await symbols.runSymbolFile(job);
    else if (job.kind === 'sym-memory') result = await symbols.runSymbolMemory(job);
    else if (job.kind === 'index') result = await symbols.runIndex(job);
    else if (job.kind === 'tokens') result = await symbols.runTokens(job);
    else throw new Error(`unknown job ${JSON.stringify(job)}`);
  }
  process.stdout.write('RESULT ' + JSON.stringify(result) + '\n');
}

main().catch((error: unknown) => {
  process.stderr.write(`bench child failed: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
