// The word prefilter of a references read: which files of the scope the host's candidate finder
// (ripgrep, as workspace search asks it: search/prefilter.ts) says cannot hold the name. A name with
// thousands of uses takes many pages, each a call of its own: the finder's answer is kept for the
// next pages of the same name and scope, and a file it ruled out is still ruled out only while its
// stat says it has not changed since the finder ran: its modification and change times are older than
// the finder's start (modified or created later, or a port without change times: read as any other).
import type { ReadEnv } from '../ground/env';
import type { ListedFile } from '../ground/walk';
import { SETTLED_MS } from '../ground/walkCache';
import { startCandidates } from '../search/prefilter';
import type { Scope } from '../search/searchScope';

/** A file's bytes lack the name (true), or may hold it and are read (false). */
export type LacksName = (file: ListedFile) => boolean;

interface Kept {
  key: string;
  /** When the finder started: a file unchanged since a while before then is as it saw it. */
  startedAt: number;
  lacks: LacksName;
}

export const WORD_FILTER_LIMITS = {
  /** A file changed this long before the finder ran may have changed again within the clock's resolution. */
  settledMs: SETTLED_MS,
};

/** Finder answers kept per host (an engine's), the latest last. */
const kept = new WeakMap<object, Kept[]>();
const KEPT_PER_HOST = 4;

/**
 * Starts the finder for `name` over the scope (or takes its answer for an earlier page), and
 * resolves with the test of a listed file, or undefined when there is no finder or it cannot tell.
 */
export function startWordFilter(
  env: ReadEnv,
  scope: Scope,
  name: string,
  timeoutMs: number,
): Promise<LacksName | undefined> {
  const key = JSON.stringify([name, scope.label, scope.walkKey, scope.scopes.map((s) => [s.root.path, s.start])]);
  const list = kept.get(env.host) ?? [];
  const earlier = list.find((k) => k.key === key);
  const statSync = env.host.fs.statSync?.bind(env.host.fs);
  if (earlier && statSync)
    return Promise.resolve((file) => earlier.lacks(file) && unchangedSince(file, earlier.startedAt));
  const startedAt = Date.now();
  const query = { literals: [name], caseSensitive: true };
  return startCandidates(env, scope.scopes, query, timeoutMs).then(
    (lacks) => {
      if (!lacks) return undefined;
      kept.set(env.host, [...list.filter((k) => k.key !== key), { key, startedAt, lacks }].slice(-KEPT_PER_HOST));
      return lacks;
    },
    () => undefined,
  );

  function unchangedSince(file: ListedFile, at: number): boolean {
    const stat = statSync!(file.absolute);
    // Without a change time a rewrite could put the modification time back: such a port's files are read.
    if (stat?.ctimeMs === undefined) return false;
    return Math.max(stat.mtimeMs, stat.ctimeMs) < at - WORD_FILTER_LIMITS.settledMs;
  }
}
