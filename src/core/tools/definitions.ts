// Every tool the engine answers, in the order hosts list them: `lectern_read` assembled from its
// modes (modes/), `lectern_search` and `lectern_stat` (modes/search.ts, modes/stat.ts), and the
// legacy tools (legacy/). package.json's `languageModelTools` is generated from these
// (`npm run manifest`); a unit test fails when the two drift apart.
import type { FieldSpec, ToolDefinition } from '../ground/schema';
import { legacyTools } from '../legacy/definitions';
import { READ_MODE_NAMES, READ_MODES } from '../modes/index';
import { sessionFields, targetField } from '../modes/readFields';
import { searchTool } from '../modes/search';
import { statTool } from '../modes/stat';

export { legacyTools } from '../legacy/definitions';

/** lectern_read's fields: mode and target, each mode's fields (marked with the modes that take them), force and ephemeral. */
function readFields(): Record<string, FieldSpec> {
  const fields: Record<string, FieldSpec> = {
    mode: {
      type: 'string',
      enum: READ_MODE_NAMES,
      default: 'file',
      description: 'symbol: by name; snippet: range+context; diff_preview: changes; references: uses; map: overview.',
    },
    ...targetField,
  };
  for (const mode of Object.values(READ_MODES)) {
    for (const [name, spec] of Object.entries(mode.fields)) {
      const known = fields[name];
      if (!known) {
        fields[name] = { ...spec, modes: [mode.name] };
        continue;
      }
      const { modes, ...same } = known;
      if (!modes || JSON.stringify(same) !== JSON.stringify(spec))
        throw new Error(`lectern_read: mode ${mode.name} declares ${name} unlike the modes before it`);
      fields[name] = { ...known, modes: [...modes, mode.name] };
    }
  }
  return { ...fields, ...sessionFields };
}

const modes = Object.values(READ_MODES);

export const lecternRead: ToolDefinition = {
  name: 'lectern_read',
  displayName: 'Read',
  toolReferenceName: 'lecternRead',
  userDescription:
    'Read a symbol, a snippet, a file outline, a line range, a byte window, or a head or tail, with line numbers and exact paging.',
  modelDescription: [
    'Read code. Lines numbered: first, last, every 10th; count between. [Next: …]: the exact call for the rest.',
    'Function/class: mode "symbol"; uses: "references". Text: lectern_search, then a range. "unchanged since call #N": you have it.',
  ].join('\n'),
  fields: readFields(),
  required: ['target'],
  modeRequired: Object.fromEntries(modes.filter((m) => m.required?.length).map((m) => [m.name, m.required!])),
  modeOptional: Object.fromEntries(modes.filter((m) => m.targetOptional).map((m) => [m.name, ['target']])),
};

export const lecternSearch = searchTool.definition;
export const lecternStat = statTool.definition;

export const primaryTools: readonly ToolDefinition[] = [lecternRead, lecternSearch, lecternStat];
export const allTools: readonly ToolDefinition[] = [...primaryTools, ...legacyTools];

export function findTool(name: string): ToolDefinition | undefined {
  return allTools.find((tool) => tool.name === name);
}
