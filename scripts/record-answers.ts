// Records the engine's answers to several hundred real calls over a deterministic workspace, or
// compares them with an earlier recording, byte for byte. A refactoring of the core that must not
// change what the model (or a program) sees is checked with it:
//   npx tsx scripts/record-answers.ts record /tmp/answers-before.json    (on the old code)
//   npx tsx scripts/record-answers.ts compare /tmp/answers-before.json   (on the new code; exit 1 on a difference)
// `npm run answers:compare -- FILE` runs the comparison. Recordings are not committed.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Lectern } from '../src/core/engine';
import type { WorkspaceRoot } from '../src/core/ground/ports';
import type { Settings } from '../src/core/ground/settings';
import { BLOCKING_SETTINGS, SESSION_SETTINGS, blockingCalls, plainCalls, sessionCalls, type Call } from './answerCalls';
import { answerWorkspace } from './answerWorkspace';

const REPO = path.resolve(__dirname, '..');

interface Recorded {
  name: string;
  answer: unknown;
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
    const { root, other, makeHost, dispose } = answerWorkspace(base);
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
    const guarded = new Lectern(makeHost(single), () => SESSION_SETTINGS);
    await run('session', guarded, sessionCalls());
    for (const id of ['dedup', 'eph', 'loop', 'rel', 'budget'])
      out.push({ name: `snapshot ${id}`, answer: normalise(JSON.parse(guarded.session.exportJson(id)), root, base) });
    const blocking = new Lectern(makeHost(single), () => BLOCKING_SETTINGS);
    await run('blocking', blocking, blockingCalls());
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
    dispose();
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
