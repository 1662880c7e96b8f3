// The tool definitions a model receives with every request (name, description, JSON schema per
// primary tool, as a chat API gets them) stay within their o200k token budget (TOOL_DEFINITIONS_BUDGET,
// beside the registry) with every mode of lectern_read in them, the navigation modes included.
import { strict as assert } from 'node:assert';
import { loadTokenCounter } from '../../../src/core/ground/tokens';
import { TOOL_DEFINITIONS_BUDGET } from '../../../src/core/modes/index';
import { definitionTokens, definitionTokensLine } from '../../../src/core/tools/definitionTokens';
import { lecternRead, primaryTools } from '../../../src/core/tools/definitions';
import { inputSchema } from '../../../src/core/tools/jsonSchema';

describe('tool definitions', () => {
  it('hold references and map, within their token budget', async () => {
    const counted = definitionTokens(primaryTools, await loadTokenCounter());
    assert.equal(counted.budget, TOOL_DEFINITIONS_BUDGET);
    assert.ok(counted.total <= TOOL_DEFINITIONS_BUDGET, definitionTokensLine(counted));
    const modes = (inputSchema(lecternRead).properties as Record<string, { enum?: string[] }>).mode!.enum!;
    assert.ok(modes.includes('references') && modes.includes('map'), modes.join(', '));
  });

  it('are counted as a chat API gets them, tool by tool', () => {
    // A counter of characters: the count is the JSON's length, per tool.
    const counted = definitionTokens(primaryTools, (text) => text.length);
    assert.deepEqual(
      counted.tools.map((tool) => tool.name),
      primaryTools.map((tool) => tool.name),
    );
    const [read] = counted.tools;
    const sent = {
      name: lecternRead.name,
      description: lecternRead.modelDescription,
      parameters: inputSchema(lecternRead),
    };
    assert.equal(read!.tokens, JSON.stringify(sent).length);
    assert.equal(
      counted.total,
      counted.tools.reduce((sum, tool) => sum + tool.tokens, 0),
    );
    assert.match(definitionTokensLine(counted), /^tool definitions: [\d,]+ of 1,000 tokens \(lectern_read \d+, /);
  });
});
