// The MCP tools, generated from the same tool definitions VS Code's languageModelTools come from:
// name, title, model description, input schema, behaviour annotations; with --structured-content
// also the output schema.
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { ToolDefinition } from '../core/ground/schema';
import type { Catalog } from '../core/tools/catalog';
import { inputSchema } from '../core/tools/jsonSchema';
import { legacySchema, responseSchema } from './outputSchema';

/** `structured`: the tool declares its output schema (its answers then carry structuredContent). */
function mcpTool(definition: ToolDefinition, structured: boolean): Tool {
  return {
    name: definition.name,
    title: definition.displayName,
    description: definition.modelDescription,
    inputSchema: inputSchema(definition) as Tool['inputSchema'],
    ...(structured
      ? { outputSchema: (definition.legacy ? legacySchema : responseSchema) as Tool['outputSchema'] }
      : {}),
    annotations: {
      title: definition.displayName,
      readOnlyHint: true,
      destructiveHint: false,
      // The session layer may answer a repeated call differently (de-duplication, budgets).
      idempotentHint: false,
      openWorldHint: false,
    },
  };
}

export interface OfferedTools {
  tools: Tool[];
  /** Their names: a call of another tool is refused. */
  offered: ReadonlySet<string>;
}

/** The tools a server offers from an engine's catalog: the primary ones; `legacy` (--legacy-tools): all. */
export function offeredTools(
  catalog: Pick<Catalog, 'primaryTools' | 'allTools'>,
  legacy: boolean,
  structured: boolean,
): OfferedTools {
  const definitions = legacy ? catalog.allTools : catalog.primaryTools;
  return {
    tools: definitions.map((definition) => mcpTool(definition, structured)),
    offered: new Set(definitions.map((definition) => definition.name)),
  };
}
