// What a SCIP index costs and saves: `node --expose-gc --import tsx bench/scip.ts FOLDER NAME...`
// over a folder with an index.scip at its top (make one: npx @sourcegraph/scip-typescript index).
// Prints the index's load time and retained memory, then for each name the `references` answer
// from the index and from tree-sitter alone on the same host in the same run: time (median of 5,
// alternating), uses listed, and the ratio.
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { Lectern } from '../src/core/engine';
import { createNodeHost } from '../src/node/nodeHost';
import { SLOTS } from '../src/node/scip/scipIndex';
import { loadScip } from '../src/node/scip/scipLoad';

const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
const retained = () => {
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main(): Promise<void> {
  const [folder, ...names] = process.argv.slice(2);
  if (!folder || names.length === 0) throw new Error('usage: bench/scip.ts FOLDER NAME...');
  const root = resolve(folder);
  const before = retained();
  const started = performance.now();
  const scip = (await loadScip(root))!;
  const loadMs = performance.now() - started;
  const held = retained() - before;
  const occurrences = scip.index.documents.reduce((n, d) => n + d.occurrences.length / SLOTS, 0);
  console.log(
    `index.scip ${mb(statSync(`${root}/index.scip`).size)}: ${scip.index.documents.length} documents, ${occurrences} occurrences, ${scip.index.symbolCount} symbols; load ${loadMs.toFixed(0)} ms, retained ${mb(held)}`,
  );

  const host = createNodeHost(() => [{ name: 'ws', path: root }], { bundleDir: resolve(__dirname, '../src/node') });
  const settings = () => ({ sessionGuard: false });
  const fromIndex = new Lectern({ ...host, symbolCache: undefined }, settings);
  const syntaxOnly = new Lectern({ ...host, symbolCache: undefined, references: undefined }, settings);
  const ask = async (lectern: Lectern, target: string) => {
    const t = performance.now();
    const answer = await lectern.invoke('lectern_read', { mode: 'references', target });
    const header = answer.text.split('\n')[0] ?? '';
    return { ms: performance.now() - t, header };
  };
  try {
    // Both engines share the workspace symbol index, which the core asks to find the declaration to
    // ask the index at; it builds over the first calls: warm until a call's time settles.
    const warmStarted = performance.now();
    for (let i = 0, last = Infinity; i < 20; i++) {
      const { ms } = await ask(fromIndex, names[0]!);
      if (ms > last * 0.7 && ms < 2_000) break;
      last = ms;
    }
    await ask(syntaxOnly, names[0]!);
    console.log(`warm-up (the workspace symbol index): ${(performance.now() - warmStarted).toFixed(0)} ms`);
    for (const name of names) {
      const times: { index: number[]; syntax: number[] } = { index: [], syntax: [] };
      let headers = { index: '', syntax: '' };
      for (let i = 0; i < 5; i++) {
        const a = await ask(fromIndex, name);
        const b = await ask(syntaxOnly, name);
        times.index.push(a.ms);
        times.syntax.push(b.ms);
        headers = { index: a.header, syntax: b.header };
      }
      const [i, s] = [median(times.index), median(times.syntax)];
      console.log(`${name}: index ${i.toFixed(0)} ms vs tree-sitter ${s.toFixed(0)} ms (×${(i / s).toFixed(2)})`);
      console.log(`  ${headers.index}\n  ${headers.syntax}`);
    }
  } finally {
    await host.dispose();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
