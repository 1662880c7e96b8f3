// ripgrep as the workspace search's candidate finder (the CandidateFinderPort): which of the files
// Lectern's walk listed hold a literal text. It is given those files by name, so its own ignore
// rules, hidden-file and symlink handling play no part; every byte is searched as text (--text),
// and its answer only spares Lectern reading files that cannot match (core/search/prefilter.ts).
// Each process is killed when the search is cancelled or out of time, and none outlives its call.
import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import * as path from 'node:path';
import type { CancellationSignal, CandidateFinderPort, CandidateQuery } from '../core/ground/ports';

/** Bytes of file names per process: a command line is bounded (32 K characters on Windows, 2 MB on Linux). */
const ARG_BYTES = process.platform === 'win32' ? 24_000 : 256 * 1024;
/** How often a running process checks for a cancelled search. */
const POLL_MS = 20;

export function createRipgrepFinder(rg: string): CandidateFinderPort {
  return {
    async filesContaining(folder, files, query, limits) {
      const deadline = Date.now() + limits.timeoutMs;
      const found = new Set<string>();
      for (const chunk of chunks(files)) {
        const listed = await run(rg, folder, argsFor(query, chunk), deadline, limits.signal);
        if (!listed) return undefined;
        for (const file of listed) found.add(file);
      }
      return found;
    },
  };
}

function argsFor(query: CandidateQuery, files: readonly string[]): string[] {
  return [
    '--no-config',
    '--files-with-matches',
    '--null',
    '--text',
    '--fixed-strings',
    query.caseSensitive ? '--case-sensitive' : '--ignore-case',
    '--regexp',
    query.literal,
    '--',
    // A name starting with '-' is still a file after '--'.
    ...files,
  ];
}

function* chunks(files: readonly string[]): Generator<string[]> {
  let chunk: string[] = [];
  let bytes = 0;
  for (const file of files) {
    const size = Buffer.byteLength(file) + 1;
    if (chunk.length > 0 && bytes + size > ARG_BYTES) {
      yield chunk;
      chunk = [];
      bytes = 0;
    }
    chunk.push(file);
    bytes += size;
  }
  if (chunk.length > 0) yield chunk;
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
