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
import { createRegexRunner } from '../src/node/regexRunner';
import { watchedStats } from '../src/node/watchedStats';
import { ripgrepFinder, ripgrepOnPath } from '../src/node/ripgrep';
import { createWasmLoader } from '../src/node/wasmFiles';
import { nodeTokenCounter } from '../src/node/tokenizer';
import { plainCalls, sessionCalls, type Call } from './answerCalls';
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

function copyTree(from: string, to: string): void {
  fs.cpSync(from, to, { recursive: true });
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
  return JSON.parse(text, (key, v) => {
    if (/(^|_)(ms|elapsed|duration)$|elapsed_ms|duration_ms/.test(key) && typeof v === 'number' && key !== 'at_unix_ms')
      return '<ms>';
    // A file version names its change time, inode and device, which differ on every run: left out.
    if (key === 'version' && typeof v === 'string') return v.replace(/^(disk:.*:\d+:[\d.]+):[\d.]+:\d+:\d+/, '$1');
    return v;
  });
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
    watched.dispose();
    regex.dispose?.();
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
