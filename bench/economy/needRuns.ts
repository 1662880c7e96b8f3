// Runs every need through Lectern (one session per repository and need type) and through each
// peer's strategy, and reports calls, exact o200k tokens and recall per need.
import type { TokenCounter } from '../../src/core/ground/tokens';
import { Agent, namedCalls, Seen, createLectern } from './lectern';
import { wordUses, type Need, type NeedKind } from './needs';
import {
  claudeRead,
  copilotRead,
  grepContext,
  grepList,
  mcpRead,
  mergeWindows,
  type FileText,
  type Served,
} from './peers';

export interface Outcome {
  strategy: string;
  calls: number;
  tokens: number;
  recall: number;
}

export interface NeedResult {
  need: Need;
  outcomes: Outcome[];
}

export interface RepoInput {
  name: string;
  root: string;
  language: string;
  extension: string;
  files: Map<string, string[]>;
}

const range = (a: number, b: number) => Array.from({ length: Math.max(0, b - a + 1) }, (_, i) => a + i);

function needed(need: Need, repo: RepoInput): Map<string, number[]> {
  if (need.kind !== 'search') return new Map([[need.file, range(need.start!, need.end!)]]);
  const out = new Map<string, number[]>();
  const uses = wordUses(repo.files, need.name!);
  for (const file of new Set(uses.map((u) => u.file))) {
    const windows = mergeWindows(
      uses.filter((u) => u.file === file).map((u) => [u.line - 10, u.line + 10]),
      repo.files.get(file)!.length,
    );
    out.set(
      file,
      windows.flatMap(([a, b]) => range(a, b)),
    );
  }
  return out;
}

function recallOf(need: Map<string, number[]>, has: (file: string, line: number) => boolean): number {
  let total = 0;
  let got = 0;
  for (const [file, lines] of need)
    for (const line of lines) {
      total++;
      if (has(file, line)) got++;
    }
  return total === 0 ? 1 : got / total;
}

function peerOutcome(
  strategy: string,
  served: Served[],
  need: Map<string, number[]>,
  count: TokenCounter,
  calls = served.length,
): Outcome {
  const seen = new Map<string, Set<number>>();
  for (const s of served) {
    const set = seen.get(s.file) ?? new Set<number>();
    for (const l of s.lines) set.add(l);
    seen.set(s.file, set);
  }
  return {
    strategy,
    calls,
    tokens: served.reduce((sum, s) => sum + (s.text ? count(s.text) : 0), 0),
    recall: recallOf(need, (f, l) => seen.get(f)?.has(l) ?? false),
  };
}

function fileText(repo: RepoInput, file: string): FileText {
  return { rel: file, lines: repo.files.get(file)!, language: repo.language };
}

/** Reads from `start` in chunks of `size` until `end` is covered. */
function chunks(start: number, end: number, size: number, total: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let a = start; a <= Math.min(end, total); a += size) out.push([a, Math.min(total, a + size - 1)]);
  return out;
}

/** The needed lines' own text and nothing else: what no faithful answer can undercut (not a peer). */
export const FLOOR = 'floor: the needed lines alone';

function floor(repo: RepoInput, want: Map<string, number[]>, count: TokenCounter): Outcome {
  const served = [...want].map(([file, lines]) => ({
    file,
    text: lines.map((l) => repo.files.get(file)![l - 1]).join('\n'),
    lines,
  }));
  return peerOutcome(FLOOR, served, want, count, 0);
}

function peers(need: Need, repo: RepoInput, want: Map<string, number[]>, count: TokenCounter): Outcome[] {
  const out: Outcome[] = [floor(repo, want, count)];
  if (need.kind === 'search') {
    const hits = wordUses(repo.files, need.name!).map((u) => ({ file: fileText(repo, u.file), line: u.line }));
    const list = grepList(hits);
    const windows = [...want].flatMap(([file, lines]) =>
      mergeWindows(
        lines.map((l) => [l, l]),
        repo.files.get(file)!.length,
      ).map((w) => ({ file, w })),
    );
    out.push(
      peerOutcome(
        'grep -n + Copilot read_file',
        [...list, ...windows.map(({ file, w }) => copilotRead(fileText(repo, file), w[0], w[1]))],
        want,
        count,
        1 + windows.length,
      ),
    );
    out.push(
      peerOutcome(
        'grep -n + Claude Code Read',
        [...list, ...windows.map(({ file, w }) => claudeRead(fileText(repo, file), w[0], w[1] - w[0] + 1))],
        want,
        count,
        1 + windows.length,
      ),
    );
    out.push(peerOutcome('grep -n -C10', grepContext(hits, 10), want, count, 1));
    return out;
  }
  const file = fileText(repo, need.file);
  const total = file.lines.length;
  const grepDef: Served = {
    file: need.file,
    text: `${need.file}:${need.start}:${file.lines[need.start! - 1]}`,
    lines: [need.start!],
  };
  switch (need.kind) {
    case 'symbol':
      out.push(peerOutcome('MCP read_text_file', [mcpRead(file)], want, count));
      out.push(
        peerOutcome(
          'Claude Code Read (100)',
          [grepDef, ...chunks(need.start!, need.end!, 100, total).map(([a, b]) => claudeRead(file, a, b - a + 1))],
          want,
          count,
        ),
      );
      out.push(
        peerOutcome(
          'Copilot read_file (100)',
          [grepDef, ...chunks(need.start!, need.end!, 100, total).map(([a, b]) => copilotRead(file, a, b))],
          want,
          count,
        ),
      );
      out.push(
        peerOutcome(
          'Copilot read_file (250)',
          [grepDef, ...chunks(need.start!, need.end!, 250, total).map(([a, b]) => copilotRead(file, a, b))],
          want,
          count,
        ),
      );
      break;
    case 'range':
      out.push(peerOutcome('MCP read_text_file', [mcpRead(file, need.end)], want, count));
      out.push(
        peerOutcome('Claude Code Read (100)', [claudeRead(file, need.start, need.end! - need.start! + 1)], want, count),
      );
      out.push(peerOutcome('Copilot read_file (exact)', [copilotRead(file, need.start!, need.end!)], want, count));
      break;
    case 'file':
      out.push(peerOutcome('MCP read_text_file', [mcpRead(file)], want, count));
      out.push(
        peerOutcome(
          'Claude Code Read (100)',
          chunks(1, total, 2000, total).map(([a, b]) => claudeRead(file, a, b - a + 1)),
          want,
          count,
        ),
      );
      out.push(
        peerOutcome(
          'Copilot read_file (100)',
          chunks(1, total, 100, total).map(([a, b]) => copilotRead(file, a, b)),
          want,
          count,
        ),
      );
      out.push(
        peerOutcome(
          'Copilot read_file (250)',
          chunks(1, total, 250, total).map(([a, b]) => copilotRead(file, a, b)),
          want,
          count,
        ),
      );
      break;
  }
  return out;
}

/** Follows the answers until the need's lines were all seen, the answers name no further call, or 300 calls. */
async function lecternNeed(
  agent: Agent,
  need: Need,
  repo: RepoInput,
  want: Map<string, number[]>,
  count: TokenCounter,
  other: Agent,
): Promise<Outcome[]> {
  const first = agent.calls.length;
  const has = (f: string, l: number) => agent.seen.has(f, l);
  const unseen = () => (want.get(need.file) ?? []).find((l) => !has(need.file, l));
  const outcome = (strategy: string, from: number, by = agent): Outcome => {
    const calls = by.calls.slice(from);
    return {
      strategy,
      calls: calls.length,
      tokens: calls.reduce((s, c) => s + count(c.text), 0),
      recall: recallOf(want, (f, l) => by.seen.has(f, l)),
    };
  };
  switch (need.kind) {
    case 'symbol':
    case 'range':
    case 'file': {
      let input: Record<string, unknown> =
        need.kind === 'symbol'
          ? { mode: 'symbol', target: need.name, path: need.file }
          : need.kind === 'range'
            ? { mode: 'file', target: need.file, start_line: need.start, end_line: need.end }
            : { mode: 'file', target: need.file };
      const tried = new Set<string>();
      for (let i = 0; i < 300; i++) {
        tried.add(JSON.stringify(input));
        const call = await agent.call('lectern_read', input, need.file);
        const missing = unseen();
        if (missing === undefined || need.kind === 'range') break;
        const named = namedCalls(call.text).filter((c) => c.target === need.file || c.ephemeral);
        const next = call.response.meta.next as Record<string, unknown> | null;
        const onward = named.find(
          (c) => c.offset === missing || c.start_line === missing || (c.start_line as number) <= missing,
        );
        let candidate: Record<string, unknown> | undefined = next ?? onward;
        if (!candidate && named.some((c) => c.ephemeral)) candidate = { ...input, ephemeral: true };
        if (!candidate && call.response.ok) candidate = { mode: 'file', target: need.file, start_line: missing };
        if (!candidate || tried.has(JSON.stringify(candidate))) break;
        input = candidate;
      }
      return [outcome('Lectern', first)];
    }
    case 'search': {
      const query = {
        query: `\\b${need.name}\\b`,
        is_regex: true,
        case_sensitive: true,
        include: `**/*${repo.extension}`,
      };
      await agent.call('lectern_search', { ...query, before: 10, after: 10 }, null);
      const withContext = outcome('Lectern search (context 10)', first);
      // The other way, in a session of its own: matches only, then each ±10 window read as a range.
      const second = other.calls.length;
      await other.call('lectern_search', query, null);
      for (const [file, lines] of want)
        for (const [a, b] of mergeWindows(
          lines.map((l) => [l, l]),
          repo.files.get(file)!.length,
        ))
          await other.call('lectern_read', { mode: 'file', target: file, start_line: a, end_line: b }, file);
      const reads = outcome('Lectern search + ranges', second, other);
      return [withContext, reads];
    }
  }
}

export async function runNeeds(
  repo: RepoInput,
  needs: Need[],
  count: TokenCounter,
  label: string,
): Promise<NeedResult[]> {
  const engine = createLectern(repo.root);
  const results: NeedResult[] = [];
  const kinds: NeedKind[] = ['symbol', 'range', 'file', 'search'];
  for (const kind of kinds) {
    // One agent session per repository and need type.
    const agent = new Agent(engine, `${label}:${repo.name}:${kind}`, new Seen(repo.files));
    const other = new Agent(engine, `${label}:${repo.name}:${kind}:reads`, new Seen(repo.files));
    for (const need of needs.filter((n) => n.kind === kind)) {
      const want = needed(need, repo);
      results.push({
        need,
        outcomes: [...(await lecternNeed(agent, need, repo, want, count, other)), ...peers(need, repo, want, count)],
      });
    }
  }
  return results;
}
