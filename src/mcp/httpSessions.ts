// The MCP sessions of the HTTP server, each one connection (its own roots, engine and stabilization
// session). A session exists once its initialize is accepted: a refused one leaves nothing behind
// (before, each refused initialize kept a transport, a server and an engine for good: 2,000 of them
// with a wrong Accept header grew the server by 124 MB). Which sessions end to make room, and when
// none can: idleSessions.ts.
import { randomUUID } from 'node:crypto';
import type * as http from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createConnection, type McpConfig } from './connection';
import { IdleSessions, type IdleSessionLimits } from './idleSessions';

/** The JSON-RPC error code of an initialize refused because every session has a call in flight (HTTP 503). */
export const SESSIONS_BUSY_CODE = -32003;
/** The Retry-After of that refusal, in seconds. */
const SESSIONS_BUSY_RETRY_SECONDS = 2;

export type Reply = (
  res: http.ServerResponse,
  status: number,
  message: string,
  options?: { code?: number; headers?: Record<string, string> },
) => void;

/** Why the SDK's transport would refuse this initialize before reading it (its own checks), or undefined. */
function initializeRefusal(headers: http.IncomingHttpHeaders): { status: number; message: string } | undefined {
  const accept = headers.accept ?? '';
  if (!accept.includes('application/json') || !accept.includes('text/event-stream'))
    return {
      status: 406,
      message: 'Not Acceptable: the client must accept both application/json and text/event-stream (Accept header).',
    };
  const type = (headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json')
    return { status: 415, message: 'Unsupported Media Type: Content-Type must be application/json.' };
  return undefined;
}

export class HttpSessions {
  private readonly transports = new Map<string, StreamableHTTPServerTransport>();
  private readonly idle: IdleSessions;
  private readonly sweep: ReturnType<typeof setInterval>;
  private connections = 0;

  constructor(
    private readonly config: McpConfig,
    private readonly limits: IdleSessionLimits,
    private readonly reply: Reply,
    clock?: () => number,
  ) {
    this.idle = new IdleSessions(limits, clock);
    const every = Math.min(Math.max(limits.idleMs / 4, 10), 60_000);
    this.sweep = setInterval(() => this.idle.expired().forEach((id) => this.end(id)), every);
    this.sweep.unref();
  }

  /** Sessions open now. */
  get size(): number {
    return this.transports.size;
  }

  /** A request naming session `id`, served by it; false when there is no such session. */
  serve(id: string, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> | false {
    const transport = this.transports.get(id);
    if (!transport) return false;
    res.once('close', this.idle.begin(id, req.method === 'GET' ? 'stream' : 'call'));
    return transport.handleRequest(req, res);
  }

  /** An initialize request (its body read): a new session, or a refusal that leaves nothing behind. */
  async open(req: http.IncomingMessage, res: http.ServerResponse, body: unknown): Promise<void> {
    const refused = initializeRefusal(req.headers);
    if (refused) return this.reply(res, refused.status, refused.message);
    this.idle.expired().forEach((id) => this.end(id));
    const room = this.idle.makeRoom();
    if (!room) return this.busy(res);
    room.forEach((id) => this.end(id));
    // Counted from now (as a call in flight: it cannot be made room of), so concurrent initializes
    // cannot together pass the cap.
    const id = randomUUID();
    res.once('close', this.idle.begin(id));
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => id,
      onsessioninitialized: () => void this.transports.set(id, transport),
    });
    const connection = createConnection(this.config, `mcp-http-${++this.connections}`);
    transport.onclose = () => {
      this.transports.delete(id);
      this.idle.forget(id);
      void connection.end();
    };
    let accepted = false;
    try {
      await connection.server.connect(transport);
      await transport.handleRequest(req, res, body);
      // The transport took it (a session id) and the server answered it (the client's version).
      accepted = this.transports.has(id) && connection.server.getClientVersion() !== undefined;
    } finally {
      if (!accepted) await transport.close().catch(() => undefined);
    }
  }

  /** Ends every session (the server closes). */
  async closeAll(): Promise<void> {
    clearInterval(this.sweep);
    await Promise.all([...this.transports.values()].map((transport) => transport.close().catch(() => undefined)));
  }

  /** Ends a session as a DELETE would: its transport closes, then its connection and engine. */
  private end(id: string): void {
    const transport = this.transports.get(id);
    this.transports.delete(id);
    this.idle.forget(id);
    void transport?.close().catch(() => undefined);
  }

  private busy(res: http.ServerResponse): void {
    const seconds = SESSIONS_BUSY_RETRY_SECONDS;
    this.reply(
      res,
      503,
      `Server busy: all ${this.limits.maxSessions} sessions have a call in flight, so none can make room for a new one. Retry the initialize after ${seconds} s (Retry-After), or end a session you no longer use (DELETE).`,
      { code: SESSIONS_BUSY_CODE, headers: { 'retry-after': String(seconds) } },
    );
  }
}
