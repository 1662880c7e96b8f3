#!/usr/bin/env node
// Runs the integration tests (test/integration/**/*.test.ts) inside a real VS Code extension host:
// code-server 4.139.1 (VS Code 1.139.1) on 127.0.0.1 + its web workbench in headless Chromium
// (playwright-core), with the smoke-test driver relaying the extension host's output here.
//
//   npm run test:integration [-- --grep <regexp>] [--keep] [--web]
//
// --web: the web worker extension host instead (package.json `browser`, src/web): test/web bundled
// for the browser (build-web-tests.mjs), the user setting remote.extensionKind moving Lectern into
// the worker, and the workspace and the Node host's answers made by webWorkspace.ts (the tests
// compare the web host's answers with them and time both hosts; see ../../docs/benchmarks.md).
//
// Env:
//   LECTERN_TEST_TIMEOUT     overall time limit in seconds (default 600): everything is killed after it
//   LECTERN_TEST_GREP        only tests whose full title matches (same as --grep)
//   LECTERN_EXTENSION_PATH   extension folder to load (default: the repo root, i.e. dist/extension.js)
//   LECTERN_VERBOSE=1        show code-server logs and the log noise otherwise filtered
//   LECTERN_KEEP_TMP=1       keep the temp dir (server logs, workspace, profile) for inspection
//   LECTERN_HOST_CACHE       see ensure.mjs
//
// A test can ask for a screenshot of the workbench at a moment of its choosing: it logs the line
// `[lectern-screenshot] NAME.png` and waits until $LECTERN_TEST_RESULTS/NAME.png exists (written
// — `[lectern-viewport] WxH` resizes the window —
// whole, through a rename).
//
// Tests find their workspace through vscode.workspace.workspaceFolders (folders `alpha`, `beta`) or
// the JSON file named by process.env.LECTERN_TEST_WORKSPACE (see test/integration/helpers.ts).
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { format } from 'node:util';
import { buildExtension, buildIntegrationTests, repoRoot, stageLectern } from './build-tests.mjs';
import { buildWebTests } from './build-web-tests.mjs';
import { createWebWorkspace, reportWebTimings, WEB_USER_SETTINGS } from './webRun.mjs';
import { createTestWorkspace } from './workspace.mjs';
import { ensureHost } from './ensure.mjs';
import { cleanupAll, isNoise, isolatedEnv, onCleanup, shuttingDown, startCodeServer, verbose } from './launch.mjs';

const log = (msg) => process.stderr.write(`[lectern-test] ${msg}\n`);
let timedOut = false; // once set, the time-out handler kills everything and exits
const argv = process.argv.slice(2);
const argValue = (name) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};

/** One codeAutomationLog call as text (util.format handles printf args and skips `%c` CSS). */
function formatAutomationLog(args) {
  if (!Array.isArray(args)) return String(args);
  return format(...args.map((a) => (a && typeof a === 'object' && typeof a.stack === 'string' ? a.stack : a)));
}

async function main() {
  const t0 = Date.now();
  const timeoutSec = Number(process.env.LECTERN_TEST_TIMEOUT || 600);
  const grep = argValue('--grep') ?? process.env.LECTERN_TEST_GREP;
  const keep = argv.includes('--keep') || process.env.LECTERN_KEEP_TMP === '1';
  const web = argv.includes('--web');
  if (keep) process.env.LECTERN_KEEP_TMP = '1';

  const resultsDir = path.join(repoRoot, 'test-results');
  mkdirSync(resultsDir, { recursive: true });
  const screenshot = path.join(resultsDir, 'workbench.png');

  const state = { server: null, page: null };
  const paths = await ensureHost({ quiet: true });
  const extensionPath = path.resolve(process.env.LECTERN_EXTENSION_PATH || repoRoot);
  if (extensionPath === repoRoot) buildExtension();
  const {
    entry,
    files,
    scriptedModel,
    developmentPath: webDevelopmentPath,
  } = web
    ? { ...(await buildWebTests()), files: ['test/web'], scriptedModel: undefined }
    : { ...(await buildIntegrationTests()), developmentPath: undefined };
  // Lectern and the scripted model, as one development folder (see build-tests.mjs, build-web-tests.mjs).
  const developmentPath = web
    ? webDevelopmentPath
    : extensionPath === repoRoot
      ? stageLectern()
      : [extensionPath, scriptedModel];
  log(`bundled ${files.length} test file(s): ${files.join(', ')}`);

  // Overall time limit (install and build excluded): kill everything and fail clearly.
  // From then on this handler owns the exit.
  const overall = setTimeout(async () => {
    timedOut = true;
    const hard = setTimeout(() => process.exit(124), 20_000);
    hard.unref();
    log(`TIMEOUT: no result after ${timeoutSec} s (LECTERN_TEST_TIMEOUT). Killing code-server and the browser.`);
    if (state.page)
      await state.page.screenshot({ path: screenshot, timeout: 5000 }).then(
        () => log(`screenshot: ${screenshot}`),
        () => {},
      );
    if (state.server) log(`code-server log tail:\n${state.server.logTail().split('\n').slice(-40).join('\n')}`);
    await cleanupAll();
    process.exit(124);
  }, timeoutSec * 1000);
  overall.unref();

  const root = mkdtempSync(path.join(os.tmpdir(), 'lectern-it-'));
  const removeRoot = () => (keep ? log(`kept ${root}`) : rmSync(root, { recursive: true, force: true }));
  onCleanup({ sync: removeRoot, async: async () => removeRoot() });
  const ws = web ? createWebWorkspace(root) : createTestWorkspace(root);

  const server = await startCodeServer({
    paths,
    root: path.join(root, 'server'),
    smokeTestDriver: true,
    ...(web ? { userSettings: WEB_USER_SETTINGS } : {}),
    env: {
      LECTERN_TEST_WORKSPACE: ws.infoFile,
      LECTERN_TEST: '1',
      LECTERN_TEST_RESULTS: resultsDir,
      ...(grep ? { LECTERN_TEST_GREP: grep } : {}),
    },
  });
  state.server = server;
  log(`code-server ${server.baseUrl} up after ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  const url = server.workbenchUrl({
    workspace: ws.workspaceFile,
    payload: { extensionDevelopmentPath: developmentPath, extensionTestsPath: entry, skipWelcome: 'true' },
  });
  if (verbose) log(`workbench: ${url}`);

  const { chromium } = await import('playwright-core');
  const browserEnv = { ...process.env, ...isolatedEnv(path.join(root, 'browser')) };
  const browser = await chromium.launch({
    executablePath: paths.chromium,
    headless: true,
    env: browserEnv,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
  onCleanup({ sync: () => {}, async: () => browser.close().catch(() => {}) });
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  state.page = page;

  let resolveExit;
  const exitCode = new Promise((r) => (resolveExit = r));
  await page.exposeFunction('codeAutomationLog', (type, args) => {
    const text = formatAutomationLog(args);
    const shot = /^\[lectern-screenshot\] ([\w.-]+\.png)\s*$/.exec(text);
    if (shot) {
      const file = path.join(resultsDir, shot[1]);
      page.screenshot({ timeout: 10_000 }).then(
        (png) => {
          writeFileSync(`${file}.tmp`, png);
          renameSync(`${file}.tmp`, file);
          log(`screenshot: ${path.relative(process.cwd(), file) || file}`);
        },
        (err) => log(`screenshot ${shot[1]} failed: ${err.message.split('\n')[0]}`),
      );
      return;
    }
    // A test asks for another window size (the dashboard at a narrow width): the page's viewport changes.
    const viewport = /^\[lectern-viewport\] (\d+)x(\d+)\s*$/.exec(text);
    if (viewport) {
      page.setViewportSize({ width: Number(viewport[1]), height: Number(viewport[2]) }).then(
        () => log(`viewport: ${viewport[1]}x${viewport[2]}`),
        (err) => log(`viewport ${viewport[1]}x${viewport[2]} failed: ${err.message.split('\n')[0]}`),
      );
      return;
    }
    if (text !== '' && isNoise(text)) return; // keep mocha's blank lines
    (type === 'error' ? process.stderr : process.stdout).write(text + '\n');
  });
  await page.exposeFunction('codeAutomationExit', (code) => resolveExit({ code: Number(code), why: 'tests finished' }));
  page.on('crash', () => resolveExit({ code: 1, why: 'the workbench page crashed' }));
  page.on('close', () => resolveExit({ code: 1, why: 'the workbench page closed' }));
  page.on('pageerror', (err) => verbose && log(`page error: ${err.message}`));
  if (verbose) page.on('console', (m) => log(`browser console.${m.type()}: ${m.text()}`));
  server.exited.then((e) => resolveExit({ code: 1, why: `code-server exited (${e.signal ?? `exit ${e.code}`})` }));

  await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 60_000 });
  log(`workbench opened after ${((Date.now() - t0) / 1000).toFixed(1)} s; running tests in the extension host...`);

  const result = await exitCode;
  if (timedOut || shuttingDown()) await new Promise(() => {}); // their handler exits
  clearTimeout(overall);
  await page.screenshot({ path: screenshot, timeout: 10_000 }).then(
    () => log(`screenshot: ${path.relative(process.cwd(), screenshot) || screenshot}`),
    (err) => log(`screenshot failed: ${err.message.split('\n')[0]}`),
  );
  if (result.why !== 'tests finished') {
    log(`FAILED: ${result.why}. code-server log tail:\n${server.logTail().split('\n').slice(-40).join('\n')}`);
  }
  if (web) reportWebTimings(root, log);
  log(`${result.code === 0 ? 'PASSED' : 'FAILED'} (exit ${result.code}) in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return result.code;
}

let code = 1;
try {
  code = await main();
} catch (err) {
  if (timedOut || shuttingDown()) await new Promise(() => {}); // errors caused by their kills
  log(`ERROR: ${err?.stack ?? err}`);
  code = 1;
}
await cleanupAll();
process.exit(code);
