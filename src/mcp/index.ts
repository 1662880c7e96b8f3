// The MCP server, bundled apart (dist/mcp.js) and loaded only by `lectern mcp`: the SDK costs the
// other commands nothing.
import type { McpConfig } from './connection';
import { serveHttp, type HttpOptions } from './http';
import { serveStdio } from './stdio';

export type { McpConfig, McpEngine } from './connection';

/** Serves until the client goes (stdio) or the process is told to stop (HTTP). */
export async function runMcp(
  config: McpConfig,
  http: HttpOptions | undefined,
  say: (line: string) => void,
): Promise<void> {
  if (!http) return serveStdio(config);
  const server = await serveHttp(config, http);
  say(`lectern mcp: listening on ${server.url}${http.token ? ' (bearer token required)' : ''}`);
  await new Promise<void>((resolve) => {
    const stop = () => void server.close().then(resolve);
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
