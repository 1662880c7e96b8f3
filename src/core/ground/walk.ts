// The one workspace walker (the symbol index and workspace search both list files through it):
// breadth-first, entries in name order, so a listing is the same on every run. It skips vendored,
// generated and hidden folders, what the .gitignore files exclude (the root's and every nested one,
// each relative to its own folder, deeper files first, as git does), and the host's exclusion globs
// (VS Code's files.exclude / search.exclude). A folder named explicitly (a search target, the fixed
// part of an include glob) is entered even when one of those rules would skip it. Symbolic links
// are not followed. Streams: one directory listing at a time, nothing else kept.
import ignore, { type Ignore } from 'ignore';
import * as nodePath from 'node:path';
import { globMatcher } from './globMatch';
import { sortPaced } from './paced';
import type { CancellationSignal, Host, WorkspaceRoot } from './ports';
import type { DirectoryEntry } from './fileSystemPort';
import { WalkRecorder, type ListedFile, type SkipReason, type WalkCache, type WalkStep } from './walkCache';

/** Folders never indexed (vendored code, build output, VCS data, caches). */
export const EXCLUDED_DIRECTORIES = new Set([
  'node_modules',
  '.git',
  '.hg',
  '.svn',
  'dist',
  'build',
  'out',
  'vendor',
  'target',
  '__pycache__',
  '.venv',
  'venv',
  '.tox',
  '.mypy_cache',
  '.pytest_cache',
  '.next',
  '.nuxt',
  'coverage',
  '.gradle',
  'bin',
  'obj',
]);

/** .gitignore files larger than this are not read. */
const MAX_IGNORE_FILE_BYTES = 1024 * 1024;

export type { ListedFile, SkipReason } from './walkCache';

export interface WalkScope {
  root: WorkspaceRoot;
  /** Folder to walk, relative to the root with forward slashes; '' is the whole root. */
  start: string;
}

export interface WalkOptions {
  /** Where to walk; default every root whole. */
  scopes?: readonly WalkScope[];
  /** Files to list, by name and root-relative path (checked before anything else about them). */
  accept?: (name: string, relative: string, root: WorkspaceRoot) => boolean;
  /** The caller's own exclusions (never lifted by an explicit path). */
  exclude?: (relative: string, root: WorkspaceRoot, directory: boolean) => boolean;
  /** The host's exclusion globs for a root (relative to it), e.g. files.exclude; lifted like the other default rules. */
  excludeGlobs?: (root: WorkspaceRoot) => readonly string[];
  /** Root-relative paths named explicitly: the default rules do not skip them nor the folders on the way to them. */
  explicit?: (root: WorkspaceRoot) => readonly string[];
  /** Checked before every directory; the walk ends quietly when set. */
  signal?: CancellationSignal;
  /** Told about every folder (and file) a default rule skipped. */
  onSkip?: (root: WorkspaceRoot, relative: string, reason: SkipReason, directory: boolean) => void;
  /**
   * Finished walks to replay (a resident engine's), under `cacheKey` with the scopes, exclusion
   * globs and explicit paths: two walks given the same `cacheKey` must have the same `accept` and
   * `exclude`. Without both, or on a file system without `folderVersions`, nothing is recorded.
   */
  cache?: WalkCache;
  cacheKey?: string;
  /**
   * Told the steps of a recording about to be replayed (the same array while nothing it read has
   * changed); true: the caller holds what they give already, and the walk emits nothing.
   */
  onReplay?: (steps: readonly WalkStep[]) => boolean;
}

interface IgnoreLayer {
  /** The folder holding the .gitignore, relative to the root ('' for the root). */
  base: string;
  rules: Ignore;
}

interface PendingDirectory {
  relative: string;
  /** The .gitignore files that apply inside it, outermost first. */
  layers: readonly IgnoreLayer[];
}

/** Globs as VS Code writes them: a pattern without a slash matches at any depth. */
export function compileGlobs(globs: readonly string[], lenient = false): ((path: string) => boolean) | undefined {
  const patterns = globs.map(normalizeGlob).filter((g) => g.length > 0);
  if (patterns.length === 0) return undefined;
  if (patterns.length === 1) return globMatcher(patterns[0]!, lenient);
  const tests = patterns.map((glob) => globMatcher(glob, lenient));
  return (path) => tests.some((test) => test(path));
}

export function normalizeGlob(glob: string): string {
  const clean = glob.trim().replace(/^\.\//, '').replace(/\/+$/, '');
  if (clean.length === 0) return '';
  return clean.includes('/') ? clean.replace(/^\/+/, '') : `**/${clean}`;
}

async function readIgnoreFile(host: Host, path: string): Promise<Ignore | undefined> {
  try {
    const stat = await host.fs.stat(path);
    if (stat?.kind !== 'file' || stat.size > MAX_IGNORE_FILE_BYTES) return undefined;
    const handle = await host.fs.open(path);
    try {
      const buffer = new Uint8Array(stat.size);
      let filled = 0;
      while (filled < stat.size) {
        const n = await handle.read(buffer, filled, stat.size - filled, filled);
        if (n === 0) break;
        filled += n;
      }
      return ignore().add(new TextDecoder().decode(buffer.subarray(0, filled)));
    } finally {
      await handle.close();
    }
  } catch {
    return undefined; // no readable .gitignore: nothing extra to skip
  }
}

/** Index of the layer whose rules exclude `relative` (deeper .gitignore files decide first), or -1. */
function ignoringLayer(layers: readonly IgnoreLayer[], relative: string, directory: boolean): number {
  for (let i = layers.length - 1; i >= 0; i--) {
    const layer = layers[i]!;
    const own = layer.base ? relative.slice(layer.base.length + 1) : relative;
    const verdict = layer.rules.test(directory ? `${own}/` : own);
    if (verdict.unignored) return -1;
    if (verdict.ignored) return i;
  }
  return -1;
}

/** The layers without those that exclude `relative`: inside a folder entered anyway, they would exclude everything. */
function liftedLayers(layers: readonly IgnoreLayer[], relative: string): readonly IgnoreLayer[] {
  let kept = layers;
  for (let i = ignoringLayer(kept, relative, true); i !== -1; i = ignoringLayer(kept, relative, true)) {
    kept = kept.filter((_, j) => j !== i);
  }
  return kept;
}

const join = (dir: string, name: string) => (dir ? `${dir}/${name}` : name);

/** How long the walker lists folders synchronously before it lets the host run. */
const SLICE_MS = 15;
/** A folder this large (its stat's size: ~2,000 entries on ext4 and tmpfs) is listed asynchronously. */
const LARGE_FOLDER_BYTES = 64 * 1024;

/** Lets the host's event loop run (timers, I/O), not only queued promise callbacks. */
export const yieldToHost = (): Promise<void> =>
  new Promise((resolve) => (typeof setImmediate === 'function' ? setImmediate(resolve) : setTimeout(resolve, 0)));

/** A pacer for a loop of synchronous-heavy steps: awaited once a step, it lets the host run once a slice has passed. */
export function hostPacer(sliceMs = SLICE_MS): () => Promise<void> {
  let slice = Date.now();
  return async () => {
    if (Date.now() - slice <= sliceMs) return;
    await yieldToHost();
    slice = Date.now();
  };
}

export function walkFiles(host: Host, options: WalkOptions = {}): AsyncGenerator<ListedFile> {
  const scopes = options.scopes ?? host.roots().map((root) => ({ root, start: '' }));
  const { cache, cacheKey } = options;
  // Each scope's globs and explicit paths are asked for when the walk reaches it.
  if (!cache || cacheKey === undefined || !host.fs.folderVersions)
    return walkTree(host, options, plansAsReached(options, scopes));
  return cachedWalk(
    host,
    options,
    scopes.map((scope) => planOf(options, scope)),
    cache,
    cacheKey,
  );
}

/** The walk recorded under the same key replayed when nothing it read has changed, else walked and recorded. */
async function* cachedWalk(
  host: Host,
  options: WalkOptions,
  plans: readonly ScopePlan[],
  cache: WalkCache,
  cacheKey: string,
): AsyncGenerator<ListedFile> {
  // What the walk's output depends on besides the caller's `accept` and `exclude` (which `cacheKey` names).
  const key = JSON.stringify([cacheKey, plans.map((p) => [p.root.name, p.root.path, p.start, p.globs, p.explicit])]);
  await host.fs.settle?.();
  const steps = await cache.replay(key, host.fs);
  if (steps && options.onReplay?.(steps)) return;
  if (!steps) {
    const recorder = cache.recordsNext() ? new WalkRecorder(host.fs) : undefined;
    const finished = yield* walkTree(host, options, plans, recorder, true);
    const recording = finished ? recorder?.finish() : undefined;
    if (recording) cache.record(key, recording);
    return;
  }
  // Emitted again in order, cancelled and paced as the walk was.
  let slice = Date.now();
  for (const step of steps) {
    if (step === 'folder') {
      if (options.signal?.isCancellationRequested) return;
      if (Date.now() - slice > SLICE_MS) {
        await yieldToHost();
        slice = Date.now();
      }
    } else if ('file' in step) yield step.file;
    else options.onSkip?.(step.skip.root, step.skip.relative, step.skip.reason, step.skip.directory);
  }
}

function* plansAsReached(options: WalkOptions, scopes: readonly WalkScope[]): Generator<ScopePlan> {
  for (const scope of scopes) yield planOf(options, scope);
}

/** One scope of a walk with the host's exclusion globs and the explicit paths for its root. */
interface ScopePlan extends WalkScope {
  globs: readonly string[];
  explicit: readonly string[];
}

function planOf(options: WalkOptions, { root, start }: WalkScope): ScopePlan {
  return { root, start, globs: options.excludeGlobs?.(root) ?? [], explicit: options.explicit?.(root) ?? [] };
}

/** When the walk last let the host run. */
interface Pace {
  slice: number;
}

/** The .gitignore files above the start folder, which apply in it too. */
async function layersAbove(
  host: Host,
  root: WorkspaceRoot,
  start: string,
  recorder: WalkRecorder | undefined,
): Promise<readonly IgnoreLayer[]> {
  let layers: readonly IgnoreLayer[] = [];
  let at = '';
  for (const segment of start ? start.split('/') : []) {
    const path = nodePath.join(root.path, at, '.gitignore');
    await recorder?.dependOn(path);
    const rules = await readIgnoreFile(host, path);
    if (rules) layers = [...layers, { base: at, rules }];
    at = join(at, segment);
    layers = liftedLayers(layers, at);
  }
  return layers;
}

/** The default rules of one scope: why a folder or file is skipped, and whether a path was named explicitly. */
function scopeRules({ start, globs, explicit: named }: ScopePlan) {
  const explicit = named.map((p) => p.replace(/^\.\//, '').replace(/\/+$/, '')).filter((p) => p.length > 0);
  if (start) explicit.push(start);
  const onExplicitPath = (relative: string) => explicit.some((p) => p === relative || p.startsWith(`${relative}/`));
  const globExcluded = compileGlobs(globs, true);
  const defaultReason = (
    name: string,
    relative: string,
    directory: boolean,
    layers: readonly IgnoreLayer[],
  ): SkipReason | null => {
    if (directory && EXCLUDED_DIRECTORIES.has(name)) return 'excluded folder';
    if (directory && name.startsWith('.')) return 'hidden folder';
    if (globExcluded?.(relative)) return 'exclude setting';
    if (ignoringLayer(layers, relative, directory) !== -1) return '.gitignore';
    return null;
  };
  return { explicit, onExplicitPath, defaultReason };
}

/**
 * The walk itself, scope after scope; true when it reached its end (not cancelled). `settled`: the
 * port has caught up with changes already (a cached walk waits before it replays or walks).
 */
async function* walkTree(
  host: Host,
  options: WalkOptions,
  plans: Iterable<ScopePlan>,
  recorder?: WalkRecorder,
  settled = false,
): AsyncGenerator<ListedFile, boolean> {
  if (!settled) await host.fs.settle?.();
  const pace: Pace = { slice: Date.now() };
  const onSkip = (root: WorkspaceRoot, relative: string, reason: SkipReason, directory: boolean) => {
    recorder?.steps.push({ skip: { root, relative, reason, directory } });
    options.onSkip?.(root, relative, reason, directory);
  };
  for (const plan of plans) {
    const { root, start } = plan;
    const { explicit, onExplicitPath, defaultReason } = scopeRules(plan);
    const queue: (PendingDirectory | undefined)[] = [
      { relative: start, layers: await layersAbove(host, root, start, recorder) },
    ];
    for (let next = 0; next < queue.length; next++) {
      recorder?.steps.push('folder');
      if (options.signal?.isCancellationRequested) return false;
      const dir = queue[next]!;
      queue[next] = undefined; // let walked folders go
      const path = nodePath.join(root.path, dir.relative);
      await recorder?.dependOn(path);
      const entries = await listFolder(host, path, pace);
      let inner = dir.layers;
      if (entries.some((e) => e.name === '.gitignore' && e.kind === 'file')) {
        const ignorePath = nodePath.join(root.path, dir.relative, '.gitignore');
        await recorder?.dependOn(ignorePath);
        const rules = await readIgnoreFile(host, ignorePath);
        if (rules) inner = [...inner, { base: dir.relative, rules }];
      }
      for (const entry of entries) {
        const relative = join(dir.relative, entry.name);
        if (entry.kind === 'directory') {
          if (options.exclude?.(relative, root, true)) continue;
          const reason = defaultReason(entry.name, relative, true, inner);
          if (reason && !onExplicitPath(relative)) {
            onSkip(root, relative, reason, true);
            continue;
          }
          queue.push({ relative, layers: reason ? liftedLayers(inner, relative) : inner });
        } else if (entry.kind === 'file') {
          if (options.accept && !options.accept(entry.name, relative, root)) continue;
          if (options.exclude?.(relative, root, false)) continue;
          const reason = defaultReason(entry.name, relative, false, inner);
          if (reason && !explicit.includes(relative)) {
            onSkip(root, relative, reason, false);
            continue;
          }
          const file = { absolute: nodePath.join(root.path, relative), root, relative };
          recorder?.steps.push({ file });
          yield file;
        }
      }
    }
  }
  return true;
}

/** A folder's entries in name order. */
async function listFolder(host: Host, path: string, pace: Pace): Promise<DirectoryEntry[]> {
  let entries;
  // Synchronous listings are several times faster; the host gets a turn every few milliseconds. A
  // folder whose size says it holds thousands of entries is listed off the thread: 20,000 entries
  // listed synchronously held the host 70-130 ms (a size of 0, as some systems give, stays synchronous).
  if (host.fs.readdirSync && (host.fs.statSync?.(path)?.size ?? 0) < LARGE_FOLDER_BYTES) {
    if (Date.now() - pace.slice > SLICE_MS) {
      await yieldToHost();
      pace.slice = Date.now();
    }
    entries = host.fs.readdirSync(path);
  } else entries = await host.fs.readdir(path);
  return sortPaced(
    entries,
    (a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
    async () => {
      if (Date.now() - pace.slice <= SLICE_MS) return;
      await yieldToHost();
      pace.slice = Date.now();
    },
  );
}

/** Source files of the workspace for the symbol index, at most `maxFiles`. */
export async function listSourceFiles(
  host: Host,
  roots: readonly WorkspaceRoot[],
  wanted: (name: string) => boolean,
  maxFiles: number,
  cache?: WalkCache,
): Promise<{ files: ListedFile[]; truncated: boolean }> {
  const files: ListedFile[] = [];
  const walk = walkFiles(host, {
    scopes: roots.map((root) => ({ root, start: '' })),
    accept: (name) => wanted(name),
    cache,
    // Only the symbol index passes a cache, always with the same `wanted` (a walk stopped at `maxFiles` is not recorded).
    cacheKey: 'source files',
  });
  for await (const file of walk) {
    files.push(file);
    if (files.length >= maxFiles) {
      await walk.return(undefined);
      return { files, truncated: true };
    }
  }
  return { files, truncated: false };
}
