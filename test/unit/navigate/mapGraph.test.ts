// The map's reference graph (src/core/navigate/mapGraph.ts) routes each mention through its name
// (linear in mentions). Checked against the plain definition it replaced — every file links to every
// other file declaring a name it mentions, one link at a time — on random small workspaces (fast-check):
// the same file ranks and declaration scores up to float rounding.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import type { FlatSymbol } from '../../../src/core/symbols/namePath';
import { declaredName, MIN_NAME_CHARS, rankGraph, type GraphFile } from '../../../src/core/navigate/mapGraph';

function symbol(name: string, line: number): FlatSymbol {
  return {
    path: [name],
    symbol: {
      name,
      kind: 'function',
      startLine: line,
      endLine: line,
      contextStartLine: line,
      signature: `function ${name}()`,
      bodyStartLine: null,
      children: [],
    },
  };
}

/** The name weights of mapGraph.ts, restated. */
function nameWeight(name: string, definers: number): number {
  let weight = 1;
  if (definers > 5) weight *= 0.1;
  if (name.startsWith('_')) weight *= 0.1;
  if (name.length >= 8 && /[a-z][A-Z]|_[a-z]/.test(name)) weight *= 3;
  return weight;
}

/** The ranking by its definition: one link per (mentioning file, declaring file, name), PageRank over them. */
function linkByLink(files: readonly GraphFile[]): { fileRank: number[]; symbolScore: number[][] } {
  const n = files.length;
  const definers = new Map<string, number[]>();
  files.forEach((file, i) => {
    for (const item of file.symbols) {
      const name = declaredName(item);
      if (name.length < MIN_NAME_CHARS) continue;
      const list = definers.get(name) ?? [];
      if (!list.includes(i)) list.push(i);
      definers.set(name, list);
    }
  });
  const mentionedBy = new Map<string, number>();
  for (const file of files)
    for (const name of file.mentions?.keys() ?? []) mentionedBy.set(name, (mentionedBy.get(name) ?? 0) + 1);
  const links: { from: number; to: number; name: string; weight: number }[] = [];
  files.forEach((file, from) => {
    for (const [name, count] of file.mentions ?? []) {
      const to = definers.get(name);
      if (!to) continue;
      const idf = Math.log(1 + n / Math.max(1, mentionedBy.get(name) ?? 1));
      const weight = (Math.sqrt(count) * idf * nameWeight(name, to.length)) / to.length;
      for (const target of to) if (target !== from) links.push({ from, to: target, name, weight });
    }
  });
  const out = new Array<number>(n).fill(0);
  for (const link of links) out[link.from]! += link.weight;
  let rank = new Array<number>(n).fill(1 / n);
  for (let iteration = 0; iteration < 30; iteration++) {
    const next = new Array<number>(n).fill(0);
    const dangling = rank.reduce((sum, r, i) => (out[i] === 0 ? sum + r : sum), 0);
    for (const link of links) next[link.to]! += (0.85 * rank[link.from]! * link.weight) / out[link.from]!;
    rank = next.map((r) => r + 0.15 / n + (0.85 * dangling) / n);
  }
  const symbolScore = files.map((file, i) =>
    file.symbols.map((item) =>
      links
        .filter((link) => link.to === i && link.name === declaredName(item))
        .reduce((sum, link) => sum + (rank[link.from]! * link.weight) / out[link.from]!, 0),
    ),
  );
  return { fileRank: rank, symbolScore };
}

// Few names, so that many files declare and mention the same ones (common names, self-mentions).
const NAMES = ['get', 'parse', 'Store', '_hidden', 'readSymbol', 'openStore', 'xy', 'run'];

const workspaces = fc.array(
  fc.record({
    declares: fc.uniqueArray(fc.constantFrom(...NAMES), { maxLength: 4 }),
    mentions: fc.dictionary(fc.constantFrom(...NAMES), fc.integer({ min: 1, max: 50 }), { maxKeys: 5 }),
  }),
  { minLength: 1, maxLength: 9 },
);

function graphFiles(spec: { declares: string[]; mentions: Record<string, number> }[]): GraphFile[] {
  return spec.map((file, i) => ({
    display: `src/file${i}.ts`,
    symbols: file.declares.map((name, line) => symbol(name, line + 1)),
    mentions: new Map(Object.entries(file.mentions)),
  }));
}

const close = (a: number, b: number) => Math.abs(a - b) <= 1e-12 * Math.max(1, Math.abs(a), Math.abs(b));

describe('map reference graph', () => {
  it('ranks files and scores declarations as one link per (file, declaring file, name) would', async () => {
    await fc.assert(
      fc.asyncProperty(workspaces, async (spec) => {
        const files = graphFiles(spec);
        const fast = await rankGraph(files);
        const plain = linkByLink(files);
        fast.fileRank.forEach((rank, i) =>
          assert.ok(close(rank, plain.fileRank[i]!), `file ${i}: ${rank} ≠ ${plain.fileRank[i]}`),
        );
        fast.symbolScore.forEach((scores, i) =>
          scores.forEach((score, j) =>
            assert.ok(
              close(score, plain.symbolScore[i]![j]!),
              `file ${i} symbol ${j}: ${score} ≠ ${plain.symbolScore[i]![j]}`,
            ),
          ),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('sends nothing from a file to itself: a name only its own file declares and says scores 0', async () => {
    const files = graphFiles([
      { declares: ['openStore'], mentions: { openStore: 9 } },
      { declares: ['parse'], mentions: { parse: 3 } },
    ]);
    const { fileRank, symbolScore } = await rankGraph(files);
    assert.deepEqual(symbolScore, [[0], [0]]);
    assert.ok(close(fileRank[0]!, 0.5) && close(fileRank[1]!, 0.5));
  });

  it('scores two declarations the same other files mention alike exactly alike, whatever their own file says', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 1, max: 1000 }),
        fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 6 }),
        async (ownFirst, ownSecond, others) => {
          // Two names of the same weight, both declared in file0 and file1; file0 says each as often as
          // it likes, every other file says both alike. file0's two declarations tie: sorted by line.
          const files = graphFiles([
            { declares: ['readSymbol', 'openStore'], mentions: { readSymbol: ownFirst, openStore: ownSecond } },
            ...others.map((count, i) => ({
              declares: i === 0 ? ['readSymbol', 'openStore'] : [],
              mentions: { readSymbol: count, openStore: count },
            })),
          ]);
          const [first, second] = (await rankGraph(files)).symbolScore[0]!;
          assert.equal(first, second);
        },
      ),
      { numRuns: 300 },
    );
  });
});
