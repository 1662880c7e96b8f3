// `npm run bench:history`: what a chat's tool history costs and what it still knows, over scripted
// sessions of 36 turns on real code (mocha's lib/, copied to a temp dir: edits are applied to the
// copy). Every tool answer is Lectern's real answer (the engine on Node); edits change the copy and
// are recorded as an edit tool's calls with their intents; long command outputs are made of real
// file text. Then, for the history the next turn would send:
//   everything  every tool result replayed verbatim (ephemeral reads included, as they were sent)
//   last-N      only the N most recent tool results kept, older ones cleared (the common default)
//   retention   src/core/history's projection (unbounded, and within a 16k-token history budget)
// it reports history tokens (exact o200k, at the last turn and summed over all turns) and how many
// questions each can still answer from history: what did file F say at first (its first read, before
// any edit), what does line N of F say now (a read after F's last edit holding line N), what was
// edited and why (the edit's call with its intent and its result).
// Two engine configurations: Lectern's de-duplication on (as shipped) and off (re-reads answered in
// full, as most read tools do).
//
//   npm run bench:history [-- --out=docs/history-benchmark.md] [--no-write]
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { Lectern } from '../src/core/engine';
import { loadTokenCounter, type TokenCounter } from '../src/core/ground/tokens';
import {
  classifyCall,
  MESSAGE_OVERHEAD_TOKENS,
  projectHistory,
  type HistoryCall,
  type HistoryTurn,
  type LineRange,
} from '../src/core/history';
import { nodeFileSystem } from '../src/node/nodeFileSystem';
import { createWasmLoader } from '../src/node/wasmFiles';
import { rng } from './rng';

const ROOT = resolve(__dirname, '..');
const SOURCE = join(ROOT, 'node_modules', 'mocha', 'lib');
const TURNS = 36;
const SEEDS = [1, 2, 3];
const LAST_N = [5, 10];
const HISTORY_BUDGET = 16_000;

function listJs(dir: string, base = dir): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return name === 'browser' ? [] : listJs(full, base);
    return name.endsWith('.js') ? [relative(base, full)] : [];
  });
}

/** What the bench knows of a call beyond the history record (for the questions). */
interface CallFacts {
  seq: number;
  /** Lines whose text the answer holds (not a de-duplication pointer, not an outline or search). */
  holds?: { path: string; range: LineRange };
  editOf?: string;
}

interface Session {
  turns: HistoryTurn[];
  facts: Map<string, CallFacts>;
  /** Per file: seq of its first edit and last edit. */
  edits: Map<string, { first: number; last: number }>;
  /** Per file: every range read with text, in order. */
  reads: Map<string, { seq: number; range: LineRange }[]>;
}

async function runSession(seed: number, dedup: boolean): Promise<Session> {
  const dir = mkdtempSync(join(os.tmpdir(), 'lectern-history-bench-'));
  try {
    cpSync(SOURCE, join(dir, 'lib'), { recursive: true });
    const settings = {
      sessionGuard: dedup,
      maxReadsPerSession: 10_000,
      maxTotalReadLines: 1_000_000,
      maxSingleReadLines: 400,
    };
    const engine = new Lectern(
      { fs: nodeFileSystem, roots: () => [{ name: 'ws', path: dir }], loadWasm: createWasmLoader(ROOT) },
      () => settings,
    );
    const random = rng(seed);
    const pick = <T>(xs: T[]): T => xs[Math.floor(random() * xs.length)]!;
    const files = listJs(join(dir, 'lib'))
      .map((f) => `lib/${f}`)
      .sort();
    const lineCount = (f: string) => readFileSync(join(dir, f), 'utf8').split('\n').length;
    const hot = ['lib/runner.js', 'lib/runnable.js', 'lib/suite.js', 'lib/utils.js', 'lib/errors.js'].filter((f) =>
      files.includes(f),
    );
    const cold = files.filter((f) => !hot.includes(f));
    const symbols = (await engine.listSymbols()).filter(
      (s) => hot.includes(s.file) && s.end_line - s.line < 80 && /^[\w.]+$/.test(s.name),
    );
    // Each hot file is read in a few recurring windows, so the same lines come back again and again.
    const windows = new Map(
      hot.map((f) => {
        const n = lineCount(f);
        const size = Math.min(120, n);
        return [
          f,
          [0, 0.3, 0.6].map((at) => ({
            start: Math.max(1, Math.floor(at * n)),
            end: Math.max(1, Math.floor(at * n)) + size - 1,
          })),
        ];
      }),
    );

    const session: Session = { turns: [], facts: new Map(), edits: new Map(), reads: new Map() };
    let seq = 0;
    let id = 0;
    const record = (call: HistoryCall, facts: Omit<CallFacts, 'seq'>) => {
      session.facts.set(call.id, { seq, ...facts });
      if (facts.holds)
        session.reads.set(facts.holds.path, [
          ...(session.reads.get(facts.holds.path) ?? []),
          { seq, range: facts.holds.range },
        ]);
      seq++;
      return call;
    };
    const lectern = async (tool: string, input: Record<string, unknown>): Promise<HistoryCall> => {
      const response = await engine.invoke(tool, input, { sessionId: 'bench' });
      const stub = response.meta.deduplicated_from !== undefined;
      const facts = engine.catalog.retained(tool, input, response);
      const call: HistoryCall = { id: `c${++id}`, tool, input, ...facts, text: response.text };
      // Ephemeral reads are meant to be forgotten after their turn: no question is asked about them.
      const holds =
        facts.kind === 'read' &&
        !facts.outline &&
        !stub &&
        !facts.ephemeral &&
        response.ok &&
        response.meta.start_line !== null &&
        response.meta.end_line !== null
          ? { path: facts.path!, range: { start: response.meta.start_line, end: response.meta.end_line } }
          : undefined;
      return record(call, holds ? { holds } : {});
    };

    for (let t = 1; t <= TURNS; t++) {
      const calls: HistoryCall[] = [];
      const n = 2 + Math.floor(random() * 3);
      for (let k = 0; k < n; k++) {
        const roll = random();
        const file = pick(hot);
        if (roll < 0.45) {
          const w = pick(windows.get(file)!);
          calls.push(await lectern('lectern_read', { target: file, start_line: w.start, end_line: w.end }));
        } else if (roll < 0.6 && symbols.length > 0) {
          const s = pick(symbols);
          calls.push(await lectern('lectern_read', { mode: 'symbol', target: s.name, path: s.file }));
        } else if (roll < 0.7) {
          calls.push(
            await lectern('lectern_search', {
              query: pick(['emit(', 'this.suite', 'throw ', 'function ', 'timeout', 'callback']),
              target: 'lib',
            }),
          );
        } else if (roll < 0.8) {
          calls.push(await lectern('lectern_read', { target: pick(cold), head: 60 }));
        } else if (roll < 0.85) {
          calls.push(await lectern('lectern_read', { target: file, outline: true }));
        } else {
          const w = pick(windows.get(file)!);
          calls.push(
            await lectern('lectern_read', { target: file, start_line: Math.min(w.end, w.start + 30), end_line: w.end }),
          );
        }
      }
      if (t % 4 === 0) {
        // An edit of a hot file: one line changed inside a window the session reads.
        const file = pick(hot);
        const text = readFileSync(join(dir, file), 'utf8').split('\n');
        const w = pick(windows.get(file)!);
        const line = w.start + Math.floor(random() * (w.end - w.start));
        const intent = `turn ${t}: note why line ${line} of ${file} matters`;
        const oldString = text[line - 1]!;
        text[line - 1] = `${oldString} // edited in turn ${t}`;
        writeFileSync(join(dir, file), text.join('\n'));
        engine.fileChanged(join(dir, file));
        const input = {
          filePath: file,
          oldString,
          newString: text[line - 1],
          explanation: intent,
          startLine: line,
          endLine: line,
        };
        const call: HistoryCall = {
          id: `c${++id}`,
          tool: 'replace_string_in_file',
          input,
          ...classifyCall('replace_string_in_file', input),
          text: `Edited ${file}: 1 line changed (line ${line}).`,
        };
        calls.push(record(call, { editOf: file }));
        const e = session.edits.get(file);
        session.edits.set(file, {
          first: e?.first ?? session.facts.get(call.id)!.seq,
          last: session.facts.get(call.id)!.seq,
        });
      }
      if (t % 7 === 0) {
        // A long command output (a test run's log), made of real text: 12k-30k characters.
        const size = 12_000 + Math.floor(random() * 18_000);
        const text = cold
          .map((f) => readFileSync(join(dir, f), 'utf8'))
          .join('\n')
          .slice(0, size);
        calls.push(
          record({ id: `c${++id}`, tool: 'run_in_terminal', input: { command: 'npm test' }, kind: 'output', text }, {}),
        );
      }
      if (t % 9 === 0) {
        calls.push(
          await lectern('lectern_read', { target: 'lib/runner.js', ephemeral: true, start_line: 1, end_line: 400 }),
        );
      }
      const cited = calls.map((c) => session.facts.get(c.id)?.holds).find((h) => h !== undefined);
      const answer = `Turn ${t}: here is what I found.${cited ? ` See ${cited.path}:${cited.range.start}-${Math.min(cited.range.end, cited.range.start + 5)}.` : ''}`;
      session.turns.push({
        prompt: `Question ${t} about mocha's runner.`,
        rounds: calls.map((c, i) => ({ response: i === 0 ? 'Let me look.' : '', calls: [c] })),
        answer,
        citations: cited
          ? [
              {
                path: cited.path,
                range: { start: cited.range.start, end: Math.min(cited.range.end, cited.range.start + 5) },
              },
            ]
          : [],
      });
    }
    return session;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A view of the history: each call's text as sent, or null when the call is not sent at all. */
type View = (call: HistoryCall, index: number) => { text: string; full: boolean } | null;

function viewTokens(turns: HistoryTurn[], view: View, count: TokenCounter): number {
  // The same formula as projectHistory's own count (MESSAGE_OVERHEAD_TOKENS per message).
  let total = 0;
  let index = 0;
  for (const turn of turns) {
    total += count(turn.prompt) + count(turn.answer) + 2 * MESSAGE_OVERHEAD_TOKENS;
    for (const round of turn.rounds) {
      const live = round.calls
        .map((c) => view(c, index++))
        .map((v, i) => [round.calls[i]!, v] as const)
        .filter(([, v]) => v !== null);
      if (live.length === 0 && round.response.length === 0) continue;
      total += count(round.response) + MESSAGE_OVERHEAD_TOKENS + (live.length > 0 ? MESSAGE_OVERHEAD_TOKENS : 0);
      for (const [call, v] of live)
        total += count(call.tool) + count(JSON.stringify(call.input ?? {})) + count(v!.text);
    }
  }
  return total;
}

interface Variant {
  name: string;
  /** Which calls are shown with their full text, for the questions; and the tokens. */
  build(turns: HistoryTurn[]): { full: Set<string>; present: Set<string>; tokens: number };
}

function variants(count: TokenCounter): Variant[] {
  const all = (turns: HistoryTurn[]) => turns.flatMap((t) => t.rounds.flatMap((r) => r.calls));
  const everything: Variant = {
    name: 'everything',
    build: (turns) => {
      const calls = all(turns);
      return {
        full: new Set(calls.map((c) => c.id)),
        present: new Set(calls.map((c) => c.id)),
        tokens: viewTokens(turns, (c) => ({ text: c.text, full: true }), count),
      };
    },
  };
  const lastN = LAST_N.map((n): Variant => ({
    name: `last-${n}`,
    build: (turns) => {
      const calls = all(turns);
      const keep = new Set(calls.slice(-n).map((c) => c.id));
      return {
        full: keep,
        present: new Set(calls.map((c) => c.id)),
        tokens: viewTokens(
          turns,
          (c) =>
            keep.has(c.id) ? { text: c.text, full: true } : { text: '[Old tool result content cleared]', full: false },
          count,
        ),
      };
    },
  }));
  const retention = (budget?: number): Variant => ({
    name: budget === undefined ? 'retention' : `retention ≤${budget / 1000}k`,
    build: (turns) => {
      const p = projectHistory(turns, { countTokens: count, ...(budget !== undefined ? { budget } : {}) });
      const full = new Set(
        Object.entries(p.fates)
          .filter(([, f]) => f === 'kept')
          .map(([id]) => id),
      );
      const present = new Set(
        Object.entries(p.fates)
          .filter(([, f]) => f !== 'dropped')
          .map(([id]) => id),
      );
      return { full, present, tokens: p.tokens };
    },
  });
  return [everything, ...lastN, retention(), retention(HISTORY_BUDGET)];
}

interface Questions {
  firstState: [number, number];
  lineNow: [number, number];
  edits: [number, number];
}

function covers(outer: LineRange, inner: LineRange): boolean {
  return outer.start <= inner.start && outer.end >= inner.end;
}

/** [answerable, asked] for each kind of question, given which calls' text the history holds in full. */
function questions(session: Session, full: Set<string>, present: Set<string>): Questions {
  const held = [...session.facts].filter(([id, f]) => f.holds && full.has(id)).map(([, f]) => f);
  const firstState: [number, number] = [0, 0];
  const lineNow: [number, number] = [0, 0];
  for (const [path, reads] of session.reads) {
    const edit = session.edits.get(path);
    // What did F say at first: the first read's lines, from a read made before F's first edit.
    const first = reads[0]!;
    firstState[1]++;
    if (
      held.some((f) => f.holds!.path === path && (!edit || f.seq < edit.first) && covers(f.holds!.range, first.range))
    )
      firstState[0]++;
    // What does line N say now: five lines spread over what was read of F, after its last edit.
    const lines = [
      ...new Set(reads.flatMap((r) => [r.range.start, Math.floor((r.range.start + r.range.end) / 2), r.range.end])),
    ].sort((a, b) => a - b);
    const sample =
      lines.length <= 5 ? lines : [0, 1, 2, 3, 4].map((k) => lines[Math.round((k * (lines.length - 1)) / 4)]!);
    for (const line of sample) {
      lineNow[1]++;
      if (
        held.some(
          (f) =>
            f.holds!.path === path &&
            (!edit || f.seq > edit.last) &&
            covers(f.holds!.range, { start: line, end: line }),
        )
      )
        lineNow[0]++;
    }
  }
  const edits: [number, number] = [0, 0];
  for (const [id, f] of session.facts) {
    if (!f.editOf) continue;
    edits[1]++;
    // The call (its input holds the change and the intent) and its result are both in history.
    if (present.has(id) && full.has(id)) edits[0]++;
  }
  return { firstState, lineNow, edits };
}

const pct = (a: number, b: number) => (b === 0 ? '–' : `${a}/${b} (${Math.round((100 * a) / b)}%)`);

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const out = args.find((a) => a.startsWith('--out='))?.slice(6) ?? join(ROOT, 'docs', 'history-benchmark.md');
  const write = !args.includes('--no-write');
  const o200k = await loadTokenCounter();
  // Every distinct text is counted once (the same results recur across turns and variants).
  const memo = new Map<string, number>();
  const count: TokenCounter = (text) => {
    let n = memo.get(text);
    if (n === undefined) memo.set(text, (n = o200k(text)));
    return n;
  };
  const lines: string[] = [
    '# History retention benchmark',
    '',
    `Generated by \`npm run bench:history\` (bench/history.ts). Scripted sessions of ${TURNS} turns (seeds ${SEEDS.join(', ')}) over`,
    "mocha's `lib/` (a copy in a temp dir; npm package, not used by the tests): 2–4 Lectern calls per turn (ranges of five",
    'often-read files in three recurring windows, symbol reads, searches, outlines, heads of other files), an edit every',
    '4th turn (one line of an often-read file, with its intent), a long command output every 7th (12k–30k chars of real',
    "text), an ephemeral read every 9th. Every answer is the real engine's. Tokens: exact o200k of the history the next",
    'turn sends (prompts, answers, tool calls with inputs, results, 4 tokens per message), at the last turn and summed',
    'over all turns (what the whole conversation paid for its history). Ratios are against `everything` in the same run.',
    '',
  ];
  for (const dedup of [true, false]) {
    const rows = new Map<string, { final: number; summed: number; q: Questions }>();
    for (const seed of SEEDS) {
      const session = await runSession(seed, dedup);
      for (const variant of variants(count)) {
        const row = rows.get(variant.name) ?? {
          final: 0,
          summed: 0,
          q: { firstState: [0, 0], lineNow: [0, 0], edits: [0, 0] },
        };
        for (let t = 1; t <= session.turns.length; t++) {
          const built = variant.build(session.turns.slice(0, t));
          row.summed += built.tokens;
          if (t === session.turns.length) {
            row.final += built.tokens;
            const q = questions(session, built.full, built.present);
            for (const k of ['firstState', 'lineNow', 'edits'] as const) {
              row.q[k][0] += q[k][0];
              row.q[k][1] += q[k][1];
            }
          }
        }
        rows.set(variant.name, row);
      }
    }
    const base = rows.get('everything')!;
    lines.push(
      `## Lectern's de-duplication ${dedup ? 'on (as shipped)' : 'off (re-reads answered in full, like most read tools)'}`,
      '',
    );
    lines.push(
      '| history | tokens at the last turn | vs everything | tokens summed over turns | vs everything | F at first | line N now | edits and why |',
    );
    lines.push('|---|---:|---:|---:|---:|---:|---:|---:|');
    for (const [name, row] of rows) {
      lines.push(
        `| ${name} | ${row.final.toLocaleString('en-US')} | ${(row.final / base.final).toFixed(2)} | ${row.summed.toLocaleString('en-US')} | ${(row.summed / base.summed).toFixed(2)} | ${pct(...row.q.firstState)} | ${pct(...row.q.lineNow)} | ${pct(...row.q.edits)} |`,
      );
    }
    lines.push('');
  }
  lines.push(
    'Questions are counted over the three sessions: *F at first* — for each file read, does the history hold the lines of',
    "its first read as they were before the file's first edit; *line N now* — for five lines spread over what was read of",
    "each file, does it hold that line from a read made after the file's last edit (no variant can answer one the session",
    "never re-read after an edit: `everything` is the ceiling); *edits and why* — is each edit's call (its input holds the",
    'change and the intent) there with its result. De-duplication pointers and outlines hold no lines; ephemeral reads',
    'are not asked about (they are meant to be forgotten after their turn).',
    '',
  );
  const report = lines.join('\n');
  console.log(report);
  if (write) {
    writeFileSync(out, report);
    console.log(`written: ${relative(ROOT, out)} (${dirname(out) === join(ROOT, 'docs') ? 'docs' : 'elsewhere'})`);
  }
}

void main().catch((error) => {
  console.error(error);
  process.exit(1);
});
