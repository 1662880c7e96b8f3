// Records the engine's answers to several hundred real calls over a deterministic workspace, or
// compares them with an earlier recording, byte for byte. A refactoring of the core that must not
// change what the model (or a program) sees is checked with it:
//   npx tsx scripts/record-answers.ts record /tmp/answers-before.json    (on the old code)
//   npx tsx scripts/record-answers.ts compare /tmp/answers-before.json   (on the new code; exit 1 on a difference)
// `npm run answers:compare -- FILE` runs the comparison. Recordings are not committed.
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Lectern } from '../src/core/engine';
import type { DirtyDocument, Host, WorkspaceRoot } from '../src/core/ground/ports';
import type { Settings } from '../src/core/ground/settings';
import { createGitCli } from '../src/node/gitCli';
import { nodeFileSystem } from '../src/node/nodeFileSystem';
import { createWasmLoader } from '../src/node/wasmFiles';

const REPO = path.resolve(__dirname, '..');
const FIXED_TIME = new Date('2024-01-02T03:04:05Z');
const GIT_ENV = {
  ...process.env,
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  LC_ALL: 'C',
  GIT_AUTHOR_DATE: '2024-01-01T00:00:00Z',
  GIT_COMMITTER_DATE: '2024-01-01T00:00:00Z',
};

interface Recorded {
  name: string;
  answer: unknown;
}

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'core.autocrlf=false', '-c', 'commit.gpgsign=false', ...args], {
    cwd,
    encoding: 'utf8',
    env: GIT_ENV,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function put(root: string, rel: string, data: string | Uint8Array): void {
  const file = path.join(root, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, data);
}

function copyTree(from: string, to: string): void {
  fs.cpSync(from, to, { recursive: true });
}

function touchAll(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === '.git') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) touchAll(full);
    fs.utimesSync(full, FIXED_TIME, FIXED_TIME);
  }
  fs.utimesSync(dir, FIXED_TIME, FIXED_TIME);
}

/** Deterministic text of `lines` lines, each a little different. */
function lines(n: number, prefix: string, eol = '\n'): string {
  return (
    Array.from({ length: n }, (_, i) => `${prefix} ${String(i + 1).padStart(5, '0')} ${'x'.repeat(i % 37)}`).join(eol) +
    eol
  );
}

function utf16le(text: string): Uint8Array {
  const bom = Buffer.from([0xff, 0xfe]);
  return Buffer.concat([bom, Buffer.from(text, 'utf16le')]);
}

/** The workspace: sample-workspace, the symbol fixtures, generated files, a git repo with changes. */
function buildWorkspace(base: string): string {
  const root = path.join(base, 'ws');
  fs.mkdirSync(root, { recursive: true });
  git(root, 'init', '-q', '-b', 'main');
  git(root, 'config', 'user.name', 'Recorder');
  git(root, 'config', 'user.email', 'recorder@lectern.invalid');
  copyTree(path.join(REPO, 'sample-workspace'), root);
  copyTree(path.join(REPO, 'test/fixtures/symbols'), path.join(root, 'fixtures'));
  put(root, 'gen/small.txt', lines(40, 'small'));
  put(root, 'gen/large.txt', lines(6000, 'large'));
  put(root, 'gen/huge.log', lines(40000, 'log entry'));
  put(
    root,
    'gen/longline.min.js',
    'var a=' +
      Array.from({ length: 30000 }, (_, i) => `f${i}(${i})`).join(',') +
      ';\nvar b=2;\n' +
      'x'.repeat(5000) +
      '\n',
  );
  put(root, 'gen/utf16.txt', utf16le(lines(30, 'wide ünïcödé')));
  put(root, 'gen/crlf.txt', lines(50, 'crlf', '\r\n'));
  put(root, 'gen/bom.txt', '\ufeff' + lines(10, 'bom'));
  put(
    root,
    'gen/binary.bin',
    Uint8Array.from({ length: 4096 }, (_, i) => (i * 37) % 256),
  );
  put(root, 'gen/empty.txt', '');
  put(root, 'gen/nonl.txt', 'no newline at end');
  put(root, 'gen/unicode.md', '# Ünïcødé 😀\n' + lines(20, 'emoji 😀 é 中文'));
  put(
    root,
    'gen/big.ts',
    Array.from(
      { length: 300 },
      (_, i) =>
        `/** Doc ${i}. */\nexport function fn${i}(a: number, b: string): number {\n  const x = a + ${i};\n  if (x > 10) {\n    return x * 2;\n  }\n  return b.length + x;\n}\n`,
    ).join('\n') +
      'export class Holder {\n  get(key: string): string { return key; }\n  set(key: string, v: string): void { void key; void v; }\n}\n',
  );
  put(
    root,
    'gen/dup.ts',
    'export function fn1(): number { return 1; }\nexport class Holder { get(): number { return 2; } }\nexport function overload(a: string): string;\nexport function overload(a: number): number;\nexport function overload(a: unknown): unknown { return a; }\n',
  );
  put(root, 'node_modules/pkg/index.js', lines(30, 'vendored'));
  put(root, 'dist/out.js', lines(30, 'built'));
  put(root, '.gitignore', 'ignored/\n*.tmp\n');
  put(root, 'ignored/secret.txt', lines(5, 'ignored'));
  put(root, 'notes.tmp', lines(5, 'tmp'));
  put(root, 'changes/staged.ts', lines(120, 'staged'));
  put(root, 'changes/unstaged.py', lines(200, 'unstaged'));
  put(root, 'changes/both.txt', lines(80, 'both'));
  put(root, 'changes/deleted.txt', lines(10, 'deleted'));
  put(root, 'changes/crlf.txt', lines(30, 'crlf change', '\r\n'));
  put(
    root,
    'changes/bin.dat',
    Uint8Array.from({ length: 512 }, (_, i) => i % 256),
  );
  put(root, 'changes/many.txt', lines(2000, 'many'));
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', 'base');
  // Staged, unstaged, both, deleted, untracked, binary and many-hunk changes.
  const edit = (rel: string, f: (text: string) => string) =>
    put(root, rel, f(fs.readFileSync(path.join(root, rel), 'utf8')));
  edit('changes/staged.ts', (t) => t.replace('staged 00010', 'STAGED TEN').replace('staged 00100', 'STAGED HUNDRED'));
  git(root, 'add', 'changes/staged.ts');
  edit('changes/unstaged.py', (t) =>
    t.replace('unstaged 00050', 'changed fifty\nadded line').replace('unstaged 00150 ', ''),
  );
  edit('changes/both.txt', (t) => t.replace('both 00005', 'both five staged'));
  git(root, 'add', 'changes/both.txt');
  edit('changes/both.txt', (t) => t.replace('both 00070', 'both seventy unstaged'));
  fs.rmSync(path.join(root, 'changes/deleted.txt'));
  edit('changes/crlf.txt', (t) => t.replace('crlf change 00003', 'crlf CHANGED'));
  put(
    root,
    'changes/bin.dat',
    Uint8Array.from({ length: 600 }, (_, i) => (i * 3) % 256),
  );
  edit('changes/many.txt', (t) =>
    t
      .split('\n')
      .map((l, i) => (i % 40 === 7 ? l + ' edited' : l))
      .join('\n'),
  );
  put(root, 'changes/untracked.md', lines(15, 'untracked'));
  edit('src/format.ts', (t) => t + '\n// trailing edit\n');
  touchAll(root);
  return root;
}

type Call = [
  tool: string,
  input: unknown,
  options?: { sessionId?: string; tokenBudget?: number; allowOutside?: boolean },
];

const READ_VARIANTS: Record<string, unknown>[] = [
  {},
  { outline: true },
  { head: 5 },
  { tail: 7 },
  { start_line: 2, end_line: 9 },
  { offset: 3, limit: 4 },
  { start_line: 100000 },
  { start_byte: 10, max_bytes: 200 },
  { max_preview_chars: 300 },
  { start_line: 5, end_line: 4 },
];

function fileList(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (entry.name === '.git') continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else out.push(path.relative(root, full).split(path.sep).join('/'));
    }
  };
  walk(root);
  return out;
}

function plainCalls(root: string): Call[] {
  const calls: Call[] = [];
  const files = fileList(root);
  for (const file of files)
    for (const variant of READ_VARIANTS) calls.push(['lectern_read', { target: file, ...variant }]);
  for (const file of files.filter((f) => /\.(ts|py|go|rs|java|cs|php|rb|c|h|cpp|hpp)$/.test(f))) {
    calls.push(['lectern_read', { mode: 'snippet', target: file, start_line: 12, end_line: 14 }]);
    calls.push(['lectern_read', { mode: 'snippet', target: file, start_line: 12, expand: 'block' }]);
    calls.push(['lectern_read', { mode: 'snippet', target: file, start_line: 3, context_lines: 2 }]);
    calls.push(['lectern_search', { target: file, query: 'return' }]);
    calls.push(['lectern_stat', { target: file }]);
  }
  for (const file of [
    'gen/small.txt',
    'gen/crlf.txt',
    'gen/utf16.txt',
    'gen/large.txt',
    'gen/unicode.md',
    'gen/longline.min.js',
  ]) {
    calls.push(['lectern_read', { mode: 'snippet', target: file, start_line: 4, end_line: 6, context_lines: 1 }]);
    calls.push(['lectern_search', { target: file, query: '0001', before: 1, after: 1 }]);
    calls.push(['lectern_search', { target: file, query: 'x{3,5}$', is_regex: true, max_matches: 3 }]);
    calls.push(['lectern_stat', { target: file }]);
  }
  // Symbols, by name, name path, kind, index, scope, body/context switches.
  const symbols: Record<string, unknown>[] = [
    { target: 'Inventory' },
    { target: 'Inventory.restock' },
    { target: 'Inventory', include_body: false },
    { target: 'formatPrice', include_context: false },
    { target: 'fn12', path: 'gen/big.ts' },
    { target: 'fn1' },
    { target: 'fn1', path: 'gen' },
    { target: 'Holder.get' },
    { target: 'Holder.get', path: 'gen/big.ts', context_lines: 3 },
    { target: 'overload', path: 'gen/dup.ts' },
    { target: 'overload', path: 'gen/dup.ts', index: 2 },
    { target: 'overload', path: 'gen/dup.ts', index: 9 },
    { target: 'Holder', kind: 'class' },
    { target: 'Holder', kind: 'function' },
    { target: 'nosuchsymbol' },
    { target: 'Nosuch.thing', path: 'src/**/*.ts' },
    { target: 'RateLimiter' },
    { target: 'Allow', path: 'go/ratelimit.go' },
    { target: 'main', path: 'py/report.py' },
    { target: '::Inventory' },
    { target: 'Inventory::add' },
    { target: 'OrderService' },
    { target: 'LruCache' },
    { target: 'ringbuf_push' },
    { target: 'InvoiceService' },
    { target: 'fn1', path: 'gen/small.txt' },
    { target: 'fn1', path: 'no/such/dir' },
    { target: 'fn1', path: 'gen/big.ts', kind: 'nosuchkind' },
  ];
  for (const s of symbols) calls.push(['lectern_read', { mode: 'symbol', ...s }]);
  for (const dir of [
    'fixtures/go',
    'fixtures/rust',
    'fixtures/java',
    'fixtures/csharp',
    'fixtures/php',
    'fixtures/ruby',
    'fixtures/c',
    'fixtures/cpp',
    'py',
    'src',
  ]) {
    calls.push(['lectern_read', { mode: 'symbol', target: 'new', path: dir }]);
    calls.push(['lectern_search', { target: dir, query: 'func|def|fn |class', is_regex: true }]);
  }
  // Workspace search.
  const searches: Record<string, unknown>[] = [
    { query: 'Inventory' },
    { query: 'return' },
    { query: 'return', max_results: 5 },
    { query: 'RETURN', case_sensitive: true },
    { query: 'fn\\d+\\(', is_regex: true, max_results: 20 },
    { query: 'vendored' },
    { query: 'vendored', include: 'node_modules' },
    { query: 'line', include: ['gen/**', '*.md'], exclude: 'gen/huge.log' },
    { query: 'x', target: '*.md' },
    { query: 'x', target: 'src/**/*.ts', before: 2, after: 2 },
    { query: '(', is_regex: true },
    { query: '(?=x)', is_regex: true },
    { query: 'ignored' },
    { query: 'staged' },
    { query: 'large 0001', target: 'gen' },
    { query: 'nothing-matches-this' },
    { query: '' },
    { query: 'a', max_results: 501 },
    { query: 'a', before: 30 },
  ];
  for (const s of searches) calls.push(['lectern_search', s]);
  for (const t of [
    '.',
    'src',
    'gen',
    'nope',
    'gen/binary.bin',
    'gen/empty.txt',
    '../outside',
    '/etc/passwd',
    'node_modules/pkg/index.js',
  ])
    calls.push(['lectern_stat', { target: t }]);
  // Diff previews.
  const diffs: Record<string, unknown>[] = [
    {},
    { target: 'changes' },
    { target: 'changes/staged.ts' },
    { target: 'changes/staged.ts', against: 'INDEX' },
    { target: 'changes/unstaged.py' },
    { target: 'changes/unstaged.py', against: 'INDEX' },
    { target: 'changes/unstaged.py', context_lines: 0 },
    { target: 'changes/unstaged.py', context_lines: 10 },
    { target: 'changes/both.txt' },
    { target: 'changes/both.txt', against: 'INDEX' },
    { target: 'changes/deleted.txt' },
    { target: 'changes/crlf.txt' },
    { target: 'changes/bin.dat' },
    { target: 'changes/many.txt' },
    { target: 'changes/many.txt', hunk_offset: 20 },
    { target: 'changes/many.txt', hunk_offset: 999 },
    { target: 'changes/untracked.md' },
    { target: 'changes', file_offset: 3 },
    { target: 'src/format.ts' },
    { target: 'src/format.ts', against: 'WORKTREE' },
    { target: 'src/inventory.ts' },
    { target: 'nope.txt' },
    { against: 'INDEX' },
  ];
  for (const d of diffs) calls.push(['lectern_read', { mode: 'diff_preview', ...d }]);
  // Multi-target reads.
  calls.push(['lectern_read', { target: ['src/format.ts', 'src/inventory.ts'] }]);
  calls.push(['lectern_read', { target: ['src/format.ts', 'nope.ts', 'gen/binary.bin'] }]);
  calls.push(['lectern_read', { target: ['gen/large.txt', 'gen/huge.log', 'gen/big.ts'] }]);
  calls.push(['lectern_read', { target: ['gen/small.txt', 'gen/crlf.txt'], head: 3 }]);
  calls.push(['lectern_read', { target: ['gen/big.ts', 'src/format.ts'], outline: true }]);
  calls.push(['lectern_read', { target: [] }]);
  calls.push(['lectern_read', { mode: 'symbol', target: ['a', 'b'] }]);
  calls.push(['lectern_read', { target: ['gen/small.txt'] }, { tokenBudget: 300 }]);
  // Errors and validation.
  const errors: Call[] = [
    ['lectern_read', undefined],
    ['lectern_read', null],
    ['lectern_read', 'src/format.ts'],
    ['lectern_read', []],
    ['lectern_read', {}],
    ['lectern_read', { target: '' }],
    ['lectern_read', { target: 42 }],
    ['lectern_read', { traget: 'src/format.ts' }],
    ['lectern_read', { target: 'src/format.ts', startline: 3 }],
    ['lectern_read', { target: 'src/format.ts', start_line: 0 }],
    ['lectern_read', { target: 'src/format.ts', start_line: 1.5 }],
    ['lectern_read', { target: 'src/format.ts', start_line: '3' }],
    ['lectern_read', { target: 'src/format.ts', head: -1 }],
    ['lectern_read', { target: 'src/format.ts', mode: 'files' }],
    ['lectern_read', { target: 'src/format.ts', mode: 'outline' }],
    ['lectern_read', { target: 'src/format.ts', outline: 'yes' }],
    ['lectern_read', { target: 'src/format.ts', outline: true, head: 3 }],
    ['lectern_read', { target: 'src/format.ts', mode: 'snippet' }],
    ['lectern_read', { target: 'src/format.ts', mode: 'symbol' }],
    ['lectern_read', { target: 'Inventory', mode: 'symbol', start_line: 3 }],
    ['lectern_read', { target: 'src/format.ts', expand: 'block' }],
    ['lectern_read', { target: 'src/format.ts', mode: 'diff_preview', against: 'HEAD~1' }],
    ['lectern_read', { target: 'src/format.ts', context_lines: 500, mode: 'snippet', start_line: 1 }],
    ['lectern_read', { target: 'src' }],
    ['lectern_read', { target: 'nope/missing.ts' }],
    ['lectern_read', { target: 'src/formt.ts' }],
    ['lectern_read', { target: 'gen/binary.bin' }],
    ['lectern_read', { target: '../outside.txt' }],
    ['lectern_read', { target: '/etc/hostname' }],
    ['lectern_read', { target: 'gen/big.ts', start_line: 99999, end_line: 100000 }],
    ['lectern_read', { target: 'gen/big.ts', mode: 'snippet', start_line: 99999 }],
    ['lectern_read', { target: 'gen/big.ts', max_bytes: 999999999 }],
    ['lectern_read', { target: 'gen/big.ts', start_byte: 99999999 }],
    ['lectern_read', { target: 'gen/small.txt', force: 'true' }],
    ['lectern_search', {}],
    ['lectern_search', { query: 'x', max_result: 3 }],
    ['lectern_search', { query: 'x', target: 'nope/' }],
    ['lectern_search', { query: 'x', target: 'gen/binary.bin' }],
    ['lectern_search', { query: '[', is_regex: true, target: 'gen/small.txt' }],
    ['lectern_search', { query: 'x', include: 5 }],
    ['lectern_stat', {}],
    ['lectern_stat', { target: 'src/format.ts', extra: 1 }],
    ['lectern_nope', { target: 'x' }],
    ['lectern_reed', { target: 'x' }],
    ['', {}],
    ['read_file', {}],
    ['read_file', { path: 'nope.ts' }],
    ['read_symbol', { name: 'nosuch' }],
  ];
  calls.push(...errors);
  // Legacy tools.
  const legacy: Call[] = [
    ['read_file', { path: 'src/format.ts' }],
    ['read_file', { path: 'gen/large.txt' }],
    ['read_file', { path: 'src/format.ts', start_line: 2, end_line: 6 }],
    ['read_file_range', { path: 'src/inventory.ts', start_line: 10, end_line: 20 }],
    ['read_file_range', { path: 'src/inventory.ts', start_line: 10 }],
    ['read_file_head', { path: 'gen/crlf.txt' }],
    ['read_file_head', { path: 'gen/crlf.txt', lines: 3 }],
    ['read_file_tail', { path: 'gen/utf16.txt', lines: 4 }],
    ['search_in_file', { path: 'src/inventory.ts', query: 'this' }],
    ['search_in_file', { path: 'src/inventory.ts', query: 'th.s', is_regex: true, max_matches: 2 }],
    ['read_symbol', { name: 'Inventory.restock' }],
    ['read_symbol', { name: 'fn3', path: 'gen/big.ts', include_body: false }],
    ['get_snippet', { path: 'gen/big.ts', start_line: 20, expand: 'block' }],
    ['get_snippet', { path: 'gen/big.ts', start_line: 20, end_line: 21, context_lines: 2 }],
    ['stat_file', { path: 'gen/large.txt' }],
    ['stat_file', { path: 'nope' }],
    ['dry_run_diff', {}],
    ['dry_run_diff', { path: 'changes/unstaged.py' }],
    ['dry_run_diff', { path: 'changes/both.txt', against: 'INDEX', context_lines: 1 }],
  ];
  calls.push(...legacy);
  return calls;
}

/** Session sequences: de-duplication, budgets, loops, relevance, exclusions, ephemeral reads. */
function sessionCalls(): Call[] {
  const s = (sessionId: string, tool: string, input: unknown, extra: { tokenBudget?: number } = {}): Call => [
    tool,
    input,
    { sessionId, ...extra },
  ];
  const calls: Call[] = [];
  // De-duplication and force.
  calls.push(s('dedup', 'lectern_read', { target: 'gen/big.ts', start_line: 1, end_line: 60 }));
  calls.push(s('dedup', 'lectern_read', { target: 'gen/big.ts', start_line: 1, end_line: 60 }));
  calls.push(s('dedup', 'lectern_read', { target: 'gen/big.ts', start_line: 10, end_line: 40 }));
  calls.push(s('dedup', 'lectern_read', { target: 'gen/big.ts', start_line: 30, end_line: 90 }));
  calls.push(s('dedup', 'lectern_read', { target: 'gen/big.ts', start_line: 1, end_line: 60, force: true }));
  calls.push(s('dedup', 'lectern_read', { mode: 'symbol', target: 'fn3', path: 'gen/big.ts' }));
  calls.push(s('dedup', 'lectern_read', { mode: 'symbol', target: 'fn3', path: 'gen/big.ts' }));
  calls.push(s('dedup', 'lectern_read', { mode: 'snippet', target: 'gen/big.ts', start_line: 20, expand: 'block' }));
  calls.push(s('dedup', 'lectern_read', { target: 'src/format.ts' }));
  calls.push(s('dedup', 'lectern_read', { target: 'src/format.ts' }));
  calls.push(s('dedup', 'lectern_read', { target: 'gen/large.txt' }));
  calls.push(s('dedup', 'lectern_read', { target: 'gen/large.txt', offset: 1 }));
  calls.push(s('dedup', 'lectern_read', { target: 'gen/large.txt', offset: 1 }));
  calls.push(s('dedup', 'lectern_read', { target: ['src/format.ts', 'src/inventory.ts'] }));
  calls.push(s('dedup', 'lectern_read', { mode: 'diff_preview', target: 'changes/unstaged.py' }));
  calls.push(s('dedup', 'lectern_read', { mode: 'diff_preview', target: 'changes/unstaged.py' }));
  calls.push(s('dedup', 'lectern_read', { mode: 'diff_preview' }));
  calls.push(s('dedup', 'lectern_read', { target: 'gen/big.ts', outline: true }));
  calls.push(s('dedup', 'lectern_read', { target: 'gen/big.ts', outline: true }));
  // Notes (expansion, clamped values), cut lines and list reads, twice each.
  for (let i = 0; i < 2; i++) {
    calls.push(
      s('dedup', 'lectern_read', {
        mode: 'snippet',
        target: 'gen/big.ts',
        start_line: 40,
        expand: 'block',
        context_lines: 500,
      }),
    );
    calls.push(s('dedup', 'lectern_read', { mode: 'symbol', target: 'fn7', path: 'gen/big.ts', context_lines: 300 }));
    calls.push(s('dedup', 'lectern_read', { mode: 'diff_preview', target: 'changes/staged.ts', context_lines: 999 }));
    calls.push(s('dedup', 'lectern_read', { target: ['gen/longline.min.js', 'gen/small.txt', 'gen/nope.txt'] }));
    calls.push(s('dedup', 'lectern_read', { target: 'gen/longline.min.js', start_line: 1, end_line: 2 }));
    calls.push(s('dedup', 'lectern_search', { query: 'fn1', max_results: 900, before: 50 }));
  }
  // Ephemeral reads.
  calls.push(s('eph', 'lectern_read', { target: 'gen/large.txt', ephemeral: true }));
  calls.push(s('eph', 'lectern_read', { target: 'gen/large.txt', ephemeral: true }));
  calls.push(s('eph', 'lectern_read', { target: 'gen/huge.log', ephemeral: true, start_line: 1, end_line: 3000 }));
  calls.push(s('eph', 'lectern_read', { target: 'gen/small.txt', ephemeral: true, force: true }));
  // Loops: the same search and the same read, over and over.
  for (let i = 0; i < 6; i++) calls.push(s('loop', 'lectern_search', { query: 'restock' }));
  for (let i = 0; i < 6; i++)
    calls.push(s('loop', 'lectern_read', { target: 'gen/small.txt', start_line: 1, end_line: 3, force: i === 5 }));
  for (let i = 0; i < 4; i++) calls.push(s('loop', 'lectern_stat', { target: 'gen/small.txt' }));
  // Relevance and exclusions: search first, then read inside and outside the results.
  calls.push(s('rel', 'lectern_search', { query: 'formatPrice' }));
  calls.push(s('rel', 'lectern_read', { target: 'src/format.ts', start_line: 1, end_line: 10 }));
  calls.push(s('rel', 'lectern_read', { target: 'gen/crlf.txt', start_line: 1, end_line: 10 }));
  calls.push(s('rel', 'lectern_read', { target: 'node_modules/pkg/index.js' }));
  calls.push(s('rel', 'lectern_read', { target: 'dist/out.js', head: 3 }));
  calls.push(s('rel', 'lectern_read', { target: 'ignored/secret.txt' }));
  calls.push(s('rel', 'lectern_read', { target: 'node_modules/pkg/index.js', force: true }));
  calls.push(s('rel', 'lectern_search', { query: 'vendored', include: 'node_modules' }));
  calls.push(s('rel', 'read_file', { path: 'node_modules/pkg/index.js' }));
  // Budgets: many reads until the soft and hard limits.
  for (let i = 0; i < 14; i++)
    calls.push(
      s('budget', 'lectern_read', { target: 'gen/huge.log', start_line: 1 + i * 300, end_line: 300 + i * 300 }),
    );
  calls.push(s('budget', 'lectern_read', { target: 'gen/huge.log', start_line: 30000, end_line: 30100, force: true }));
  calls.push(
    s('budget', 'lectern_read', { target: 'gen/huge.log', start_line: 31000, end_line: 31100, ephemeral: true }),
  );
  calls.push(s('budget', 'lectern_search', { query: 'log entry 0000' }));
  calls.push(s('budget', 'read_file_head', { path: 'gen/huge.log', lines: 5 }));
  calls.push(s('budget', 'lectern_read', { target: 'gen/big.ts', start_line: 1, end_line: 10 }, { tokenBudget: 50 }));
  calls.push(s('budget', 'lectern_read', { mode: 'symbol', target: 'Inventory' }, { tokenBudget: 40 }));
  return calls;
}

function normalise(value: unknown, root: string, base: string): unknown {
  const text = JSON.stringify(value ?? null)
    .split(JSON.stringify(root).slice(1, -1))
    .join('<ROOT>')
    .split(JSON.stringify(base).slice(1, -1))
    .join('<BASE>')
    .split(root)
    .join('<ROOT>')
    .split(base)
    .join('<BASE>');
  return JSON.parse(text, (key, v) =>
    /(^|_)(ms|elapsed|duration)$|elapsed_ms|duration_ms/.test(key) && typeof v === 'number' && key !== 'at_unix_ms'
      ? '<ms>'
      : v,
  );
}

/** Time spent inside Lectern.invoke over the whole run (reported on stderr, for comparing two trees). */
let invokeMs = 0;

async function record(): Promise<Recorded[]> {
  // A fixed folder: paths in answers count tokens, so a random temp name would change token counts.
  const base = path.join(fs.realpathSync(os.tmpdir()), 'lectern-recorded-answers');
  fs.rmSync(base, { recursive: true, force: true });
  fs.mkdirSync(base, { recursive: true });
  try {
    const root = buildWorkspace(base);
    const other = path.join(base, 'other');
    put(other, 'src/format.ts', 'export const other = 1;\n');
    put(other, 'only.txt', lines(5, 'only'));
    touchAll(other);
    put(base, 'outside.txt', 'outside\n');
    fs.utimesSync(path.join(base, 'outside.txt'), FIXED_TIME, FIXED_TIME);
    const dirty = new Map<string, DirtyDocument>();
    dirty.set(path.join(root, 'src/inventory.ts'), {
      text:
        fs
          .readFileSync(path.join(root, 'src/inventory.ts'), 'utf8')
          .replace('class Inventory', 'class Inventory /* unsaved */') + '\n// unsaved line\n',
      version: 7,
    });
    const clock = { now: 1_700_000_000_000 };
    const makeHost = (roots: WorkspaceRoot[]): Host => ({
      fs: nodeFileSystem,
      roots: () => roots,
      loadWasm: createWasmLoader(path.join(REPO, 'dist')),
      git: createGitCli(),
      documents: { dirty: (file) => dirty.get(file), dirtyPaths: () => [...dirty.keys()] },
      clock: () => (clock.now += 1000),
    });
    const out: Recorded[] = [];
    const run = async (label: string, lectern: Lectern, calls: Call[]) => {
      for (const [tool, input, options] of calls) {
        const started = performance.now();
        const answer = await lectern.invoke(tool, input, options ?? {});
        invokeMs += performance.now() - started;
        out.push({
          name: `${label} ${tool} ${JSON.stringify(input)} ${options ? JSON.stringify(options) : ''}`.trim(),
          answer: normalise(answer, root, base),
        });
      }
    };
    const single: WorkspaceRoot[] = [{ name: 'ws', path: root }];
    const unguarded: Partial<Settings> = { sessionGuard: false };
    await run('plain', new Lectern(makeHost(single), () => unguarded), plainCalls(root));
    await run('outside-allowed', new Lectern(makeHost(single), () => unguarded), [
      ['lectern_read', { target: '../outside.txt' }, { allowOutside: true }],
      ['lectern_stat', { target: '../outside.txt' }, { allowOutside: true }],
      ['lectern_search', { target: '../outside.txt', query: 'out' }, { allowOutside: true }],
    ]);
    const multi: WorkspaceRoot[] = [
      { name: 'ws', path: root },
      { name: 'other', path: other },
    ];
    await run('multiroot', new Lectern(makeHost(multi), () => unguarded), [
      ['lectern_read', { target: 'src/format.ts' }],
      ['lectern_read', { target: 'other/src/format.ts' }],
      ['lectern_read', { target: 'only.txt' }],
      ['lectern_stat', { target: 'src/format.ts' }],
      ['lectern_search', { query: 'other' }],
      ['lectern_read', { mode: 'symbol', target: 'other' }],
      ['lectern_read', { mode: 'diff_preview' }],
    ]);
    const guarded = new Lectern(makeHost(single), () => ({
      sessionGuard: true,
      maxReadsPerSession: 10,
      maxTotalReadLines: 2500,
    }));
    await run('session', guarded, sessionCalls());
    for (const id of ['dedup', 'eph', 'loop', 'rel', 'budget'])
      out.push({ name: `snapshot ${id}`, answer: normalise(JSON.parse(guarded.session.exportJson(id)), root, base) });
    const blocking = new Lectern(makeHost(single), () => ({
      sessionGuard: true,
      relevance: 'block',
      exclusions: 'block',
      excludeGlobs: ['gen/crlf*'],
    }));
    await run('blocking', blocking, [
      ['lectern_search', { query: 'Inventory' }],
      ['lectern_read', { target: 'src/inventory.ts', start_line: 1, end_line: 5 }],
      ['lectern_read', { target: 'gen/small.txt', start_line: 1, end_line: 5 }],
      ['lectern_read', { target: 'gen/crlf.txt' }],
      ['lectern_read', { target: 'node_modules/pkg/index.js' }],
      ['lectern_read', { target: 'node_modules/pkg/index.js', force: true }],
      ['get_snippet', { path: 'gen/crlf.txt', start_line: 2 }],
      ['lectern_read', { mode: 'symbol', target: 'Holder.get' }],
    ]);
    const defaults = new Lectern(makeHost(single));
    await run('default-settings', defaults, [
      ['lectern_read', { target: 'gen/huge.log' }],
      ['lectern_read', { target: 'gen/huge.log' }],
      ['lectern_read', { target: 'gen/longline.min.js' }],
      ['lectern_read', { target: 'gen/big.ts' }],
      ['lectern_read', { target: 'gen/big.ts', offset: 1 }],
    ]);
    // The tool listing hosts show (names, descriptions, input schemas).
    const cli = spawnSync(process.execPath, ['--import', 'tsx', path.join(REPO, 'src/cli/main.ts'), 'tools'], {
      cwd: REPO,
      encoding: 'utf8',
    });
    out.push({ name: 'cli tools', answer: { status: cli.status, stdout: cli.stdout, stderr: cli.stderr } });
    const pkg = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8'));
    out.push({
      name: 'manifest (without displayName)',
      answer: (pkg.contributes.languageModelTools as Record<string, unknown>[]).map(
        ({ displayName: _, ...rest }) => rest,
      ),
    });
    return out;
  } finally {
    fs.rmSync(base, { recursive: true, force: true });
  }
}

async function main(): Promise<number> {
  const [command, file] = process.argv.slice(2);
  if ((command !== 'record' && command !== 'compare') || !file) {
    process.stderr.write('usage: tsx scripts/record-answers.ts record|compare FILE.json\n');
    return 2;
  }
  const answers = await record();
  process.stderr.write(`${answers.length} answers; ${Math.round(invokeMs)} ms inside Lectern.invoke\n`);
  if (command === 'record') {
    fs.writeFileSync(file, JSON.stringify(answers, null, 1));
    process.stdout.write(`${answers.length} answers recorded to ${file}\n`);
    return 0;
  }
  const before: Recorded[] = JSON.parse(fs.readFileSync(file, 'utf8'));
  let differ = 0;
  const count = Math.max(before.length, answers.length);
  for (let i = 0; i < count; i++) {
    const a = JSON.stringify(before[i]);
    const b = JSON.stringify(answers[i]);
    if (a === b) continue;
    differ++;
    if (differ <= 10)
      process.stdout.write(
        `DIFFERENT #${i}: ${before[i]?.name ?? '(none)'}\n  before: ${a?.slice(0, 600)}\n  after:  ${b?.slice(0, 600)}\n`,
      );
  }
  process.stdout.write(
    `${answers.length} answers now, ${before.length} recorded: ${count - differ} identical, ${differ} different.\n`,
  );
  return differ === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`${(error as Error).stack ?? error}\n`);
    process.exit(1);
  },
);
