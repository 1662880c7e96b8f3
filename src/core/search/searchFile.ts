// `lectern_search` in one file: streams the file line by line (flat memory), matches with a
// linear-time engine, and answers matches in line order with their line numbers and context.
// The scan is fileScan.ts, what it keeps fileMatches.ts, the answer fileAnswer.ts.
import type { ToolResponse } from '../ground/contract';
import type { ReadEnv } from '../ground/env';
import { requireInside } from '../ground/paths';
import { LIMITS } from '../ground/settings';
import { openText } from '../read/openText';
import { fileAnswer } from './fileAnswer';
import { FileScan } from './fileScan';
import { createMatcher } from './matcher';

export { FILE_SCAN } from './fileChunks';
export type { SearchMatch } from './fileMatches';

export interface SearchInput {
  target: string;
  query: string;
  is_regex?: boolean;
  case_sensitive?: boolean;
  max_matches?: number;
  before?: number;
  after?: number;
}

export async function searchFile(env: ReadEnv, input: SearchInput, notes: string[] = []): Promise<ToolResponse> {
  const matcher = createMatcher(input.query, input.is_regex ?? false, input.case_sensitive ?? false);
  const path = await env.resolver.resolve(input.target);
  requireInside(path, env.allowOutside, 'Search files', env.allowSecrets);
  const file = await openText(env.host, path, env.sniffs, env);
  const scan = new FileScan(env, input, matcher, {
    maxMatches: Math.min(input.max_matches ?? LIMITS.defaultSearchMatches, LIMITS.maxSearchMatches),
    before: Math.min(input.before ?? 0, LIMITS.maxSearchContext),
    after: Math.min(input.after ?? 0, LIMITS.maxSearchContext),
  });
  try {
    await scan.run(env, file.source, file.base, path.display, notes);
  } finally {
    await file.source.close().catch(() => undefined);
  }
  return fileAnswer(env, input, path, file, scan, notes);
}
