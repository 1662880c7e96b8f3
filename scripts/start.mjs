#!/usr/bin/env node
// `npm start`: VS Code (code-server) in your browser with Lectern installed, on a sample workspace.
//
//   npm start                      sample workspace (a fresh copy of sample-workspace/)
//   npm start -- /path/to/folder   open another folder (or a .code-workspace file) instead
//   npm start -- --watch           also rebuild on change (then run "Developer: Reload Window")
//   npm start -- --web             run Lectern in the browser's web worker extension host (docs/web.md)
//
// Env: PORT (default: a free port), LECTERN_VERBOSE=1 (all server logs), LECTERN_SAMPLE_DIR (where the
// sample copy goes, default ~/.cache/lectern-host/sample-workspace), LECTERN_HOST_CACHE (ensure.mjs).
//
// The extension is installed as <extensions-dir>/lectern.lectern-<version>, laid out as the .vsix is with links
// into the repo (host/stagedExtension.mjs), so the page is an ordinary VS Code window (not an Extension
// Development Host) running dist/, whose Extensions view shows the users' README as the .vsix does.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureDeps } from './ensure-deps.mjs';
import { buildExtension, repoRoot } from './host/build-tests.mjs';
import { ensureHost } from './host/ensure.mjs';
import { cleanupAll, onCleanup, shuttingDown, startCodeServer, verbose } from './host/launch.mjs';
import { hostPrerequisites } from './host/prerequisites.mjs';
import { stageExtension } from './host/stagedExtension.mjs';

const log = (msg) => process.stderr.write(`[lectern-start] ${msg}\n`);
const args = process.argv.slice(2);
const usage = 'usage: npm start [-- <folder | file.code-workspace>] [--watch] [--web]   (env: PORT, LECTERN_VERBOSE=1)';
if (args.includes('--help') || args.includes('-h')) {
  console.log(usage);
  process.exit(0);
}
const unknown = args.filter((a) => a.startsWith('-') && a !== '--watch' && a !== '--web');
if (unknown.length) {
  console.error(`unknown option ${unknown.join(' ')}\n${usage}`);
  process.exit(2);
}
const watch = args.includes('--watch');
// An extension with both `main` and `browser` runs in the Node host unless remote.extensionKind says web.
const web = args.includes('--web');
const target = args.find((a) => !a.startsWith('--'));

/** Copies sample-workspace/ to the sample dir (replacing an older copy) and makes it a git repo. */
function refreshSample() {
  const src = path.join(repoRoot, 'sample-workspace');
  const dest = process.env.LECTERN_SAMPLE_DIR || path.join(os.homedir(), '.cache', 'lectern-host', 'sample-workspace');
  rmSync(dest, { recursive: true, force: true });
  mkdirSync(path.dirname(dest), { recursive: true });
  cpSync(src, dest, { recursive: true });
  // A committed baseline, so diff-aware features and the Source Control view have something to show.
  const git = (...a) =>
    spawnSync(
      'git',
      [
        '-c',
        'user.name=Lectern Sample',
        '-c',
        'user.email=sample@lectern.invalid',
        '-c',
        'init.defaultBranch=main',
        ...a,
      ],
      { cwd: dest, stdio: 'ignore' },
    );
  if (git('init', '-q').status === 0) {
    git('add', '-A');
    git('commit', '-q', '-m', 'Sample workspace baseline');
  }
  return dest;
}

async function main() {
  const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
  const extId = `${pkg.publisher}.${pkg.name}`;

  ensureDeps();
  const { blocker } = hostPrerequisites('npm start');
  if (blocker)
    throw new Error(
      `cannot start VS Code here: ${blocker}. To use Lectern in your own VS Code instead: npm run package, then install the .vsix (see README).`,
    );
  buildExtension({ always: true });
  const paths = await ensureHost({ quiet: true });

  let folder;
  let workspace;
  if (target) {
    const abs = path.resolve(target);
    if (!existsSync(abs)) throw new Error(`${abs} does not exist`);
    if (abs.endsWith('.code-workspace')) workspace = abs;
    else if (statSync(abs).isDirectory()) folder = abs;
    else throw new Error(`${abs} is neither a folder nor a .code-workspace file`);
  } else {
    folder = refreshSample();
  }

  const root = path.join(os.tmpdir(), `lectern-start-${process.pid}`);
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  const removeRoot = () => rmSync(root, { recursive: true, force: true });
  onCleanup({ sync: removeRoot, async: async () => removeRoot() });
  const extensionsDir = path.join(root, 'extensions');
  mkdirSync(extensionsDir, { recursive: true });
  stageExtension(repoRoot, pkg, path.join(extensionsDir, `${extId}-${pkg.version}`));

  if (watch) {
    const child = spawn(process.execPath, ['esbuild.mjs', '--watch'], {
      cwd: repoRoot,
      stdio: ['ignore', 'inherit', 'inherit'],
      detached: true,
    });
    const kill = () => {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {}
    };
    onCleanup({ sync: kill, async: async () => kill() });
  }

  const server = await startCodeServer({
    paths,
    root: path.join(root, 'server'),
    extensionsDir,
    port: process.env.PORT ? Number(process.env.PORT) : undefined,
    userSettings: {
      'workbench.startupEditor': 'readme', // opens the sample's README.md
      ...(web ? { 'remote.extensionKind': { [extId]: ['web'] } } : {}),
    },
    // Problems only (everything with LECTERN_VERBOSE=1); the full log is in <root>/server/code-server.log.
    onLog: (line) =>
      (verbose || /\b(error|warn|exception|failed|exited)\b/i.test(line)) &&
      process.stderr.write(`[code-server] ${line}\n`),
  });
  const url = server.workbenchUrl(workspace ? { workspace } : { folder });
  const bar = '='.repeat(Math.min(100, Math.max(60, url.length + 4)));
  process.stdout.write(
    `\n${bar}\n  Lectern ${pkg.version} in VS Code (code-server), extension ${extId} loaded from ${repoRoot}` +
      `${web ? ' into the browser (web worker extension host)' : ''}\n\n` +
      `  Open:  ${url}\n\n` +
      `  Workspace: ${workspace ?? folder}${target ? '' : ' (fresh copy of sample-workspace/, see its README.md)'}\n` +
      `  ${watch ? 'Rebuilding on change: run "Developer: Reload Window" to pick it up.' : 'After `npm run build`, run "Developer: Reload Window" to pick up changes.'}\n` +
      `  Server log: ${server.logFile}\n  Ctrl-C to stop.\n${bar}\n\n`,
  );

  const exit = await server.exited;
  if (shuttingDown()) await new Promise(() => {}); // Ctrl-C: the signal handler exits
  log(
    `code-server exited unexpectedly (${exit.signal ?? `exit ${exit.code}`}). Last log lines:\n${server.logTail().split('\n').slice(-40).join('\n')}`,
  );
  return 1;
}

let code = 1;
try {
  code = await main();
} catch (err) {
  log(`ERROR: ${err?.message ?? err}`);
}
await cleanupAll();
process.exit(code);
