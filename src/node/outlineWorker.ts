// A worker thread of the symbol index (see outlineWorkers.ts): parses the files it is sent with
// the same extraction as the main thread and posts their outlines back, one batch at a time.
import { readFileSync, statSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { SymbolService } from '../core/symbols/service';
import { sniff, decodeUtf8, decodeUtf16 } from '../core/text/encoding';
import type { ParsedOutline } from '../core/ground/ports';
import { createWasmLoader } from './wasmFiles';

export interface OutlineJob {
  files: string[];
  maxFileBytes: number;
}

const service = new SymbolService(createWasmLoader((workerData as { bundleDir: string }).bundleDir));

function textOf(bytes: Uint8Array): string | undefined {
  const sniffed = sniff(bytes, true);
  if (sniffed.binary) return undefined;
  const body = bytes.subarray(sniffed.bomLength);
  return sniffed.encoding === 'utf-16le' || sniffed.encoding === 'utf-16be' ? decodeUtf16(body, sniffed.encoding) : decodeUtf8(body);
}

async function outline(absolute: string, maxFileBytes: number): Promise<ParsedOutline> {
  try {
    const stat = statSync(absolute);
    const parsed: ParsedOutline = { absolute, size: stat.size, mtimeMs: stat.mtimeMs };
    if (!stat.isFile() || stat.size > maxFileBytes) return parsed;
    const text = textOf(readFileSync(absolute));
    if (text === undefined) return parsed;
    const symbols = await service.outlineText(absolute, text);
    return symbols ? { ...parsed, symbols } : parsed;
  } catch {
    return { absolute, size: -1, mtimeMs: -1 }; // gone or unreadable: not indexed
  }
}

parentPort!.on('message', (job: OutlineJob) => {
  void (async () => {
    const results: ParsedOutline[] = [];
    for (const file of job.files) results.push(await outline(file, job.maxFileBytes));
    parentPort!.postMessage(results);
  })();
});
