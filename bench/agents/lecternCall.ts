// The Lectern call an agent would make for each read: a file read, a line range, a search, or for a
// listing `listingCall` (mode `files`).

import type { ReadIntent } from './intent';

export interface LecternCall {
  tool: string;
  input: Record<string, unknown>;
}

const READ = 'lectern_read';
const SEARCH = 'lectern_search';
const STAT = 'lectern_stat';

/**
 * Listing and finding files (ls, find, tree, a folder's view): mode `files` of the folder, or of the
 * glob under it that `find DIR -name NAME` matches (NAME anywhere below DIR, as find looks).
 */
export function listingCall(target: string, name?: string, depth?: number): LecternCall {
  // LECTERN_AGENTS_LISTING=map replays listings as the nearest call before mode `files` (to compare both in one run).
  if (process.env.LECTERN_AGENTS_LISTING === 'map')
    return { tool: READ, input: target && target !== '.' ? { mode: 'map', target } : { mode: 'map' } };
  const under = target && target !== '.' ? `${target}/` : '';
  const input = name ? { target: `${under}**/${name}` } : target ? { target } : {};
  return { tool: READ, input: { mode: 'files', ...input, ...(depth && !name ? { depth } : {}) } };
}

/** `lineCount` gives a file's length (tail -n N needs it; it is the file's, not the answer's). */
export function lecternCalls(intent: ReadIntent, lineCount: (file: string) => number): LecternCall[] {
  switch (intent.kind) {
    case 'whole-file':
      return [{ tool: READ, input: { target: intent.files.length === 1 ? intent.files[0] : intent.files } }];
    case 'range': {
      if (intent.symbol) return [{ tool: READ, input: { mode: 'symbol', target: intent.symbol, path: intent.file } }];
      if (intent.last !== undefined) return [{ tool: READ, input: { target: intent.file, tail: intent.last } }];
      if (intent.start === 1 && intent.end !== null)
        return [{ tool: READ, input: { target: intent.file, head: intent.end } }];
      const end = intent.end ?? lineCount(intent.file);
      return [
        { tool: READ, input: { target: intent.file, start_line: intent.start, end_line: Math.max(intent.start, end) } },
      ];
    }
    case 'search': {
      const input: Record<string, unknown> = { query: intent.query };
      if (intent.paths.length === 1) input.target = intent.paths[0];
      if (intent.paths.length > 1) input.include = intent.paths;
      if (intent.include.length) input.include = [...((input.include as string[]) ?? []), ...intent.include];
      if (intent.regex) input.is_regex = true;
      if (intent.caseSensitive) input.case_sensitive = true;
      if (intent.before) input.before = intent.before;
      if (intent.after) input.after = intent.after;
      if (intent.limit) input.max_results = Math.min(500, intent.limit);
      return [{ tool: SEARCH, input }];
    }
    case 'listing':
      return [
        intent.file
          ? { tool: STAT, input: { target: intent.target } }
          : listingCall(intent.target, intent.name, intent.depth),
      ];
  }
}
