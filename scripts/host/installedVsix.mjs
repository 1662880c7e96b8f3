// Lectern as a user installs it, in a real extension host (code-server + headless Chromium, as run-integration.mjs)
// on a small workspace: the .vsix through `code-server --install-extension` into an empty extensions folder, or the
// folder `npm start` installs (host/stagedExtension.mjs). A driver of its own — not Lectern — finds the installed
// copy and invokes its stat tool through vscode.lm, then opens the Extensions view, whose details page of Lectern
// must show every picture and be no wider than the page (detailsPage.mjs). Used by `npm run release` and by
// `npm test`'s package step (scripts/check-package.mjs); needs the host `npm run host:ensure` installs.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { format } from 'node:util';
import { ensureHost } from './ensure.mjs';
import { isolatedEnv, startCodeServer } from './launch.mjs';
import { DETAILS_VIEWPORT, detailsPageProblems } from './detailsPage.mjs';
import { hostPrerequisites } from './prerequisites.mjs';
import { stageExtension } from './stagedExtension.mjs';

const MARK = '[lectern-installed]';

/**
 * The extension-host side: finds the installed extension, calls its stat tool on a.ts, logs both, then opens the
 * Extensions view and waits there while the page side checks the details page (it closes the browser).
 */
const DRIVER = `const vscode = require('vscode');
exports.run = () => check().catch((error) => console.log(${JSON.stringify(MARK)} + ' ' + JSON.stringify({ error: String(error) })));
const check = async () => {
  const extension = vscode.extensions.getExtension(process.env.LECTERN_EXTENSION_ID);
  if (!extension) throw new Error(process.env.LECTERN_EXTENSION_ID + ' is not installed');
  const tool = vscode.lm.tools.find((t) => t.name.endsWith('_stat') && t.name.startsWith('lectern'));
  if (!tool) throw new Error('no stat tool among ' + vscode.lm.tools.map((t) => t.name).join(', '));
  const result = await vscode.lm.invokeTool(tool.name, { input: { target: 'a.ts' }, toolInvocationToken: undefined });
  const text = result.content.map((part) => part.value ?? '').join('');
  await vscode.commands.executeCommand('workbench.view.extensions');
  console.log(${JSON.stringify(MARK)} + ' ' + JSON.stringify({ path: extension.extensionPath, tool: tool.name, text }));
  await new Promise((resolve) => setTimeout(resolve, 120000));
};
`;

/** Installs `vsix` into a fresh host and drives it; returns the problems found (none when it answers). */
export function checkVsixInHost(vsix, manifest, options) {
  const install = (extensionsDir, env, installed) => {
    execFileSync(env.node, [env.codeServer, '--extensions-dir', extensionsDir, '--install-extension', vsix], {
      env: { ...process.env, ...isolatedEnv(env.cli) },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 120_000,
    });
    if (!existsSync(path.join(installed, 'package.json')))
      return `code-server --install-extension put no ${path.basename(installed)} in the extensions folder`;
    return null;
  };
  return checkInHost('the installed .vsix', manifest, install, options);
}

/** The folder `npm start` installs (links into `repoRoot`), in a fresh host, checked as the .vsix is. */
export function checkStagedInHost(repoRoot, manifest, options) {
  const install = (_extensionsDir, _env, installed) => {
    stageExtension(repoRoot, manifest, installed);
    return null;
  };
  return checkInHost("npm start's extension", manifest, install, options);
}

async function checkInHost(what, manifest, install, { timeoutMs = 180_000 } = {}) {
  const { blocker } = hostPrerequisites('npm run release');
  if (blocker) return [`${what} was not installed into a host: ${blocker}`];
  const paths = await ensureHost({ quiet: true });
  const id = `${manifest.publisher}.${manifest.name}`;
  const root = mkdtempSync(path.join(os.tmpdir(), 'lectern-vsix-host-'));
  let server;
  let browser;
  try {
    const extensionsDir = path.join(root, 'extensions');
    mkdirSync(extensionsDir);
    const installed = path.join(extensionsDir, `${id}-${manifest.version}`);
    const refused = install(extensionsDir, { ...paths, cli: path.join(root, 'cli') }, installed);
    if (refused) return [refused];

    const driver = path.join(root, 'driver');
    mkdirSync(driver);
    const driverManifest = { name: 'installed-check', publisher: 'lectern-release', version: '0.0.0' };
    writeFileSync(path.join(driver, 'package.json'), JSON.stringify({ ...driverManifest, engines: { vscode: '*' } }));
    writeFileSync(path.join(driver, 'run.js'), DRIVER);
    const workspace = path.join(root, 'workspace');
    mkdirSync(workspace);
    writeFileSync(path.join(workspace, 'a.ts'), 'export const a = 1;\n');

    server = await startCodeServer({
      paths,
      root: path.join(root, 'server'),
      extensionsDir,
      smokeTestDriver: true,
      env: { LECTERN_EXTENSION_ID: id },
    });
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({
      executablePath: paths.chromium,
      headless: true,
      env: { ...process.env, ...isolatedEnv(path.join(root, 'browser')) },
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-dev-shm-usage'],
    });
    const page = await browser.newPage({ viewport: DETAILS_VIEWPORT });
    const answered = new Promise((resolve) => {
      page.exposeFunction('codeAutomationLog', (_type, args) => {
        const text = Array.isArray(args) ? format(...args) : String(args);
        if (text.startsWith(MARK)) resolve(JSON.parse(text.slice(MARK.length)));
      });
      page.exposeFunction('codeAutomationExit', (code) => resolve({ error: `the driver ended with ${code}` }));
      setTimeout(() => resolve({ error: `no answer in ${timeoutMs / 1000} s` }), timeoutMs).unref();
    });
    const url = server.workbenchUrl({
      folder: workspace,
      payload: {
        extensionDevelopmentPath: driver,
        extensionTestsPath: path.join(driver, 'run.js'),
        skipWelcome: 'true',
      },
    });
    await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 60_000 });
    const said = await answered;
    const problems = installedProblems(what, said, installed);
    if (problems.length === 0) problems.push(...(await detailsPageProblems(page, manifest.displayName, what)));
    return problems;
  } finally {
    await browser?.close().catch(() => {});
    await server?.stop();
    rmSync(root, { recursive: true, force: true });
  }
}

/** What the driver says is wrong: no answer, an answer from another copy, or one that does not stat a.ts. */
function installedProblems(what, said, installed) {
  if (said.error) return [`${what} in the host answered nothing: ${said.error}`];
  const problems = [];
  if (path.resolve(said.path) !== path.resolve(installed))
    problems.push(`the host ran Lectern from ${said.path}, not ${what} at ${installed}`);
  if (!/a\.ts/.test(said.text) || /^Error/.test(said.text))
    problems.push(`${said.tool} from ${what} answered: ${said.text.slice(0, 200)}`);
  if (problems.length === 0) console.log(`\n  ${what} in code-server: ${said.tool} {"target":"a.ts"} answered`);
  return problems;
}
