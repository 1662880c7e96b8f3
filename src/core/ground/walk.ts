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
import type { CancellationSignal, Host, WorkspaceRoot } from './ports';

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

export interface ListedFile {
  absolute: string;
  root: WorkspaceRoot;
  /** Path relative to its root, with forward slashes. */
  relative: string;
}

/** Why the walker left a folder or file out. */
export type SkipReason = 'excluded folder' | 'hidden folder' | '.gitignore' | 'exclude setting';

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

/** Lets the host's event loop run (timers, I/O), not only queued promise callbacks. */
export const yieldToHost = (): Promise<void> =>
  new Promise((resolve) => (typeof setImmediate === 'function' ? setImmediate(resolve) : setTimeout(resolve, 0)));

export async function* walkFiles(host: Host, options: WalkOptions = {}): AsyncGenerator<ListedFile> {
  let slice = Date.now();
  const scopes = options.scopes ?? host.roots().map((root) => ({ root, start: '' }));
  for (const { root, start } of scopes) {
    const explicit = (options.explicit?.(root) ?? [])
      .map((p) => p.replace(/^\.\//, '').replace(/\/+$/, ''))
      .filter((p) => p.length > 0);
    if (start) explicit.push(start);
    const onExplicitPath = (relative: string) => explicit.some((p) => p === relative || p.startsWith(`${relative}/`));
    const globExcluded = compileGlobs(options.excludeGlobs?.(root) ?? [], true);
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

    // The .gitignore files above the start folder apply in it too.
    let layers: readonly IgnoreLayer[] = [];
    let at = '';
    for (const segment of start ? start.split('/') : []) {
      const rules = await readIgnoreFile(host, nodePath.join(root.path, at, '.gitignore'));
      if (rules) layers = [...layers, { base: at, rules }];
      at = join(at, segment);
      layers = liftedLayers(layers, at);
    }

    const queue: (PendingDirectory | undefined)[] = [{ relative: start, layers }];
    for (let next = 0; next < queue.length; next++) {
      if (options.signal?.isCancellationRequested) return;
      const dir = queue[next]!;
      queue[next] = undefined; // let walked folders go
      const path = nodePath.join(root.path, dir.relative);
      let entries;
      if (host.fs.readdirSync) {
        // Synchronous listings are several times faster; the host gets a turn every few milliseconds.
        if (Date.now() - slice > SLICE_MS) {
          await yieldToHost();
          slice = Date.now();
        }
        entries = host.fs.readdirSync(path);
      } else entries = await host.fs.readdir(path);
      entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      let inner = dir.layers;
      if (entries.some((e) => e.name === '.gitignore' && e.kind === 'file')) {
        const rules = await readIgnoreFile(host, nodePath.join(root.path, dir.relative, '.gitignore'));
        if (rules) inner = [...inner, { base: dir.relative, rules }];
      }
      for (const entry of entries) {
        const relative = join(dir.relative, entry.name);
        if (entry.kind === 'directory') {
          if (options.exclude?.(relative, root, true)) continue;
          const reason = defaultReason(entry.name, relative, true, inner);
          if (reason && !onExplicitPath(relative)) {
            options.onSkip?.(root, relative, reason, true);
            continue;
          }
          queue.push({ relative, layers: reason ? liftedLayers(inner, relative) : inner });
        } else if (entry.kind === 'file') {
          if (options.accept && !options.accept(entry.name, relative, root)) continue;
          if (options.exclude?.(relative, root, false)) continue;
          const reason = defaultReason(entry.name, relative, false, inner);
          if (reason && !explicit.includes(relative)) {
            options.onSkip?.(root, relative, reason, false);
            continue;
          }
          yield { absolute: nodePath.join(root.path, relative), root, relative };
        }
      }
    }
  }
}

/** Source files of the workspace for the symbol index, at most `maxFiles`. */
export async function listSourceFiles(
  host: Host,
  roots: readonly WorkspaceRoot[],
  wanted: (name: string) => boolean,
  maxFiles: number,
): Promise<{ files: ListedFile[]; truncated: boolean }> {
  const files: ListedFile[] = [];
  const walk = walkFiles(host, { scopes: roots.map((root) => ({ root, start: '' })), accept: (name) => wanted(name) });
  for await (const file of walk) {
    files.push(file);
    if (files.length >= maxFiles) {
      await walk.return(undefined);
      return { files, truncated: true };
    }
  }
  return { files, truncated: false };
}
