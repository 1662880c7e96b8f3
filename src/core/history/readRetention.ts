// Which reads of a file stay in history. Reads are judged by the lines they hold: reads of a file
// whose ranges overlap (directly or through one another) are reads of the same lines, a cluster;
// by how many reads a cluster has: 1 → kept; 2 → both; 3–5 → first and last, the middle ones
// become pointers; 6 or more → first, last and up to 3 evenly sampled midpoints. A read that is
// the only copy of lines an edit or an answer cited is kept whatever its place.
import type { Citation, HistoryCall, LineRange } from './types';

/** A read with its place in the conversation. */
export interface PlacedRead {
  call: HistoryCall;
  turn: number;
  /** Order of the call in the whole conversation. */
  seq: number;
}

/** Why a read is kept: decides what a tight budget gives up first (higher rank first). */
export type KeepReason = 'last' | 'cited' | 'first' | 'sampled';

export interface ReadDecision {
  kept: Map<string, KeepReason>;
  /** Pointer reads: their id → the kept read holding their lines. */
  pointers: Map<string, PlacedRead>;
  /** The cluster of every read (its kept reads, in order): where a demoted read points. */
  clusterOf: Map<string, PlacedRead[]>;
}

const WHOLE: LineRange = { start: 1, end: Number.MAX_SAFE_INTEGER };

export function linesOf(call: HistoryCall): LineRange {
  return call.range ?? WHOLE;
}

function overlap(a: LineRange, b: LineRange): number {
  return Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start) + 1);
}

/** Indexes kept of n reads of the same lines, in order. */
export function keptIndexes(n: number): number[] {
  if (n <= 2) return Array.from({ length: n }, (_, i) => i);
  if (n <= 5) return [0, n - 1];
  const kept = new Set([0, n - 1]);
  for (let k = 1; k <= 3; k++) kept.add(Math.round((k * (n - 1)) / 4));
  return [...kept].sort((a, b) => a - b);
}

function fileKey(call: HistoryCall): string {
  return `${call.outline ? 'outline' : 'text'}\0${call.path ?? ''}`;
}

/** Clusters of one file's reads (in conversation order): connected by overlapping ranges. */
function clusters(reads: PlacedRead[]): PlacedRead[][] {
  const sorted = [...reads].sort((a, b) => linesOf(a.call).start - linesOf(b.call).start || a.seq - b.seq);
  const groups: PlacedRead[][] = [];
  let current: PlacedRead[] = [];
  let reach = -1;
  for (const read of sorted) {
    const lines = linesOf(read.call);
    if (current.length > 0 && lines.start > reach) {
      groups.push(current);
      current = [];
      reach = -1;
    }
    current.push(read);
    reach = Math.max(reach, lines.end);
  }
  if (current.length > 0) groups.push(current);
  return groups.map((g) => g.sort((a, b) => a.seq - b.seq));
}

/** The kept read a demoted read points to: most lines in common, then the latest. */
export function pointerTarget(read: PlacedRead, kept: PlacedRead[]): PlacedRead | undefined {
  let best: PlacedRead | undefined;
  let bestOverlap = -1;
  for (const candidate of kept) {
    if (candidate.call.id === read.call.id) continue;
    const common = overlap(linesOf(read.call), linesOf(candidate.call));
    if (common > bestOverlap || (common === bestOverlap && best !== undefined && candidate.seq > best.seq)) {
      best = candidate;
      bestOverlap = common;
    }
  }
  return best;
}

/** Lines of `range` no kept read of the file holds. */
function uncovered(range: LineRange, keptRanges: LineRange[]): boolean {
  const sorted = keptRanges.filter((r) => overlap(r, range) > 0).sort((a, b) => a.start - b.start);
  let next = range.start;
  for (const r of sorted) {
    if (r.start > next) return true;
    next = Math.max(next, r.end + 1);
    if (next > range.end) return false;
  }
  return next <= range.end;
}

export function decideReads(reads: PlacedRead[], citations: Citation[]): ReadDecision {
  const kept = new Map<string, KeepReason>();
  const pointers = new Map<string, PlacedRead>();
  const clusterOf = new Map<string, PlacedRead[]>();
  const byFile = new Map<string, PlacedRead[]>();
  for (const read of reads) {
    const key = fileKey(read.call);
    byFile.set(key, [...(byFile.get(key) ?? []), read]);
  }
  for (const [key, fileReads] of [...byFile].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const path = key.slice(key.indexOf('\0') + 1);
    const cited = key.startsWith('text') ? citations.filter((c) => c.path === path).map((c) => c.range) : [];
    const fileKept: PlacedRead[] = [];
    const dropped: PlacedRead[] = [];
    for (const cluster of clusters(fileReads)) {
      const keep = new Set(keptIndexes(cluster.length));
      cluster.forEach((read, i) => {
        clusterOf.set(read.call.id, cluster);
        if (!keep.has(i)) return void dropped.push(read);
        fileKept.push(read);
        kept.set(read.call.id, i === cluster.length - 1 ? 'last' : i === 0 ? 'first' : 'sampled');
      });
    }
    // The only copy of cited lines stays: the latest read holding them, when no kept read does.
    for (const read of [...dropped].sort((a, b) => b.seq - a.seq)) {
      const held = linesOf(read.call);
      const keptRanges = fileKept.map((r) => linesOf(r.call));
      const needed = cited.some((c) => {
        const common = { start: Math.max(c.start, held.start), end: Math.min(c.end, held.end) };
        return common.start <= common.end && uncovered(common, keptRanges);
      });
      if (needed) {
        kept.set(read.call.id, 'cited');
        fileKept.push(read);
      }
    }
    for (const read of dropped) {
      if (kept.has(read.call.id)) continue;
      const cluster = clusterOf.get(read.call.id)!;
      const target = pointerTarget(read, cluster.filter((r) => kept.has(r.call.id)));
      if (target) pointers.set(read.call.id, target);
      else kept.set(read.call.id, 'sampled'); // cannot happen (a cluster keeps its last read)
    }
  }
  return { kept, pointers, clusterOf };
}
