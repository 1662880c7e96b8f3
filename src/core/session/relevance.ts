// Relevance: the files the session's recent searches found are what the agent is working on. A
// read of a file outside their top results gets a LOW_RELEVANCE warning naming the likely intended
// files (or a refusal, by setting). No search yet, or searches that found nothing: no judgement.
import type { ToolResponse } from '../ground/contract';
import { editDistance } from '../text/editDistance';

/** How many result files of one search form the baseline. */
export const RELEVANCE_TOP_K = 10;
/** How many of the latest searches (that found files) form the baseline. */
export const RECENT_SEARCHES = 3;
/** How many alternatives a warning names. */
const ALTERNATIVES = 3;

export interface SearchRecord {
  seq: number;
  query: string;
  /** Result files (display paths) in rank order. */
  files: string[];
}

/**
 * The files a lectern_search answer found, in rank order: `meta.files` of a workspace search, or the
 * searched file (`target`) of a single-file search that matched. Null for an answer that is not a
 * usable search result (failed, or a file without matches).
 */
export function searchResultFiles(response: ToolResponse): string[] | null {
  if (!response.ok) return null;
  const files = response.meta.files;
  if (Array.isArray(files)) {
    const listed = files.filter((f): f is string => typeof f === 'string' && f.length > 0);
    return listed.length > 0 ? listed : null;
  }
  if (typeof response.target === 'string') {
    const matched = response.meta.total_matches;
    return typeof matched === 'number' && matched === 0 ? null : [response.target];
  }
  return null;
}

export type RelevanceVerdict = { relevant: true } | { relevant: false; query: string; alternatives: string[] };

/** null: no baseline to judge by (no search yet, or none found anything). */
export function judgeRelevance(file: string, recent: readonly SearchRecord[]): RelevanceVerdict | null {
  const searches = recent.slice(-RECENT_SEARCHES).reverse(); // newest first
  if (searches.length === 0) return null;
  const baseline = new Set(searches.flatMap((s) => s.files.slice(0, RELEVANCE_TOP_K)));
  if (baseline.size === 0) return null;
  if (baseline.has(file)) return { relevant: true };
  return { relevant: false, query: searches[0]!.query, alternatives: alternativesFor(file, [...baseline]) };
}

const baseName = (path: string) => {
  const name = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
  const dot = name.indexOf('.', 1);
  return dot > 0 ? name.slice(0, dot) : name;
};

/**
 * The baseline files the read most likely meant: one whose name is close to the read file's (a
 * typo, a sibling such as a test or a .d.ts), then the top results in rank order.
 */
export function alternativesFor(file: string, ranked: readonly string[]): string[] {
  const wanted = baseName(file);
  const scored = ranked.map((path, rank) => ({ path, rank, distance: editDistance(wanted, baseName(path)) }));
  const close = scored
    .filter((s) => s.distance <= Math.max(1, Math.floor(wanted.length / 3)))
    .sort((a, b) => a.distance - b.distance || a.rank - b.rank)
    .map((s) => s.path);
  const picked: string[] = [];
  for (const path of [...close, ...ranked]) {
    if (!picked.includes(path)) picked.push(path);
    if (picked.length === ALTERNATIVES) break;
  }
  return picked;
}
