// `lectern_read` mode "map": the workspace or a folder at a glance, its most-used declarations
// within a token budget (navigate/map.ts).
import { addNotes, draft } from '../ground/answer';
import type { Fields, InputOf, Same } from '../ground/schema';
import { readMap, type MapInput as NavigateInput } from '../navigate/map';
import { defineMode } from './mode';
import { text } from './titles';

const mapFields = {
  max_tokens: {
    type: 'integer',
    minimum: 200,
    description: 'Token budget.',
  },
} as const satisfies Fields;

export type MapInput = InputOf<typeof mapFields> & { target?: string };

/** navigate/ takes exactly these fields: a field added to one and not the other fails to compile. */
const navigatorTakesTheseFields: Same<MapInput, NavigateInput> = true;
void navigatorTakesTheseFields;

export const mapMode = defineMode({
  name: 'map',
  summary: 'overview',
  guide: "the workspace's files and most-used declarations within a token budget",
  targetIs: 'folder or none',
  fields: mapFields,
  targetOptional: true,
  examples: [{ max_tokens: 300 }, { target: 'src' }],
  // An overview of many files: no file's text; history keeps the latest map of a target only.
  answer: 'overview',
  // max_tokens bounds it.
  precise: true,
  title: (input) => `Mapping ${text(input.target) ?? 'the workspace'}`,
  search: (input: MapInput) =>
    input.target !== undefined ? { where: input.target, query: 'NAME' } : { query: 'NAME' },
  run: async (env, input: MapInput, notes) => addNotes(draft(await readMap(env, input)), notes),
});
