// `-c` overrides that disable the filter drivers (clean/smudge/process) that status and diff would
// run, by the names the configurations give them: the repository's own, and each submodule's, since
// status looks inside submodules with their own configuration. Listing configuration runs nothing.
import * as nodePath from 'node:path';

type Run = (cwd: string, args: readonly string[]) => Promise<{ code: number; stdout: Buffer }>;

/** Submodules inside submodules are looked at this deep (git status recurses into all of them). */
const MAX_SUBMODULE_DEPTH = 8;

/** Filter driver names a configuration defines (`filter.<name>.<key>`). */
async function filterNames(run: Run, cwd: string): Promise<string[]> {
  const listed = await run(cwd, ['config', '--null', '--get-regexp', '^filter\\.']);
  if (listed.code !== 0) return [];
  const names: string[] = [];
  for (const record of listed.stdout.toString('utf8').split('\0')) {
    const key = record.split('\n', 1)[0]!;
    const last = key.lastIndexOf('.');
    if (last > 'filter.'.length) names.push(key.slice('filter.'.length, last));
  }
  return names;
}

/** Paths of the submodules the index of the repository at `cwd` records (gitlinks, mode 160000). */
async function submodulePaths(run: Run, cwd: string): Promise<string[]> {
  const listed = await run(cwd, ['ls-files', '--stage', '-z']);
  if (listed.code !== 0) return [];
  const paths: string[] = [];
  for (const record of listed.stdout.toString('utf8').split('\0')) {
    const tab = record.indexOf('\t');
    if (record.startsWith('160000 ') && tab !== -1) paths.push(nodePath.join(cwd, ...record.slice(tab + 1).split('/')));
  }
  return paths;
}

export async function neutralFilters(run: Run, cwd: string): Promise<string[]> {
  const names = new Set<string>();
  let level = [cwd];
  for (let depth = 0; depth <= MAX_SUBMODULE_DEPTH && level.length > 0; depth++) {
    const next: string[] = [];
    for (const folder of level) {
      const [defined, submodules] = await Promise.all([
        filterNames(run, folder),
        depth < MAX_SUBMODULE_DEPTH ? submodulePaths(run, folder) : [],
      ]);
      for (const name of defined) names.add(name);
      next.push(...submodules);
    }
    level = next;
  }
  return [...names].flatMap((name) => [
    '-c',
    `filter.${name}.clean=`,
    '-c',
    `filter.${name}.smudge=`,
    '-c',
    `filter.${name}.process=`,
    '-c',
    `filter.${name}.required=false`,
  ]);
}
