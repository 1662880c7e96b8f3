// What a resolved path is, and what every caller checks or shows of it: inside the workspace folders
// or not, refused as a secret, shown relative to its folder, quoted in a message (PathResolver resolves).
import * as nodePath from 'node:path';
import { LecternError } from './contract';
import { clip } from './format';
import type { WorkspaceRoot } from './ports';

export interface ResolvedPath {
  /** Absolute path as given or joined (not symlink-resolved). */
  absolute: string;
  /** What answers show: relative to its folder (prefixed by the folder name in multi-root), or absolute. */
  display: string;
  root: WorkspaceRoot | undefined;
  /** True when the real path (symlinks resolved) lies outside every workspace folder. */
  outside: boolean;
  /**
   * The workspace folders' real paths when it was resolved: openInside checks the opened file
   * against them (absent: a path listed by a walk of the folders, checked for kind and identity only).
   */
  realRoots?: readonly string[];
  /** True when the path looks like a secret (src/core/secrets.ts): reads need the user's approval. */
  secret?: boolean;
  /**
   * The real path resolve found for it (it existed then); openInside opens this instead of asking
   * for it again, and checks the opened file exactly as it checks any other.
   */
  real?: string;
  /**
   * The identity (device, inode) of the file at `real` when it was resolved: openInside compares
   * the opened file with it instead of asking the path again.
   */
  realId?: FileIdentity;
  /** Called by openInside when the opened file is not `realId`: what resolve remembered of the path is stale. */
  stale?: () => void;
}

export interface FileIdentity {
  dev: number;
  ino: number;
}

/** A target shown in a message: at most this many characters of it. */
const QUOTED_CHARS = 200;

/** `text` as a message quotes it: JSON-quoted, cut to a short prefix. */
export function quote(text: string): string {
  return JSON.stringify(clip(text, QUOTED_CHARS));
}

export const toPosix = (p: string) => (nodePath.sep === '/' ? p : p.split(nodePath.sep).join('/'));

/** A relative target, normalized as a path inside a folder is joined. */
export const relativeOf = (relative: string) => toPosix(nodePath.normalize(relative)).replace(/^\.\//, '');

/** The folder of `roots` holding `absolute` (not the folder itself), the innermost when folders nest. */
export function rootHolding<R extends { path: string }>(roots: readonly R[], absolute: string): R | undefined {
  let best: R | undefined;
  for (const root of roots)
    if (absolute !== root.path && isWithin(root.path, absolute) && (!best || root.path.length > best.path.length))
      best = root;
  return best;
}

/** A POSIX absolute path with nothing to normalize: no empty, `.` or `..` segment, no trailing slash. */
const PLAIN_ABSOLUTE = /^(?:\/(?!\.\.?(?:\/|$))[^/]+)+$/;

/**
 * `child` is `parent` or inside it. Two plain POSIX paths (real paths, normalized ones: nearly every
 * call) are compared as strings, which is what path.relative concludes for them at a fraction of its
 * cost (it resolves both against the working folder); anything else goes to path.relative.
 */
export function isWithin(parent: string, child: string): boolean {
  if (nodePath.sep === '/' && PLAIN_ABSOLUTE.test(parent) && PLAIN_ABSOLUTE.test(child))
    // path.relative's answer is the rest after the slash, and a rest starting '..' counts as outside.
    return child === parent || (child.startsWith(`${parent}/`) && !child.startsWith('..', parent.length + 1));
  const rel = nodePath.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !nodePath.isAbsolute(rel));
}

/** Longer than any path a file system holds (PATH_MAX): nothing is there, and answers show a prefix. */
const PATH_MAX = 4_096;

export function displayFor(roots: readonly WorkspaceRoot[], root: WorkspaceRoot | undefined, absolute: string): string {
  const shown = fullDisplay(roots, root, absolute);
  return shown.length > PATH_MAX
    ? `${shown.slice(0, QUOTED_CHARS)}… [a path of ${shown.length.toLocaleString('en-US')} characters]`
    : shown;
}

function fullDisplay(roots: readonly WorkspaceRoot[], root: WorkspaceRoot | undefined, absolute: string): string {
  if (!root || !isWithin(root.path, absolute)) return toPosix(absolute);
  const rel = toPosix(nodePath.relative(root.path, absolute)) || '.';
  return roots.length > 1 ? `${root.name}/${rel === '.' ? '' : rel}`.replace(/\/$/, '') : rel;
}

/**
 * Refuses a path outside the workspace unless the user approved it. `doing` says what the call
 * would do there ("Read files", "Search folders"), for the hint.
 */
export function requireInside(path: ResolvedPath, allowOutside: boolean, doing: string, allowSecrets = false): void {
  if (path.secret && !allowSecrets) throw secretRefused(path.display);
  if (path.outside && !allowOutside) {
    throw new LecternError(
      'OUTSIDE_WORKSPACE',
      `${path.display} is outside the workspace folders.`,
      `${doing} inside the workspace. Reading outside needs the user's approval (VS Code asks; the CLI needs --allow-outside).`,
    );
  }
}

/** A secret-looking path, refused: the error every read and file search answers with. */
function secretRefused(display: string): LecternError {
  return new LecternError(
    'SECRET_PATH',
    `${display.length > QUOTED_CHARS ? `${display.slice(0, QUOTED_CHARS)}…` : display} looks like a secret (a private key, .env or credentials file); its content is not returned without the user's approval.`,
    "Ask the user to approve it (VS Code asks; the CLI needs --allow-secrets on; the setting lectern.allowSecrets). Patterns: lectern.secretPatterns ('!glob' exempts).",
  );
}

/** True when the real path `real` lies in one of `realRoots`. */
export function insideRoots(realRoots: readonly string[], real: string): boolean {
  return realRoots.some((root) => isWithin(root, real));
}
