// Which declarations matter: a reference graph over the symbol index, ranked PageRank-style (as
// Aider's repository map does). A file that mentions a name another file declares links to it,
// weighted by how rare the name is across the workspace (a name every file says carries little) and
// by the square root of how often it says it (so a file many others use outranks a helper one file
// calls often). A declaration's score is the rank that flows to it from the files that use it.
import { MIN_WORD_CHARS, type WordCounts } from '../ground/fileWords';
import { hostPacer } from '../ground/walk';
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
/** Names or mentions between two checks of the pacer (each a few operations); files, each many. */
const STRIDE = 4_096;
const FILE_STRIDE = 128;
/** Whether the loop at `i` asks its pacer now. */
const checks = (i: number, stride = STRIDE) => i % stride === 0;
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
 * The links: each file links to every file declaring a name it mentions. A common name (`get`,
 * `parse`) is declared in hundreds of files, so the links number millions; the ranking walks them
 * thirty times. They go through the name instead: each mention (a file and a name it says) sends its
 * share to the name once, and the name passes the sum to every file declaring it, each getting what
 * one link would have brought (the same weight, divided as before) — linear in mentions, not in
 * mentions × declaring files. A file never links to itself: what its own mention sent is taken back
 * from its own rank (`self`: its slot for the name).
 */
interface Graph {
  /** Per mention: the file saying the name, the name, the weight of each of its links. */
  from: Int32Array;
  name: Int32Array;
  weight: Float64Array;
  /** Per mention: the slot of the mentioning file's own declaration of the name, or -1. */
  self: Int32Array;
  /** Per name, its slots `nameStart[name]` to `nameStart[name + 1]`: one per declaring file. */
  nameStart: Int32Array;
  /** Per slot: the declaring file (a slot is a pair of a declaring file and a name, where rank flows). */
  definer: Int32Array;
  /** Per file: the slot of each name it declares. */
  slots: Map<string, number>[];
  /** Per file: the sum of its links' weights. */
  out: Float64Array;
}

/** The declaring files of each name long enough to link, in slots (file order within a name). */
async function declarations(files: readonly GraphFile[], pace: () => Promise<void>) {
  const ids = new Map<string, number>();
  const definers: number[][] = [];
  for (let i = 0; i < files.length; i++) {
    if (checks(i, FILE_STRIDE)) await pace();
    for (const item of files[i]!.symbols) {
      const name = declaredName(item);
      if (name.length < MIN_NAME_CHARS) continue;
      let id = ids.get(name);
      if (id === undefined) {
        id = definers.length;
        ids.set(name, id);
        definers.push([]);
      }
      const list = definers[id]!;
      if (list[list.length - 1] !== i) list.push(i);
    }
  }
  const nameStart = new Int32Array(definers.length + 1);
  const definer = new Int32Array(definers.reduce((sum, list) => sum + list.length, 0));
  const slots = files.map(() => new Map<string, number>());
  let slot = 0;
  for (const [name, id] of ids) {
    if (checks(id)) await pace();
    nameStart[id] = slot;
    for (const i of definers[id]!) {
      definer[slot] = i;
      slots[i]!.set(name, slot++);
    }
  }
  nameStart[definers.length] = slot;
  return { ids, names: [...ids.keys()], nameStart, definer, slots };
}

async function graphOf(files: readonly GraphFile[], pace: () => Promise<void>): Promise<Graph> {
  const { ids, names, nameStart, definer, slots } = await declarations(files, pace);
  // First the mentions of declared names, and how many files say each name; then their weights.
  const mentionedBy = new Int32Array(names.length);
  const from: number[] = [];
  const name: number[] = [];
  const said: number[] = [];
  const self: number[] = [];
  for (let i = 0; i < files.length; i++) {
    if (checks(i, FILE_STRIDE)) await pace();
    for (const [word, count] of files[i]!.mentions ?? []) {
      const id = ids.get(word);
      if (id === undefined) continue;
      mentionedBy[id]!++;
      const own = slots[i]!.get(word) ?? -1;
      // A name only this file declares links nowhere.
      if (own >= 0 && nameStart[id + 1]! - nameStart[id]! === 1) continue;
      from.push(i);
      name.push(id);
      said.push(count);
      self.push(own);
    }
  }
  const idf = Float64Array.from(mentionedBy, (count) => Math.log(1 + files.length / Math.max(1, count)));
  const byName = Float64Array.from(names, (word, id) => nameWeight(word, nameStart[id + 1]! - nameStart[id]!));
  const weight = new Float64Array(from.length);
  const out = new Float64Array(files.length);
  for (let m = 0; m < from.length; m++) {
    if (checks(m)) await pace();
    const id = name[m]!;
    const declaring = nameStart[id + 1]! - nameStart[id]!;
    weight[m] = (Math.sqrt(said[m]!) * idf[id]! * byName[id]!) / declaring;
    out[from[m]!]! += weight[m]! * (self[m]! >= 0 ? declaring - 1 : declaring);
  }
  return {
    from: Int32Array.from(from),
    name: Int32Array.from(name),
    weight,
    self: Int32Array.from(self),
    nameStart,
    definer,
    slots,
    out,
  };
}

/**
 * What each mention sends (`DAMPING` × the rank of its file × its share of the file's links) through
 * its name to every file declaring it but its own, added to `next`.
 */
async function spread(graph: Graph, rank: Float64Array, next: Float64Array, pace: () => Promise<void>) {
  const names = graph.nameStart.length - 1;
  const sent = new Float64Array(names);
  for (let m = 0; m < graph.from.length; m++) {
    if (checks(m)) await pace();
    const from = graph.from[m]!;
    const share = (DAMPING * rank[from]! * graph.weight[m]!) / graph.out[from]!;
    sent[graph.name[m]!]! += share;
    if (graph.self[m]! >= 0) next[from]! -= share;
  }
  for (let id = 0; id < names; id++) {
    if (checks(id)) await pace();
    const total = sent[id]!;
    if (total === 0) continue;
    for (let k = graph.nameStart[id]!; k < graph.nameStart[id + 1]!; k++) next[graph.definer[k]!]! += total;
  }
}

/**
 * What flows to each slot: the shares of the files that mention its name, but its own file's. Added
 * up without taking a share back (the files that also declare the name apart, a few per name), so two
 * declarations the same files mention alike score exactly alike and keep their order by line.
 */
async function slotFlows(graph: Graph, rank: Float64Array, pace: () => Promise<void>): Promise<Float64Array> {
  const names = graph.nameStart.length - 1;
  const others = new Float64Array(names);
  const declaring = new Map<number, number[]>();
  const shares = new Float64Array(graph.from.length);
  for (let m = 0; m < graph.from.length; m++) {
    if (checks(m)) await pace();
    const from = graph.from[m]!;
    shares[m] = (rank[from]! * graph.weight[m]!) / graph.out[from]!;
    const id = graph.name[m]!;
    if (graph.self[m]! < 0) others[id]! += shares[m]!;
    else {
      const list = declaring.get(id);
      if (list) list.push(m);
      else declaring.set(id, [m]);
    }
  }
  const flow = new Float64Array(graph.definer.length);
  for (let id = 0; id < names; id++) {
    if (checks(id)) await pace();
    for (let k = graph.nameStart[id]!; k < graph.nameStart[id + 1]!; k++) flow[k] = others[id]!;
  }
  for (const [id, mentions] of declaring) {
    await pace();
    for (let k = graph.nameStart[id]!; k < graph.nameStart[id + 1]!; k++)
      for (const m of mentions) if (graph.self[m] !== k) flow[k]! += shares[m]!;
  }
  return flow;
}

/**
 * The ranks and scores, with the host given a turn whenever `pace` says (every step is a loop over
 * files, names or mentions; the numbers are added in the same order however it is paced).
 */
export async function rankGraph(files: readonly GraphFile[], pace = hostPacer()): Promise<RankedGraph> {
  const n = files.length;
  const graph = await graphOf(files, pace);
  let rank = new Float64Array(n).fill(n > 0 ? 1 / n : 0);
  for (let iteration = 0; iteration < ITERATIONS; iteration++) {
    await pace();
    const next = new Float64Array(n);
    let dangling = 0;
    for (let i = 0; i < n; i++) if (graph.out[i] === 0) dangling += rank[i]!;
    await spread(graph, rank, next, pace);
    for (let i = 0; i < n; i++) next[i] = Math.max(0, next[i]!) + (1 - DAMPING) / n + (DAMPING * dangling) / n;
    rank = next;
  }
  // A declaration's score: the rank flowing to its name from the files that mention it.
  const flow = await slotFlows(graph, rank, pace);
  const symbolScore: number[][] = [];
  for (let i = 0; i < n; i++) {
    if (checks(i, FILE_STRIDE)) await pace();
    symbolScore.push(
      files[i]!.symbols.map((item) => {
        const at = graph.slots[i]!.get(declaredName(item));
        return at === undefined ? 0 : flow[at]!;
      }),
    );
  }
  return { fileRank: [...rank], symbolScore };
}
