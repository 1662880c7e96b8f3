// `lectern_search` over the workspace, a folder or a glob (a file target keeps the single-file
// search of searchFile.ts). Files come from the one workspace walker (searchScope.ts) and are read
// one at a time (through the port's synchronous fast path when it has one, yielding to the host
// every 15 ms; else a few in flight), so memory stays flat; each file's lines match exactly as in
// the single-file search. Bounded in time: a search that runs out of time answers with what it
// found and says so. meta.files lists the files in rank order (the session's relevance baseline).
import { LecternError, type ToolResponse } from '../ground/contract';
import type { ReadEnv } from '../ground/env';
import { LIMITS } from '../ground/settings';
import { yieldToHost, type ListedFile } from '../ground/walk';
import { textHaystack, type Haystack } from './haystack';
import { INLINE_REGEX_MS, RegexCost } from './regexCost';
import type { RegexScanResult } from '../ground/ports';
import { materialize, scanText } from './lineScan';
import { examine, readAsync, readSyncChecked, type Loaded, type Raw } from './loadFile';
import { insideRoots, type ResolvedPath } from '../ground/paths';
import { plural } from '../ground/format';
import { createTextSearcher, type TextSearcher } from './matcher';
import { Ranking, type FileResult } from './ranking';
import { render } from './renderWorkspace';
import { searchFile, type SearchInput } from './searchFile';
import { fileTarget, globList, resolveScope, walkScope, type Scope } from './searchScope';
import { WORKSPACE_SEARCH_LIMITS, type WorkspaceSearchInput } from './workspaceLimits';

export { WORKSPACE_SEARCH_LIMITS, type WorkspaceSearchInput } from './workspaceLimits';
export type { WorkspaceMatch } from './renderWorkspace';

/** The sync fast path yields to the host's event loop this often. */
const SLICE_MS = 15;

/** `target` is a file: the single-file search. Otherwise the workspace, a folder or a glob. */
export async function search(env: ReadEnv, input: WorkspaceSearchInput, notes: string[] = []): Promise<ToolResponse> {
  // A bad pattern answers before anything is read.
  const searcher = createTextSearcher(input.query, input.is_regex ?? false, input.case_sensitive ?? false);
  if (input.target !== undefined) {
    const file = await fileTarget(env, input.target);
    if (file) {
      const { include, exclude, max_results, ...rest } = input;
      if (include !== undefined || exclude !== undefined)
        notes.push('include and exclude apply to folder and workspace searches; ignored for a file target.');
      const single: SearchInput = { ...rest, target: input.target, max_matches: rest.max_matches ?? max_results };
      return searchFile(env, single, notes);
    }
  }
  return searchWorkspace(env, input, searcher, await resolveScope(env, input.target), notes);
}

async function searchWorkspace(
  env: ReadEnv,
  input: WorkspaceSearchInput,
  searcher: TextSearcher,
  scope: Scope,
  notes: string[],
): Promise<ToolResponse> {
  const limits = WORKSPACE_SEARCH_LIMITS;
  const maxResults = Math.min(input.max_results ?? input.max_matches ?? limits.defaultResults, limits.maxResults);
  const before = Math.min(input.before ?? 0, LIMITS.maxSearchContext);
  const after = Math.min(input.after ?? 0, LIMITS.maxSearchContext);
  const includes = globList(input.include);
  const excludes = globList(input.exclude);
  const host = env.host;
  const signal = env.signal;
  const { walk, skips } = walkScope(env, scope, includes, excludes);

  const dirty = host.documents?.dirtyPaths ? new Set(host.documents.dirtyPaths()) : undefined;
  const ranking = new Ranking(maxResults, maxResults + limits.listedFiles);
  const started = Date.now();
  let order = 0;
  let searched = 0;
  let totalMatches = 0;
  let matchedFiles = 0;
  let binary = 0;
  let unreadable = 0;
  let outside = 0;
  let secrets = 0;
  // Secret-looking files (keys, .env, credentials) are not read at all without the user's approval.
  const isSecret = await env.resolver.secretTestUnder(scope.scopes);
  const secret = (file: ListedFile) => {
    if (env.allowSecrets || !isSecret(file)) return false;
    secrets++;
    return true;
  };
  const large: { path: string; size: number; order: number }[] = [];
  let largeCount = 0;
  let outOfTime = false;
  let failure: unknown;
  const firstOmitted = new Map<FileResult, number>();

  const cancelled = () =>
    new LecternError('CANCELLED', 'The search was cancelled.', 'Call again if you still need it.');
  const raw = (file: ListedFile): Raw | undefined => {
    if (dirty ? dirty.has(file.absolute) : host.documents) {
      const doc = host.documents?.dirty(file.absolute);
      if (doc) return { text: doc.text };
    }
    return undefined;
  };
  // A regular expression predicted to be slow on a file's text scans it off the host's thread, within the time left.
  const cost = input.is_regex ? new RegexCost(searcher.line) : undefined;
  let stoppedIn: string | undefined;
  /** The file's matching lines, and the haystack their positions refer to; undefined when the time ran out. */
  const scan = async (
    file: ListedFile,
    source: Haystack,
  ): Promise<{ scanned: RegexScanResult; source: Haystack } | undefined> => {
    const inline = () => ({
      scanned: cost
        ? cost.time(source.hay.length, () => scanText(source, searcher, maxResults))
        : scanText(source, searcher, maxResults),
      source,
    });
    if (!cost) return inline();
    if (host.regex && cost.predictMs(source.hay.length) > INLINE_REGEX_MS) {
      const left = limits.timeBudgetMs - (Date.now() - started);
      const text = source.text();
      const result =
        left > 0
          ? await host.regex.scan(input.query, input.case_sensitive ?? false, text, maxResults, left).catch(() => null)
          : undefined;
      if (result === null) return inline(); // no thread to run on
      if (!result) {
        outOfTime = true;
        stoppedIn = scope.display(file.root, file.relative);
        return undefined;
      }
      // The worker's positions are in the decoded text.
      return { scanned: result, source: text === source.hay ? source : textHaystack(text) };
    }
    return inline();
  };
  const take = async (file: ListedFile, fileOrder: number, loaded: Loaded) => {
    if ('skip' in loaded) {
      if (loaded.skip === 'binary') binary++;
      else if (loaded.skip === 'unreadable') unreadable++;
      else if (loaded.skip === 'outside') outside++;
      else {
        largeCount++;
        large.push({ path: scope.display(file.root, file.relative), size: loaded.size ?? 0, order: fileOrder });
        large.sort((a, b) => a.order - b.order);
        if (large.length > 3) large.pop();
      }
      return;
    }
    searched++;
    if ('nomatch' in loaded) return;
    const found = await scan(file, 'hay' in loaded ? loaded : textHaystack(loaded.text));
    if (!found || found.scanned.count === 0) return;
    const { scanned, source } = found;
    totalMatches += scanned.count;
    matchedFiles++;
    const result: FileResult = {
      display: scope.display(file.root, file.relative),
      order: fileOrder,
      count: scanned.count,
      kept: [],
    };
    // Only the lines the file can show at its rank are decoded (the bytes are still there now).
    const keep = ranking.add(result);
    if (keep > 0) result.kept = materialize(source, scanned.hits.slice(0, keep), before, after);
    const omittedFrom = scanned.hits[keep]?.line ?? scanned.firstOmitted;
    if (omittedFrom !== null && omittedFrom !== undefined) firstOmitted.set(result, omittedFrom);
  };
  const readSync = host.fs.readFileSync?.bind(host.fs);
  // Every file the walk reaches is checked as opened: its real path inside a workspace folder
  // (or inside the approved outside folder the scope names).
  const realRoots = scope.outsideFolder ? [scope.outsideFolder] : await env.resolver.realRoots();
  const inside = (real: string) => insideRoots(realRoots, real);
  const checkedPath = (file: ListedFile): ResolvedPath => ({
    absolute: file.absolute,
    display: file.relative,
    root: file.root,
    outside: false,
    realRoots,
  });

  try {
    if (readSync) {
      // One file at a time, read synchronously (a thread-pool round trip per open, read and close
      // costs more than the read itself), yielding to the host every few milliseconds.
      let slice = Date.now();
      for await (const file of walk) {
        if (signal?.isCancellationRequested) throw cancelled();
        const now = Date.now();
        if (outOfTime || now - started > limits.timeBudgetMs) {
          outOfTime = true;
          break;
        }
        if (secret(file)) continue;
        await take(
          file,
          order++,
          examine(raw(file) ?? readSyncChecked(readSync, file.absolute, limits.maxFileBytes, inside), searcher, env),
        );
        if (now - slice > SLICE_MS) {
          await yieldToHost();
          slice = Date.now();
        }
      }
    } else {
      // A few files in flight through the port's async handles.
      const worker = async () => {
        for (;;) {
          if (failure !== undefined || outOfTime) return;
          if (signal?.isCancellationRequested) {
            failure ??= cancelled();
            return;
          }
          if (Date.now() - started > limits.timeBudgetMs) {
            outOfTime = true;
            return;
          }
          const next = await walk.next();
          if (next.done) return;
          if (secret(next.value)) continue;
          const fileOrder = order++;
          await take(
            next.value,
            fileOrder,
            examine(
              raw(next.value) ?? (await readAsync(host, checkedPath(next.value), limits.maxFileBytes)),
              searcher,
              env,
            ),
          );
        }
      };
      await Promise.all(
        Array.from({ length: limits.concurrency }, () => worker().catch((error: unknown) => void (failure ??= error))),
      );
    }
  } finally {
    await walk.return(undefined).catch(() => undefined);
  }
  if (failure !== undefined) throw failure;
  if (signal?.isCancellationRequested)
    throw new LecternError('CANCELLED', 'The search was cancelled.', 'Call again if you still need it.');
  if (secrets > 0)
    notes.push(
      `${plural(secrets, 'secret-looking file')} (keys, .env, credentials) not searched; the user can approve them (CLI --allow-secrets on, setting lectern.allowSecrets).`,
    );
  if (stoppedIn)
    notes.push(
      `The regular expression ran out of time in ${stoppedIn}; files after it were not searched. A pattern with fewer repeated wildcards, or a narrower target, runs faster.`,
    );
  if (outside > 0)
    notes.push(
      `${plural(outside, 'file')} not searched: ${outside === 1 ? 'it leads' : 'they lead'} outside the workspace folders.`,
    );

  return render(env, input, scope, {
    ranking: ranking.files,
    firstOmitted,
    maxResults,
    totalMatches,
    matchedFiles,
    searched,
    binary,
    unreadable,
    large,
    largeCount,
    skippedFolders: skips.folders,
    skippedFolderCount: skips.folderCount,
    skippedByRule: skips.byRule,
    outOfTime,
    elapsedMs: Date.now() - started,
    includes,
    excludes,
    notes,
  });
}
