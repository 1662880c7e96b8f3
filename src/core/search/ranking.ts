// Files ranked code before tests before prose (ground/fileRank.ts), then by how many lines match (ties
// in walk order), and how many matches each shows. A file's matches are numbered and decoded once the
// ranking is final, for the files that show some then (and at most as many as they show), not for every
// file that ranks high for a while.
import type { KeptMatch } from './lineScan';
import { WORKSPACE_SEARCH_LIMITS } from './workspaceLimits';

export interface FileResult {
  display: string;
  /** Walk order, for ties. */
  order: number;
  /** Code 0, tests 1, docs and prose 2, vendored 3 (classRank): a lower tier ranks first. */
  tier: number;
  /** Matching lines. */
  count: number;
  /** Its first matches in line order (trimmed as the file falls in rank). */
  kept: KeptMatch[];
  /** The line of the first match after those kept, when the file has more (context shown stops before it). */
  firstOmitted: number | null;
}

/** A file's first `keep` matches, numbered and decoded, and the line of the first it leaves out. */
export type Show = (keep: number) => Pick<FileResult, 'kept' | 'firstOmitted'>;

/** A file's matches not shown yet, and the characters of file text the show holds until then. */
interface Deferred {
  show: Show;
  chars: number;
}

export class Ranking {
  private readonly files: FileResult[] = [];
  private readonly deferred = new Map<FileResult, Deferred>();
  private heldChars = 0;

  constructor(
    private readonly maxResults: number,
    private readonly capacity: number,
    /** File text the deferred shows may hold, at most: past that a file's matches are shown as it is ranked. */
    private readonly maxHeldChars: number,
  ) {}

  /** Code before tests before prose; then most matches first; ties in walk order. */
  private before(a: FileResult, b: FileResult): boolean {
    if (a.tier !== b.tier) return a.tier < b.tier;
    return a.count > b.count || (a.count === b.count && a.order < b.order);
  }

  /** Matches a file at this 0-based rank can still show. */
  private keep(rank: number): number {
    return rank >= this.maxResults
      ? 0
      : Math.max(Math.ceil(this.maxResults / (rank + 1)), WORKSPACE_SEARCH_LIMITS.minPerFile);
  }

  /**
   * Inserts a file by rank; `show` gives the matches it keeps, once the ranking is final (`chars`: the
   * file text it holds till then), or now, while deferred shows hold too much text.
   */
  add(file: FileResult, show: Show, chars: number): void {
    let lo = 0;
    let hi = this.files.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.before(this.files[mid]!, file)) lo = mid + 1;
      else hi = mid;
    }
    if (lo >= this.capacity) return;
    this.files.splice(lo, 0, file);
    if (this.files.length > this.capacity) this.forget(this.files.pop()!);
    // Everything below moved one rank down: what it can still show shrinks.
    for (let rank = lo + 1; rank < Math.min(this.files.length, this.maxResults + 1); rank++) {
      const f = this.files[rank]!;
      const keep = this.keep(rank);
      if (keep === 0) this.forget(f);
      if (f.kept.length > keep) {
        f.firstOmitted = f.kept[keep]!.line;
        f.kept.length = keep;
      }
    }
    const keep = this.keep(lo);
    if (keep === 0) return;
    if (this.heldChars + chars > this.maxHeldChars) Object.assign(file, show(keep));
    else {
      this.deferred.set(file, { show, chars });
      this.heldChars += chars;
    }
  }

  /** The ranked files, each with the matches it shows at its final rank. */
  settle(): FileResult[] {
    this.files.forEach((file, rank) => {
      const deferred = this.deferred.get(file);
      if (deferred) Object.assign(file, deferred.show(this.keep(rank)));
    });
    this.deferred.clear();
    this.heldChars = 0;
    return this.files;
  }

  /** A file that shows nothing any more lets go of what its show holds. */
  private forget(file: FileResult): void {
    const deferred = this.deferred.get(file);
    if (!deferred) return;
    this.deferred.delete(file);
    this.heldChars -= deferred.chars;
  }
}

/** How many matches each ranked file shows: as many as fit max_results evenly, at least minPerFile each while they last. */
export function allocate(files: FileResult[], maxResults: number): number[] {
  const fits = (cap: number) => files.reduce((sum, f) => sum + Math.min(f.count, cap), 0) <= maxResults;
  let cap = 0;
  for (let lo = 1, hi = maxResults; lo <= hi;) {
    const mid = (lo + hi) >> 1;
    if (fits(mid)) {
      cap = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  const even = cap >= WORKSPACE_SEARCH_LIMITS.minPerFile;
  if (!even) cap = WORKSPACE_SEARCH_LIMITS.minPerFile;
  const shares: number[] = [];
  let left = maxResults;
  for (const f of files) {
    const share = Math.min(f.count, cap, left, f.kept.length);
    if (share <= 0) break;
    shares.push(share);
    left -= share;
  }
  // What an even share leaves over goes, one line each, to the top files that have more.
  for (let i = 0; even && left > 0 && i < shares.length; i++) {
    const f = files[i]!;
    if (shares[i]! < Math.min(f.count, f.kept.length)) {
      shares[i]!++;
      left--;
    }
  }
  return shares;
}
