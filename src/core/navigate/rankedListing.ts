// The files a references read looks through, in the order it lists uses: a scope's source files
// ranked (code, tests, docs, vendored; then by path), each file's rank (what file_offset counts), and
// which of them a read may open. Kept from one page to the next while nothing it was made from changes.
import type { ListedFile } from '../ground/walk';
import { hostPacer } from '../ground/walk';
import type { WalkCache, WalkStep } from '../ground/walkCache';
import { classRank } from '../ground/fileRank';
import { sortPaced } from '../ground/paced';
import { walkScope, type Scope } from '../search/searchScope';
import { languageForPath } from '../symbols/languages/index';
import type { SymbolEnv } from '../symbols/symbolEnv';

/** A scope's source files ranked, with what each call of a scan needs of them; see rankedListing. */
export interface RankedListing {
  ranked: (ListedFile & { display: string })[];
  /** Each file (as shown) by its rank: what file_offset counts. */
  ranks: Map<string, number>;
  /** The files a read may open: listed by the walk's rules, not a secret unless approved. */
  eligible: Set<string>;
}

/** The last ranked listing per walk cache: the walk's recording it was made from, and its scope and secret rules. */
interface KeptListing extends RankedListing {
  steps: readonly WalkStep[];
  key: string;
}
const keptListings = new WeakMap<WalkCache, KeptListing>();

/**
 * The scope's source files in rank order (code, tests, docs, vendored; then by path): the order uses
 * are listed in, and what file_offset counts, so a page and a continuation after the deadline are
 * the same kind of call. A name with thousands of uses takes many pages: while the walk replays the
 * same recording (nothing it read has changed) for the same scope and secret rules, the listing
 * ranked for the previous page is this one's too.
 */
export async function rankedListing(env: SymbolEnv, scope: Scope): Promise<RankedListing> {
  const key = JSON.stringify([
    scope.label,
    scope.walkKey,
    scope.scopes.map((s) => [s.root.name, s.root.path, s.start]),
    env.allowSecrets === true,
    env.resolver.secretRules(),
  ]);
  const kept = env.walks && keptListings.get(env.walks);
  let replayed: readonly WalkStep[] | undefined;
  let same = false;
  const onReplay = (steps: readonly WalkStep[]) => {
    replayed = steps;
    same = steps === kept?.steps && key === kept.key;
    return same; // the walk then emits nothing
  };
  const files: (ListedFile & { display: string; klass: number })[] = [];
  const { walk } = walkScope(env, scope, [], [], onReplay);
  const pace = hostPacer();
  try {
    for await (const file of walk) {
      await pace();
      if (!languageForPath(file.relative)) continue;
      const display = scope.display(file.root, file.relative);
      files.push({ ...file, display, klass: classRank(display) });
    }
  } finally {
    await walk.return(undefined).catch(() => undefined);
  }
  if (same && kept) return kept;
  // compareFiles's order, with each file's class worked out once: tens of thousands of files sort in
  // a few ms rather than classing each file again at every comparison; paced, as the listing is.
  const ranked = await sortPaced(
    files,
    (a, b) => a.klass - b.klass || (a.display < b.display ? -1 : a.display > b.display ? 1 : 0),
    pace,
  );
  const listing = { ranked, ...(await eligibleAndRanks(env, ranked)) };
  if (env.walks && replayed) keptListings.set(env.walks, { ...listing, steps: replayed, key });
  return listing;
}

/** The files of `ranked` a read may open (secret names only with allowSecrets) and each file's rank, a turn to the host every slice. */
async function eligibleAndRanks(
  env: SymbolEnv,
  ranked: readonly (ListedFile & { display: string })[],
): Promise<{ eligible: Set<string>; ranks: Map<string, number> }> {
  const isSecret = env.resolver.secretTest();
  const pace = hostPacer();
  const eligible = new Set<string>();
  const ranks = new Map<string, number>();
  for (let rank = 0; rank < ranked.length; rank++) {
    await pace();
    const file = ranked[rank]!;
    if (env.allowSecrets || !isSecret(file.absolute, file.relative)) eligible.add(file.display);
    ranks.set(file.display, rank);
  }
  return { eligible, ranks };
}
