// What the tool definitions cost a model: each primary tool as a chat API gets it (name,
// description, JSON schema), in tokens, against the budget beside the registry (modes/index.ts).
import type { TokenCounter } from '../ground/tokens';
import type { ToolDefinition } from '../ground/schema';
import { TOOL_DEFINITIONS_BUDGET } from '../modes/index';
import { inputSchema } from './jsonSchema';

export interface DefinitionTokens {
  /** Per tool, in the order given. */
  tools: { name: string; tokens: number }[];
  total: number;
  budget: number;
}

export function definitionTokens(tools: readonly ToolDefinition[], count: TokenCounter): DefinitionTokens {
  const each = tools.map((tool) => ({
    name: tool.name,
    tokens: count(
      JSON.stringify({ name: tool.name, description: tool.modelDescription, parameters: inputSchema(tool) }),
    ),
  }));
  return { tools: each, total: each.reduce((sum, tool) => sum + tool.tokens, 0), budget: TOOL_DEFINITIONS_BUDGET };
}

/** "tool definitions: 896 of 1,000 tokens (" and each tool's name and count. */
export function definitionTokensLine({ tools, total, budget }: DefinitionTokens): string {
  const each = tools.map((tool) => `${tool.name} ${tool.tokens}`).join(', ');
  return `tool definitions: ${total.toLocaleString('en-US')} of ${budget.toLocaleString('en-US')} tokens (${each})`;
}
