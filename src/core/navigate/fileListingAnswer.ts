// The text of a files listing within its token budget. A folder is a tree, directories first, each
// folder's files on one line: folders are expanded breadth-first while the budget lasts, and one left
// collapsed shows its count of files ("ground/ (12)"), listed by the call the closing line names.
// A glob's or a name part's matches are a list in order (without a header when shown whole); a listing longer than the budget (a list,
// or a folder's own files) continues with `skip`. Every file in scope is shown or counted once.
import { callText, formatCount, plural } from '../ground/format';
import type { TokenCounter } from '../ground/tokens';
import { TOOL } from '../ground/tools';

export interface Listing {
  /** A folder's tree, or a list in the given order (a glob's or a name part's matches). */
  kind: 'tree' | 'list';
  label: string;
  /** The tree's folder as its display paths begin ("src/"; '' for the workspace). */
  base: string;
  /** Display paths of the files in scope: walk order (tree, glob) or rank order (name part). */
  paths: readonly string[];
  /** Secret-looking files in scope, not listed. */
  secrets: number;
  /** Entries to skip: the list's first ones, or the tree folder's own files (its subfolders are then not shown). */
  skip: number;
  /** Folder levels a tree opens (1: the folder's own entries, as ls shows them); Infinity while the budget lasts. */
  depth: number;
  /** The call's input, for the continuation calls. */
  call: Record<string, unknown>;
  maxTokens: number;
  notes: readonly string[];
}

interface Folder {
  name: string;
  /** Its display path ("src/core/"), as a target names it. */
  path: string;
  depth: number;
  dirs: Folder[];
  files: string[];
  total: number;
}

/** The closing line's words besides its calls and notes. */
const CLOSING_WORDS_TOKENS = 40;

/** Names are separated by one space (which o200k takes into the next name's first token): one with a space is quoted. */
const shownName = (name: string) => (/\s|^["']/.test(name) ? JSON.stringify(name) : name);
const indent = (depth: number) => '  '.repeat(depth);

/** The folder tree of `paths` under `base`, directories first, each in name order. */
function treeOf(base: string, paths: readonly string[]): Folder {
  const root: Folder = { name: base, path: base, depth: 0, dirs: [], files: [], total: 0 };
  const byPath = new Map<string, Folder>([['', root]]);
  for (const path of paths) {
    const parts = path.slice(base.length).split('/');
    let at = root;
    at.total++;
    let key = '';
    for (const part of parts.slice(0, -1)) {
      key += `${part}/`;
      let next = byPath.get(key);
      if (!next) {
        next = { name: part, path: base + key, depth: at.depth + 1, dirs: [], files: [], total: 0 };
        byPath.set(key, next);
        at.dirs.push(next);
      }
      next.total++;
      at = next;
    }
    at.files.push(parts[parts.length - 1]!);
  }
  const order = (folder: Folder) => {
    folder.dirs.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    folder.files.sort();
    folder.dirs.forEach(order);
  };
  order(root);
  return root;
}

/** The lines of a folder's contents one level down: its subfolders collapsed, then its files on one line. */
function contentLines(folder: Folder): string[] {
  const lines = folder.dirs.map((dir) => `${indent(dir.depth - 1)}${dir.name}/ (${dir.total})`);
  if (folder.files.length > 0) lines.push(indent(folder.depth) + folder.files.map(shownName).join(' '));
  return lines;
}

/** Folders to expand, breadth-first to `depth` levels, each while its lines fit in what is left. */
function expandWithin(root: Folder, count: TokenCounter, left: number, depth: number): Set<Folder> {
  const expanded = new Set<Folder>([root]);
  const queue = [...root.dirs];
  for (let next = 0; next < queue.length; next++) {
    const folder = queue[next]!;
    if (folder.depth >= depth) break;
    const cost = contentLines(folder).reduce((sum, line) => sum + count(line) + 1, 0);
    if (cost > left) continue;
    left -= cost;
    expanded.add(folder);
    queue.push(...folder.dirs);
  }
  return expanded;
}

function renderTree(folder: Folder, expanded: Set<Folder>, lines: string[], collapsed: Folder[]): void {
  for (const dir of folder.dirs) {
    const open = expanded.has(dir);
    lines.push(`${indent(dir.depth - 1)}${dir.name}/${open ? '' : ` (${dir.total})`}`);
    if (open) renderTree(dir, expanded, lines, collapsed);
    else collapsed.push(dir);
  }
  if (folder.files.length > 0) lines.push(indent(folder.depth) + folder.files.map(shownName).join(' '));
}

/** Names from `from` on, as many as fit in `left` tokens (at least one, so that every page moves on); how many. */
function fitting(names: readonly string[], from: number, count: TokenCounter, left: number): number {
  let n = 0;
  for (let i = from; i < names.length; i++) {
    left -= count(names[i]!) + 1;
    if (left < 0 && n > 0) break;
    n++;
  }
  return n;
}

interface Body {
  lines: string[];
  shown: number;
  /** Folders shown with their count only. */
  collapsed: Folder[];
  /** Where the next page starts (skip), when some entries are left for it. */
  nextSkip?: number;
}

function treeBody(listing: Listing, count: TokenCounter, left: number): Body {
  const root = treeOf(listing.base, listing.paths);
  const own = contentLines(root).reduce((sum, line) => sum + count(line) + 1, 0);
  if (listing.skip === 0 && own <= left) {
    const lines: string[] = [];
    const collapsed: Folder[] = [];
    renderTree(root, expandWithin(root, count, left - own, listing.depth), lines, collapsed);
    const hidden = collapsed.reduce((sum, folder) => sum + folder.total, 0);
    return { lines, shown: listing.paths.length - hidden, collapsed };
  }
  // The folder's own files do not fit (or a later page): its subfolders collapsed on the first page, its files paged.
  const lines = listing.skip === 0 ? root.dirs.map((dir) => `${dir.name}/ (${dir.total})`) : [];
  const collapsed = listing.skip === 0 ? root.dirs : [];
  const used = lines.reduce((sum, line) => sum + count(line) + 1, 0);
  const from = Math.min(listing.skip, root.files.length);
  const n = fitting(root.files, from, count, left - used);
  if (n > 0)
    lines.push(
      root.files
        .slice(from, from + n)
        .map(shownName)
        .join(' '),
    );
  const end = from + n;
  return {
    lines,
    shown: n,
    collapsed,
    ...(end < root.files.length ? { nextSkip: end } : {}),
  };
}

function listBody(listing: Listing, count: TokenCounter, left: number): Body {
  const from = Math.min(listing.skip, listing.paths.length);
  const n = fitting(listing.paths, from, count, left);
  const lines: string[] = [];
  let folder: string | undefined;
  for (const path of listing.paths.slice(from, from + n)) {
    const cut = path.lastIndexOf('/') + 1;
    const dir = path.slice(0, cut);
    const name = shownName(path.slice(cut));
    if (dir && dir === folder) lines[lines.length - 1] += ` ${name}`;
    else lines.push(dir ? `${dir} ${name}` : name);
    folder = dir;
  }
  return { lines, shown: n, collapsed: [], ...(from + n < listing.paths.length ? { nextSkip: from + n } : {}) };
}

/** The closing line: what was left out, counted, and the calls that show it. */
function closing(listing: Listing, body: Body): string {
  const total = listing.paths.length;
  const parts: string[] = [];
  const earlier = listing.kind === 'list' ? Math.min(listing.skip, total) : 0;
  if (body.shown + earlier < total || listing.skip > 0)
    parts.push(
      `${formatCount(body.shown)} of ${plural(total, 'file')} shown${earlier > 0 ? ` (after ${formatCount(earlier)})` : ''}.`,
    );
  if (body.collapsed.length > 0) {
    const first = body.collapsed[0]!;
    parts.push(
      `A folder "name/ (N)" holds N files not shown: ${callText(TOOL.read, { ...listing.call, target: first.path })}${body.collapsed.length > 1 ? ' and so on' : ''}.`,
    );
  }
  if (body.nextSkip !== undefined)
    parts.push(`Next: ${callText(TOOL.read, { ...listing.call, skip: body.nextSkip })}.`);
  if (listing.secrets > 0)
    parts.push(
      `${plural(listing.secrets, 'secret-looking file')} not listed; the user can approve them (CLI --allow-secrets on, setting lectern.allowSecrets).`,
    );
  parts.push(...listing.notes);
  return parts.length > 0 ? `[${parts.join(' ')}]` : '';
}

/** The answer's text and how many files it names. */
export function listingText(count: TokenCounter, listing: Listing): { text: string; shown: number } {
  const header = `${listing.label}: ${plural(listing.paths.length, 'file')}`;
  // Kept for the closing line: its words, the longest call it may name, the secrets' line and the notes.
  const longest = callText(TOOL.read, {
    ...listing.call,
    target: listing.base || undefined,
    skip: listing.paths.length,
  });
  const kept = CLOSING_WORDS_TOKENS + count(longest) + (listing.secrets > 0 ? 30 : 0) + count(listing.notes.join(' '));
  const left = Math.max(0, listing.maxTokens - kept - count(header));
  const body = listing.kind === 'tree' ? treeBody(listing, count, left) : listBody(listing, count, left);
  const end = closing(listing, body);
  // A list shown whole is its matches alone, as find prints them: the closing line counts a list cut short.
  const whole = listing.kind === 'list' && listing.skip === 0 && body.shown === listing.paths.length && body.shown > 0;
  const lines = [...(whole ? [] : [header]), ...body.lines, ...(end ? [end] : [])];
  return { text: lines.join('\n'), shown: body.shown };
}
