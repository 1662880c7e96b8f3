// `lectern_read` mode "references": every use of a symbol, with the symbol each sits in
// (navigate/references.ts).
import { addNotes, draft } from '../ground/answer';
import type { Fields, InputOf, Same } from '../ground/schema';
import { readReferences, type ReferencesInput as NavigateInput } from '../navigate/references';
import { diffPreviewFields } from './diffPreview';
import { searchName } from '../symbols/namePath';
import { defineMode } from './mode';
import { startLine } from './readFields';
import { symbolFields } from './symbol';
import { text } from './titles';

const referencesFields = {
  path: symbolFields.path,
  file_offset: diffPreviewFields.file_offset,
  start_line: startLine,
} as const satisfies Fields;

export type ReferencesInput = InputOf<typeof referencesFields> & { target: string };

/** navigate/ takes exactly these fields: a field added to one and not the other fails to compile. */
const navigatorTakesTheseFields: Same<ReferencesInput, NavigateInput> = true;
void navigatorTakesTheseFields;

export const referencesMode = defineMode({
  name: 'references',
  summary: 'uses',
  guide:
    "every use of a symbol with the function it sits in, answered by the file's language server where one answers (exact, type-aware) and by tree-sitter elsewhere, the answer says which",
  targetIs: 'a name ("Store.get")',
  fields: referencesFields,
  examples: [{ target: 'Inventory.get' }, { target: 'Bucket.AllowN' }],
  // A list of places, like a search's: its files become the relevance baseline; a repeat is a pointer in history.
  answer: 'places',
  // Its page cap (lines and the answer's token cap) bounds it.
  precise: true,
  title: (input) => {
    const path = text(input.path);
    return `Finding uses of ${text(input.target) ?? 'a symbol'}${path ? ` in ${path}` : ''}`;
  },
  // Its target is a name: the path the caller named is the scope it looked in.
  namedPath: (input: ReferencesInput) => input.path,
  search: (input: ReferencesInput) => ({
    ...(input.path !== undefined ? { where: input.path } : {}),
    query: searchName(input.target),
  }),
  run: async (env, input: ReferencesInput, notes) => addNotes(draft(await readReferences(env, input)), notes),
});
