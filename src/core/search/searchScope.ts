// What a workspace search covers: the target read as a file, folder or glob, and the walk over it
// with include and exclude applied (and the folders and files it leaves out counted).
import * as nodePath from 'node:path';
import picomatch from 'picomatch';
import { LecternError } from '../ground/contract';
import type { WorkspaceRoot } from '../ground/ports';
import type { ReadEnv } from '../ground/env';
import {
  compileGlobs,
  normalizeGlob,
  walkFiles,
  type ListedFile,
  type SkipReason,
  type WalkOptions,
  type WalkScope,
} from '../ground/walk';
import { WORKSPACE_SEARCH_LIMITS } from './workspaceLimits';
import { globMatcher } from '../ground/globMatch';
import { quote, requireInside } from '../ground/paths';
import { INPUT_BOUNDS } from '../ground/schema';
import { clip, formatCount } from '../ground/format';

export interface Scope {
  kind: 'workspace' | 'folder' | 'glob';
  /** How the header names it. */
  label: string;
  scopes: WalkScope[];
  /** Root-relative paths named explicitly per root (default exclusions lifted on the way). */
  explicit: Map<WorkspaceRoot, string[]>;
  /** The target glob, when the target is one. */
  glob?: (path: string) => boolean;
  display: (root: WorkspaceRoot, relative: string) => string;
  /** The real path of an approved folder outside the workspace the scope walks (files are checked against it). */
  outsideFolder?: string;
  /** What `glob` and `display` test and show, for the walk cache's key: equal keys, equal functions. */
  walkKey: string;
}

/** True when the target names an existing file (or a path that is neither a folder nor a glob). */
export async function fileTarget(env: ReadEnv, target: string): Promise<boolean> {
  const glob = picomatch.scan(target.trim()).isGlob;
  let resolved;
  try {
    resolved = await env.resolver.resolve(target);
  } catch (error) {
    if (glob) return false;
    throw error;
  }
  const stat = await env.host.fs.stat(resolved.absolute);
  if (stat?.kind === 'directory') return false;
  if (stat) return true;
  return !glob; // missing: the single-file search answers NOT_FOUND
}

const toPosix = (p: string) => p.split(nodePath.sep).join('/');

function isWithin(parent: string, child: string): boolean {
  const rel = nodePath.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !nodePath.isAbsolute(rel));
}

export async function resolveScope(env: ReadEnv, target: string | undefined): Promise<Scope> {
  const roots = env.host.roots();
  const multi = roots.length > 1;
  const display = (root: WorkspaceRoot, relative: string) => (multi ? `${root.name}/${relative}` : relative);
  if (target === undefined) {
    if (roots.length === 0)
      throw new LecternError(
        'NO_WORKSPACE',
        'No workspace folder is open to search.',
        'Open a folder, or pass a file or folder as target (absolute path).',
      );
    return {
      kind: 'workspace',
      label: 'the workspace',
      scopes: roots.map((root) => ({ root, start: '' })),
      explicit: new Map(),
      display,
      walkKey: JSON.stringify({ multi }),
    };
  }
  const clean = target.trim().replace(/^file:\/\//, '');
  if (!picomatch.scan(clean).isGlob) {
    const resolved = await env.resolver.resolve(clean);
    requireInside(resolved, env.allowOutside, 'Search folders');
    const label = `${resolved.display.replace(/\/$/, '')}/`;
    const root =
      resolved.root && isWithin(resolved.root.path, resolved.absolute) && !resolved.outside ? resolved.root : undefined;
    if (root) {
      const start = toPosix(nodePath.relative(root.path, resolved.absolute));
      return {
        kind: 'folder',
        label: start ? label : display(root, '').replace(/\/$/, '') || 'the workspace',
        scopes: [{ root, start }],
        explicit: new Map(),
        display,
        walkKey: JSON.stringify({ multi }),
      };
    }
    // A folder outside the workspace, approved: its own root, shown with absolute paths.
    const own: WorkspaceRoot = { name: nodePath.basename(resolved.absolute), path: resolved.absolute };
    const outsideFolder = await env.host.fs.realpath(resolved.absolute).catch(() => resolved.absolute);
    return {
      kind: 'folder',
      label,
      scopes: [{ root: own, start: '' }],
      explicit: new Map(),
      display: (_root, relative) => toPosix(nodePath.join(resolved.absolute, relative)),
      outsideFolder,
      walkKey: JSON.stringify({ outside: resolved.absolute }),
    };
  }
  // A glob: matched against display paths (and root-relative ones); its fixed part is where to walk.
  if (roots.length === 0)
    throw new LecternError(
      'NO_WORKSPACE',
      `"${target}" is a glob, but no workspace folder is open.`,
      'Open a folder, or pass a folder as target (absolute path).',
    );
  let pattern = clean;
  let only: WorkspaceRoot | undefined;
  if (nodePath.isAbsolute(pattern)) {
    const base = picomatch.scan(pattern).base;
    only = roots.find((r) => isWithin(r.path, base));
    if (!only) throw outsideGlob(target);
    pattern = `${toPosix(nodePath.relative(only.path, base))}${pattern.slice(base.length)}`.replace(/^\/+/, '');
  }
  pattern = normalizeGlob(pattern);
  const base = picomatch.scan(pattern).base;
  const matcher = compiled(pattern, 'target', () => globMatcher(pattern));
  const scopes: WalkScope[] = [];
  const explicit = new Map<WorkspaceRoot, string[]>();
  const [first, ...rest] = base.split('/');
  const named = only ? [] : multi ? roots.filter((r) => r.name === first) : [];
  for (const root of only ? [only] : named.length > 0 ? named : roots) {
    const start = nodePath.posix.normalize(named.length > 0 ? rest.join('/') || '.' : base || '.').replace(/^\.$/, '');
    // The glob's fixed part must stay in its folder, and lead to a real folder inside the workspace
    // (not through a symlink to elsewhere): files outside are searched by naming that folder, approved.
    if (start === '..' || start.startsWith('../') || nodePath.posix.isAbsolute(start)) throw outsideGlob(target);
    if (start && (await env.host.fs.stat(nodePath.join(root.path, start)))?.kind !== 'directory') continue;
    if (start && (await env.resolver.resolve(nodePath.join(root.path, start))).outside) throw outsideGlob(target);
    scopes.push({ root, start });
  }
  const walkKey = JSON.stringify({ multi, glob: pattern });
  return { kind: 'glob', label: clip(target.trim(), 200), scopes, explicit, glob: (p) => matcher(p), display, walkKey };
}

function outsideGlob(target: string): LecternError {
  return new LecternError(
    'OUTSIDE_WORKSPACE',
    `The glob ${quote(target.trim())} reaches outside the workspace folders.`,
    'Globs search inside the workspace, e.g. "src/**/*.ts". To search a folder outside, pass it as target (absolute path; needs the user\'s approval) with include for the file pattern.',
  );
}

/**
 * Globs from a string ("a/**, *.ts", commas outside braces) or a list: at most INPUT_BOUNDS.globs
 * of them (validation bounds the list and each string; a string may hold several).
 */
export function globList(value: string | string[] | undefined, field = 'include'): string[] {
  const out = splitGlobs(value);
  if (out.length > INPUT_BOUNDS.globs)
    throw new LecternError(
      'INVALID_ARGS',
      `${field} holds ${formatCount(out.length)} globs; at most ${INPUT_BOUNDS.globs} are taken.`,
      `Fewer, wider globs ("src/**/*.ts" instead of one per file), or a folder as target.`,
    );
  return out;
}

function splitGlobs(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  const out: string[] = [];
  for (const item of Array.isArray(value) ? value : [value]) {
    let depth = 0;
    let start = 0;
    for (let i = 0; i <= item.length; i++) {
      const c = item[i];
      if (c === '{') depth++;
      else if (c === '}') depth = Math.max(0, depth - 1);
      else if (i === item.length || (c === ',' && depth === 0)) {
        const glob = item.slice(start, i).trim();
        if (glob) out.push(glob);
        start = i + 1;
      }
    }
  }
  return out;
}

/** A glob also matches what lies under a folder it matches ("src" → everything in src). */
function pathMatcher(globs: string[], field: string): ((path: string) => boolean) | undefined {
  if (globs.length === 0) return undefined;
  const patterns = globs.map(normalizeGlob).filter((g) => g.length > 0);
  return compiled(patterns.join(', '), field, () => compileGlobs([...patterns, ...patterns.map((g) => `${g}/**`)]));
}

/** A glob compiled, or INVALID_ARGS saying why not (the glob library's own limits), never a failure without a code. */
function compiled<T>(glob: string, field: string, compile: () => T): T {
  try {
    return compile();
  } catch (error) {
    throw new LecternError(
      'INVALID_ARGS',
      `The ${field} glob ${quote(glob)} cannot be compiled: ${clip((error as Error).message ?? String(error), 200)}`,
      'Use a shorter, simpler glob such as "src/**/*.ts".',
    );
  }
}

/** What the walk left out: folders (the first few named) and files skipped by a rule. */
export interface WalkSkips {
  folders: { path: string; reason: SkipReason }[];
  folderCount: number;
  byRule: number;
}

/** The files of `scope` that pass include and exclude, in walk order; `skips` fills in as the walk goes. */
export function walkScope(
  env: ReadEnv,
  scope: Scope,
  includes: string[],
  excludes: string[],
  onReplay?: WalkOptions['onReplay'],
): { walk: AsyncGenerator<ListedFile>; skips: WalkSkips } {
  const included = pathMatcher(includes, 'include');
  const excluded = pathMatcher(excludes, 'exclude');
  const excludedFolder = compiled(excludes.join(', '), 'exclude', () => compileGlobs(excludes));
  const host = env.host;

  // Include globs name folders too: their fixed part is walked even where a default rule would skip it.
  for (const glob of includes) {
    const base = picomatch.scan(normalizeGlob(glob)).base;
    if (!base) continue;
    for (const { root } of scope.scopes) {
      const [first, ...rest] = base.split('/');
      const relative = host.roots().length > 1 && first === root.name ? rest.join('/') : base;
      if (relative) scope.explicit.set(root, [...(scope.explicit.get(root) ?? []), relative]);
    }
  }
  const inScope = (relative: string, root: WorkspaceRoot) => {
    const shown = scope.display(root, relative);
    if (scope.glob && !scope.glob(shown) && !scope.glob(relative)) return false;
    if (included && !included(shown) && !included(relative)) return false;
    return true;
  };

  const skips: WalkSkips = { folders: [], folderCount: 0, byRule: 0 };
  const walk = walkFiles(host, {
    scopes: scope.scopes,
    accept: (_name, relative, root) => inScope(relative, root),
    exclude: (relative, root, directory) => {
      if (excludes.length === 0) return false;
      const shown = scope.display(root, relative);
      return directory
        ? !!(excludedFolder?.(shown) || excludedFolder?.(relative))
        : !!(excluded?.(shown) || excluded?.(relative));
    },
    excludeGlobs: (root) => host.excludeGlobs?.(root, 'search') ?? [],
    explicit: (root) => scope.explicit.get(root) ?? [],
    signal: env.signal,
    cache: env.walks,
    cacheKey: JSON.stringify([scope.walkKey, includes, excludes]),
    ...(onReplay ? { onReplay } : {}),
    onSkip: (root, relative, reason, directory) => {
      if (!directory) {
        skips.byRule++;
        return;
      }
      skips.folderCount++;
      if (skips.folders.length < WORKSPACE_SEARCH_LIMITS.namedSkips)
        skips.folders.push({ path: scope.display(root, relative), reason });
    },
  });
  return { walk, skips };
}
