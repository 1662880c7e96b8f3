// The worker thread behind src/node/outlineThread.ts: outlines one large text at a time with the same code as
// the host's thread (src/core/symbols/textOutline.ts). It may be terminated mid-parse (the time bound).
import { parentPort, workerData } from 'node:worker_threads';
import { identifierUses, packUses } from '../core/navigate/identifierUses';
import { blockOfText } from '../core/symbols/enclosingBlock';
import type { LanguageSpec, PackedUses } from '../core/ground/symbolTypes';
import type { Tree } from 'web-tree-sitter';
import { LANGUAGES } from '../core/symbols/languages/index';
import { OutlineOutOfTime } from '../core/symbols/outline';
import { outlineOfText } from '../core/symbols/textOutline';
import { TreeSitter } from '../core/symbols/treeSitter';
import { packOutline } from '../node/outlineChunks';
import type { OutlineThreadRequest } from '../node/outlineThread';
import { createWasmLoader } from '../node/wasmFiles';

const runtime = new TreeSitter(createWasmLoader((workerData as { bundleDir: string }).bundleDir));

/** The uses of a name in a text, parsed here; undefined when the parse ran past its deadline. */
async function usesOfText(spec: LanguageSpec, text: string, name: string, offsets: number[], deadlineMs: number) {
  const tree = await runtime.parse(spec, text, deadlineMs);
  if (!tree) return undefined;
  try {
    return packUses(identifierUses(tree, text, name, offsets));
  } finally {
    tree.delete();
  }
}

/** An outline for the host, its symbols in pieces when there are many (src/node/outlineChunks.ts). */
async function sentOutline(spec: LanguageSpec, request: Extract<OutlineThreadRequest, { kind: 'outline' }>) {
  const { text, deadlineMs, bounds, members, uses: asked } = request;
  let uses: PackedUses | undefined;
  const onTree = asked && ((tree: Tree) => (uses = packUses(identifierUses(tree, text, asked.name, asked.offsets))));
  const outline = await outlineOfText(runtime, spec, text, deadlineMs, bounds, members, undefined, deadlineMs, onTree);
  return outline && packOutline(uses ? { ...outline, uses } : outline);
}

parentPort?.on('message', (request: OutlineThreadRequest) => {
  void (async () => {
    try {
      const spec = LANGUAGES.find((l) => l.grammar === request.grammar);
      if (!spec) throw new Error(`no grammar ${request.grammar}`);
      const result =
        request.kind === 'block'
          ? await blockOfText(runtime, spec, request.text, request.deadlineMs, request.range)
          : request.kind === 'uses'
            ? await usesOfText(spec, request.text, request.name, request.offsets, request.deadlineMs)
            : await sentOutline(spec, request);
      parentPort!.postMessage({ id: request.id, result: result ?? null });
    } catch (error) {
      // Out of time is an answer (undefined); an error makes the host do the job itself.
      if (error instanceof OutlineOutOfTime) parentPort!.postMessage({ id: request.id, result: null });
      else parentPort!.postMessage({ id: request.id, error: (error as Error).message });
    }
  })();
});
