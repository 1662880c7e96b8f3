// Which reads of a file stay in history. Reads are judged by the lines they hold: the reads holding
// a piece of a file are reads of the same lines, and by how many there are: 1 → kept; 2 → both;
// 3–5 → first and last, the middle ones become pointers; 6 or more → first, last and up to 3 evenly
// sampled midpoints. A read stays when it is kept for any piece it holds, so the first and the last
// state of every line read are kept. A read that is the only copy of lines an edit or an answer
// cited is kept whatever its place.
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
  /** The reads of every read's file (in order): where a demoted read may point. */
  clusterOf: Map<string, PlacedRead[]>;
}

const WHOLE: LineRange = { start: 1, end: Number.MAX_SAFE_INTEGER };

function linesOf(call: HistoryCall): LineRange {
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

/**
 * The pieces of a file the reads cut it into: every boundary of a read starts a new piece, so each
 * piece is held whole by each read that touches it. Returns, per piece, its reads in order.
 */
function pieces(reads: PlacedRead[]): PlacedRead[][] {
  const bounds = [...new Set(reads.flatMap((r) => [linesOf(r.call).start, linesOf(r.call).end + 1]))].sort(
    (a, b) => a - b,
  );
  const out: PlacedRead[][] = [];
  for (let i = 0; i + 1 < bounds.length; i++) {
    const piece = { start: bounds[i]!, end: bounds[i + 1]! - 1 };
    const holding = reads.filter((r) => overlap(linesOf(r.call), piece) > 0);
    if (holding.length > 0) out.push(holding.sort((a, b) => a.seq - b.seq));
  }
  return out;
}

const RANK: Record<KeepReason, number> = { last: 3, cited: 3, first: 2, sampled: 1 };

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
    // Judged by the lines they hold: for each piece of the file, the reads holding it are "reads of
    // the same lines"; a read stays when it is first, last or sampled for any piece it holds (the
    // strongest reason wins: a read last for one piece and a middle of another is a last read).
    const reason = new Map<string, KeepReason>();
    for (const holding of pieces(fileReads)) {
      const keep = new Set(keptIndexes(holding.length));
      holding.forEach((read, i) => {
        if (!keep.has(i)) return;
        const why: KeepReason = i === holding.length - 1 ? 'last' : i === 0 ? 'first' : 'sampled';
        const had = reason.get(read.call.id);
        if (!had || RANK[why] > RANK[had]) reason.set(read.call.id, why);
      });
    }
    for (const read of fileReads) {
      clusterOf.set(read.call.id, fileReads);
      const why = reason.get(read.call.id);
      if (!why) dropped.push(read);
      else {
        fileKept.push(read);
        kept.set(read.call.id, why);
      }
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
      const target = pointerTarget(
        read,
        cluster.filter((r) => kept.has(r.call.id)),
      );
      if (target) pointers.set(read.call.id, target);
      else kept.set(read.call.id, 'sampled'); // cannot happen (a cluster keeps its last read)
    }
  }
  return { kept, pointers, clusterOf };
}
