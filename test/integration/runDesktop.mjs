#!/usr/bin/env node
// Runs the same integration tests in desktop VS Code through @vscode/test-electron.
// For a developer machine WITH internet access (it downloads VS Code into .vscode-test/); not used
// in CI, where scripts/host/run-integration.mjs (code-server + headless Chromium) runs them instead.
//
//   node test/integration/runDesktop.mjs [--grep <regexp>]
//
// Env: LECTERN_VSCODE_VERSION (default "stable"; e.g. "1.139.1" or "insiders"),
//      LECTERN_VSCODE_EXECUTABLE (use an installed VS Code instead of downloading one).
// On a Linux machine without a display, run it under xvfb-run.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runTests } from '@vscode/test-electron';
import { buildExtension, buildIntegrationTests, repoRoot } from '../../scripts/host/build-tests.mjs';
import { createTestWorkspace } from '../../scripts/host/workspace.mjs';

const argv = process.argv.slice(2);
const grepIndex = argv.indexOf('--grep');
const grep = grepIndex >= 0 ? argv[grepIndex + 1] : process.env.LECTERN_TEST_GREP;

buildExtension();
const { entry, files, scriptedModel } = await buildIntegrationTests();
console.error(`[lectern-desktop] bundled ${files.length} test file(s): ${files.join(', ')}`);

const root = mkdtempSync(path.join(os.tmpdir(), 'lectern-desktop-'));
const ws = createTestWorkspace(root);
const userDataDir = path.join(root, 'user-data');
const extensionsDir = path.join(root, 'extensions');
mkdirSync(userDataDir, { recursive: true });
mkdirSync(extensionsDir, { recursive: true });

let code = 1;
try {
  code = await runTests({
    version: process.env.LECTERN_VSCODE_VERSION || 'stable',
    vscodeExecutablePath: process.env.LECTERN_VSCODE_EXECUTABLE || undefined,
    extensionDevelopmentPath: [repoRoot, scriptedModel],
    extensionTestsPath: entry,
    extensionTestsEnv: {
      LECTERN_TEST_WORKSPACE: ws.infoFile,
      LECTERN_TEST: '1',
      ...(grep ? { LECTERN_TEST_GREP: grep } : {}),
    },
    launchArgs: [
      ws.workspaceFile,
      '--disable-extensions', // other installed extensions; the one under development still loads
      '--disable-workspace-trust',
      '--skip-welcome',
      '--skip-release-notes',
      `--user-data-dir=${userDataDir}`,
      `--extensions-dir=${extensionsDir}`,
    ],
  });
} catch (err) {
  console.error(`[lectern-desktop] ${err?.message ?? err}`);
  code = 1;
} finally {
  rmSync(root, { recursive: true, force: true });
}
process.exit(code);
