// `lectern_search`: lines by text or RE2 regular expression in the workspace, a folder, a glob or
// one file (search/workspaceSearch.ts).
import { draft } from '../ground/answer';
import type { Fields, InputOf, Same } from '../ground/schema';
import { search, type WorkspaceSearchInput } from '../search/workspaceSearch';
import { defineTool } from './mode';

export const searchFields = {
  target: {
    type: 'string',
    description:
      'Where to search: omit it for the whole workspace; a folder ("src", or in a multi-root workspace "api/src"); a glob ("src/**/*.ts"; without a "/" it matches at any depth: "*.md"); or one file (every match in line order). Relative to the workspace folder, or absolute.',
  },
  query: { type: 'string', description: 'Text or regular expression to find.' },
  is_regex: { type: 'boolean', default: false, description: 'Treat query as an RE2 regular expression.' },
  case_sensitive: { type: 'boolean', default: false, description: 'Match case exactly.' },
  include: {
    type: 'path-or-paths',
    description: 'Workspace search: only files matching these globs ("src/**/*.ts, test/**" or a list; a glob without "/" matches at any depth, a folder matches everything in it). Naming an excluded folder here searches it.',
  },
  exclude: {
    type: 'path-or-paths',
    description: 'Workspace search: leave out files and folders matching these globs ("**/*.test.ts, fixtures").',
  },
  max_results: {
    type: 'integer',
    minimum: 1,
    maximum: 500,
    default: 100,
    description: 'Workspace search: most matching lines to show over all files (default 100, at most 500); the rest are counted, and more files are named with their counts.',
  },
  max_matches: {
    type: 'integer',
    minimum: 1,
    maximum: 500,
    default: 50,
    description: 'File target: most matches to show (default 50, at most 500). The rest are counted.',
  },
  before: { type: 'integer', minimum: 0, maximum: 20, default: 0, description: 'Context lines before each match.' },
  after: { type: 'integer', minimum: 0, maximum: 20, default: 0, description: 'Context lines after each match.' },
} as const satisfies Fields;

export type SearchToolInput = InputOf<typeof searchFields, 'query'>;

/** search/ takes exactly these fields: a field added to one and not the other fails to compile. */
const searchTakesTheseFields: Same<SearchToolInput, WorkspaceSearchInput> = true;
void searchTakesTheseFields;

export const searchTool = defineTool(
  {
    name: 'lectern_search',
    displayName: 'Search',
    toolReferenceName: 'lecternSearch',
    userDescription: 'Find lines by text or regular expression in the workspace, a folder, a glob or one file, with line numbers and context.',
    modelDescription: [
      'Find where something is before reading it. Without target it searches the whole workspace (respecting .gitignore and the editor\'s files.exclude/search.exclude; vendored, build and hidden folders are skipped unless named); target can be a folder, a glob ("src/**/*.ts") or one file.',
      'A workspace answer groups matching lines by file, files with the most matching lines first, each line with its number, so you can follow up with lectern_read start_line/end_line around it; it counts the matches and files it left out and names the exact calls to see more. A file target answers every match in line order.',
      'Plain text by default (case-insensitive unless case_sensitive is true); is_regex uses RE2 syntax (no lookaround or backreferences). Narrow a workspace search with include/exclude globs.',
    ].join('\n'),
    fields: searchFields,
    required: ['query'],
  },
  async (env, input: SearchToolInput, notes) => draft(await search(env, input, notes)),
);
