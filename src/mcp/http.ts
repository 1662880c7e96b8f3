// `lectern mcp --http PORT`: Streamable HTTP at http://127.0.0.1:PORT/mcp. Bound to the loopback
// address by default; every request's Host (and Origin, when a browser sends one) must name this
// machine, which stops DNS-rebinding pages from reaching the server; with a token, requests must
// also carry `Authorization: Bearer <token>`. Each MCP session is one connection (its own roots,
// engine and stabilization session), ended by its client (DELETE), when idle, or to make room
// (httpSessions.ts, idleSessions.ts).
import { timingSafeEqual } from 'node:crypto';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import type { McpConfig } from './connection';
import { HttpSessions, type Reply } from './httpSessions';
import { IDLE_SESSION_DEFAULTS, type IdleSessionLimits } from './idleSessions';

export interface HttpOptions {
  port: number;
  host?: string;
  token?: string;
  /** When idle sessions expire (default: after 30 minutes; at most 100 kept, streaming ones included). */
  idle?: Partial<IdleSessionLimits>;
  /** The clock idle times are measured with (tests). */
  clock?: () => number;
}

export interface HttpServer {
  url: string;
  /** Sessions open now. */
  sessionCount(): number;
  close(): Promise<void>;
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** The host name of a Host header value or an Origin URL ("localhost:3000", "http://127.0.0.1:3000"). */
function hostName(value: string, isOrigin: boolean): string | undefined {
  try {
    return new URL(isOrigin ? value : `http://${value}`).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

/** Why a request must be refused before it reaches the MCP layer, or undefined. */
function refusal(
  headers: http.IncomingHttpHeaders,
  allowed: ReadonlySet<string>,
  token: string | undefined,
): { status: number; message: string } | undefined {
  const host = headers.host;
  if (!host || !allowed.has(hostName(host, false) ?? ''))
    return { status: 403, message: `Host ${JSON.stringify(host ?? '')} is not allowed (DNS rebinding protection).` };
  const origin = headers.origin;
  if (origin !== undefined && origin !== 'null' && !allowed.has(hostName(origin, true) ?? ''))
    return { status: 403, message: `Origin ${JSON.stringify(origin)} is not allowed (DNS rebinding protection).` };
  if (origin === 'null') return { status: 403, message: 'Origin null is not allowed (DNS rebinding protection).' };
  if (token !== undefined) {
    const given = Buffer.from(headers.authorization ?? '');
    const expected = Buffer.from(`Bearer ${token}`);
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return { status: 401, message: 'Missing or wrong bearer token (Authorization: Bearer <token>).' };
  }
  return undefined;
}

const reply: Reply = (res, status, message, { code = -32000, headers = {} } = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
};

async function readJson(req: http.IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 4 * 1024 * 1024) throw new Error('request body over 4 MB');
    chunks.push(chunk as Buffer);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

export async function serveHttp(config: McpConfig, options: HttpOptions): Promise<HttpServer> {
  const bind = options.host ?? '127.0.0.1';
  const allowed = new Set(LOOPBACK_NAMES);
  // Bound to another address on purpose (e.g. a container's): its own name is allowed too.
  if (!LOOPBACK_NAMES.has(bind)) allowed.add(bind.toLowerCase());
  const sessions = new HttpSessions(config, { ...IDLE_SESSION_DEFAULTS, ...options.idle }, reply, options.clock);

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/mcp') return reply(res, 404, 'Not found: the MCP endpoint is /mcp.');
    const refused = refusal(req.headers, allowed, options.token);
    if (refused)
      return reply(
        res,
        refused.status,
        refused.message,
        refused.status === 401 ? { headers: { 'www-authenticate': 'Bearer' } } : {},
      );
    const id = req.headers['mcp-session-id'];
    const sessionId = Array.isArray(id) ? id[0] : id;
    if (sessionId !== undefined)
      return (
        sessions.serve(sessionId, req, res) ||
        reply(res, 404, `Session ${sessionId} not found (ended, expired or never started): initialize again.`)
      );
    if (req.method !== 'POST') return reply(res, 400, 'No mcp-session-id: start with an initialize request (POST).');
    let body: unknown;
    try {
      body = await readJson(req);
    } catch (error) {
      return reply(res, 400, `Parse error: ${(error as Error).message}.`);
    }
    if (!isInitializeRequest(body)) return reply(res, 400, 'No mcp-session-id: start with an initialize request.');
    return sessions.open(req, res, body);
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) reply(res, 500, `Internal error: ${(error as Error)?.message ?? error}`);
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, bind, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const shownHost = bind.includes(':') ? `[${bind}]` : bind;
  return {
    url: `http://${shownHost}:${port}/mcp`,
    sessionCount: () => sessions.size,
    close: async () => {
      // Stop accepting first: a client that reconnected between dropping the connections and closing the
      // server kept it open (and the process alive) after close.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await sessions.closeAll();
      server.closeAllConnections();
      await closed;
    },
  };
}
