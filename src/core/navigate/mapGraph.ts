// Which declarations matter: a reference graph over the symbol index, ranked PageRank-style (as
// Aider's repository map does). A file that mentions a name another file declares links to it,
// weighted by how rare the name is across the workspace (a name every file says carries little) and
// by the square root of how often it says it (so a file many others use outranks a helper one file
// calls often). A declaration's score is the rank that flows to it from the files that use it.
import { MIN_WORD_CHARS, type WordCounts } from '../ground/fileWords';
import type { FlatSymbol } from '../symbols/namePath';

export interface GraphFile {
  display: string;
  symbols: readonly FlatSymbol[];
  /** How often the file mentions each word (only declared names are kept). */
  mentions?: ReadonlyMap<string, number>;
}

export interface RankedGraph {
  /** Rank of each file (sums to 1). */
  fileRank: number[];
  /** Per file, the score of each of its symbols (same order as its symbols). */
  symbolScore: number[][];
}

const DAMPING = 0.85;
const ITERATIONS = 30;
/** Names shorter than this link nothing: `i`, `id`, `ok` are everywhere. */
export const MIN_NAME_CHARS = MIN_WORD_CHARS;

/** Names a symbol declares that other files can mention (its last segment). */
export function declaredName(item: FlatSymbol): string {
  return item.path[item.path.length - 1] ?? item.symbol.name;
}

/** How often the file says each declared name (its words, counted once per file version). */
export function countMentions(words: WordCounts, declared: ReadonlySet<string>): Map<string, number> {
  const counts = new Map<string, number>();
  words.names.forEach((word, i) => {
    if (declared.has(word)) counts.set(word, words.counts[i]!);
  });
  return counts;
}

/**
 * How much a name says about what it links to (Aider's adjustments): a name declared in many files
 * (`get`, `run`) or a private one says little; a long specific name (`readSymbol`, `parse_header`)
 * says much.
 */
function nameWeight(name: string, definers: number): number {
  let weight = 1;
  if (definers > 5) weight *= 0.1;
  if (name.startsWith('_')) weight *= 0.1;
  if (name.length >= 8 && /[a-z][A-Z]|_[a-z]/.test(name)) weight *= 3;
  return weight;
}

interface Edge {
  from: number;
  to: number;
  weight: number;
  name: string;
}

function edgesOf(files: readonly GraphFile[]): Edge[] {
  const definers = new Map<string, number[]>();
  files.forEach((file, i) => {
    for (const item of file.symbols) {
      const name = declaredName(item);
      if (name.length < MIN_NAME_CHARS) continue;
      const list = definers.get(name) ?? [];
      if (list[list.length - 1] !== i) list.push(i);
      definers.set(name, list);
    }
  });
  const mentionedBy = new Map<string, number>();
  for (const file of files)
    for (const name of file.mentions?.keys() ?? []) mentionedBy.set(name, (mentionedBy.get(name) ?? 0) + 1);
  const edges: Edge[] = [];
  files.forEach((file, from) => {
    for (const [name, count] of file.mentions ?? []) {
      const to = definers.get(name);
      if (!to) continue;
      const idf = Math.log(1 + files.length / Math.max(1, mentionedBy.get(name) ?? 1));
      const weight = (Math.sqrt(count) * idf * nameWeight(name, to.length)) / to.length;
      for (const target of to) if (target !== from) edges.push({ from, to: target, weight, name });
    }
  });
  return edges;
}

export function rankGraph(files: readonly GraphFile[]): RankedGraph {
  const n = files.length;
  const edges = edgesOf(files);
  const out = new Array<number>(n).fill(0);
  for (const e of edges) out[e.from]! += e.weight;
  let rank = new Array<number>(n).fill(n > 0 ? 1 / n : 0);
  for (let iteration = 0; iteration < ITERATIONS; iteration++) {
    const next = new Array<number>(n).fill(0);
    let dangling = 0;
    for (let i = 0; i < n; i++) if (out[i] === 0) dangling += rank[i]!;
    for (const e of edges) next[e.to]! += (DAMPING * rank[e.from]! * e.weight) / out[e.from]!;
    for (let i = 0; i < n; i++) next[i]! += (1 - DAMPING) / n + (DAMPING * dangling) / n;
    rank = next;
  }
  // A declaration's score: the rank flowing to its name from the files that mention it.
  const flow = files.map(() => new Map<string, number>());
  for (const e of edges) {
    const share = (rank[e.from]! * e.weight) / out[e.from]!;
    flow[e.to]!.set(e.name, (flow[e.to]!.get(e.name) ?? 0) + share);
  }
  const symbolScore = files.map((file, i) => file.symbols.map((item) => flow[i]!.get(declaredName(item)) ?? 0));
  return { fileRank: rank, symbolScore };
}
