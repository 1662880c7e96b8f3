// The worker thread behind src/node/outlineThread.ts: outlines one large text at a time with the same code as
// the host's thread (src/core/symbols/textOutline.ts). It may be terminated mid-parse (the time bound).
import { parentPort, workerData } from 'node:worker_threads';
import { blockOfText } from '../core/symbols/enclosingBlock';
import { LANGUAGES } from '../core/symbols/languages/index';
import { OutlineOutOfTime } from '../core/symbols/outline';
import { outlineOfText } from '../core/symbols/textOutline';
import { TreeSitter } from '../core/symbols/treeSitter';
import type { OutlineThreadRequest } from '../node/outlineThread';
import { createWasmLoader } from '../node/wasmFiles';

const runtime = new TreeSitter(createWasmLoader((workerData as { bundleDir: string }).bundleDir));

parentPort?.on('message', (request: OutlineThreadRequest) => {
  void (async () => {
    try {
      const spec = LANGUAGES.find((l) => l.grammar === request.grammar);
      if (!spec) throw new Error(`no grammar ${request.grammar}`);
      const result =
        request.kind === 'block'
          ? await blockOfText(runtime, spec, request.text, request.deadlineMs, request.range)
          : await outlineOfText(runtime, spec, request.text, request.deadlineMs, request.bounds, request.members);
      parentPort!.postMessage({ id: request.id, result: result ?? null });
    } catch (error) {
      // Out of time is an answer (undefined); an error makes the host do the job itself.
      if (error instanceof OutlineOutOfTime) parentPort!.postMessage({ id: request.id, result: null });
      else parentPort!.postMessage({ id: request.id, error: (error as Error).message });
    }
  })();
});
