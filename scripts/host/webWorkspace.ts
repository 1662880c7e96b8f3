// The workspace of the web-host integration tests (scripts/host/run-integration.mjs --web) and the
// Node host's side of their comparison: `node --import tsx scripts/host/webWorkspace.ts <root>`
// builds <root>/workspace/ws (sample-workspace, the symbol fixtures, generated files), answers the
// recorded calls (scripts/answerCalls.ts) over it with the engine on Node's ports, times a first
// symbol read and a 4 KiB window in a fresh engine, and writes all of it to <root>/node-answers.json.
// The tests in the web worker answer the same calls over the web host's ports and compare.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Lectern } from '../../src/core/engine';
import type { Host } from '../../src/core/ground/ports';
import { nodeFileSystem } from '../../src/node/nodeFileSystem';
import { createWasmLoader } from '../../src/node/wasmFiles';
import { plainCalls, type Call } from '../answerCalls';
import { timeTheCalls, type NodeAnswers } from '../../test/web/answersFile';
import { putTextSamples, touchAll } from '../generatedFiles';

const REPO = path.resolve(__dirname, '..', '..');

function buildWorkspace(root: string): void {
  fs.cpSync(path.join(REPO, 'sample-workspace'), root, { recursive: true });
  fs.cpSync(path.join(REPO, 'test/fixtures/symbols'), path.join(root, 'fixtures'), { recursive: true });
  putTextSamples(root);
  touchAll(root);
  // A link out of the workspace: the web host cannot tell where a link leads, so it reaches nothing through one.
  fs.writeFileSync(path.join(root, '..', '..', 'outside.txt'), 'outside the workspace\n');
  fs.symlinkSync('../../../outside.txt', path.join(root, 'gen', 'outside-link.txt'));
}

/** The engine as both sides run it for the comparison: no session guard, no git. */
function engine(root: string): Lectern {
  const host: Host = {
    fs: nodeFileSystem,
    roots: () => [{ name: 'ws', path: root }],
    loadWasm: createWasmLoader(path.join(REPO, 'dist')),
    // An editor with no unsaved buffer, as VS Code's Node host is when the calls run.
    documents: { dirty: () => undefined, dirtyPaths: () => [] },
  };
  return new Lectern(host, () => ({ sessionGuard: false }));
}

/**
 * Calls both hosts can answer: a diff against HEAD or INDEX needs git, which the web host lacks, and
 * a path through a symbolic link is refused on Node (OUTSIDE_WORKSPACE) but unknown in the browser (NOT_FOUND).
 */
export function answerable([tool, input]: Call): boolean {
  const fields = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
  const diff = tool === 'dry_run_diff' || fields.mode === 'diff_preview';
  const throughLink = JSON.stringify(input ?? null).includes('outside-link');
  return (!diff || fields.against === 'WORKTREE') && !throughLink;
}

async function main(): Promise<void> {
  const base = path.resolve(process.argv[2] ?? '');
  const root = path.join(base, 'workspace', 'ws');
  buildWorkspace(root);
  const timed = engine(root);
  const timings = await timeTheCalls((input) => timed.invoke('lectern_read', input, {}));
  // As the web side reads them: through JSON (an undefined input arrives as null).
  const calls = (JSON.parse(JSON.stringify(plainCalls(root))) as Call[]).filter(answerable);
  const lectern = engine(root);
  const answers: string[] = [];
  for (const [tool, input, options] of calls)
    answers.push(JSON.stringify(await lectern.invoke(tool, input, options ?? {})));
  const out: NodeAnswers = { root, calls, answers, timings };
  fs.writeFileSync(path.join(base, 'node-answers.json'), JSON.stringify(out));
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
