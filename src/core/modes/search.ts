// `lectern_search`: lines by text or RE2 regular expression in the workspace, a folder, a glob or
// one file (search/workspaceSearch.ts).
import { draft } from '../ground/answer';
import { INPUT_BOUNDS, type Fields, type InputOf, type Same } from '../ground/schema';
import { search, type WorkspaceSearchInput } from '../search/workspaceSearch';
import { defineTool } from './mode';
import { text } from './titles';
import { TOOL } from '../ground/tools';

const searchFields = {
  target: {
    type: 'string',
    description: 'File, folder or glob (default: workspace).',
  },
  query: { type: 'string', maxLength: INPUT_BOUNDS.queryChars },
  is_regex: { type: 'boolean', default: false, description: 'RE2 regex.' },
  case_sensitive: { type: 'boolean', default: false },
  include: {
    type: 'path-or-paths',
    maxItems: INPUT_BOUNDS.globs,
    maxLength: INPUT_BOUNDS.globChars,
    description: 'Only these globs.',
  },
  exclude: {
    type: 'path-or-paths',
    maxItems: INPUT_BOUNDS.globs,
    maxLength: INPUT_BOUNDS.globChars,
    description: 'Skip these globs.',
  },
  max_results: {
    type: 'integer',
    minimum: 1,
    maximum: 500,
    default: 100,
    description: 'Most lines (all files).',
  },
  max_matches: {
    type: 'integer',
    minimum: 1,
    maximum: 500,
    default: 50,
    description: 'Most matches (one file).',
  },
  before: { type: 'integer', minimum: 0, maximum: 20, default: 0, description: 'Context before.' },
  after: { type: 'integer', minimum: 0, maximum: 20, default: 0, description: 'Context after.' },
} as const satisfies Fields;

export type SearchToolInput = InputOf<typeof searchFields, 'query'>;

/** search/ takes exactly these fields: a field added to one and not the other fails to compile. */
const searchTakesTheseFields: Same<SearchToolInput, WorkspaceSearchInput> = true;
void searchTakesTheseFields;

export const searchTool = defineTool({
  definition: {
    name: TOOL.search,
    displayName: 'Search',
    toolReferenceName: 'lecternSearch',
    userDescription:
      'Find lines by text or regular expression in the workspace, a folder, a glob or one file, with line numbers and context.',
    modelDescription: 'Find lines by text (case-insensitive) or regex: numbered matches by file, best first.',
    fields: searchFields,
    required: ['query'],
  },
  mode: 'search',
  examples: [{ query: 'Inventory' }],
  answer: 'places',
  precise: true,
  title: (input) =>
    `Searching ${text(input.target ?? input.path) ?? 'the workspace'} for ${JSON.stringify(text(input.query) ?? '')}`,
  run: async (env, input: SearchToolInput, notes) => draft(await search(env, input, notes)),
});
