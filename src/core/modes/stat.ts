// `lectern_stat`: what a path is, without reading more than a sniff of it (read/statPath.ts).
import { draft } from '../ground/answer';
import type { Fields, InputOf, Same } from '../ground/schema';
import { statPath, type StatPathInput } from '../read/statPath';
import { defineTool } from './mode';
import { targets } from './titles';
import { TOOL } from '../ground/tools';

const statFields = {
  target: { type: 'string' },
} as const satisfies Fields;

export type StatInput = InputOf<typeof statFields, 'target'>;

/** read/ takes exactly these fields: a field added to one and not the other fails to compile. */
const statTakesTheseFields: Same<StatInput, StatPathInput> = true;
void statTakesTheseFields;

export const statTool = defineTool({
  definition: {
    name: TOOL.stat,
    displayName: 'Stat',
    toolReferenceName: 'lecternStat',
    userDescription: 'Whether a path exists, its kind, size, line count, language and encoding.',
    modelDescription: 'Whether a path exists; its kind, size, lines, language, encoding.',
    fields: statFields,
    required: ['target'],
  },
  mode: 'stat',
  examples: [{ target: 'src/format.ts' }],
  answer: 'metadata',
  precise: true,
  title: (input) => `Checking ${targets(input.target ?? input.path)}`,
  run: async (env, input: StatInput) => draft(await statPath(env, input)),
});
