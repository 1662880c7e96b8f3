// The hosts list the tools of the engine's catalog, so a registry given to `new Lectern` reaches
// them (issue 37: the MCP server and `lectern tools` listed the shipped tools from module constants).
// The MCP server runs in process here over the SDK's in-memory transport, with the official client.
import { strict as assert } from 'node:assert';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { toolListing } from '../../../src/cli/toolListing';
import { Lectern } from '../../../src/core/engine';
import { draft } from '../../../src/core/ground/answer';
import { emptyMeta } from '../../../src/core/ground/contract';
import { REGISTRY, type Registry } from '../../../src/core/modes/index';
import { defineTool } from '../../../src/core/modes/mode';
import { defaultCatalog } from '../../../src/core/tools/catalog';
import { createConnection, type McpConfig } from '../../../src/mcp/connection';
import { nodeFileSystem } from '../../../src/node/nodeFileSystem';
import { tempDir } from '../helpers';

/** A throw-away tool: answers "pong". */
const pingTool = defineTool({
  definition: {
    name: 'lectern_ping',
    displayName: 'Ping',
    toolReferenceName: 'lecternPing',
    userDescription: 'Answers pong.',
    modelDescription: 'Answers pong.',
    fields: { target: { type: 'string' } },
    required: [],
  },
  mode: 'ping',
  examples: [{}],
  answer: 'metadata',
  precise: true,
  title: () => 'Pinging',
  run: async () =>
    draft({
      ok: true,
      mode: 'ping',
      target: null,
      content: 'pong',
      text: 'pong',
      location: null,
      meta: emptyMeta(),
    }),
});

const registry: Registry = { modes: REGISTRY.modes, tools: [...REGISTRY.tools, pingTool] };

function engine(): Lectern {
  const root = tempDir('lectern-registry-tools-');
  return new Lectern({ fs: nodeFileSystem, roots: () => [{ name: 'w', path: root }] }, () => ({}), registry);
}

async function connect(legacyTools: boolean): Promise<Client> {
  const config: McpConfig = {
    legacyTools,
    fallbackRoots: [],
    allowOutside: false,
    structuredContent: false,
    version: '0.0.0',
    createEngine: () => engine(),
  };
  const connection = createConnection(config, 'registry-test');
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await connection.server.connect(serverSide);
  const client = new Client({ name: 'registry-test', version: '1.0.0' });
  await client.connect(clientSide);
  after(() => Promise.all([client.close(), connection.end()]));
  return client;
}

describe('hosts list the tools of the engine’s registry', () => {
  it('the MCP server lists and answers a tool the registry adds', async () => {
    const client = await connect(false);
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    assert.deepEqual(names, [...defaultCatalog.primaryTools.map((tool) => tool.name), 'lectern_ping']);
    const result = (await client.callTool({ name: 'lectern_ping', arguments: {} })) as CallToolResult;
    assert.deepEqual(result.content, [{ type: 'text', text: 'pong' }]);
    // The instructions name the shipped tools, each with its use (TOOL_USES).
    assert.equal(
      client.getInstructions(),
      'Lectern reads code precisely: lectern_search finds lines, lectern_read reads a symbol, a snippet, an outline or a range with exact paging, lectern_stat sizes a path first. Paths are relative to the workspace folders (the client roots).',
    );
  });

  it('with --legacy-tools, the registry’s tools and then the compatibility ones', async () => {
    const client = await connect(true);
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    assert.deepEqual(names, [
      ...defaultCatalog.primaryTools.map((tool) => tool.name),
      'lectern_ping',
      ...defaultCatalog.allTools.filter((tool) => tool.legacy).map((tool) => tool.name),
    ]);
  });

  it('`lectern tools` lists every tool of the catalog it is given', () => {
    const listed = JSON.parse(toolListing(engine().catalog)) as {
      name: string;
      legacy: boolean;
      inputSchema: unknown;
    }[];
    assert.deepEqual(
      listed.map((tool) => tool.name),
      engine().catalog.allTools.map((tool) => tool.name),
    );
    assert.deepEqual(listed[3], {
      name: 'lectern_ping',
      legacy: false,
      description: 'Answers pong.',
      inputSchema: listed[3]!.inputSchema,
    });
    assert.ok(!JSON.parse(toolListing(defaultCatalog)).some((tool: { name: string }) => tool.name === 'lectern_ping'));
  });
});
