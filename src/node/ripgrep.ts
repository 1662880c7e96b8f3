// ripgrep as the workspace search's candidate finder (the CandidateFinderPort): which files under a
// folder hold one of some literal texts. It walks the folder in its own process, concurrently with
// Lectern's walk, with no ignore file (Lectern's own rules decide what is searched), no symlink followed, and
// the walker's excluded and hidden folders skipped; every byte is searched as text (--text). Its
// answer only spares Lectern reading files that cannot match (core/search/prefilter.ts). The
// process is killed when the search is cancelled or out of time, and none outlives its call.
import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import * as path from 'node:path';
import type { CancellationSignal, CandidateFinderPort, CandidateQuery } from '../core/ground/ports';

/** How often a running process checks for a cancelled search. */
const POLL_MS = 20;

export function createRipgrepFinder(rg: string): CandidateFinderPort {
  return {
    async filesContaining(folder, start, query, limits) {
      const args = argsFor(query, start, limits.skipFolders);
      const listed = await run(rg, folder, args, Date.now() + limits.timeoutMs, limits.signal);
      if (!listed) return undefined;
      const slashes = path.sep === '\\';
      return new Set(listed.map((name) => (slashes ? name.replace(/\\/g, '/') : name).replace(/^\.\//, '')));
    },
  };
}

function argsFor(query: CandidateQuery, start: string, skipFolders: readonly string[]): string[] {
  return [
    '--no-config',
    '--files-with-matches',
    '--null',
    '--text',
    '--no-ignore',
    '--hidden',
    '--no-follow',
    '--fixed-strings',
    query.caseSensitive ? '--case-sensitive' : '--ignore-case',
    // Folders (a trailing slash) at any depth below the start: hidden ones and the excluded names.
    '--glob=!.*/',
    ...skipFolders.map((name) => `--glob=!${name}/`),
    ...query.literals.flatMap((literal) => ['--regexp', literal]),
    '--',
    start ? `./${start}` : '.',
  ];
}

/** The file names ripgrep printed, or undefined when it failed, was cancelled or ran out of time. */
function run(
  rg: string,
  cwd: string,
  args: string[],
  deadline: number,
  signal: CancellationSignal | undefined,
): Promise<string[] | undefined> {
  return new Promise((resolve) => {
    if (Date.now() >= deadline || signal?.isCancellationRequested) return resolve(undefined);
    const child = spawn(rg, args, { cwd, stdio: ['ignore', 'pipe', 'ignore'], windowsHide: true });
    const out: Buffer[] = [];
    let failed = false;
    const stop = () => {
      failed = true;
      child.kill('SIGKILL');
    };
    const watch = setInterval(() => {
      if (signal?.isCancellationRequested || Date.now() >= deadline) stop();
    }, POLL_MS);
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.on('error', () => {
      failed = true;
    });
    child.on('close', (code) => {
      clearInterval(watch);
      // 0: some file matched; 1: none; 2: an error (a file it could not read): no answer then.
      if (failed || (code !== 0 && code !== 1)) return resolve(undefined);
      const text = Buffer.concat(out).toString('utf8');
      resolve(text.split('\0').filter((name) => name.length > 0));
    });
  });
}

/** The `rg` executable on PATH (Debian's ripgrep package, Homebrew's, …), or undefined. */
export function ripgrepOnPath(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const names = process.platform === 'win32' ? ['rg.exe'] : ['rg'];
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    for (const name of names) {
      const candidate = path.join(dir, name);
      if (executable(candidate)) return candidate;
    }
  }
  return undefined;
}

/** The ripgrep VS Code ships under its `appRoot` (desktop builds; code-server's per-platform copies), or undefined. */
export function ripgrepInVscode(appRoot: string): string | undefined {
  const exe = process.platform === 'win32' ? 'rg.exe' : 'rg';
  const places = [
    path.join(appRoot, 'node_modules', '@vscode', 'ripgrep', 'bin', exe),
    path.join(appRoot, 'node_modules.asar.unpacked', '@vscode', 'ripgrep', 'bin', exe),
    path.join(
      appRoot,
      'node_modules',
      '@vscode',
      'ripgrep-universal',
      'bin',
      `${process.platform}-${process.arch}`,
      exe,
    ),
  ];
  return places.find(executable);
}

/**
 * The finder a Node host uses: $LECTERN_RIPGREP when set (a path to rg, or "off" for Lectern's own
 * search alone), else `found()` (rg on PATH, VS Code's own); undefined without one.
 */
export function ripgrepFinder(
  found: () => string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): CandidateFinderPort | undefined {
  const chosen = env.LECTERN_RIPGREP;
  if (chosen === 'off') return undefined;
  const rg = chosen || found();
  return rg ? createRipgrepFinder(rg) : undefined;
}

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
