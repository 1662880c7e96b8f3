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

/**
 * The links: each file links to every file declaring a name it mentions. A large workspace has
 * millions, and the ranking walks them thirty times, so they are kept as groups (one per file and
 * name it mentions: one weight, the declaring files) in parallel arrays. `slot` numbers the
 * (declaring file, name) pair a link's rank flows to.
 */
interface Links {
  groupFrom: number[];
  groupWeight: number[];
  /** Where each group's targets start in `target` and `slot` (and, after the last, where they end). */
  groupStart: number[];
  target: number[];
  slot: number[];
  /** Per file: the slot of each name it declares. */
  slots: Map<string, number>[];
  slotCount: number;
}

function linksOf(files: readonly GraphFile[]): Links {
  const definers = new Map<string, { files: number[]; slots: number[] }>();
  files.forEach((file, i) => {
    for (const item of file.symbols) {
      const name = declaredName(item);
      if (name.length < MIN_NAME_CHARS) continue;
      const entry = definers.get(name) ?? { files: [], slots: [] };
      if (entry.files[entry.files.length - 1] !== i) entry.files.push(i);
      definers.set(name, entry);
    }
  });
  const slots = files.map(() => new Map<string, number>());
  let slotCount = 0;
  for (const [name, entry] of definers)
    for (const i of entry.files) {
      entry.slots.push(slotCount);
      slots[i]!.set(name, slotCount++);
    }
  const mentionedBy = new Map<string, number>();
  for (const file of files)
    for (const name of file.mentions?.keys() ?? []) mentionedBy.set(name, (mentionedBy.get(name) ?? 0) + 1);
  const links: Links = { groupFrom: [], groupWeight: [], groupStart: [], target: [], slot: [], slots, slotCount };
  files.forEach((file, from) => {
    for (const [name, count] of file.mentions ?? []) {
      const to = definers.get(name);
      if (!to) continue;
      const idf = Math.log(1 + files.length / Math.max(1, mentionedBy.get(name) ?? 1));
      const weight = (Math.sqrt(count) * idf * nameWeight(name, to.files.length)) / to.files.length;
      const start = links.target.length;
      to.files.forEach((target, k) => {
        if (target === from) return;
        links.target.push(target);
        links.slot.push(to.slots[k]!);
      });
      if (links.target.length === start) continue;
      links.groupFrom.push(from);
      links.groupWeight.push(weight);
      links.groupStart.push(start);
    }
  });
  links.groupStart.push(links.target.length);
  return links;
}

export function rankGraph(files: readonly GraphFile[]): RankedGraph {
  const n = files.length;
  const { groupFrom, groupWeight, groupStart, target, slot, slots, slotCount } = linksOf(files);
  const groups = groupFrom.length;
  // Sums and shares are taken link by link, in the same order as one link at a time would.
  const out = new Float64Array(n);
  for (let g = 0; g < groups; g++)
    for (let k = groupStart[g]!; k < groupStart[g + 1]!; k++) out[groupFrom[g]!]! += groupWeight[g]!;
  let rank = new Float64Array(n).fill(n > 0 ? 1 / n : 0);
  for (let iteration = 0; iteration < ITERATIONS; iteration++) {
    const next = new Float64Array(n);
    let dangling = 0;
    for (let i = 0; i < n; i++) if (out[i] === 0) dangling += rank[i]!;
    for (let g = 0; g < groups; g++) {
      const from = groupFrom[g]!;
      const share = (DAMPING * rank[from]! * groupWeight[g]!) / out[from]!;
      for (let k = groupStart[g]!; k < groupStart[g + 1]!; k++) next[target[k]!]! += share;
    }
    for (let i = 0; i < n; i++) next[i]! += (1 - DAMPING) / n + (DAMPING * dangling) / n;
    rank = next;
  }
  // A declaration's score: the rank flowing to its name from the files that mention it.
  const flow = new Float64Array(slotCount);
  for (let g = 0; g < groups; g++) {
    const from = groupFrom[g]!;
    const share = (rank[from]! * groupWeight[g]!) / out[from]!;
    for (let k = groupStart[g]!; k < groupStart[g + 1]!; k++) flow[slot[k]!]! += share;
  }
  const symbolScore = files.map((file, i) =>
    file.symbols.map((item) => {
      const at = slots[i]!.get(declaredName(item));
      return at === undefined ? 0 : flow[at]!;
    }),
  );
  return { fileRank: [...rank], symbolScore };
}
