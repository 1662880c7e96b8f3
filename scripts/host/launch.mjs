// Starts code-server (VS Code 1.139 server + web workbench) on 127.0.0.1 in an isolated temp dir.
// Library used by run-integration.mjs and ../start.mjs; facts about the host in ./README.md.
//
//   const server = await startCodeServer({ paths, smokeTestDriver: true });
//   const url = server.workbenchUrl({ workspace: '/abs/x.code-workspace', payload: { extensionDevelopmentPath, ... } });
//   ...
//   await server.stop();
//
// The server runs in its own process group; stop() (and exit / SIGINT / SIGTERM / SIGHUP of this
// process) kills the whole group and removes the temp dir (kept when LECTERN_KEEP_TMP=1).
// Harmless log noise is filtered unless LECTERN_VERBOSE=1.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const verbose = process.env.LECTERN_VERBOSE === '1';

// ---------------------------------------------------------------------------------------------
// Cleanup on exit / signals
// ---------------------------------------------------------------------------------------------
const cleanups = new Set(); // { sync(): void, async(): Promise<void> }
let handlersInstalled = false;
let exiting = false;

/** True once a signal handler started shutting everything down (callers should stop reporting). */
export const shuttingDown = () => exiting;

/** Registers a cleanup; returns a function that unregisters it. */
export function onCleanup(entry) {
  installHandlers();
  cleanups.add(entry);
  return () => cleanups.delete(entry);
}

/** Runs all registered async cleanups (in reverse registration order). */
export async function cleanupAll() {
  for (const entry of [...cleanups].reverse()) {
    cleanups.delete(entry);
    try {
      await entry.async();
    } catch (err) {
      process.stderr.write(`[lectern-host] cleanup failed: ${err?.message ?? err}\n`);
    }
  }
}

function installHandlers() {
  if (handlersInstalled) return;
  handlersInstalled = true;
  // Last resort: synchronous kills only.
  process.on('exit', () => {
    for (const entry of cleanups) {
      try {
        entry.sync();
      } catch {}
    }
  });
  const onSignal = (signal, code) => async () => {
    if (exiting) return;
    exiting = true;
    process.stderr.write(`\n[lectern-host] ${signal}: stopping child processes...\n`);
    const hard = setTimeout(() => process.exit(code), 8000);
    hard.unref();
    await cleanupAll();
    process.exit(code);
  };
  process.on('SIGINT', onSignal('SIGINT', 130));
  process.on('SIGTERM', onSignal('SIGTERM', 143));
  process.on('SIGHUP', onSignal('SIGHUP', 129));
}

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------
export function freePort(host = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, host, () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Creates an isolated HOME / XDG_* / TMPDIR under `root`; returns the env overrides. */
export function isolatedEnv(root) {
  const dirs = {
    HOME: path.join(root, 'home'),
    XDG_CONFIG_HOME: path.join(root, 'xdg-config'),
    XDG_DATA_HOME: path.join(root, 'xdg-data'),
    XDG_CACHE_HOME: path.join(root, 'xdg-cache'),
    XDG_RUNTIME_DIR: path.join(root, 'xdg-runtime'),
    TMPDIR: path.join(root, 'tmp'),
  };
  for (const dir of Object.values(dirs)) mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dirs;
}

// Expected in a sandbox without internet, GitHub sign-in or a language model. Matched against the
// first line of a log entry (a code-server log line, or one workbench / extension-host log call,
// whose stack lines go with it), after a leading `[hh:mm:ss]` / `[ISO date]` stamp is removed.
const NOISE = [
  // code-server / VS Code server
  /open-vsx\.org/i,
  /^File not found: .*\/vsda\//,
  /^a socket was left hanging$/,
  /^$/,
  /^\[reconnection-grace-time\]/,
  /^\[AgentHostChannel\]|^\[IPC Library: Agent Host\]|^ServerAgentHostManager:/,
  /^\[File Watcher \(universal\)\] restarting watcher after unexpected error/,
  // workbench (relayed through codeAutomationLog together with the extension host's console)
  /^Resolv(ing|ed) connection token/,
  /^Creating a socket \(/,
  /^\[AgentHost(:remote)?\]/,
  /^\[ChatModelSelection\]/,
  /^\[AccountPolicyGate\]/,
  /^\[Service Worker\] registered/,
  /^Updating additional builtin extensions cache/,
  /^Timed out waiting for authentication provider 'github'/,
  /^(Error: )?Canceled(: Canceled)?$/,
];

/** True when a log entry (its first line decides) is known harmless noise; never with LECTERN_VERBOSE=1. */
export function isNoise(entry) {
  if (verbose) return false;
  const first = String(entry)
    .split('\n', 1)[0]
    .replace(/^\[[\d:.TZ-]+\]\s*(info\s+)?/, '')
    .trimEnd();
  return NOISE.some((re) => re.test(first));
}

/** Keeps the last `max` lines written to it. */
export class LogTail {
  constructor(max = 200) {
    this.max = max;
    this.lines = [];
  }
  push(line) {
    this.lines.push(line);
    if (this.lines.length > this.max) this.lines.splice(0, this.lines.length - this.max);
  }
  toString() {
    return this.lines.join('\n');
  }
}

function lineSplitter(onLine) {
  let buf = '';
  return {
    write(chunk) {
      buf += chunk;
      let i;
      while ((i = buf.indexOf('\n')) >= 0) {
        onLine(buf.slice(0, i).replace(/\r$/, ''));
        buf = buf.slice(i + 1);
      }
    },
    end() {
      if (buf) onLine(buf);
      buf = '';
    },
  };
}

function httpGet(url, timeoutMs = 2000) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { timeout: timeoutMs }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
  });
}

function killGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

function groupAlive(pid) {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** vscode-remote:// URI for an absolute path on this machine, as seen by a workbench at host:port. */
export function remoteUri(authority, absPath) {
  const p = path.resolve(absPath).split(path.sep).map(encodeURIComponent).join('/');
  return `vscode-remote://${authority}${p}`;
}

// ---------------------------------------------------------------------------------------------
// code-server
// ---------------------------------------------------------------------------------------------
/** Fewer network attempts (no internet here) and no telemetry. */
export const DEFAULT_USER_SETTINGS = {
  'telemetry.telemetryLevel': 'off',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'workbench.enableExperiments': false,
  'update.mode': 'none',
};

/** Query value for a workspace path: encoded, but with readable slashes (as VS Code does). */
const encodePathParam = (absPath) => encodeURIComponent(path.resolve(absPath)).replaceAll('%2F', '/');

/**
 * @param {object} o
 * @param {{node: string, codeServer: string}} o.paths      from ensureHost()
 * @param {number} [o.port]                                 default: PORT env or a free port
 * @param {string} [o.host]                                 default 127.0.0.1
 * @param {boolean} [o.smokeTestDriver]                     pass --vscode-option enable-smoke-test-driver (tests)
 * @param {string} [o.extensionsDir]                        default <tmp>/extensions
 * @param {string} [o.root]                                 temp root (default: a new mkdtemp dir)
 * @param {Record<string,string>} [o.env]                  extra env (reaches the extension host)
 * @param {string[]} [o.extraArgs]
 * @param {Record<string, unknown>} [o.userSettings]       written to <user-data>/User/settings.json
 * @param {(line: string) => void} [o.onLog]                every non-noise server log line (default: print when verbose)
 * @param {number} [o.startTimeoutMs]                       default 60 s
 */
export async function startCodeServer(o) {
  const host = o.host ?? '127.0.0.1';
  const root = o.root ?? mkdtempSync(path.join(os.tmpdir(), 'lectern-host-'));
  mkdirSync(root, { recursive: true });
  const ownsRoot = !o.root;
  const isolated = isolatedEnv(root);
  const userDataDir = path.join(root, 'user-data');
  const extensionsDir = o.extensionsDir ?? path.join(root, 'extensions');
  mkdirSync(path.join(userDataDir, 'User'), { recursive: true });
  mkdirSync(extensionsDir, { recursive: true });
  writeFileSync(
    path.join(userDataDir, 'User', 'settings.json'),
    JSON.stringify({ ...DEFAULT_USER_SETTINGS, ...(o.userSettings ?? {}) }, null, 2) + '\n',
  );
  const configFile = path.join(root, 'config.yaml');
  writeFileSync(configFile, 'auth: none\ncert: false\n');
  const logFile = path.join(root, 'code-server.log');
  const tail = new LogTail(300);

  const fixedPort = o.port ?? (process.env.PORT ? Number(process.env.PORT) : undefined);
  let lastError;
  for (let attempt = 1; attempt <= (fixedPort ? 1 : 3); attempt++) {
    const port = fixedPort ?? (await freePort(host));
    try {
      return await startOnce({
        ...o,
        host,
        port,
        root,
        ownsRoot,
        isolated,
        userDataDir,
        extensionsDir,
        configFile,
        logFile,
        tail,
      });
    } catch (err) {
      lastError = err;
      if (!/EADDRINUSE/.test(String(err?.message))) break;
    }
  }
  if (ownsRoot && process.env.LECTERN_KEEP_TMP !== '1') rmSync(root, { recursive: true, force: true });
  throw lastError;
}

async function startOnce(o) {
  const { host, port, root, tail } = o;
  const authority = `${host}:${port}`;
  const args = [
    o.paths.codeServer,
    '--bind-addr',
    authority,
    '--auth',
    'none',
    '--config',
    o.configFile,
    '--user-data-dir',
    o.userDataDir,
    '--extensions-dir',
    o.extensionsDir,
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
    '--disable-proxy',
    '--ignore-last-opened',
    ...(o.smokeTestDriver ? ['--vscode-option', 'enable-smoke-test-driver'] : []),
    ...(o.extraArgs ?? []),
  ];
  const env = {
    ...process.env,
    ...o.isolated,
    // code-server would otherwise pick these up and bind/advertise elsewhere.
    PORT: String(port),
    PASSWORD: '',
    HASHED_PASSWORD: '',
    VSCODE_PROXY_URI: '',
    CS_DISABLE_FILE_DOWNLOADS: '',
    ...(o.env ?? {}),
  };
  for (const key of ['PASSWORD', 'HASHED_PASSWORD', 'VSCODE_PROXY_URI', 'CS_DISABLE_FILE_DOWNLOADS']) {
    if (!env[key]) delete env[key];
  }
  // Inherited from a VS Code terminal or a loader (tsx, --inspect): would confuse code-server.
  for (const key of [
    'NODE_OPTIONS',
    'ELECTRON_RUN_AS_NODE',
    'VSCODE_IPC_HOOK_CLI',
    'VSCODE_IPC_HOOK',
    'VSCODE_PID',
    'VSCODE_CWD',
  ]) {
    if (!(o.env && key in o.env)) delete env[key];
  }

  const logStream = createWriteStream(o.logFile, { flags: 'a' });
  logStream.write(`$ ${o.paths.node} ${args.join(' ')}\n`);
  const child = spawn(o.paths.node, args, { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const onLog = o.onLog ?? ((line) => verbose && process.stderr.write(`[code-server] ${line}\n`));
  const splitter = lineSplitter((line) => {
    logStream.write(line + '\n');
    tail.push(line);
    if (!isNoise(line)) onLog(line);
  });
  child.stdout.setEncoding('utf8').on('data', (c) => splitter.write(c));
  child.stderr.setEncoding('utf8').on('data', (c) => splitter.write(c));

  let exited = null;
  const exitPromise = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      exited = { code, signal };
      splitter.end();
      resolve(exited);
    });
    child.on('error', (err) => {
      exited = { code: null, signal: null, error: err };
      resolve(exited);
    });
  });

  let stopped = false;
  const syncKill = () => {
    if (child.pid) killGroup(child.pid, 'SIGKILL');
  };
  const stop = async ({ removeRoot = true } = {}) => {
    if (stopped) return;
    stopped = true;
    unregister();
    if (child.pid && groupAlive(child.pid)) {
      killGroup(child.pid, 'SIGTERM');
      const deadline = Date.now() + 5000;
      while (groupAlive(child.pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      if (groupAlive(child.pid)) killGroup(child.pid, 'SIGKILL');
    }
    await Promise.race([exitPromise, new Promise((r) => setTimeout(r, 2000))]);
    await new Promise((r) => logStream.end(r));
    if (removeRoot && o.ownsRoot && process.env.LECTERN_KEEP_TMP !== '1')
      rmSync(root, { recursive: true, force: true });
  };
  const unregister = onCleanup({ sync: syncKill, async: () => stop() });

  // Wait until it answers HTTP.
  const baseUrl = `http://${authority}`;
  const deadline = Date.now() + (o.startTimeoutMs ?? 60_000);
  for (;;) {
    if (exited) {
      await stop({ removeRoot: false }); // startCodeServer retries or removes it
      const why = exited.error ? exited.error.message : (exited.signal ?? `exit code ${exited.code}`);
      throw new Error(
        `code-server exited during startup (${why}). Last log lines:\n${tail.toString() || '(no output)'}`,
      );
    }
    try {
      const status = await httpGet(`${baseUrl}/healthz`);
      if (status && status < 500) break;
    } catch {}
    if (Date.now() > deadline) {
      await stop({ removeRoot: false }); // startCodeServer retries or removes it
      throw new Error(
        `code-server did not answer on ${baseUrl} within ${(o.startTimeoutMs ?? 60_000) / 1000} s. Last log lines:\n${tail.toString() || '(no output)'}`,
      );
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    port,
    host,
    authority,
    baseUrl,
    root,
    env: o.isolated,
    extensionsDir: o.extensionsDir,
    userDataDir: o.userDataDir,
    logFile: o.logFile,
    pid: child.pid,
    exited: exitPromise,
    /** Last server log lines (unfiltered). */
    logTail: () => tail.toString(),
    remoteUri: (absPath) => remoteUri(authority, absPath),
    /**
     * Workbench URL. `workspace` is a .code-workspace file (multi-root), `folder` a directory.
     * `payload` keys (extensionDevelopmentPath, extensionTestsPath) given as absolute paths are
     * turned into vscode-remote:// URIs; other values are passed as strings.
     */
    workbenchUrl({ folder, workspace, payload } = {}) {
      const q = [];
      if (workspace) q.push(`workspace=${encodePathParam(workspace)}`);
      else if (folder) q.push(`folder=${encodePathParam(folder)}`);
      else q.push('ew=true');
      if (payload) {
        const entries = [];
        for (const [key, value] of Object.entries(payload)) {
          if (value === undefined) continue;
          const isPath = key === 'extensionDevelopmentPath' || key === 'extensionTestsPath';
          for (const v of Array.isArray(value) ? value : [value]) {
            entries.push([key, isPath && path.isAbsolute(v) ? remoteUri(authority, v) : String(v)]);
          }
        }
        q.push(`payload=${encodeURIComponent(JSON.stringify(entries))}`);
      }
      return `${baseUrl}/?${q.join('&')}`;
    },
    /** Kills the server's process group and removes its temp root (if this module created it). */
    stop: () => stop(),
  };
}
