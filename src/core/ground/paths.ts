// Resolves a tool's `target` against the workspace folders and decides whether it is inside them.
import * as nodePath from 'node:path';
import { LecternError } from './contract';
import type { Host, WorkspaceRoot } from './ports';

export interface ResolvedPath {
  /** Absolute path as given or joined (not symlink-resolved). */
  absolute: string;
  /** What answers show: relative to its folder (prefixed by the folder name in multi-root), or absolute. */
  display: string;
  root: WorkspaceRoot | undefined;
  /** True when the real path (symlinks resolved) lies outside every workspace folder. */
  outside: boolean;
}

const toPosix = (p: string) => p.split(nodePath.sep).join('/');

function isWithin(parent: string, child: string): boolean {
  const rel = nodePath.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !nodePath.isAbsolute(rel));
}

function displayFor(roots: readonly WorkspaceRoot[], root: WorkspaceRoot | undefined, absolute: string): string {
  if (!root || !isWithin(root.path, absolute)) return toPosix(absolute);
  const rel = toPosix(nodePath.relative(root.path, absolute)) || '.';
  return roots.length > 1 ? `${root.name}/${rel === '.' ? '' : rel}`.replace(/\/$/, '') : rel;
}

/**
 * Refuses a path outside the workspace unless the user approved it. `doing` says what the call
 * would do there ("Read files", "Search folders"), for the hint.
 */
export function requireInside(path: ResolvedPath, allowOutside: boolean, doing: string): void {
  if (path.outside && !allowOutside) {
    throw new LecternError(
      'OUTSIDE_WORKSPACE',
      `${path.display} is outside the workspace folders.`,
      `${doing} inside the workspace. Reading outside needs the user's approval (VS Code asks; the CLI needs --allow-outside).`,
    );
  }
}

export class PathResolver {
  private realRoots: Promise<string[]> | undefined;
  private rootsKey = '';

  constructor(private readonly host: Host) {}

  private async realRootPaths(): Promise<string[]> {
    const roots = this.host.roots();
    const key = roots.map((r) => r.path).join('\0');
    if (!this.realRoots || key !== this.rootsKey) {
      this.rootsKey = key;
      this.realRoots = Promise.all(roots.map((r) => this.host.fs.realpath(r.path).catch(() => r.path)));
    }
    return this.realRoots;
  }

  /** Real path of the nearest existing ancestor joined with the rest, so new files can be judged too. */
  private async realPathOf(absolute: string): Promise<string> {
    let existing = absolute;
    const rest: string[] = [];
    for (;;) {
      try {
        return nodePath.join(await this.host.fs.realpath(existing), ...rest);
      } catch {
        const parent = nodePath.dirname(existing);
        if (parent === existing) return absolute;
        rest.unshift(nodePath.basename(existing));
        existing = parent;
      }
    }
  }

  async resolve(target: string): Promise<ResolvedPath> {
    const roots = this.host.roots();
    const cleaned = target.trim().replace(/^file:\/\//, '');
    let absolute: string;
    let root: WorkspaceRoot | undefined;
    if (nodePath.isAbsolute(cleaned)) {
      absolute = nodePath.normalize(cleaned);
      root = roots.find((r) => isWithin(r.path, absolute));
    } else {
      if (roots.length === 0) {
        throw new LecternError(
          'NO_WORKSPACE',
          `"${target}" is a relative path, but no workspace folder is open.`,
          'Open a folder, or pass an absolute path.',
        );
      }
      [root, absolute] = await this.pickRoot(roots, cleaned, target);
    }
    const real = await this.realPathOf(absolute);
    const realRoots = await this.realRootPaths();
    const outside = !realRoots.some((r) => isWithin(r, real)) && !roots.some((r) => isWithin(r.path, real));
    return { absolute, display: displayFor(roots, root, absolute), root, outside };
  }

  private async pickRoot(roots: readonly WorkspaceRoot[], relative: string, original: string): Promise<[WorkspaceRoot, string]> {
    const normalized = toPosix(nodePath.normalize(relative)).replace(/^\.\//, '');
    if (roots.length === 1) return [roots[0]!, nodePath.join(roots[0]!.path, normalized)];
    const [first, ...rest] = normalized.split('/');
    const named = roots.filter((r) => r.name === first);
    const candidates: [WorkspaceRoot, string][] = [];
    for (const r of named) candidates.push([r, nodePath.join(r.path, ...rest)]);
    for (const r of roots) candidates.push([r, nodePath.join(r.path, normalized)]);
    const existing: [WorkspaceRoot, string][] = [];
    for (const candidate of candidates) {
      if (existing.some(([, p]) => p === candidate[1])) continue;
      if (await this.host.fs.stat(candidate[1])) existing.push(candidate);
    }
    if (existing.length === 1 || (existing.length > 1 && named.length > 0 && existing[0]![0] === named[0])) return existing[0]!;
    if (existing.length > 1) {
      const options = existing.map(([r, p]) => `"${displayFor(roots, r, p)}"`).join(' or ');
      throw new LecternError(
        'AMBIGUOUS_PATH',
        `"${original}" exists in ${existing.length} workspace folders.`,
        `Prefix the folder name: ${options}.`,
      );
    }
    // Nothing exists: answer for the named folder if any, else the first one.
    return candidates[0]!;
  }

  /** Workspace folder names, for hints. */
  rootNames(): string[] {
    return this.host.roots().map((r) => r.name);
  }
}
