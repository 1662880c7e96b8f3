// The calls scripts/record-answers.ts makes and records: every mode over every kind of file,
// errors, legacy tools, sessions; and each mode's and tool's own examples (their descriptors,
// modes/index.ts), so a mode added to the registry is recorded without editing this list.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Settings } from '../src/core/ground/settings';
import { REGISTRY, type Registry } from '../src/core/modes/index';

export type Call = [
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

/** The folders whose symbols are read: these first (in the order recorded so far), then each other test/fixtures/symbols/<lang>/. */
const SYMBOL_FOLDERS = [
  'fixtures/go',
  'fixtures/rust',
  'fixtures/java',
  'fixtures/csharp',
  'fixtures/php',
  'fixtures/ruby',
  'fixtures/c',
  'fixtures/cpp',
];

function symbolFolders(root: string): string[] {
  const fixtures = path.join(root, 'fixtures');
  const more = fs.existsSync(fixtures)
    ? fs
        .readdirSync(fixtures, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => `fixtures/${entry.name}`)
        .filter((dir) => !SYMBOL_FOLDERS.includes(dir))
        .sort()
    : [];
  return [...SYMBOL_FOLDERS, ...more, 'py', 'src'];
}

export function plainCalls(root: string, registry: Registry = REGISTRY): Call[] {
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
  for (const dir of symbolFolders(root)) {
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
  calls.push(...exampleCalls(registry, calls));
  return calls;
}

/** The settings the session calls run under: a guarded session with small budgets. */
export const SESSION_SETTINGS: Partial<Settings> = {
  sessionGuard: true,
  maxReadsPerSession: 10,
  maxTotalReadLines: 2500,
};

/** Session sequences: de-duplication, budgets, loops, relevance, exclusions, ephemeral reads. */
export function sessionCalls(): Call[] {
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

/** A call's input as a comparable string: keys sorted, lectern_read's default mode written out. */
/** The settings the blocking calls run under: relevance and exclusions block, gen/crlf* excluded. */
export const BLOCKING_SETTINGS: Partial<Settings> = {
  sessionGuard: true,
  relevance: 'block',
  exclusions: 'block',
  excludeGlobs: ['gen/crlf*'],
};

/** Calls answered with BLOCKING_SETTINGS. */
export function blockingCalls(): Call[] {
  return [
    ['lectern_search', { query: 'Inventory' }],
    ['lectern_read', { target: 'src/inventory.ts', start_line: 1, end_line: 5 }],
    ['lectern_read', { target: 'gen/small.txt', start_line: 1, end_line: 5 }],
    ['lectern_read', { target: 'gen/crlf.txt' }],
    ['lectern_read', { target: 'node_modules/pkg/index.js' }],
    ['lectern_read', { target: 'node_modules/pkg/index.js', force: true }],
    ['get_snippet', { path: 'gen/crlf.txt', start_line: 2 }],
    ['lectern_read', { mode: 'symbol', target: 'Holder.get' }],
  ];
}

function canonical(tool: string, input: unknown, defaultMode: string): string {
  const withMode =
    tool === 'lectern_read' && input && typeof input === 'object' ? { mode: defaultMode, ...input } : input;
  return `${tool} ${JSON.stringify(withMode, (_, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  )}`;
}

/** Each mode's and tool's examples that `calls` does not make yet (a mode added to the registry: all of its). */
export function exampleCalls(registry: Registry, calls: readonly Call[]): Call[] {
  const defaultMode = registry.modes[0]!.name;
  const made = new Set(
    calls.filter(([, , options]) => !options).map(([tool, input]) => canonical(tool, input, defaultMode)),
  );
  const examples: Call[] = [
    ...registry.modes.flatMap((mode) =>
      mode.examples.map((example): Call => [
        'lectern_read',
        mode.name === defaultMode ? example : { mode: mode.name, ...example },
      ]),
    ),
    ...registry.tools.flatMap((tool) => tool.examples.map((example): Call => [tool.definition.name, example])),
  ];
  return examples.filter(([tool, input]) => !made.has(canonical(tool, input, defaultMode)));
}
