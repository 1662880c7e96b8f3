// A worker thread of the symbol index (see src/node/outlineWorkers.ts): parses the files it is sent with
// the same extraction as the main thread and posts their outlines back, one batch at a time, with the
// words each file says (what a map would read the file for).
import { closeSync, readSync } from 'node:fs';
import { relative, isAbsolute } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { SymbolService } from '../core/symbols/service';
import { sniff, decodeUtf8, decodeUtf16 } from '../core/text/encoding';
import { countPackedWords, WORDS_MAX_FILE_BYTES, type PackedWords } from '../core/ground/fileWords';
import type { ParsedOutline } from '../core/ground/workerMessages';
import { openRegularSync } from '../node/nodeFileSystem';
import type { OutlineJob } from '../node/outlineWorkers';
import { createWasmLoader } from '../node/wasmFiles';

const inside = (roots: readonly string[], real: string) =>
  roots.some((root) => {
    const rel = relative(root, real);
    return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
  });

const service = new SymbolService(createWasmLoader((workerData as { bundleDir: string }).bundleDir));

const LENIENT = new TextDecoder('utf-8');

/** The text to parse, and the words a map reads from the same bytes (decoded as UTF-8: src/core/navigate/fileText.ts). */
function textOf(bytes: Uint8Array): { text: string; words?: PackedWords } | undefined {
  const sniffed = sniff(bytes, true);
  if (sniffed.binary) return undefined;
  const body = bytes.subarray(sniffed.bomLength);
  const { encoding } = sniffed;
  const utf16 = encoding === 'utf-16le' || encoding === 'utf-16be';
  const text = utf16 ? decodeUtf16(body, encoding) : decodeUtf8(body);
  if (text === undefined) return undefined;
  if (bytes.length > WORDS_MAX_FILE_BYTES) return { text };
  // Valid UTF-8 without its BOM is what the map's lenient decoder makes of the whole file.
  return { text, words: countPackedWords(utf16 ? LENIENT.decode(bytes) : text) };
}

/** Reads like every other read (src/core/ground/openInside.ts): opened without following a last symlink, never blocking, checked as opened. */
function readChecked(fd: number, size: number): Uint8Array {
  const bytes = Buffer.allocUnsafe(size);
  let filled = 0;
  while (filled < size) {
    const n = readSync(fd, bytes, filled, size - filled, filled);
    if (n === 0) break;
    filled += n;
  }
  return bytes.subarray(0, filled);
}

async function outline(
  absolute: string,
  maxFileBytes: number,
  roots: readonly string[] | undefined,
): Promise<ParsedOutline> {
  try {
    const { fd, stats, real } = openRegularSync(absolute);
    let bytes: Uint8Array;
    const { size, mtimeMs, ctimeMs, ino, dev } = stats;
    const parsed: ParsedOutline = { absolute, size, mtimeMs, ctimeMs, ino, dev };
    try {
      if (roots && (real === undefined || !inside(roots, real))) return { absolute, size: -1, mtimeMs: -1 }; // leads outside: not indexed
      if (stats.size > maxFileBytes) return parsed;
      bytes = readChecked(fd, stats.size);
    } finally {
      closeSync(fd);
    }
    const decoded = textOf(bytes);
    if (decoded === undefined) return parsed;
    const symbols = await service.outlineText(absolute, decoded.text);
    // The file is listed as source in a language with a grammar: no outline means its parse ran out of time.
    return symbols
      ? { ...parsed, symbols, ...(decoded.words ? { words: decoded.words } : {}) }
      : { ...parsed, outOfTime: true };
  } catch {
    return { absolute, size: -1, mtimeMs: -1 }; // gone or unreadable: not indexed
  }
}

async function run(job: OutlineJob): Promise<void> {
  if (job.warm) {
    for (const file of job.warm) await service.outlineText(file, '').catch(() => undefined);
    return;
  }
  const results: ParsedOutline[] = [];
  try {
    for (const file of job.files) results.push(await outline(file, job.maxFileBytes, job.roots));
  } finally {
    // Every job is answered, whole: a file that was not reached is not indexed.
    for (const file of job.files.slice(results.length)) results.push({ absolute: file, size: -1, mtimeMs: -1 });
    parentPort!.postMessage(results);
  }
}

// One job after another: answers go back in the order the jobs came (the pool counts on it).
let queue = Promise.resolve();
parentPort!.on('message', (job: OutlineJob) => {
  queue = queue.then(() => run(job)).catch(() => undefined);
});
