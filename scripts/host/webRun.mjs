// The parts of run-integration.mjs --web that differ from the Node host's run: the workspace (with
// the Node host's answers beside it), the user setting that moves Lectern into the web worker, and
// the timing figures the tests leave.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './build-tests.mjs';

/**
 * An extension with both `main` and `browser` runs in the Node host unless remote.extensionKind says
 * web: Lectern, and the scripted model beside it so that the tests reach its API (an extension's
 * exports reach only its own host). VS Code in a browser saves after a delay by default: off, so
 * that an unsaved buffer stays so.
 */
export const WEB_USER_SETTINGS = {
  'remote.extensionKind': { 'lectern.lectern': ['web'], 'lectern-test.lectern-scripted-model': ['web'] },
  'files.autoSave': 'off',
};

/** <root>/workspace/ws and <root>/node-answers.json (scripts/host/webWorkspace.ts); returns what run-integration opens. */
export function createWebWorkspace(root) {
  const made = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/host/webWorkspace.ts', root], {
    cwd: repoRoot,
    stdio: ['ignore', process.stderr, 'inherit'],
  });
  if (made.status !== 0) throw new Error(`scripts/host/webWorkspace.ts failed (exit ${made.status})`);
  const workspaceFile = path.join(root, 'workspace', 'web-test.code-workspace');
  writeFileSync(workspaceFile, JSON.stringify({ folders: [{ path: 'ws' }], settings: {} }, null, 2) + '\n');
  const infoFile = path.join(root, 'web-test-workspace.json');
  writeFileSync(infoFile, JSON.stringify({ root: path.join(root, 'workspace'), workspaceFile }) + '\n');
  return { workspaceFile, infoFile };
}

/** Logs the web and Node hosts' times that test/web/timing.test.ts wrote, as ratios. */
export function reportWebTimings(root, log) {
  const file = path.join(root, 'web-timings.json');
  if (!existsSync(file)) return;
  for (const [name, { webMs, nodeMs, ratio }] of Object.entries(JSON.parse(readFileSync(file, 'utf8'))))
    log(
      `timing: ${name}: web host ${webMs.toFixed(1)} ms, Node host ${nodeMs.toFixed(1)} ms (web/Node ${ratio.toFixed(2)})`,
    );
}
