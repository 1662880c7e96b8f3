// `lectern mcp` on stdin/stdout: one connection for the life of the process. stdout carries only
// protocol messages; the server's log goes to the client as MCP logging messages. When the client
// closes stdin, the connection ends and its worker threads with it, so the process exits at once.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createConnection, type McpConfig } from './connection';

export async function serveStdio(config: McpConfig): Promise<void> {
  const connection = createConnection(config, 'mcp-stdio');
  const { server } = connection;
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
    // The client closed our stdin: the connection is over.
    process.stdin.once('end', () => void connection.end());
  });
  await server.connect(transport);
  await closed;
  await connection.end();
}
