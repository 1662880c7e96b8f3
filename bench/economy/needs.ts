// Read needs sampled from real code with a seeded generator (the same needs on every run).
import type { Span } from './spans';
import { rng } from '../rng';

export { rng };

export type NeedKind = 'symbol' | 'range' | 'file' | 'search';

export interface Need {
  kind: NeedKind;
  repo: string;
  file: string;
  /** symbol: its name; search: the identifier. */
  name?: string;
  start?: number;
  end?: number;
}

export function pick<T>(random: () => number, items: readonly T[], n: number): T[] {
  const pool = [...items];
  const out: T[] = [];
  while (out.length < n && pool.length > 0) out.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
  return out;
}

const TEST_PATH = /(^|\/)(tests?|testdata|benchmarks?|__tests__)\/|_test\.go$|\.test\.[jt]s$|(^|\/)test_[^/]*\.py$/;

export function isLibraryFile(file: string): boolean {
  return !TEST_PATH.test(file);
}

export interface SampleSizes {
  symbol: number;
  range: number;
  file: number;
  search: number;
}

export function sampleNeeds(
  repo: string,
  files: Map<string, string[]>,
  spans: Span[],
  sizes: SampleSizes,
  seed: number,
): Need[] {
  const random = rng(seed);
  const library = [...files.keys()].filter(isLibraryFile);
  const needs: Need[] = [];
  // show function X: names unique in their file, at least 3 lines.
  const counts = new Map<string, number>();
  for (const s of spans) counts.set(`${s.file}\0${s.name}`, (counts.get(`${s.file}\0${s.name}`) ?? 0) + 1);
  const unique = spans.filter(
    (s) => isLibraryFile(s.file) && counts.get(`${s.file}\0${s.name}`) === 1 && s.end - s.start >= 2,
  );
  for (const s of pick(random, unique, sizes.symbol))
    needs.push({ kind: 'symbol', repo, file: s.file, name: s.name, start: s.start, end: s.end });
  // 40 lines around line N.
  const long = library.filter((f) => files.get(f)!.length >= 60);
  for (const file of pick(random, long, sizes.range)) {
    const total = files.get(file)!.length;
    const n = 1 + Math.floor(random() * total);
    const start = Math.max(1, Math.min(n - 20, total - 39));
    needs.push({ kind: 'range', repo, file, start, end: start + 39 });
  }
  // a whole file.
  for (const file of pick(
    random,
    library.filter((f) => files.get(f)!.length >= 20),
    sizes.file,
  ))
    needs.push({ kind: 'file', repo, file, start: 1, end: files.get(file)!.length });
  // identifier S used 2-8 times in the repo's source files: read ±10 lines at each use.
  const names = [...new Set(spans.filter((s) => s.name.length >= 5).map((s) => s.name))].sort();
  const candidates = names.filter((name) => {
    const uses = wordUses(files, name).length;
    return uses >= 2 && uses <= 8;
  });
  for (const name of pick(random, candidates, sizes.search)) needs.push({ kind: 'search', repo, file: '', name });
  return needs;
}

export function wordUses(files: Map<string, string[]>, name: string): Array<{ file: string; line: number }> {
  const re = new RegExp(`(?<![A-Za-z0-9_$])${name.replace(/[$]/g, '\\$')}(?![A-Za-z0-9_$])`);
  const out: Array<{ file: string; line: number }> = [];
  for (const [file, lines] of files) lines.forEach((text, i) => re.test(text) && out.push({ file, line: i + 1 }));
  return out;
}
