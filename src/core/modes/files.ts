// `lectern_read` mode "files": a folder's files as a tree, a glob's matches, or the files whose path
// holds a name part, within a token budget (navigate/fileListing.ts).
import { addNotes, draft } from '../ground/answer';
import type { Fields, InputOf, Same } from '../ground/schema';
import { listFiles, type FilesInput as NavigateInput } from '../navigate/fileListing';
import { defineMode } from './mode';
import { text } from './titles';

const filesFields = {
  max_tokens: {
    type: 'integer',
    minimum: 200,
    description: 'Token budget.',
  },
  skip: {
    type: 'integer',
    minimum: 0,
    description: 'Entries to skip.',
  },
  depth: {
    type: 'integer',
    minimum: 1,
    description: 'Levels to open (1: as ls).',
  },
} as const satisfies Fields;

export type FilesInput = InputOf<typeof filesFields> & { target?: string };

/** navigate/ takes exactly these fields: a field added to one and not the other fails to compile. */
const listingTakesTheseFields: Same<FilesInput, NavigateInput> = true;
void listingTakesTheseFields;

export const filesMode = defineMode({
  name: 'files',
  summary: 'list or find files',
  guide: "a folder's files as a tree, a glob's matches, or the files whose path holds a name part",
  targetIs: 'folder, glob, name part or none',
  fields: filesFields,
  targetOptional: true,
  examples: [{}, { target: 'src/**/*.ts' }, { target: 'format' }],
  // Names of files, none of their text; history keeps the latest listing of a target only.
  answer: 'overview',
  // max_tokens bounds it.
  precise: true,
  title: (input) => `Listing ${text(input.target) ?? 'the workspace'}`,
  search: (input: FilesInput) =>
    input.target !== undefined ? { where: input.target, query: 'NAME' } : { query: 'NAME' },
  run: async (env, input: FilesInput, notes) => addNotes(draft(await listFiles(env, input)), notes),
});
