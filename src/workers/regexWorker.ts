// The worker thread behind src/node/regexRunner.ts: scans one text's lines with a regular expression,
// exactly as the workspace search does inline, or reads one file and scans it, or scans a batch of the
// texts a search keeps (core/search/threadScan.ts). It may be terminated mid-scan (the time bound).
import { parentPort } from 'node:worker_threads';
import type { FileScanRequest } from '../core/ground/workerMessages';
import type { SyncRead } from '../core/ground/fileSystemPort';
import { textHaystack } from '../core/search/haystack';
import { scanText } from '../core/search/lineScan';
import { createTextSearcher, type TextSearcher } from '../core/search/matcher';
import { RegexCost } from '../core/search/regexCost';
import { scanKeptTexts, scanReadFile } from '../core/search/threadScan';
import { nodeFileSystem } from '../node/nodeFileSystem';
import type { KeptMessage } from '../node/heldTexts';
import type { FileRequest, ScanRequest } from '../node/regexRunner';

/** The last request's searcher: a workspace search sends one file after another with the same query. */
let last:
  { query: string; isRegex: boolean; caseSensitive: boolean; searcher: TextSearcher; cost?: RegexCost } | undefined;

function searcherFor(query: string, isRegex: boolean, caseSensitive: boolean): TextSearcher {
  if (last?.query !== query || last.isRegex !== isRegex || last.caseSensitive !== caseSensitive)
    last = { query, isRegex, caseSensitive, searcher: createTextSearcher(query, isRegex, caseSensitive) };
  return last.searcher;
}

/** A regular expression's cost, measured as the search measures it (once per searcher). */
function costOf(searcher: TextSearcher, isRegex: boolean): RegexCost | undefined {
  if (!isRegex || !last) return undefined;
  return (last.cost ??= RegexCost.of(searcher));
}

/** Kept texts sent before, by the number the runner gave them (heldTexts.ts). */
const held = new Map<number, string>();

/** A batch's answer; its lists move to the host's thread rather than being copied. */
function scanBatch({ id, kept }: { id: number; kept: KeptMessage }): void {
  const searcher = searcherFor(kept.query, kept.isRegex, kept.caseSensitive);
  for (const gone of kept.forget) held.delete(gone);
  const missing: number[] = [];
  const texts = kept.texts.map((text, i) => {
    if (kept.holdAs[i]! >= 0) held.set(kept.holdAs[i]!, text as string);
    if (typeof text === 'string') return text;
    const known = held.get(text);
    if (known === undefined) missing.push(i);
    return known ?? '';
  });
  const result = scanKeptTexts({ ...kept, texts }, searcher, costOf(searcher, kept.isRegex));
  // Not held (it cannot happen while the runner's account is right): left to the search.
  for (const i of missing) result.counts[i] = -1;
  parentPort!.postMessage({ id, result }, [result.counts.buffer, result.located.buffer, result.hits.buffer]);
}

/** The file as read through the same port the search reads with; nothing when it cannot be opened. */
function readFile(request: FileScanRequest): SyncRead {
  try {
    return nodeFileSystem.readFileSync!(request.path, request.maxBytes);
  } catch {
    return { size: 0 };
  }
}

parentPort?.on('message', (request: ScanRequest | FileRequest | { id: number; kept: KeptMessage }) => {
  try {
    if ('kept' in request) return scanBatch(request);
    if ('file' in request) {
      const { file } = request;
      const searcher = searcherFor(file.query, file.isRegex, file.caseSensitive);
      parentPort!.postMessage({ id: request.id, result: scanReadFile(readFile(file), file, searcher) });
      return;
    }
    const searcher = searcherFor(request.query, true, request.caseSensitive);
    parentPort!.postMessage({ id: request.id, result: scanText(textHaystack(request.text), searcher, request.keep) });
  } catch (error) {
    parentPort!.postMessage({ id: request.id, error: (error as Error).message });
  }
});
