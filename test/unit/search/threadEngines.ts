// Shared by the tests of files scanned on the host's regular-expression thread (threadScan.test.ts,
// keptBatches.test.ts): generated text files, an engine with the thread beside one without.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Lectern } from '../../../src/core/engine';
import type { Host, RegexScanPort } from '../../../src/core/ground/ports';
import { nodeFileSystem } from '../../../src/node/nodeFileSystem';
import { createRegexRunner } from '../../../src/node/regexRunner';

const settings = () => ({ sessionGuard: false });
/** Where createRegexRunner finds the worker's source (through tsx). */
export const SOURCE = path.join(__dirname, '../../../src/node');

const LINES = [
  'const needle = 1;',
  'let noodle = needle + 2;',
  '  return Needle(x); // größe ü',
  'function needleSync(a) { return a; }',
  'no match on this line at all',
  '日本 needle 日本',
  'NEEDLE\tneedle needle',
  '',
];

/** A text of LINES picked by `seed`, of about `size` bytes (by default over the 1 MB the engine keeps bytes of). */
export function largeText(seed: number[], crlf: boolean, bom: boolean, size = 1_100_000): string {
  const lines: string[] = [];
  let length = 0;
  for (let i = 0; length < size; i++) {
    const line = LINES[seed[i % seed.length]! % LINES.length]!;
    lines.push(line);
    length += line.length + 2;
  }
  return (bom ? '\ufeff' : '') + lines.join(crlf ? '\r\n' : '\n') + '\n';
}

/** Dates the file two hours back: the engine remembers only versions that have been still a while. */
export function settled(file: string): string {
  const when = new Date(Date.now() - 7200_000);
  fs.utimesSync(file, when, when);
  return file;
}

export const later = <T>(ms: number, value: () => T | Promise<T>) =>
  new Promise<T>((resolve) => setTimeout(() => resolve(value()), ms));

/** An engine over `root` with `regex` as its thread, and one without a thread. */
export function engines(root: string, regex: RegexScanPort) {
  const roots = () => [{ name: 'ws', path: root }];
  const threaded: Host = { fs: nodeFileSystem, roots, regex };
  return { threaded: new Lectern(threaded, settings), plain: new Lectern({ fs: nodeFileSystem, roots }, settings) };
}

/** Plain, any-case, regular-expression and non-ASCII queries, with context and small limits. */
export const QUERIES = [
  { query: 'needle' },
  { query: 'needle', case_sensitive: true },
  { query: 'Needle', max_results: 3, before: 1, after: 2 },
  { query: 'needle\\w*', is_regex: true, max_results: 7 },
  { query: '\\bneedle\\b', is_regex: true, case_sensitive: true, after: 1 },
  { query: '日本' },
  { query: 'größe', case_sensitive: true },
  { query: 'absent text' },
];

/** Work handed to the thread: a file to read and scan, or a batch of kept texts. */
type Handed = 'scanFile' | 'scanKept';
type Scan<K extends Handed> = NonNullable<RegexScanPort[K]>;

/** How a test answers what is handed to the thread (`runner`: the real one, to pass it on). */
export type Answer<K extends Handed> = (
  request: Parameters<Scan<K>>[0],
  timeoutMs: number,
  runner: RegexScanPort,
) => ReturnType<Scan<K>>;

/** The thread's port, noting what `method` is handed, and answering it as `answer` says (else as the thread does). */
export function spiedPort<K extends Handed>(method: K, answer?: Answer<K>) {
  const runner = createRegexRunner(SOURCE);
  const handed: Parameters<Scan<K>>[0][] = [];
  const scan = ((request: Parameters<Scan<K>>[0], timeoutMs: number) => {
    handed.push(request);
    return answer ? answer(request, timeoutMs, runner) : (runner[method] as Scan<K>)(request as never, timeoutMs);
  }) as Scan<K>;
  const port: RegexScanPort = { ...runner, [method]: scan };
  return { port, handed };
}
