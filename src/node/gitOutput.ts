// Reading git's machine output: `git status --porcelain=v2 -z` and `git diff --numstat -z`, with
// paths made absolute under the repository's root.
import * as nodePath from 'node:path';
import { hostPacer } from '../core/ground/walk';
import type { GitChange, GitChangeKind, GitStatus, LineCounts } from '../core/ground/gitPort';

const STAGED: Record<string, GitChangeKind | undefined> = {
  M: 'modified',
  T: 'type_changed',
  A: 'added',
  D: 'deleted',
  R: 'renamed',
  C: 'copied',
  U: 'conflicted',
};
const UNSTAGED: Record<string, GitChangeKind | undefined> = {
  M: 'modified',
  T: 'type_changed',
  D: 'deleted',
  A: 'added',
  R: 'modified',
  C: 'modified',
  U: 'conflicted',
};

/** `n` space-separated fields, then the rest (a path may hold spaces). */
function fields(record: string, n: number): { parts: string[]; rest: string } {
  const parts: string[] = [];
  let at = 0;
  for (let i = 0; i < n; i++) {
    const space = record.indexOf(' ', at);
    if (space === -1) return { parts, rest: '' };
    parts.push(record.slice(at, space));
    at = space + 1;
  }
  return { parts, rest: record.slice(at) };
}

/**
 * Git's paths (relative, '/'-separated, already normal) made absolute under `root`: what
 * `nodePath.join` gives, without normalizing each of tens of thousands of paths again.
 */
function underRoot(root: string): (rel: string) => string {
  const prefix = nodePath.join(root, 'x').slice(0, -1);
  const native = nodePath.sep === '/' ? (rel: string) => rel : (rel: string) => rel.split('/').join(nodePath.sep);
  return (rel) => (rel === '' ? nodePath.join(root) : prefix + native(rel));
}

/**
 * Parses `git status --porcelain=v2 -z --branch` output; paths are made absolute under `root`.
 * A status of many changes (each untracked file counts) gives the host turns while it is parsed.
 */
export async function parseStatusV2(output: string, root: string): Promise<GitStatus> {
  const records = output.split('\0');
  const status: GitStatus = { hasCommits: true, changes: [] };
  const abs = underRoot(root);
  const pace = hostPacer();
  for (let i = 0; i < records.length; i++) {
    if ((i & 255) === 0) await pace();
    const record = records[i]!;
    if (record.length === 0) continue;
    switch (record[0]) {
      case '#': {
        const [, key, value] = /^# (\S+) (.*)$/.exec(record) ?? [];
        if (key === 'branch.oid' && value === '(initial)') status.hasCommits = false;
        if (key === 'branch.head' && value && value !== '(detached)') status.branch = value;
        break;
      }
      case '1':
      case '2':
      case 'u': {
        const n = record[0] === '1' ? 8 : record[0] === '2' ? 9 : 10;
        const { parts, rest } = fields(record, n);
        const xy = parts[1] ?? '..';
        const sub = parts[2] ?? 'N...';
        const change: GitChange = { path: abs(rest) };
        if (record[0] === 'u') {
          change.staged = 'conflicted';
          change.unstaged = 'conflicted';
        } else {
          change.staged = STAGED[xy[0]!];
          change.unstaged = UNSTAGED[xy[1]!];
        }
        // Modes only when two sides that hold the file differ (a chmod is a change of its own).
        const [mH, mI, mW] = [parts[3], parts[4], parts[5]];
        if (record[0] !== 'u' && mH && mI && mW && new Set([mH, mI, mW].filter((m) => !/^0+$/.test(m))).size > 1)
          change.mode = { head: mH, index: mI, worktree: mW };
        if (record[0] === '2') change.oldPath = abs(records[++i] ?? '');
        if (sub[0] === 'S')
          change.submodule = { commitChanged: sub[1] === 'C', modified: sub[2] === 'M', untracked: sub[3] === 'U' };
        if (change.staged === undefined) delete change.staged;
        if (change.unstaged === undefined) delete change.unstaged;
        status.changes.push(change);
        break;
      }
      case '?': {
        const rel = record.slice(2);
        const nested = rel.endsWith('/');
        status.changes.push({
          path: abs(nested ? rel.slice(0, -1) : rel),
          unstaged: 'untracked',
          ...(nested ? { nestedRepository: true } : {}),
        });
        break;
      }
      default:
        break; // '!' (ignored) is not asked for
    }
  }
  return status;
}

/** Parses `git diff --numstat -z`: "added\tremoved\tpath\0", or "added\tremoved\t\0old\0new\0" for a rename. */
export function parseNumstat(output: string, root: string): Map<string, LineCounts | 'binary'> {
  const counts = new Map<string, LineCounts | 'binary'>();
  const records = output.split('\0');
  const abs = underRoot(root);
  for (let i = 0; i < records.length; i++) {
    const record = records[i]!;
    const match = /^(-|\d+)\t(-|\d+)\t(.*)$/s.exec(record);
    if (!match) continue;
    let path = match[3]!;
    if (path === '') {
      i++; // the old path
      path = records[++i] ?? '';
    }
    counts.set(abs(path), match[1] === '-' ? 'binary' : { added: Number(match[1]), removed: Number(match[2]) });
  }
  return counts;
}
