// The tool definitions a model receives with every request (name, description, JSON schema per
// primary tool, as a chat API gets them) stay within 1,000 o200k tokens with every mode of
// lectern_read in them, the navigation modes included.
import { strict as assert } from 'node:assert';
import { loadTokenCounter } from '../../../src/core/ground/tokens';
import { lecternRead, primaryTools } from '../../../src/core/tools/definitions';
import { inputSchema } from '../../../src/core/tools/jsonSchema';

describe('tool definitions', () => {
  it('hold references and map, within 1,000 o200k tokens', async () => {
    const count = await loadTokenCounter();
    const tokens = primaryTools.map((tool) =>
      count(JSON.stringify({ name: tool.name, description: tool.modelDescription, parameters: inputSchema(tool) })),
    );
    const total = tokens.reduce((sum, n) => sum + n, 0);
    assert.ok(total <= 1000, `tool definitions: ${tokens.join(' + ')} = ${total} tokens`);
    const modes = (inputSchema(lecternRead).properties as Record<string, { enum?: string[] }>).mode!.enum!;
    assert.ok(modes.includes('references') && modes.includes('map'), modes.join(', '));
  });
});
