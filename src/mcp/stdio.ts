// `lectern mcp` on stdin/stdout: one connection for the life of the process. stdout carries only
// protocol messages; the server's log goes to the client as MCP logging messages.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createConnection, type McpConfig } from './connection';

export async function serveStdio(config: McpConfig): Promise<void> {
  const { server } = createConnection(config, 'mcp-stdio');
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
    // The client closed our stdin: the connection is over.
    process.stdin.once('end', () => void server.close());
  });
  await server.connect(transport);
  await closed;
}
