// The search bench's MCP row: `lectern mcp` (the built dist/cli.js, as an agent outside VS Code
// starts it) over stdio with the official SDK client, warm, against one `rg -n` process per query,
// alternating — the way issue 20 first measured it (a JSON-RPC round trip and the server's engine
// with ripgrep as its finder, not the engine in this process). The session guard is off: the bench
// repeats each search, which a guarded session would answer as already seen.
import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

export interface McpSearchServer {
  /** One `lectern_search` call's wall time, in ms (throws when the tool answers an error). */
  search(input: Record<string, unknown>): Promise<number>;
  close(): Promise<void>;
}

/** Starts `node cli mcp --root root` with `ripgrep` as its finder, or undefined when the CLI is not built. */
export async function startMcpSearch(cli: string, root: string, ripgrep: string): Promise<McpSearchServer | undefined> {
  if (!existsSync(cli)) return undefined;
  const client = new Client({ name: 'lectern-search-bench', version: '1.0.0' });
  const env = { ...process.env, LECTERN_RIPGREP: ripgrep } as Record<string, string>;
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [cli, 'mcp', '--root', root, '--session-guard', 'off'],
      env,
      stderr: 'ignore',
    }),
  );
  return {
    async search(input) {
      const started = performance.now();
      const result = await client.callTool({ name: 'lectern_search', arguments: input });
      const elapsed = performance.now() - started;
      if (result.isError) throw new Error(`lectern_search ${JSON.stringify(input)}: ${JSON.stringify(result.content)}`);
      return elapsed;
    },
    close: () => client.close(),
  };
}
