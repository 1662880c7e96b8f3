// The .vsix as a user installs it: `code-server --install-extension <vsix>` into an empty extensions folder, then
// a real extension host (code-server + headless Chromium, as run-integration.mjs) on a small workspace, where a
// driver of its own — not Lectern — finds the installed copy and invokes its stat tool through vscode.lm. Used by
// `npm run release` (scripts/release.mjs); needs the host `npm run host:ensure` installs.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { format } from 'node:util';
import { ensureHost } from './ensure.mjs';
import { isolatedEnv, startCodeServer } from './launch.mjs';
import { hostPrerequisites } from './prerequisites.mjs';

const MARK = '[lectern-installed]';

/** The extension-host side: finds the installed extension, calls its stat tool on a.ts, logs both, then exits. */
const DRIVER = `const vscode = require('vscode');
exports.run = async () => {
  const extension = vscode.extensions.getExtension(process.env.LECTERN_EXTENSION_ID);
  if (!extension) throw new Error(process.env.LECTERN_EXTENSION_ID + ' is not installed');
  const tool = vscode.lm.tools.find((t) => t.name.endsWith('_stat') && t.name.startsWith('lectern'));
  if (!tool) throw new Error('no stat tool among ' + vscode.lm.tools.map((t) => t.name).join(', '));
  const result = await vscode.lm.invokeTool(tool.name, { input: { target: 'a.ts' }, toolInvocationToken: undefined });
  const text = result.content.map((part) => part.value ?? '').join('');
  console.log(${JSON.stringify(MARK)} + ' ' + JSON.stringify({ path: extension.extensionPath, tool: tool.name, text }));
};
`;

/** Installs `vsix` into a fresh host and drives it; returns the problems found (none when it answers). */
export async function checkVsixInHost(vsix, manifest, { timeoutMs = 180_000 } = {}) {
  const { blocker } = hostPrerequisites('npm run release');
  if (blocker) return [`the .vsix was not installed into a host: ${blocker}`];
  const paths = await ensureHost({ quiet: true });
  const id = `${manifest.publisher}.${manifest.name}`;
  const root = mkdtempSync(path.join(os.tmpdir(), 'lectern-vsix-host-'));
  let server;
  let browser;
  try {
    const extensionsDir = path.join(root, 'extensions');
    execFileSync(paths.node, [paths.codeServer, '--extensions-dir', extensionsDir, '--install-extension', vsix], {
      env: { ...process.env, ...isolatedEnv(path.join(root, 'cli')) },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 120_000,
    });
    const installed = path.join(extensionsDir, `${id}-${manifest.version}`);
    if (!existsSync(path.join(installed, 'package.json')))
      return [`code-server --install-extension put no ${id}-${manifest.version} in the extensions folder`];

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
    const page = await browser.newPage();
    let said;
    const exited = new Promise((resolve) => {
      page.exposeFunction('codeAutomationLog', (_type, args) => {
        const text = Array.isArray(args) ? format(...args) : String(args);
        if (text.startsWith(MARK)) said = JSON.parse(text.slice(MARK.length));
        else if (/Error/.test(text)) said ??= { error: text.split('\n').slice(0, 3).join(' ') };
      });
      page.exposeFunction('codeAutomationExit', (code) => resolve(Number(code)));
      setTimeout(() => resolve('timeout'), timeoutMs).unref();
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
    const code = await exited;
    return installedProblems(code, said, installed);
  } finally {
    await browser?.close().catch(() => {});
    await server?.stop();
    rmSync(root, { recursive: true, force: true });
  }
}

/** What the driver's run says is wrong: no answer, an answer from another copy, or one that does not stat a.ts. */
function installedProblems(code, said, installed) {
  if (code !== 0) return [`the installed .vsix in the host: the driver ended with ${code}: ${JSON.stringify(said)}`];
  if (!said || said.error) return [`the installed .vsix answered nothing: ${JSON.stringify(said)}`];
  const problems = [];
  if (path.resolve(said.path) !== path.resolve(installed))
    problems.push(`the host ran Lectern from ${said.path}, not the installed ${installed}`);
  if (!/a\.ts/.test(said.text) || /^Error/.test(said.text))
    problems.push(`${said.tool} from the installed .vsix answered: ${said.text.slice(0, 200)}`);
  if (problems.length === 0) console.log(`\n  installed .vsix in code-server: ${said.tool} {"target":"a.ts"} answered`);
  return problems;
}
