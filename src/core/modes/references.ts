// `lectern_read` mode "references": every use of a symbol, with the symbol each sits in
// (navigate/references.ts).
import { addNotes, draft } from '../ground/answer';
import type { Fields, InputOf, Same } from '../ground/schema';
import { readReferences, type ReferencesInput as NavigateInput } from '../navigate/references';
import { diffPreviewFields } from './diffPreview';
import { defineMode } from './mode';
import { startLine } from './readFields';
import { symbolFields } from './symbol';

export const referencesFields = {
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
  fields: referencesFields,
  run: async (env, input: ReferencesInput, notes) =>
    addNotes({ ...draft(await readReferences(env, input)), notFileText: true }, notes),
});
