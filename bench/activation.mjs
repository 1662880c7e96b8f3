// `npm run bench:activation`: Lectern's activation time as VS Code reports it in Running Extensions
// (Developer: Show Running Extensions), read from the real host: code-server + its web workbench in
// headless Chromium (the integration tests' host, scripts/host). The shipped (minified) build is
// loaded as an extension under development in the test workspace; it activates on startup finished.
// Each run is a fresh server and profile. The baseline, in the same window: an extension whose
// activate() does nothing, activated on the same event (startup finished) beside Lectern; the
// built-in extensions VS Code activated at startup are printed too.
//
//   npm run bench:activation [-- --runs=3 --no-build --before=DIR]
//   --before: also load another build of Lectern (DIR holds its package.json, dist and media, e.g. an
//   older commit's tree after `node esbuild.mjs --production`), in windows alternating with this one's;
//   its rows are prefixed "before:".
//   --first-call[=DELAY]: also time the first lectern_stat call, made by a probe extension DELAY ms
//   (default 0) after startup finished (bench/firstCallProbe.mjs), and a second one, per window.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot, stageLectern } from '../scripts/host/build-tests.mjs';
import { ensureHost } from '../scripts/host/ensure.mjs';
import { cleanupAll, isolatedEnv, startCodeServer } from '../scripts/host/launch.mjs';
import { createTestWorkspace } from '../scripts/host/workspace.mjs';
import { probeResult, writeProbe, writeStartupExtension } from './firstCallProbe.mjs';

const arg = (name, fallback) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const RUNS = arg('runs', 3);
const build = !process.argv.includes('--no-build');

/** Rows of the Running Extensions editor: name and activation text ("Startup Activation: 12ms", "123ms"). */
async function runningExtensions(page) {
  await page.keyboard.press('F1');
  await page.waitForSelector('.quick-input-widget input', { timeout: 30_000 });
  await page.keyboard.type('Show Running Extensions');
  await page.waitForSelector('.quick-input-list .monaco-list-row', { timeout: 30_000 });
  await page.waitForTimeout(300);
  await page.keyboard.press('Enter');
  await page.waitForSelector('.runtime-extensions-editor .monaco-list-row', { timeout: 30_000 });
  await page.waitForTimeout(500);
  return page.$$eval('.runtime-extensions-editor .monaco-list-row', (rows) =>
    rows.map((row) => ({
      name: row.querySelector('.name')?.textContent ?? '',
      time: row.querySelector('.activation-time')?.textContent ?? '',
      text: row.textContent ?? '',
    })),
  );
}

const BASELINE = 'lectern-activation-baseline';

const BEFORE = process.argv.find((a) => a.startsWith('--before='))?.slice('--before='.length);
const FIRST_CALL = process.argv.find((a) => a === '--first-call' || a.startsWith('--first-call='));
const FIRST_CALL_DELAY = Number(FIRST_CALL?.split('=')[1] ?? 0);

/** A development folder holding Lectern (the staged build, or `before`'s) and the empty baseline extension. */
function developmentFolder(root, before, probe) {
  const dev = path.join(root, 'dev');
  if (probe) writeProbe(path.join(dev, 'probe'), probe);
  if (before) {
    for (const entry of ['package.json', 'dist', 'media'])
      cpSync(path.join(path.resolve(before), entry), path.join(dev, 'lectern', entry), { recursive: true });
  } else cpSync(path.join(stageLectern(), 'lectern'), path.join(dev, 'lectern'), { recursive: true });
  writeStartupExtension(path.join(dev, 'baseline'), BASELINE, 'exports.activate = () => {};\n');
  return dev;
}

/** Milliseconds in an activation text ("Startup Activation: 417ms", "417ms"). */
const millis = (text) => Number(/(\d+(?:\.\d+)?)\s*ms/.exec(text)?.[1] ?? NaN);

async function oneRun(paths, chromium, before) {
  const root = mkdtempSync(path.join(os.tmpdir(), 'lectern-activation-'));
  const ws = createTestWorkspace(root);
  const server = await startCodeServer({ paths, root: path.join(root, 'server'), smokeTestDriver: true });
  const browser = await chromium.launch({
    executablePath: paths.chromium,
    headless: true,
    env: { ...process.env, ...isolatedEnv(path.join(root, 'browser')) },
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-dev-shm-usage'],
  });
  try {
    const page = await (
      await browser.newContext({ viewport: { width: 1400, height: 2400 } /* every row rendered (a virtual list) */ })
    ).newPage();
    const probe = FIRST_CALL
      ? {
          outFile: path.join(root, 'first-call.json'),
          target: path.join(ws.folders.alpha, 'src', 'greeter.ts'),
          delayMs: FIRST_CALL_DELAY,
        }
      : undefined;
    const url = server.workbenchUrl({
      workspace: ws.workspaceFile,
      payload: { extensionDevelopmentPath: developmentFolder(root, before, probe), skipWelcome: 'true' },
    });
    await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 60_000 });
    await page.waitForSelector('.monaco-workbench .part.statusbar', { timeout: 60_000 });
    // Lectern activates on startup finished: wait for its status bar item.
    await page.waitForSelector('.statusbar-item[id*="lectern"]', { timeout: 60_000 });
    await page.waitForTimeout(2_000);
    return { rows: await runningExtensions(page), call: probe && (await probeResult(probe.outFile)) };
  } finally {
    await browser.close().catch(() => {});
    await server.stop();
    rmSync(root, { recursive: true, force: true });
  }
}

async function main() {
  const paths = await ensureHost({ quiet: true });
  if (build) execFileSync(process.execPath, ['esbuild.mjs', '--production'], { cwd: repoRoot, stdio: 'ignore' });
  const { chromium } = await import('playwright-core');
  const times = new Map();
  /** Lectern's time over the empty extension's, window by window (both activate at the same moment). */
  const windows = new Map();
  /** The probe's first and second call, window by window. */
  const calls = new Map();
  try {
    for (let run = 0; run < RUNS; run++) {
      for (const before of BEFORE ? [undefined, BEFORE] : [undefined]) {
        const { rows, call } = await oneRun(paths, chromium, before);
        if (call)
          calls.set(before ? 'before' : 'this build', [...(calls.get(before ? 'before' : 'this build') ?? []), call]);
        const ours = rows.find((row) => /^lectern(\.lectern)?$/i.test(row.name.trim()));
        const empty = rows.find((row) => row.name.endsWith(BASELINE));
        if (ours && empty) {
          const key = before ? 'before' : 'this build';
          windows.set(key, [
            ...(windows.get(key) ?? []),
            millis(ours.time || ours.text) / millis(empty.time || empty.text),
          ]);
        }
        for (const row of rows) {
          const ms = millis(row.time || row.text);
          if (!Number.isFinite(ms)) continue;
          const name = before ? `before: ${row.name}` : row.name;
          const list = times.get(name) ?? [];
          list.push(ms);
          times.set(name, list);
        }
      }
    }
  } finally {
    await cleanupAll();
    if (build) execFileSync(process.execPath, ['esbuild.mjs'], { cwd: repoRoot, stdio: 'ignore' }); // the dev build again
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const base = [...times].find(([name]) => name.endsWith(BASELINE))?.[1];
  const rows = [...times]
    .sort((a, b) => median(b[1]) - median(a[1]))
    .map(([name, list]) => {
      const ratio = base ? `×${(median(list) / median(base)).toFixed(2)}` : '—';
      return `| ${name} | ${median(list)} ms | ${ratio} | ${list.join(', ')} |`;
    });
  console.log(
    [
      `Activation times in VS Code's Running Extensions view (code-server, ${RUNS} fresh windows, the shipped build):`,
      '',
      `| extension | median | vs ${BASELINE} (an empty activate) | runs |`,
      '| --- | ---: | ---: | --- |',
      ...rows,
      '',
      '| Lectern over the empty extension, window by window | median | windows |',
      '| --- | ---: | --- |',
      ...[...windows].map(
        ([key, list]) => `| ${key} | ×${median(list).toFixed(2)} | ${list.map((r) => `×${r.toFixed(2)}`).join(', ')} |`,
      ),
    ].join('\n'),
  );
  if (FIRST_CALL) printCalls(calls, median);
}

/** The probe's calls per build: the first (what Lectern loads for it included) and the second. */
function printCalls(calls, median) {
  const ms = (values) => values.map((v) => (typeof v === 'number' ? v.toFixed(0) : String(v))).join(', ');
  console.log(
    [
      '',
      `lectern_stat called by an extension ${FIRST_CALL_DELAY} ms after startup finished (ms, per window):`,
      '',
      '| build | first call | median | second call | median |',
      '| --- | --- | ---: | --- | ---: |',
      ...[...calls].map(([key, list]) => {
        const first = list.map((c) => c.first ?? c.error);
        const second = list.map((c) => c.second ?? c.error);
        const numbers = (values) => values.filter((v) => typeof v === 'number');
        return `| ${key} | ${ms(first)} | ${median(numbers(first))?.toFixed(0)} | ${ms(second)} | ${median(numbers(second))?.toFixed(0)} |`;
      }),
    ].join('\n'),
  );
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
