// The worker thread behind outlineThread.ts: outlines one large text at a time with the same code as
// the host's thread (src/core/symbols/textOutline.ts). It may be terminated mid-parse (the time bound).
import { parentPort, workerData } from 'node:worker_threads';
import type { OutlineThreadJob } from '../core/ground/ports';
import { LANGUAGES } from '../core/symbols/languages/index';
import { outlineOfText } from '../core/symbols/textOutline';
import { TreeSitter } from '../core/symbols/treeSitter';
import { createWasmLoader } from './wasmFiles';

export interface OutlineThreadRequest extends OutlineThreadJob {
  id: number;
}

const runtime = new TreeSitter(createWasmLoader((workerData as { bundleDir: string }).bundleDir));

parentPort?.on('message', (request: OutlineThreadRequest) => {
  void (async () => {
    try {
      const spec = LANGUAGES.find((l) => l.grammar === request.grammar);
      if (!spec) throw new Error(`no grammar ${request.grammar}`);
      const outline = await outlineOfText(runtime, spec, request.text, request.deadlineMs, request.bounds, request.members);
      parentPort!.postMessage({ id: request.id, outline: outline ?? null });
    } catch (error) {
      parentPort!.postMessage({ id: request.id, error: (error as Error).message });
    }
  })();
});
