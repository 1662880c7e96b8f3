// The source files the symbol index lists: the workspace's, or a folder's when the workspace has more
// than the index's cap (so a folder or glob scope is listed whole however large the workspace is).
// Past the cap the walk goes on for a while without keeping the files, counting them by the folder
// under the scope that holds them: what an answer names as not covered, with the call that covers it.
import * as nodePath from 'node:path';
import type { Host, WorkspaceRoot } from '../ground/ports';
import { EXCLUDED_DIRECTORIES, walkFiles, type ListedFile, type WalkScope } from '../ground/walk';
import type { WalkCache, WalkStep } from '../ground/walkCache';

/** Source files in scope the listing left out (past the cap), by the folder just under the scope that holds them. */
export interface Unlisted {
  /** At least this many (all of them when `counted`). */
  count: number;
  /** Display path of a folder → files of it not listed; the scope's own folder when its own files are. */
  folders: Map<string, number>;
  /** False when the count ran out of time: more files, in these and other folders, were not listed. */
  counted: boolean;
}

export interface Listing {
  files: ListedFile[];
  truncated: boolean;
  unlisted?: Unlisted;
  /** The finished walk this listing was made from, when it was a replay: the same array means the same files. */
  steps?: readonly WalkStep[];
}

export interface ListingLimits {
  maxFiles: number;
  /** How long the walk may go on past the cap to count what it left out. */
  countMs: number;
}

const displayOf = (root: WorkspaceRoot, relative: string, multi: boolean) =>
  multi ? (relative ? `${root.name}/${relative}` : root.name) : relative;

/** The folder under `start` that holds `relative` (or `start` itself for its own files). */
function holder(start: string, relative: string): string {
  const below = start ? relative.slice(start.length + 1) : relative;
  const slash = below.indexOf('/');
  if (slash === -1) return start;
  return start ? `${start}/${below.slice(0, slash)}` : below.slice(0, slash);
}

export async function listIndexable(
  host: Host,
  scopes: readonly WalkScope[],
  isSource: (name: string) => boolean,
  limits: ListingLimits,
  walks: WalkCache | undefined,
  now: () => number,
  previous?: Listing,
): Promise<Listing> {
  const files: ListedFile[] = [];
  // A replay of the walk `previous` was made from (nothing it read has changed): `previous` again,
  // without emitting its files one by one (100-150 ms at 25,000 files).
  let replayed: readonly WalkStep[] | undefined;
  let unchanged = false;
  const onReplay = (steps: readonly WalkStep[]) => {
    replayed = steps;
    unchanged = steps === previous?.steps;
    return unchanged;
  };
  // The same cache key as every listing of the index: its `accept` is always `isSource`.
  const walk = walkFiles(host, {
    scopes,
    accept: (name) => isSource(name),
    cache: walks,
    cacheKey: 'source files',
    onReplay,
  });
  let next = await walk.next();
  if (unchanged) return previous!;
  const made = replayed ? { steps: replayed } : {};
  for (; !next.done && files.length < limits.maxFiles; next = await walk.next()) files.push(next.value);
  if (next.done) return { files, truncated: false, ...made };
  const multi = host.roots().length > 1;
  const startOf = new Map(scopes.map((s) => [s.root, s.start]));
  const unlisted: Unlisted = { count: 0, folders: new Map(), counted: true };
  const deadline = now() + limits.countMs;
  for (; !next.done; next = await walk.next()) {
    if (now() > deadline) {
      unlisted.counted = false;
      await walk.return(undefined);
      break;
    }
    const file = next.value;
    const folder = displayOf(file.root, holder(startOf.get(file.root) ?? '', file.relative), multi);
    unlisted.count++;
    unlisted.folders.set(folder, (unlisted.folders.get(folder) ?? 0) + 1);
  }
  return { files, truncated: true, unlisted, ...made };
}

const GLOB_CHARS = /[*?[\]{}!()]/;

/**
 * Where to walk for `scope` alone (a folder, a file's folder, a glob's fixed folder), in each root
 * that has it; undefined when the scope cannot narrow the walk (a glob with no fixed folder, or a
 * folder the workspace listing skips by name: it lists only what that listing would).
 */
export async function scopeWalks(host: Host, scope: string): Promise<WalkScope[] | undefined> {
  const clean = scope.replace(/^\.\//, '').replace(/\/+$/, '');
  const segments = clean.split('/');
  const fixed = segments.findIndex((s) => GLOB_CHARS.test(s));
  const path = fixed === -1 ? clean : segments.slice(0, fixed).join('/');
  if (path === '') return undefined;
  const roots = host.roots();
  const multi = roots.length > 1;
  const walks: WalkScope[] = [];
  for (const root of roots) {
    const candidates: string[] = [];
    if (nodePath.isAbsolute(path)) {
      const rel = nodePath.relative(root.path, path);
      if (rel === '' || (!rel.startsWith('..') && !nodePath.isAbsolute(rel))) candidates.push(rel);
    } else {
      candidates.push(path);
      if (multi && path === root.name) candidates.push('');
      if (multi && path.startsWith(`${root.name}/`)) candidates.push(path.slice(root.name.length + 1));
    }
    for (const candidate of candidates) {
      const start = candidate.split(nodePath.sep).join('/');
      if (start.split('/').some((s) => EXCLUDED_DIRECTORIES.has(s) || (s.startsWith('.') && s.length > 1)))
        return undefined;
      const stat = await host.fs.stat(nodePath.join(root.path, start)).catch(() => undefined);
      const folder = stat?.kind === 'directory' ? start : stat ? nodePath.posix.dirname(start) : undefined;
      if (folder === undefined) continue;
      const walkStart = folder === '.' ? '' : folder;
      if (!walks.some((w) => w.root === root && w.start === walkStart)) walks.push({ root, start: walkStart });
    }
  }
  return walks;
}
