// The worker thread behind src/node/regexRunner.ts: scans one text's lines with a regular expression,
// exactly as the workspace search does inline. It may be terminated mid-scan (the time bound).
import { parentPort } from 'node:worker_threads';
import { textHaystack } from '../core/search/haystack';
import { scanText } from '../core/search/lineScan';
import { createTextSearcher } from '../core/search/matcher';
import type { ScanRequest } from '../node/regexRunner';

parentPort?.on('message', (request: ScanRequest) => {
  try {
    const searcher = createTextSearcher(request.query, true, request.caseSensitive);
    parentPort!.postMessage({ id: request.id, result: scanText(textHaystack(request.text), searcher, request.keep) });
  } catch (error) {
    parentPort!.postMessage({ id: request.id, error: (error as Error).message });
  }
});
