// Installs the locked dependencies when node_modules is missing or older than package-lock.json, so
// `npm test` and `npm start` work on a clean clone. Plain Node: it needs nothing installed.
//
// CLI: node scripts/ensure-deps.mjs        Lib: import { ensureDeps } from './ensure-deps.mjs'
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Why an install is needed, or null when node_modules matches the lock file. */
export function depsOutdated(root = repoRoot) {
  const lock = path.join(root, 'package-lock.json');
  // npm writes this copy of the lock file last, after a complete install.
  const installed = path.join(root, 'node_modules', '.package-lock.json');
  if (!existsSync(path.join(root, 'node_modules'))) return 'node_modules is missing';
  if (!existsSync(installed)) return 'node_modules is incomplete (no node_modules/.package-lock.json)';
  if (statSync(installed).mtimeMs < statSync(lock).mtimeMs) return 'package-lock.json is newer than node_modules';
  return null;
}

/** The npm that runs this script (npm sets npm_execpath), else the one on PATH. */
function npmCommand() {
  const execPath = process.env.npm_execpath;
  if (execPath && /npm-cli\.js$/.test(execPath) && existsSync(execPath)) return [process.execPath, [execPath]];
  return [process.platform === 'win32' ? 'npm.cmd' : 'npm', []];
}

export function ensureDeps({ root = repoRoot, log = (m) => process.stderr.write(`[lectern-setup] ${m}\n`) } = {}) {
  const why = depsOutdated(root);
  if (!why) return false;
  // A checkout sharing another's dependencies (a git worktree with node_modules linked): npm ci would empty the
  // folder the link points to, under every checkout that uses it.
  const modules = path.join(root, 'node_modules');
  if (existsSync(modules) && lstatSync(modules).isSymbolicLink()) {
    log(`${why}, but node_modules links to ${realpathSync(modules)}: not running npm ci here (run it there)`);
    return false;
  }
  const [cmd, pre] = npmCommand();
  const t0 = Date.now();
  log(`${why}: running npm ci (the locked dependencies, about 30 s on a fresh machine)`);
  const r = spawnSync(cmd, [...pre, 'ci', '--no-audit', '--no-fund'], {
    cwd: root,
    stdio: ['ignore', process.stderr, 'inherit'],
  });
  if (r.status !== 0) {
    throw new Error(
      `npm ci failed (${r.error?.message ?? `exit ${r.status}`}). Check your network access to the npm registry, then run \`npm ci\` yourself to see the whole error.`,
    );
  }
  log(`dependencies installed in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  return true;
}

/** Path of an installed package's executable script (no npx: it would download a stranger's package). */
export function binScript(pkg, relative, root = repoRoot) {
  return path.join(root, 'node_modules', pkg, relative);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    ensureDeps();
  } catch (err) {
    process.stderr.write(`[lectern-setup] ${err.message}\n`);
    process.exit(1);
  }
}
