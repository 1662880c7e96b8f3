// The workspace scripts/record-answers.ts records its answers over (sample-workspace, the symbol
// fixtures, generated files, a git repository with changes, a second root) and the Node host the
// engine answers in there. Shared with test/unit/project/suggestedCalls.test.ts, which follows the
// calls those answers suggest.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { DirtyDocument, Host, WorkspaceRoot } from '../src/core/ground/ports';
import { createGitCli } from '../src/node/gitCli';
import { nodeFileSystem } from '../src/node/nodeFileSystem';
import { createRegexRunner } from '../src/node/regexRunner';
import { watchedStats } from '../src/node/watchedStats';
import { ripgrepFinder, ripgrepOnPath } from '../src/node/ripgrep';
import { createWasmLoader } from '../src/node/wasmFiles';
import { nodeTokenCounter } from '../src/node/tokenizer';
import { FIXED_TIME, lines, put, putTextSamples, touchAll } from './generatedFiles';

const REPO = path.resolve(__dirname, '..');

const GIT_ENV = {
  ...process.env,
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  LC_ALL: 'C',
  GIT_AUTHOR_DATE: '2024-01-01T00:00:00Z',
  GIT_COMMITTER_DATE: '2024-01-01T00:00:00Z',
};

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'core.autocrlf=false', '-c', 'commit.gpgsign=false', ...args], {
    cwd,
    encoding: 'utf8',
    env: GIT_ENV,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function copyTree(from: string, to: string): void {
  fs.cpSync(from, to, { recursive: true });
}

/** The workspace: sample-workspace, the symbol fixtures, generated files, a git repo with changes. */
export function buildWorkspace(base: string): string {
  const root = path.join(base, 'ws');
  fs.mkdirSync(root, { recursive: true });
  git(root, 'init', '-q', '-b', 'main');
  git(root, 'config', 'user.name', 'Recorder');
  git(root, 'config', 'user.email', 'recorder@lectern.invalid');
  copyTree(path.join(REPO, 'sample-workspace'), root);
  copyTree(path.join(REPO, 'test/fixtures/symbols'), path.join(root, 'fixtures'));
  putTextSamples(root);
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

export interface AnswerWorkspace {
  /** The workspace root (ws) and a second root (other) for multi-root calls. */
  root: string;
  other: string;
  makeHost: (roots: WorkspaceRoot[]) => Host;
  dispose: () => void;
}

/** Builds the workspace under base (and base/outside.txt) and the host factory the recorded calls run in. */
export function answerWorkspace(base: string): AnswerWorkspace {
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
  const finder = ripgrepFinder(ripgrepOnPath);
  // Stats remembered while watched, as the resident hosts (MCP, session, VS Code) keep them; the answers must not change.
  const watched = watchedStats(nodeFileSystem, { idleMs: 0 });
  // The worker thread the resident hosts scan slow regular expressions and large learned files on.
  const regex = createRegexRunner(path.join(REPO, 'src/node'));
  const makeHost = (roots: WorkspaceRoot[]): Host => ({
    fs: watched,
    roots: () => roots,
    loadWasm: createWasmLoader(path.join(REPO, 'dist')),
    git: createGitCli(),
    documents: { dirty: (file) => dirty.get(file), dirtyPaths: () => [...dirty.keys()] },
    clock: () => (clock.now += 1000),
    regex,
    // The Node hosts' counter, which loads the tokenizer at its first count: the answers must not change.
    tokenCounter: async () => nodeTokenCounter,
    // ripgrep as the workspace search's candidate finder when one is found ($LECTERN_RIPGREP, PATH):
    // the answers must not change.
    ...(finder ? { candidates: finder } : {}),
  });
  return {
    root,
    other,
    makeHost,
    dispose: () => {
      watched.dispose();
      regex.dispose?.();
    },
  };
}
