// Resolves a tool's `target` against the workspace folders: its absolute and real path, its folder,
// whether it is inside them or a secret; what it learned is remembered while the file stays the same.
import * as nodePath from 'node:path';
import { LecternError } from './contract';
import type { FileHandle, OpenedStat } from './fileSystemPort';
import { openInside } from './openInside';
import {
  displayFor,
  isWithin,
  quote,
  relativeOf,
  requireInside,
  toPosix,
  type FileIdentity,
  type ResolvedPath,
} from './paths';
import type { Host, WorkspaceRoot } from './ports';
import { secretMatcher } from './secrets';

/** Real paths a resolver remembers (the oldest is forgotten first). */
const REMEMBERED_PATHS = 4_096;

/** What resolve learns of a target without the file system (PathResolver.namedPath). */
interface NamedPath {
  absolute: string;
  root: WorkspaceRoot | undefined;
  display: string;
  /** The path as given (absolute, or relative to its folder) looks like a secret. */
  secret: boolean;
}

export class PathResolver {
  /** Secret verdicts of listed files, by object, under one set of patterns and linked start folders. */
  private verdicts: { key: string; of: WeakMap<object, boolean> } | undefined;
  private realRootsCache: Promise<string[]> | undefined;
  private rootsKey = '';

  constructor(
    private readonly host: Host,
    /** Extra secret patterns (settings); the defaults always apply. */
    private readonly secretPatterns: () => readonly string[] = () => [],
  ) {}

  /** True when `absolute` (or its path relative to a workspace folder) looks like a secret. */
  isSecret(absolute: string, relative?: string): boolean {
    return this.secretTest()(absolute, relative);
  }

  /** The extra secret patterns as they stand: what a verdict kept between calls was judged by. */
  secretRules(): readonly string[] {
    return this.secretPatterns();
  }

  /** isSecret with the settings read once (a workspace search tests every file it reaches). */
  secretTest(): (absolute: string, relative?: string) => boolean {
    const matches = secretMatcher(this.secretPatterns());
    return (absolute, relative) => matches(absolute) || (relative !== undefined && matches(relative));
  }

  /**
   * The secret test of the files a walk of `scopes` lists, judged also by their real path: the walk
   * follows no link inside, but its start folder (a search target, a glob's fixed part) or the
   * workspace folder itself may be a link, and a folder `docs/cloud -> ../.aws` holds `.aws/` files.
   */
  async secretTestUnder(
    scopes: readonly { root: WorkspaceRoot; start: string }[],
  ): Promise<(file: { absolute: string; relative: string; root: WorkspaceRoot }) => boolean> {
    const test = this.secretTest();
    const links: { root: WorkspaceRoot; start: string; real: string }[] = [];
    for (const { root, start } of scopes) {
      const at = start ? nodePath.join(root.path, start) : root.path;
      const real = await this.host.fs.realpath(at).catch(() => at);
      if (real !== at) links.push({ root, start, real });
    }
    const judge = (file: { absolute: string; relative: string; root: WorkspaceRoot }) => {
      if (test(file.absolute, file.relative)) return true;
      for (const { root, start, real } of links) {
        // By path: a host may give new folder objects on every call, and a replayed walk lists its first ones.
        if (
          file.root.path !== root.path ||
          (start && file.relative !== start && !file.relative.startsWith(`${start}/`))
        )
          continue;
        const rest = start ? file.relative.slice(start.length + 1) : file.relative;
        if (test(toPosix(rest ? nodePath.join(real, rest) : real))) return true;
      }
      return false;
    };
    // A replayed walk (ground/walkCache.ts) lists the same file objects again: their verdicts are kept
    // while the patterns and the links are the same.
    const key = JSON.stringify([this.secretPatterns(), links.map((l) => [l.root.name, l.root.path, l.start, l.real])]);
    if (this.verdicts?.key !== key) this.verdicts = { key, of: new WeakMap() };
    const verdicts = this.verdicts.of;
    return (file) => {
      let secret = verdicts.get(file);
      if (secret === undefined) verdicts.set(file, (secret = judge(file)));
      return secret;
    };
  }

  private async realRootPaths(): Promise<string[]> {
    const roots = this.host.roots();
    const key = roots.map((r) => r.path).join('\0');
    if (!this.realRootsCache || key !== this.rootsKey) {
      this.rootsKey = key;
      this.realRootsCache = Promise.all(roots.map((r) => this.host.fs.realpath(r.path).catch(() => r.path)));
    }
    return this.realRootsCache;
  }

  /**
   * Real paths found earlier, by absolute path, with the identity of the file found there. A path
   * is resolved again only when what it leads to now (one stat) is not that file: a real path costs
   * a system call per folder of the path.
   */
  private readonly realPaths = new Map<string, FileIdentity & { real: string }>();

  /** Real path of the nearest existing ancestor joined with the rest, so new files can be judged too; `exists` when the path itself was there. */
  private async realPathOf(absolute: string): Promise<{ real: string; exists: boolean; id?: FileIdentity }> {
    const known = this.realPaths.get(absolute);
    if (known) {
      const now = await this.host.fs.stat(absolute).catch(() => undefined);
      if (now?.dev === known.dev && now.ino === known.ino) return { real: known.real, exists: true, id: known };
      this.realPaths.delete(absolute);
    }
    let existing = absolute;
    const rest: string[] = [];
    for (;;) {
      try {
        const real = await this.host.fs.realpath(existing);
        if (rest.length > 0) return { real: nodePath.join(real, ...rest), exists: false };
        return { real, exists: true, id: await this.remember(absolute, real) };
      } catch {
        const parent = nodePath.dirname(existing);
        if (parent === existing) return { real: absolute, exists: false };
        rest.unshift(nodePath.basename(existing));
        existing = parent;
      }
    }
  }

  /** The identity of the file at `real` (not following a link there), kept for `absolute` where the host tells one. */
  private async remember(absolute: string, real: string): Promise<FileIdentity | undefined> {
    const there = await this.host.fs.lstat(real).catch(() => undefined);
    if (
      there?.dev === undefined ||
      there.ino === undefined ||
      there.ino === 0 ||
      (there.kind !== 'file' && there.kind !== 'directory')
    )
      return undefined;
    if (this.realPaths.size >= REMEMBERED_PATHS) this.realPaths.delete(this.realPaths.keys().next().value!);
    const id = { dev: there.dev, ino: there.ino };
    this.realPaths.set(absolute, { ...id, real });
    return id;
  }

  /** The workspace folders' real paths (cached while the folders stay the same). */
  realRoots(): Promise<string[]> {
    return this.realRootPaths();
  }

  /**
   * What resolve learns of a target from the folders and the settings alone (no file system):
   * the same target asks it again on every call, and a path's joins, relatives and secret test are
   * a good part of a small read. Kept while the folders and secret patterns stay the same.
   */
  private readonly named = new Map<string, NamedPath>();
  private namedKey = '';

  private namedPath(roots: readonly WorkspaceRoot[], target: string, cleaned: string): NamedPath | undefined {
    const key = `${roots.map((r) => `${r.name}\0${r.path}`).join('\0')}\0\0${this.secretPatterns().join('\0')}`;
    if (key !== this.namedKey) {
      this.named.clear();
      this.secretReal.clear();
      this.namedKey = key;
    }
    const known = this.named.get(target);
    // The folder as the host gives it now (the same name and path: the key says so).
    if (known)
      return known.root ? { ...known, root: roots[roots.findIndex((r) => r.path === known.root!.path)] } : known;
    let absolute: string;
    let root: WorkspaceRoot | undefined;
    if (nodePath.isAbsolute(cleaned)) {
      absolute = nodePath.normalize(cleaned);
      root = roots.find((r) => isWithin(r.path, absolute));
    } else if (roots.length === 1) {
      // pickRoot's answer: it asks the file system only which of several folders holds the path.
      [root, absolute] = [roots[0]!, nodePath.join(roots[0]!.path, relativeOf(cleaned))];
    } else return undefined;
    const rel = root && isWithin(root.path, absolute) ? toPosix(nodePath.relative(root.path, absolute)) : undefined;
    const named: NamedPath = {
      absolute,
      root,
      display: displayFor(roots, root, absolute),
      secret: this.isSecret(toPosix(absolute), rel),
    };
    if (this.named.size >= REMEMBERED_PATHS) this.named.delete(this.named.keys().next().value!);
    this.named.set(target, named);
    return named;
  }

  /** isSecret of real paths, kept like namedPath's answers (a real path is judged on every read). */
  private readonly secretReal = new Map<string, boolean>();

  private isSecretReal(real: string): boolean {
    let secret = this.secretReal.get(real);
    if (secret === undefined) {
      secret = this.isSecret(toPosix(real));
      if (this.secretReal.size >= REMEMBERED_PATHS) this.secretReal.delete(this.secretReal.keys().next().value!);
      this.secretReal.set(real, secret);
    }
    return secret;
  }

  async resolve(target: string): Promise<ResolvedPath> {
    const roots = this.host.roots();
    if (target.includes('\0')) {
      throw new LecternError(
        'INVALID_ARGS',
        `The path ${quote(target)} holds a NUL character, which no file name can.`,
        'Pass the path without it.',
      );
    }
    const cleaned = target.trim().replace(/^file:\/\//, '');
    const named = roots.length > 0 ? this.namedPath(roots, target, cleaned) : undefined;
    if (named) return this.resolved(roots, named);
    let absolute: string;
    let root: WorkspaceRoot | undefined;
    if (nodePath.isAbsolute(cleaned)) {
      absolute = nodePath.normalize(cleaned);
      root = roots.find((r) => isWithin(r.path, absolute));
    } else {
      if (roots.length === 0) {
        throw new LecternError(
          'NO_WORKSPACE',
          `${quote(target)} is a relative path, but no workspace folder is open.`,
          'Open a folder, or pass an absolute path.',
        );
      }
      [root, absolute] = await this.pickRoot(roots, cleaned, target);
    }
    const rel = root && isWithin(root.path, absolute) ? toPosix(nodePath.relative(root.path, absolute)) : undefined;
    const display = displayFor(roots, root, absolute);
    return this.resolved(roots, { absolute, root, display, secret: this.isSecret(toPosix(absolute), rel) });
  }

  /** The path named, judged on where it really leads. */
  private async resolved(roots: readonly WorkspaceRoot[], named: NamedPath): Promise<ResolvedPath> {
    const { absolute, root, display } = named;
    const { real, exists, id } = await this.realPathOf(absolute);
    const realRoots = await this.realRootPaths();
    const outside = !realRoots.some((r) => isWithin(r, real)) && !roots.some((r) => isWithin(r.path, real));
    const known = [...new Set([...realRoots, ...roots.map((r) => r.path)])];
    // Judged on the path as given and on the real path (a symlink named innocently to a key).
    const secret = named.secret || this.isSecretReal(real);
    const found = exists ? { real, ...(id ? { realId: id, stale: () => this.realPaths.delete(absolute) } : {}) } : {};
    return { absolute, display, root, outside, realRoots: known, secret, ...found };
  }

  private async pickRoot(
    roots: readonly WorkspaceRoot[],
    relative: string,
    original: string,
  ): Promise<[WorkspaceRoot, string]> {
    const normalized = relativeOf(relative);
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
    if (existing.length === 1 || (existing.length > 1 && named.length > 0 && existing[0]![0] === named[0]))
      return existing[0]!;
    if (existing.length > 1) {
      const options = existing.map(([r, p]) => `"${displayFor(roots, r, p)}"`).join(' or ');
      throw new LecternError(
        'AMBIGUOUS_PATH',
        `${quote(original)} exists in ${existing.length} workspace folders.`,
        `Prefix the folder name: ${options}.`,
      );
    }
    // Nothing exists: answer for the named folder if any, else the first one.
    return candidates[0]!;
  }

  /** Resolves `target` again, refuses it outside unless approved, and opens it (openInside). */
  async open(
    target: string,
    allowOutside: boolean,
    doing = 'Read files',
    allowSecrets = false,
  ): Promise<{ handle: FileHandle; stat: OpenedStat; path: ResolvedPath }> {
    const path = await this.resolve(target);
    requireInside(path, allowOutside, doing, allowSecrets);
    return { ...(await openInside(this.host.fs, path)), path };
  }

  /** Workspace folder names, for hints. */
  rootNames(): string[] {
    return this.host.roots().map((r) => r.name);
  }
}
