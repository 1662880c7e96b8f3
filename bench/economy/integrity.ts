// Answer integrity on the real corpus: every mode is asked about a sample of files, each file is then
// rewritten with other bytes of the same size (its lines rotated) and its modification time put back, and
// the same calls are asked again, in the warm engine and in a new one over the same persistent symbol cache
// (a new process). Every numbered line of every answer is checked against the file's text now: a line that
// differs is a stale line, and there must be none.
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix } from 'node:path';
import { Lectern } from '../../src/core/engine';
import type { Host } from '../../src/core/ground/ports';
import { readGutter } from '../../src/core/text/gutter';
import { nodeFileSystem } from '../../src/node/nodeFileSystem';
import { createSymbolCache } from '../../src/node/symbolCacheStore';
import { createWasmLoader } from '../../src/node/wasmFiles';
import { ensureSource, listFiles, REPOS, splitLines } from './corpus';

export interface IntegrityRow {
  mode: string;
  calls: number;
  lines: number;
  stale: number;
}

interface Ask {
  mode: string;
  tool: string;
  input: Record<string, unknown>;
}

const PER_REPO = 7;
const MTIME_S = 1_700_000_000;
const DECLARED = /^\s*(?:export\s+)?(?:pub\s+)?(?:async\s+)?(?:function|def|fn|class|func|struct)\s+([A-Za-z_]\w{3,})/;

function engine(root: string, cache: string, codeRoot: string): Lectern {
  const roots = () => [{ name: 'ws', path: root }];
  const host: Host = {
    fs: nodeFileSystem,
    roots,
    loadWasm: createWasmLoader(codeRoot),
    symbolCache: createSymbolCache(cache, roots),
  };
  return new Lectern(host, () => ({ sessionGuard: false }));
}

/** The calls asked about one file: every mode, on a name it declares and a word in it. */
function asksFor(file: string, text: string): Ask[] {
  const lines = splitLines(text);
  const name = lines.map((l) => DECLARED.exec(l)?.[1]).find(Boolean);
  const word = name ?? /[A-Za-z_]\w{5,}/.exec(text)?.[0] ?? 'the';
  const mid = Math.max(1, Math.floor(lines.length / 2));
  const read = (mode: string, input: Record<string, unknown>): Ask => ({ mode, tool: 'lectern_read', input });
  const asks = [
    read('range', { target: file, start_line: 1, end_line: Math.min(lines.length, 60) }),
    read('outline', { target: file, outline: true }),
    read('snippet', { mode: 'snippet', target: file, start_line: mid, end_line: mid }),
    read('map', { mode: 'map', target: posix.dirname(file) === '.' ? undefined : posix.dirname(file) }),
    { mode: 'search', tool: 'lectern_search', input: { query: word, target: file } },
    { mode: 'stat', tool: 'lectern_stat', input: { target: file } },
  ];
  if (name) {
    asks.push(read('symbol', { mode: 'symbol', target: name, path: file }));
    asks.push(read('references', { mode: 'references', target: name }));
  }
  return asks;
}

/**
 * Other bytes of the same size, valid UTF-8: the first half of the lines moved to the end (a final newline
 * kept), so a line or a span of the old version points far from where it is now.
 */
function rotated(text: string): string | null {
  if (!text.endsWith('\n')) return null;
  const lines = text.slice(0, -1).split('\n');
  if (lines.length < 3) return null;
  const half = Math.floor(lines.length / 2);
  const out = [...lines.slice(half), ...lines.slice(0, half)].join('\n') + '\n';
  return out === text ? null : out;
}

const KINDS = new Set(
  'function variable const let var class method field type interface export async def fn pub struct enum impl trait module property macro func static constant'.split(
    ' ',
  ),
);

/** How far a span's name may be from its first line: past decorators and comments, else within its signature. */
const LEAD_LINES = 80;
const SIGNATURE_LINES = 3;
const LEAD = /^\s*(?:@|#\[|#|\/\/|\/\*|\*)/;

/** A declaration shown at line `at`: its name (the first word not a kind) is on that line of the file now. */
function entryStale(source: string[], at: number, shown: string): boolean {
  const name = (shown.match(/[A-Za-z_$][\w$.]*/g) ?? [])
    .find((w) => !KINDS.has(w))
    ?.split('.')
    .pop();
  // A span starts at its decorators, attributes or leading comment: the name is within its first lines.
  const head = source
    .slice(at - 1, at - 1 + (LEAD.test(source[at - 1] ?? '') ? LEAD_LINES : SIGNATURE_LINES))
    .join('\n');
  return name !== undefined && name !== '' && !head.includes(name);
}

/** A declaration entry: an outline's `[L12-40] kind name`, a map's `12 kind name`, a reference's `12 · name · text`. */
const ENTRY = /^\s*(?:\[L(\d+)(?:-\d+)?\]|(\d+)(?: ·)?) (.+)$/;

/**
 * Numbered lines of an answer (and `file:line:text` search rows) checked against each file's text now, and
 * declaration entries (outline, map, references, a symbol's header) checked for their name on their line now.
 */
function check(text: string, file: string, now: (f: string) => string[] | undefined): [number, number] {
  let current: string | null = file;
  let lines = 0;
  let stale = 0;
  const tree: string[] = [];
  const all = text.split('\n');
  const numbered = readGutter(all);
  all.forEach((line, i) => {
    const shown = numbered[i];
    const source = current ? now(current) : undefined;
    if (shown) {
      if (!source) return;
      lines++;
      if (source[shown.number - 1] !== shown.text) stale++;
      return;
    }
    const entry = ENTRY.exec(line);
    if (entry && source && i > 0) {
      lines++;
      if (entryStale(source, Number(entry[1] ?? entry[2]), entry[3]!.replace(/^\S+ · /, ''))) stale++;
      return;
    }
    const header = /^(\S+?):(\d+)(?:-\d+)?(?: ·)? (.+)$/.exec(line);
    if (header && now(header[1]!)) {
      current = header[1]!;
      lines++;
      if (entryStale(now(current)!, Number(header[2]), header[3]!)) stale++;
      return;
    }
    const named = /^(\S+?)(?::\d+(?:-\d+)?)? (?:·|\S)/.exec(line);
    if (named && now(named[1]!)) current = named[1]!;
    const node = /^( *)(\S+)$/.exec(line);
    if (node) {
      const depth = node[1]!.length / 2;
      tree.length = depth;
      tree[depth] = node[2]!;
      if (now(tree.join(''))) current = tree.join('');
      else if (now(tree.join('/'))) current = tree.join('/');
    }
  });
  return [lines, stale];
}

/** Copies the sample into a temp workspace (the corpus cache itself is never written). */
function sample(root: string): string[] {
  const picked: string[] = [];
  for (const repo of REPOS) {
    const source = ensureSource(repo.name, repo.source, repo.sub);
    const files = listFiles(source, repo.extensions).filter((f) => {
      const size = fs.statSync(join(source, f)).size;
      return size > 400 && size < 60_000;
    });
    const step = Math.max(1, Math.floor(files.length / PER_REPO));
    for (const f of files.filter((_, i) => i % step === 0).slice(0, PER_REPO)) {
      const rel = posix.join(repo.name, f.split('\\').join('/'));
      fs.mkdirSync(dirname(join(root, rel)), { recursive: true });
      fs.copyFileSync(join(source, f), join(root, rel));
      // Whole seconds (as an unpacked archive or a checkout leaves them), so a put-back time is exact.
      fs.utimesSync(join(root, rel), MTIME_S, MTIME_S);
      picked.push(rel);
    }
  }
  return picked;
}

export async function runIntegrity(codeRoot = process.cwd()): Promise<IntegrityRow[]> {
  const base = fs.mkdtempSync(join(tmpdir(), 'lectern-integrity-'));
  const root = join(base, 'ws');
  const cache = join(base, 'cache');
  try {
    const files = sample(root);
    const texts = new Map(files.map((f) => [f, fs.readFileSync(join(root, f), 'utf8')]));
    const asks = new Map(files.map((f) => [f, asksFor(f, texts.get(f)!)]));
    const warm = engine(root, cache, codeRoot);
    for (const f of files) for (const a of asks.get(f)!) await warm.invoke(a.tool, a.input, { sessionId: 's' });
    for (const f of files) {
      const full = join(root, f);
      const next = rotated(texts.get(f)!);
      if (next === null) continue;
      const { atime, mtime } = fs.statSync(full);
      fs.writeFileSync(full, next);
      fs.utimesSync(full, atime, mtime);
      texts.set(f, next);
    }
    const split = new Map([...texts].map(([f, t]) => [f, splitLines(t)]));
    const rows = new Map<string, IntegrityRow>();
    const cold = engine(root, cache, codeRoot);
    for (const [lectern, sessionId] of [
      [warm, 's'],
      [cold, 'c'],
    ] as const)
      for (const f of files)
        for (const a of asks.get(f)!) {
          const answer = await lectern.invoke(a.tool, a.input, { sessionId });
          const [lines, stale] = check(answer.text, f, (p) => split.get(p));
          const row = rows.get(a.mode) ?? { mode: a.mode, calls: 0, lines: 0, stale: 0 };
          row.calls++;
          row.lines += lines;
          row.stale += stale;
          rows.set(a.mode, row);
        }
    return [...rows.values()];
  } finally {
    fs.rmSync(base, { recursive: true, force: true });
  }
}

/** The table, and a failed exit status when any answer showed a stale line. */
export function integrityTable(rows: IntegrityRow[]): string {
  if (rows.some((r) => r.stale > 0)) process.exitCode = 1;
  const total = rows.reduce(
    (t, r) => ({ mode: 'all', calls: t.calls + r.calls, lines: t.lines + r.lines, stale: t.stale + r.stale }),
    {
      mode: 'all',
      calls: 0,
      lines: 0,
      stale: 0,
    },
  );
  return [
    '| mode | calls | lines and spans checked | stale |',
    '|---|---:|---:|---:|',
    ...[...rows, total].map((r) => `| ${r.mode} | ${r.calls} | ${r.lines} | ${r.stale} |`),
  ].join('\n');
}
