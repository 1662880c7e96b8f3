// Every tool the engine answers, in the order hosts list them: `lectern_read` assembled from its
// modes, the other primary tools (both from the registry, modes/index.ts), and the legacy tools
// (legacy/). package.json's `languageModelTools` is generated from these (`npm run manifest`); a
// unit test fails when the two drift apart.
import type { FieldSpec, ToolDefinition } from '../ground/schema';
import { legacyTools } from '../legacy/definitions';
import { REGISTRY, type Registry } from '../modes/index';
import type { ReadMode } from '../modes/mode';
import { sessionFields, targetField } from '../modes/readFields';

export { legacyTools } from '../legacy/definitions';

/** lectern_read's fields: mode and target, each mode's fields (marked with the modes that take them), force and ephemeral. */
function readFields(modes: readonly ReadMode[]): Record<string, FieldSpec> {
  const [byDefault, ...others] = modes;
  const fields: Record<string, FieldSpec> = {
    mode: {
      type: 'string',
      enum: modes.map((mode) => mode.name),
      default: byDefault?.name,
      // The default mode needs no word: a call without `mode` is one of it.
      description: others.map((mode) => `${mode.name}: ${mode.summary}`).join('; ') + '.',
    },
    ...targetField(modes),
  };
  for (const mode of modes) {
    for (const [name, spec] of Object.entries(mode.fields)) {
      const known = fields[name];
      if (!known) {
        fields[name] = { ...spec, modes: [mode.name] };
        continue;
      }
      const { modes: marked, ...same } = known;
      if (!marked || JSON.stringify(same) !== JSON.stringify(spec))
        throw new Error(`lectern_read: mode ${mode.name} declares ${name} unlike the modes before it`);
      fields[name] = { ...known, modes: [...marked, mode.name] };
    }
  }
  return { ...fields, ...sessionFields };
}

/** lectern_read as its modes make it. */
export function readTool(modes: readonly ReadMode[]): ToolDefinition {
  return {
    name: 'lectern_read',
    displayName: 'Read',
    toolReferenceName: 'lecternRead',
    userDescription:
      'Read a symbol, a snippet, a file outline, a line range, a byte window, or a head or tail, with line numbers and exact paging.',
    modelDescription: [
      'Read code. Lines numbered: first, last, every 10th; count between. [Next: …]: the exact call for the rest.',
      'Text: lectern_search, then a range. "unchanged since call #N": you have it.',
    ].join('\n'),
    fields: readFields(modes),
    required: ['target'],
    modeRequired: Object.fromEntries(modes.filter((m) => m.required?.length).map((m) => [m.name, m.required!])),
    modeOptional: Object.fromEntries(modes.filter((m) => m.targetOptional).map((m) => [m.name, ['target']])),
  };
}

/** The primary tools of a registry, in the order hosts list them. */
export function primaryToolsOf(registry: Registry): ToolDefinition[] {
  return [readTool(registry.modes), ...registry.tools.map((tool) => tool.definition)];
}

export const primaryTools: readonly ToolDefinition[] = primaryToolsOf(REGISTRY);
export const lecternRead: ToolDefinition = primaryTools[0]!;
export const allTools: readonly ToolDefinition[] = [...primaryTools, ...legacyTools];
