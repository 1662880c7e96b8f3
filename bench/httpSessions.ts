// Memory of the MCP HTTP server over many sessions that are never used again (clients that
// initialize and go away without a DELETE): the server's heap and RSS after 0, 2,000 and N
// initialize requests, with the idle-session limits (src/mcp/idleSessions.ts) and without them.
//   node --expose-gc --import tsx bench/httpSessions.ts [--requests=10000]
import { Lectern } from '../src/core/engine';
import type { McpConfig } from '../src/mcp/connection';
import { serveHttp } from '../src/mcp/http';
import type { IdleSessionLimits } from '../src/mcp/idleSessions';
import { createNodeHost, rootsOf } from '../src/node/nodeHost';

const requests = Number(/--requests=(\d+)/.exec(process.argv.join(' '))?.[1] ?? 10_000);

const config: McpConfig = {
  legacyTools: false,
  fallbackRoots: rootsOf([process.cwd()]),
  allowOutside: false,
  structuredContent: false,
  version: 'bench',
  // As the CLI makes them: a Node host per session, its workers ended with the session.
  createEngine: (roots) => {
    const host = createNodeHost(roots, { bundleDir: `${__dirname}/../src/node` });
    const engine = new Lectern(host, () => ({}));
    return {
      catalog: engine.catalog,
      run: (t, i, o) => engine.run(t, i, o),
      invalidate: (p) => engine.invalidate(p),
      dispose: host.dispose,
    };
  },
};

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
});

function memory(): { heapMB: number; rssMB: number } {
  (globalThis as { gc?: () => void }).gc?.();
  const { heapUsed, rss } = process.memoryUsage();
  return { heapMB: Math.round(heapUsed / 1e5) / 10, rssMB: Math.round(rss / 1e5) / 10 };
}

async function run(label: string, idle: Partial<IdleSessionLimits>): Promise<void> {
  const server = await serveHttp(config, { port: 0, idle });
  const marks: Record<string, ReturnType<typeof memory> & { sessions: number }> = {};
  marks['0'] = { ...memory(), sessions: server.sessionCount() };
  const started = Date.now();
  for (let i = 1; i <= requests; i++) {
    const res = await fetch(server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: INITIALIZE,
    });
    await res.text();
    if (i === 2_000 || i === requests) marks[String(i)] = { ...memory(), sessions: server.sessionCount() };
  }
  const seconds = (Date.now() - started) / 1000;
  await server.close();
  process.stdout.write(`${label} (${seconds.toFixed(1)} s)\n`);
  for (const [at, m] of Object.entries(marks))
    process.stdout.write(
      `  after ${at.padStart(6)} initialize: heap ${m.heapMB} MB, RSS ${m.rssMB} MB, ${m.sessions} sessions open\n`,
    );
}

async function main(): Promise<void> {
  if (!(globalThis as { gc?: unknown }).gc) process.stdout.write('(run with --expose-gc for settled figures)\n');
  await run('idle limits (default: 30 min, at most 100 sessions)', {});
  await run('no limits (as before)', { idleMs: Infinity, maxSessions: Infinity });
}

void main();
