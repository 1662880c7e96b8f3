// A long, realistic agent session on one workspace: searches, several large files read to their end,
// symbol reads, a minified bundle paged in byte windows (the agent computing its own offsets, then
// following [Next]), ranges read again, a file changed on disk and read again. Counts refusals, content
// lost (an answer that claims lines or bytes the model never saw), repeated notes, [Next] on ranges the
// agent bounded itself, and the size of pointers.
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { basename, join } from 'node:path';
import type { TokenCounter } from '../../src/core/ground/tokens';
import { splitLines } from './corpus';
import { Agent, namedCalls, Seen, createLectern, type Call } from './lectern';
import { pick, rng } from './needs';
import type { Span } from './spans';

export interface SessionFile {
  /** Absolute source path; copied into the session's workspace under its base name. */
  path: string;
  spans: Span[];
}

export interface SessionReport {
  calls: number;
  tokens: number;
  refusals: number;
  refusalCodes: Record<string, number>;
  lostContent: number;
  filesNotFinished: string[];
  notes: Record<string, { count: number; distinct: number }>;
  repeatedNotes: number;
  nextOnBoundedRanges: number;
  boundedRanges: number;
  pointerTokens: { count: number; median: number; max: number };
  lowRelevanceOnSymbolReads: number;
}

const LOST_CODES = new Set(['BUDGET_EXCEEDED', 'LOW_RELEVANCE', 'EXCLUDED_PATH', 'REPEATED_CALL']);

export async function runLongSession(
  files: SessionFile[],
  minified: string,
  count: TokenCounter,
): Promise<SessionReport> {
  const dir = mkdtempSync(join(os.tmpdir(), 'economy-session-'));
  try {
    const texts = new Map<string, string[]>();
    for (const f of [...files.map((f) => f.path), minified]) {
      copyFileSync(f, join(dir, basename(f)));
      texts.set(basename(f), splitLines(readFileSync(f, 'utf8')));
    }
    const engine = createLectern(dir);
    const seen = new Seen(texts);
    const agent = new Agent(engine, 'long-session', seen);
    let lost = 0;
    const notFinished: string[] = [];
    const random = rng(7);

    const check = (call: Call, file: string) => {
      const r = call.response;
      if (!r.ok) return;
      const m = r.meta;
      if (call.input.start_byte !== undefined && m.start_byte !== null && m.end_byte !== null) {
        if (seen.bytesMissing(file, m.start_byte, m.end_byte) > 0) lost++;
      } else if (m.start_line !== null && m.end_line !== null && !m.outline) {
        for (let l = m.start_line; l <= m.end_line; l++)
          if (!seen.has(file, l)) {
            lost++;
            break;
          }
      }
    };
    const read = async (input: Record<string, unknown>, file: string) => {
      const call = await agent.call('lectern_read', input, file);
      check(call, file);
      return call;
    };
    const readToEnd = async (file: string) => {
      const total = texts.get(file)!.length;
      let input: Record<string, unknown> = { mode: 'file', target: file };
      const tried = new Set<string>();
      for (let i = 0; i < 400; i++) {
        tried.add(JSON.stringify(input));
        const call = await read(input, file);
        let missing = 0;
        for (let l = 1; l <= total; l++)
          if (!seen.has(file, l) && texts.get(file)![l - 1] !== undefined) {
            missing = l;
            break;
          }
        if (missing === 0) return;
        const named = namedCalls(call.text).filter((c) => c.target === file || c.ephemeral);
        let next =
          (call.response.meta.next as Record<string, unknown> | null) ??
          named.find((c) => c.offset === missing || c.start_line === missing);
        if (!next && named.some((c) => c.ephemeral)) next = { ...input, ephemeral: true };
        if (!next && call.response.ok) next = { mode: 'file', target: file, start_line: missing };
        if (!next || tried.has(JSON.stringify(next))) break;
        input = next;
      }
      notFinished.push(file);
    };
    const symbolReads = async (n: number) => {
      for (const f of files)
        for (const s of pick(
          random,
          f.spans.filter((s) => s.end - s.start >= 2 && f.spans.filter((o) => o.name === s.name).length === 1),
          n,
        ))
          await read({ mode: 'symbol', target: s.name, path: basename(f.path) }, basename(f.path));
    };
    const ranges: Array<[string, number, number]> = [];
    const rangeReads = async (n: number) => {
      for (const f of files) {
        const name = basename(f.path);
        const total = texts.get(name)!.length;
        for (let i = 0; i < n; i++) {
          const start = 1 + Math.floor(random() * Math.max(1, total - 40));
          ranges.push([name, start, start + 39]);
          await read({ mode: 'file', target: name, start_line: start, end_line: start + 39 }, name);
        }
      }
    };

    const mini = basename(minified);
    await agent.call('lectern_search', { query: 'TODO' }, null);
    await symbolReads(3);
    await rangeReads(3);
    // A minified bundle: byte windows at offsets the agent computes itself, then [Next] as given.
    let next: Record<string, unknown> | null = null;
    for (let i = 0; i < 8; i++)
      next = (await read({ mode: 'file', target: mini, start_byte: i * 4096, max_bytes: 4096 }, mini)).response.meta
        .next as Record<string, unknown> | null;
    for (let i = 0; i < 6 && next; i++)
      next = (await read(next, mini)).response.meta.next as Record<string, unknown> | null;
    for (const f of files) await readToEnd(basename(f.path));
    await symbolReads(3);
    // The same ranges again (unchanged), then a file changed on disk and its ranges read again.
    for (const [name, a, b] of ranges.slice(0, 8))
      await read({ mode: 'file', target: name, start_line: a, end_line: b }, name);
    const changed = basename(files[0]!.path);
    const edited = ['// edited by the session', ...texts.get(changed)!];
    writeFileSync(join(dir, changed), edited.join('\n'));
    texts.set(changed, edited);
    seen.lines.delete(changed);
    seen.bytes.delete(changed);
    for (const [name, a, b] of ranges.filter(([n]) => n === changed))
      await read({ mode: 'file', target: name, start_line: a, end_line: b }, name);
    await rangeReads(3);
    await symbolReads(2);

    const calls = agent.calls;
    if (process.env.ECONOMY_TRACE)
      for (const [i, c] of calls.entries())
        process.stderr.write(
          `#${i + 1} ${JSON.stringify(c.input)} -> ${c.response.ok ? 'ok' : c.response.error?.code} ${count(c.text)}t | ${c.text.split('\n')[0]} | ${c.text
            .split('\n')
            .filter((l) => l.startsWith('['))
            .join(' ')
            .slice(0, 300)}\n`,
        );
    const refusalCodes: Record<string, number> = {};
    for (const c of calls)
      if (!c.response.ok && c.response.error && LOST_CODES.has(c.response.error.code))
        refusalCodes[c.response.error.code] = (refusalCodes[c.response.error.code] ?? 0) + 1;
    const notes: Record<string, { count: number; distinct: number }> = {};
    const distinct = new Map<string, Set<string>>();
    for (const c of calls)
      for (const line of c.text.split('\n')) {
        const m = /^\[([A-Z_]+): (.*)\]$/.exec(line);
        if (!m) continue;
        // A note repeats when only its numbers differ from one shown before.
        const set = distinct.get(m[1]!) ?? new Set<string>();
        set.add(m[2]!.replace(/[\d,.]+/g, '#'));
        distinct.set(m[1]!, set);
        notes[m[1]!] = { count: (notes[m[1]!]?.count ?? 0) + 1, distinct: set.size };
      }
    const bounded = calls.filter(
      (c) => c.input.start_line !== undefined && c.input.end_line !== undefined && c.response.ok,
    );
    const pointers = calls
      .filter((c) => /DEDUPLICATED|unchanged since call/.test(c.text))
      .map((c) => count(c.text))
      .sort((a, b) => a - b);
    return {
      calls: calls.length,
      tokens: calls.reduce((s, c) => s + count(c.text), 0),
      refusals: Object.values(refusalCodes).reduce((a, b) => a + b, 0),
      refusalCodes,
      lostContent: lost,
      filesNotFinished: notFinished,
      notes,
      repeatedNotes: Object.values(notes).reduce((s, n) => s + n.count - n.distinct, 0),
      nextOnBoundedRanges: bounded.filter((c) => c.text.includes('[Next:')).length,
      boundedRanges: bounded.length,
      pointerTokens: {
        count: pointers.length,
        median: pointers[Math.floor(pointers.length / 2)] ?? 0,
        max: pointers[pointers.length - 1] ?? 0,
      },
      lowRelevanceOnSymbolReads: calls.filter((c) => c.input.mode === 'symbol' && c.text.includes('LOW_RELEVANCE'))
        .length,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
