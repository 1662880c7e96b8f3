// Turns a tool definition into the JSON schema VS Code and MCP clients show the model. It is sent
// with every model request, so it says what a call needs and no more: upper bounds and empty lists
// are left to validation (tools/validate.ts), which answers them with the exact fix.
import type { FieldSpec, ToolDefinition } from '../ground/schema';

export type JsonSchema = Record<string, unknown>;

function fieldSchema(field: FieldSpec): JsonSchema {
  const marked = field.modes && `${field.modes.join('/')}:`;
  const doc = [marked, field.description].filter(Boolean).join(' ');
  const schema: JsonSchema =
    field.type === 'path-or-paths'
      ? { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] }
      : { type: field.type };
  if (doc) schema.description = doc;
  if (field.enum) schema.enum = [...field.enum];
  // Nor are lower bounds: a count starts at 0 by nature, a 1-based number and a budget's floor are
  // answered by validation with the fix. A default of false, 0 or 'none' is what an absent value
  // means anyway, and a boolean that defaults to true says what false does ("false: …").
  if (field.default !== undefined && typeof field.default !== 'boolean' && ![0, 'none'].includes(field.default)) {
    schema.default = field.default;
  }
  return schema;
}

export function inputSchema(tool: ToolDefinition): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const [name, field] of Object.entries(tool.fields)) if (!field.unlisted) properties[name] = fieldSchema(field);
  // A field some mode can do without is not required by the schema; validation checks it per mode.
  const optional = new Set(Object.values(tool.modeOptional ?? {}).flat());
  const required = tool.required.filter((name) => !optional.has(name));
  // An empty list says what its absence says. No `additionalProperties: false`: a client that checks
  // the schema would refuse an unlisted field, and an unknown one with "must NOT have additional
  // properties"; validation accepts the one and answers the other with the field it meant.
  return { type: 'object', properties, ...(required.length ? { required } : {}) };
}

/** The `languageModelTools` entry package.json contributes for a tool. */
export function manifestEntry(tool: ToolDefinition): JsonSchema {
  const entry: JsonSchema = {
    name: tool.name,
    displayName: tool.displayName,
    userDescription: tool.userDescription,
    modelDescription: tool.modelDescription,
  };
  if (tool.toolReferenceName) {
    entry.toolReferenceName = tool.toolReferenceName;
    entry.canBeReferencedInPrompt = true;
  }
  if (tool.legacy) entry.when = 'config.lectern.legacyTools';
  entry.icon = '$(book)';
  entry.inputSchema = inputSchema(tool);
  return entry;
}
