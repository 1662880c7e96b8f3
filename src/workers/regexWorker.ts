// The worker thread behind src/node/regexRunner.ts: scans one text's lines with a regular expression,
// exactly as the workspace search does inline. It may be terminated mid-scan (the time bound).
import { parentPort } from 'node:worker_threads';
import { textHaystack } from '../core/search/haystack';
import { scanText } from '../core/search/lineScan';
import { createTextSearcher, type TextSearcher } from '../core/search/matcher';
import type { ScanRequest } from '../node/regexRunner';

/** The last request's searcher: a workspace search sends one file after another with the same pattern. */
let last: { query: string; caseSensitive: boolean; searcher: TextSearcher } | undefined;

parentPort?.on('message', (request: ScanRequest) => {
  try {
    if (last?.query !== request.query || last.caseSensitive !== request.caseSensitive) {
      const { query, caseSensitive } = request;
      last = { query, caseSensitive, searcher: createTextSearcher(query, true, caseSensitive) };
    }
    const searcher = last.searcher;
    parentPort!.postMessage({ id: request.id, result: scanText(textHaystack(request.text), searcher, request.keep) });
  } catch (error) {
    parentPort!.postMessage({ id: request.id, error: (error as Error).message });
  }
});
