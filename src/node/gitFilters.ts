// The overrides that disable the filter drivers (clean/smudge/process) status and diff would run, by
// the names git itself reports: the repository's own configuration, and each submodule's at every
// depth, since status looks inside submodules (and theirs) with their own configuration. Listing
// configuration runs nothing. The overrides reach git as GIT_CONFIG_KEY_n/GIT_CONFIG_VALUE_n, key and
// value apart: `-c filter.x=y.clean=` would be read as the key `filter.x` and leave `x=y` running.
import { promises as fs } from 'node:fs';
import * as nodePath from 'node:path';
import { LecternError } from '../core/ground/contract';

type Run = (cwd: string, args: readonly string[]) => Promise<{ code: number; stdout: Buffer; stderr: string }>;

/** A configuration key and the value that overrides it. */
export type ConfigOverride = readonly [key: string, value: string];

/** Submodules (at every depth) whose configuration is listed before one status or diff; past it, neither runs. */
export const MAX_SUBMODULES = 1000;
/** Bytes of filter names one command may carry in its environment, and of one name (the system bounds both). */
const MAX_OVERRIDE_BYTES = 512 * 1024;
const MAX_NAME_BYTES = 16 * 1024;
/** git commands the scan runs at once. */
const SCAN_CONCURRENCY = 4;

const DRIVER_KEYS: readonly ConfigOverride[] = [
  ['clean', ''],
  ['smudge', ''],
  ['process', ''],
  ['required', 'false'],
];

function refused(cwd: string, why: string): LecternError {
  return new LecternError(
    'GIT_FAILED',
    `Lectern did not run git status or diff in ${cwd}: ${why}, so it could not disable every filter driver git would run.`,
    'Preview a folder inside one of its submodules (each is its own repository), or check the repository with `git status` in a shell if you trust it.',
  );
}

/** Filter driver names a configuration defines (`filter.<name>.<key>`; the name may hold dots, `=`, spaces). */
async function filterNames(run: Run, cwd: string, gitDir: readonly string[]): Promise<string[]> {
  const listed = await run(cwd, [...gitDir, 'config', '--null', '--name-only', '--get-regexp', '^filter\\.']);
  // 1 is "no such key"; anything else is a configuration git cannot read, which status would not run past either.
  if (listed.code === 1 && listed.stdout.length === 0 && listed.stderr.trim() === '') return [];
  if (listed.code !== 0) throw refused(cwd, `git config could not list its filters (${listed.stderr.trim()})`);
  const names: string[] = [];
  for (const key of listed.stdout.toString('utf8').split('\0')) {
    const last = key.lastIndexOf('.');
    if (last > 'filter.'.length) names.push(key.slice('filter.'.length, last));
  }
  return names;
}

/** Paths of the submodules the index of the repository at `cwd` records (gitlinks, mode 160000). */
async function submodulePaths(run: Run, cwd: string, gitDir: readonly string[]): Promise<string[]> {
  const listed = await run(cwd, [...gitDir, 'ls-files', '--stage', '-z']);
  if (listed.code !== 0) throw refused(cwd, `git ls-files could not list its submodules (${listed.stderr.trim()})`);
  const paths: string[] = [];
  for (const record of listed.stdout.toString('utf8').split('\0')) {
    const tab = record.indexOf('\t');
    if (record.startsWith('160000 ') && tab !== -1) paths.push(nodePath.join(cwd, ...record.slice(tab + 1).split('/')));
  }
  return paths;
}

/**
 * The filter names of the repository at `cwd` and of every checked-out submodule below it. A submodule
 * is read as git status reads it (`GIT_DIR=.git` in its folder: no discovery upwards, no ownership check).
 */
async function allFilterNames(run: Run, cwd: string): Promise<Set<string>> {
  const names = new Set<string>();
  const queue: { folder: string; gitDir: readonly string[] }[] = [{ folder: cwd, gitDir: [] }];
  let submodules = -1; // the first folder is the repository itself
  const next = async (): Promise<void> => {
    for (let item = queue.shift(); item; item = queue.shift()) {
      if (++submodules > MAX_SUBMODULES)
        throw refused(cwd, `it holds more than ${MAX_SUBMODULES} submodules (nested ones included)`);
      const [defined, inside] = await Promise.all([
        filterNames(run, item.folder, item.gitDir),
        submodulePaths(run, item.folder, item.gitDir),
      ]);
      for (const name of defined) names.add(name);
      for (const folder of inside)
        // git status skips a submodule that is not checked out (no .git in its folder).
        if (await fs.lstat(nodePath.join(folder, '.git')).catch(() => undefined))
          queue.push({ folder, gitDir: ['--git-dir=.git'] });
    }
  };
  // Workers take folders as they come (a worker that finds the queue empty ends; more may be queued since).
  while (queue.length > 0) await Promise.all(Array.from({ length: Math.min(SCAN_CONCURRENCY, queue.length) }, next));
  return names;
}

/** Overrides that empty every filter driver status and diff could run from `cwd`. */
export async function neutralFilters(run: Run, cwd: string): Promise<ConfigOverride[]> {
  const overrides: ConfigOverride[] = [];
  let bytes = 0;
  for (const name of await allFilterNames(run, cwd)) {
    const length = Buffer.byteLength(name);
    bytes += length * DRIVER_KEYS.length;
    if (length > MAX_NAME_BYTES || bytes > MAX_OVERRIDE_BYTES)
      throw refused(cwd, `its filter driver names are too long to pass to git (${bytes} bytes or more)`);
    for (const [key, value] of DRIVER_KEYS) overrides.push([`filter.${name}.${key}`, value]);
  }
  return overrides;
}

/** The environment that gives git `overrides` as command-line configuration, each key and value apart. */
export function overrideEnv(overrides: readonly ConfigOverride[]): Record<string, string> {
  const env: Record<string, string> = { GIT_CONFIG_COUNT: String(overrides.length) };
  overrides.forEach(([key, value], i) => {
    env[`GIT_CONFIG_KEY_${i}`] = key;
    env[`GIT_CONFIG_VALUE_${i}`] = value;
  });
  return env;
}
