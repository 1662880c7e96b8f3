// `lectern_search` over the workspace, a folder or a glob (a file target keeps the single-file
// search of searchFile.ts). Files come from the one workspace walker (searchScope.ts) and are read
// one at a time (through the port's synchronous fast path when it has one, yielding to the host
// every 15 ms; else a few in flight), so memory stays flat; each file's lines match exactly as in
// the single-file search. Bounded in time: a search that runs out of time answers with what it
// found and says so. meta.files lists the files in rank order (the session's relevance baseline).
import type { ToolResponse } from '../ground/contract';
import type { ReadEnv } from '../ground/env';
import { createTextSearcher, type TextSearcher } from './matcher';
import { render } from './renderWorkspace';
import { searchFile, type SearchInput } from './searchFile';
import { fileTarget, resolveScope, type Scope } from './searchScope';
import { WorkspaceSearch } from './workspaceWalk';
import type { WorkspaceSearchInput } from './workspaceLimits';

export { WORKSPACE_SEARCH_LIMITS, type WorkspaceSearchInput } from './workspaceLimits';
export type { WorkspaceMatch } from './renderWorkspace';

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
  const run = new WorkspaceSearch(env, input, searcher, scope);
  await run.run();
  return render(env, input, scope, run.outcome(notes));
}
