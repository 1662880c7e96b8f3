// The probe's inputs for `bench:event-loop` (issue 36 §3), generated in one temp workspace folder:
// each folder holds one input, so one engine answers every call. Nothing here is committed.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateSource } from './largeSource';

export interface ProbeCall {
  label: string;
  tool: string;
  input: Record<string, unknown>;
}

const MiB = 1024 * 1024;
export const BACKTRACKING_GLOB = 'src/*a*a*a*a*a*a*a*a*a*a*b';
const LONG_NAME = 'f'.repeat(4_096);

function put(root: string, rel: string, text: string): void {
  const file = join(root, rel);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, text);
}

function many(root: string, folder: string, count: number, text: (i: number) => string): void {
  mkdirSync(join(root, folder), { recursive: true });
  for (let i = 0; i < count; i++) writeFileSync(join(root, folder, `f${i}.ts`), text(i));
}

/** A git repository `changed/` (the probe's: nothing else in it) whose 1,000 committed files are then edited. */
function changedRepo(root: string): void {
  const repo = join(root, 'changed');
  const git = (...args: string[]) => execFileSync('git', ['-C', repo, ...args], { stdio: 'ignore' });
  many(root, 'changed', 1_000, (i) => `export const v${i} = ${i};\n`);
  git('init', '-q');
  git('add', '.');
  git('-c', 'user.name=bench', '-c', 'user.email=bench@example.com', 'commit', '-qm', 'base');
  many(root, 'changed', 1_000, (i) => `export const v${i} = ${i + 1};\n// edited\n`);
}

/** Writes every input under `root`; the stat loop reads `stat-me.ts`. */
export function writeInputs(root: string): void {
  put(root, 'stat-me.ts', 'export const x = 1;\n');
  put(root, 'refs/a.ts', `export function zqfoo() { return 1; }\n${`zqbar(${'zqfoo,'.repeat(200)});\n`.repeat(1_000)}`);
  put(root, 'longname/a.ts', `export function ${LONG_NAME}() {}\n${`${LONG_NAME}();\n`.repeat(200)}`);
  many(root, 'map2k', 2_000, (i) => `export function m${i}() { return ${i}; }\nexport class K${i} {}\n`);
  for (let i = 0; i < 20; i++)
    put(root, `src/${'a'.repeat(190)}${String(i).padStart(4, '0')}.ts`, `export const g${i} = 1;\n`);
  put(root, 'big/gen.ts', generateSource('typescript', 8 * MiB));
  put(root, 'long/line.txt', `${'x'.repeat(50 * MiB)}\nthe tail line\n`);
  many(root, 'many', 20_000, (i) => `// file ${i}\nexport const needle${i % 97} = ${i};\n`);
  put(root, 'wide/line.txt', `${'y'.repeat(5 * MiB)}needle${'y'.repeat(5 * MiB)}\n`);
  mkdirSync(join(root, 'stat10k'), { recursive: true });
  for (let i = 0; i < 10_000; i++) writeFileSync(join(root, 'stat10k', `e${i}`), '');
  put(
    root,
    'deep/nest.js',
    `${Array.from({ length: 8_000 }, (_, i) => `function f${i}() {\n`).join('')}${'}\n'.repeat(8_000)}`,
  );
  changedRepo(root);
}

const read = (label: string, input: Record<string, unknown>): ProbeCall => ({ label, tool: 'lectern_read', input });
const search = (label: string, input: Record<string, unknown>): ProbeCall => ({ label, tool: 'lectern_search', input });

/** One call per probe input, in the order the table shows them. */
export const PROBE_CALLS: ProbeCall[] = [
  read('references · 200,000 uses', { mode: 'references', target: 'zqfoo' }),
  read('references · 4,096-char name', { mode: 'references', target: LONG_NAME }),
  read('symbol · 4,096-char name', { mode: 'symbol', target: LONG_NAME }),
  read('map · folder of 2,000 files', { mode: 'map', target: 'map2k' }),
  read('map · backtracking glob, 200-char names', { mode: 'map', target: BACKTRACKING_GLOB }),
  read('symbol · backtracking glob as path', { mode: 'symbol', target: 'g1', path: BACKTRACKING_GLOB }),
  read('outline · 8 MB TS', { mode: 'file', target: 'big/gen.ts', outline: true }),
  read('symbol · 8 MB TS', { mode: 'symbol', target: 'Client5.send2', path: 'big/gen.ts' }),
  read('file · 50 MB line, max_bytes window', { target: 'long/line.txt', start_byte: 25 * MiB, max_bytes: 65_536 }),
  read('file · 50 MB line, tail', { target: 'long/line.txt', tail: 2 }),
  search('search · regex, 20,000 files', { target: 'many', query: 'needle\\d+ = 1999\\d', is_regex: true }),
  search('search · literal, 20,000 files', { target: 'many', query: 'needle42 = 19' }),
  search('search · 10 MB line, literal', { target: 'wide/line.txt', query: 'needle' }),
  search('search · 10 MB line, regex', { target: 'wide/line.txt', query: 'ne+dle', is_regex: true }),
  read('snippet · 8 MB TS, expand block', {
    mode: 'snippet',
    target: 'big/gen.ts',
    start_line: 100_000,
    end_line: 100_005,
    expand: 'block',
  }),
  { label: 'stat · folder of 10,000 entries', tool: 'lectern_stat', input: { target: 'stat10k' } },
  read('diff_preview · repo of 1,000 changed files', { mode: 'diff_preview', target: 'changed' }),
  read('diff_preview · one changed file', { mode: 'diff_preview', target: 'changed/f7.ts' }),
  read('outline · 8,000-deep JS', { mode: 'file', target: 'deep/nest.js', outline: true }),
];
