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
      description:
        'What to read. "file": lines, a byte window, head, tail or outline of one or more files. "symbol": a function, class, method… by name. "snippet": a line range with context, optionally grown to its enclosing block. "diff_preview": what changed in a file or folder, against git HEAD, the index, or the file on disk.',
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
      if (!modes || JSON.stringify(same) !== JSON.stringify(spec)) throw new Error(`lectern_read: mode ${mode.name} declares ${name} unlike the modes before it`);
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
  userDescription: 'Read a symbol, a snippet, a file outline, a line range, a byte window, or a head or tail, with line numbers and exact paging.',
  modelDescription: [
    'Read workspace code precisely and cheaply. Every answer says which lines you got out of how many ("lines 120-260 of 1,480") and, when more remains, gives the exact input of the next call in its footer.',
    'How to choose a read: (1) need one function, class or method? mode "symbol" with its name ("Store.get"; add path to look in one file) returns exactly its span with doc comments, in one call; (2) unsure what a file holds? mode "file" with outline: true lists its symbols with line ranges; (3) looking for text? call lectern_search for line numbers, then read that range with start_line/end_line, or mode "snippet" with expand "block" to get the whole enclosing block. Prefer one larger range (a few hundred lines) over many small pages. Read a whole file only when you need all of it; a large file read without a range answers with its outline. (4) what changed? mode "diff_preview" without a target lists every changed file (against git HEAD) with the call that previews each; with a file it answers its unified diff (hunks with line numbers).',
    'Ranges are 1-based and inclusive. A range past the end answers OUT_OF_RANGE with the line count and offsets that work. head/tail read the first/last N lines. start_byte/max_bytes read a byte window rounded to whole lines (for minified files or very long lines). Line parameters win over byte parameters.',
    'Reads are budgeted per session (at most a few hundred lines per read). Lines ending answers such as [DEDUPLICATED: …] (text you already have: scroll back to that call), [LOW_RELEVANCE: …], [EXCLUDED_PATH: …] or [BUDGET_SOFT: …] steer you: follow them. force: true insists; ephemeral: true reads something large once.',
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
