// One HTTP client cannot starve the others, nor grow the server: a refused initialize leaves nothing
// behind (before, 2,000 of them with a wrong Accept header grew the server's heap by 124 MB), every
// session counts against the cap (before, sessions holding an event stream escaped it), and a session
// with a call in flight is never ended to make room (before, one client opening sessions ended
// another's in use: its next call was a 404); when none can make room, a new session is refused with
// 503 and Retry-After. Reached with the official SDK client, on 127.0.0.1 only.
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { ToolResponse } from '../../../src/core/ground/contract';
import { defaultCatalog } from '../../../src/core/tools/catalog';
import type { McpConfig } from '../../../src/mcp/connection';
import { serveHttp, type HttpServer } from '../../../src/mcp/http';
import { SESSIONS_BUSY_CODE } from '../../../src/mcp/httpSessions';
import { eventually } from '../../shared/eventually';
import { measuredHttpServer, type MeasuredServer } from './helpers';

/** What the client's requests were answered: each response's method, status and Retry-After. */
interface Seen {
  method: string;
  status: number;
  retryAfter: string | null;
}

async function connect(url: string, seen: Seen[] = [], accept?: string) {
  const observed: FetchLike = async (target, init) => {
    const headers = new Headers(init?.headers);
    if (accept) headers.set('accept', accept);
    const res = await fetch(target, { ...init, headers });
    seen.push({ method: init?.method ?? 'GET', status: res.status, retryAfter: res.headers.get('retry-after') });
    return res;
  };
  const client = new Client({ name: 'sessions-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(url), { fetch: observed });
  await client.connect(transport);
  return { client, transport, seen };
}

/** Whether the client's event stream (its GET) is open on the server. */
const streaming = (seen: Seen[]) => seen.some((s) => s.method === 'GET' && s.status === 200);

describe('mcp: HTTP sessions under many clients', function () {
  this.timeout(60_000);

  describe('memory of the real server (a child process)', () => {
    let server: MeasuredServer;
    let root: string;
    const MB = 1024 * 1024;
    before(async () => {
      root = mkdtempSync(join(tmpdir(), 'lectern-sessions-'));
      server = await measuredHttpServer(['--root', root]);
    });
    after(async () => {
      await server?.stop();
      rmSync(root, { recursive: true, force: true });
    });

    const refused = async (count: number) => {
      for (let i = 0; i < count; i++)
        await assert.rejects(connect(server.url, [], 'application/json'), /406|Not Acceptable/);
    };
    const acceptedThenClosed = async (count: number) => {
      for (let i = 0; i < count; i++) {
        const { client, transport } = await connect(server.url);
        await transport.terminateSession();
        await client.close();
      }
    };

    it('refused initializes (406: a wrong Accept header) leave nothing behind', async () => {
      await refused(50); // the code paths loaded and compiled
      const before = (await server.memory()).heapUsed;
      const count = 600;
      await refused(count);
      const grown = (await server.memory()).heapUsed - before;
      // 4 KB a request at most (before: 58 KB each, 1,000 grew the heap by 58 MB)
      assert.ok(grown < count * 4096, `the heap grew ${(grown / MB).toFixed(1)} MB over ${count} refused initializes`);
    });

    it('initializes accepted, then closed by their clients (DELETE), leave nothing behind', async () => {
      await acceptedThenClosed(50);
      const before = (await server.memory()).heapUsed;
      const count = 200;
      await acceptedThenClosed(count);
      const grown = (await server.memory()).heapUsed - before;
      // 16 KB a session at most (a session's engine kept, as refused ones were, is 58 KB)
      assert.ok(grown < count * 16_384, `the heap grew ${(grown / MB).toFixed(1)} MB over ${count} closed sessions`);
    });
  });

  describe('the session cap (in process)', () => {
    let server: HttpServer | undefined;
    let release: () => void = () => undefined;
    let gate = Promise.resolve();
    let started = 0;
    const config: McpConfig = {
      legacyTools: false,
      fallbackRoots: [],
      allowOutside: false,
      structuredContent: false,
      version: '0.0.0',
      // A call waits until the test releases it: a session with a call in flight.
      createEngine: () => ({
        catalog: defaultCatalog,
        run: async () => {
          started++;
          await gate;
          // the fields an MCP answer is made of (callResult)
          return { response: { ok: true, text: 'answered' } as ToolResponse };
        },
        invalidate: () => undefined,
      }),
    };
    const hold = () => {
      gate = new Promise<void>((resolve) => (release = resolve));
      started = 0;
    };
    const call = (client: Client) => client.callTool({ name: 'lectern_stat', arguments: { target: '.' } });
    afterEach(async () => {
      release();
      await server?.close();
      server = undefined;
    });

    it('sessions holding an event stream count against the cap: the least recently used makes room', async () => {
      server = await serveHttp(config, { port: 0, idle: { maxSessions: 3 } });
      const clients = [];
      for (let i = 0; i < 8; i++) {
        const connected = await connect(server.url);
        await eventually(() => streaming(connected.seen), { what: `client ${i}'s event stream` });
        clients.push(connected);
        assert.ok(server.sessionCount() <= 3, `${server.sessionCount()} sessions open with streams`);
      }
      await assert.rejects(call(clients[0]!.client), /404|not found/i, 'the least recently used ended');
      const answer = await call(clients[7]!.client);
      assert.deepEqual(answer.content, [{ type: 'text', text: 'answered' }]);
      await Promise.all(clients.map(({ client }) => client.close()));
    });

    it('a session with a call in flight is never ended; with no room a new session is refused with 503', async () => {
      server = await serveHttp(config, { port: 0, idle: { maxSessions: 4 } });
      hold();
      // 4 clients whose calls are in flight (the probe's 200 concurrent clients, scaled down)
      const busy = await Promise.all([0, 1, 2, 3].map(() => connect(server!.url)));
      const calls = busy.map(({ client }) => call(client));
      await eventually(() => started === 4, { what: 'the 4 calls to start' });
      // another client opening sessions (it retries as told) gets none of theirs
      const seen: Seen[] = [];
      for (let i = 0; i < 10; i++) await assert.rejects(connect(server.url, seen), /503|busy/i);
      const refusals = seen.filter((s) => s.method === 'POST');
      assert.equal(refusals.length, 10);
      for (const refusal of refusals) assert.deepEqual([refusal.status, refusal.retryAfter], [503, '2']);
      const raw = await fetch(server.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 0,
          method: 'initialize',
          params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
        }),
      });
      const body = (await raw.json()) as { error: { code: number; message: string } };
      assert.equal(body.error.code, SESSIONS_BUSY_CODE);
      assert.match(body.error.message, /all 4 sessions have a call in flight.*Retry-After/);
      release();
      for (const answer of await Promise.all(calls))
        assert.deepEqual(answer.content, [{ type: 'text', text: 'answered' }]);
      // idle now: a new session makes room by ending the least recently used one
      const late = await connect(server.url);
      assert.equal(server.sessionCount(), 4);
      await call(late.client);
      await Promise.all([...busy, late].map(({ client }) => client.close()));
    });

    it('concurrent clients: a call in flight is always answered, never a 404', async () => {
      server = await serveHttp(config, { port: 0, idle: { maxSessions: 5 } });
      hold();
      const holders = await Promise.all([0, 1, 2].map(() => connect(server!.url)));
      const held = holders.map(({ client }) => call(client));
      await eventually(() => started === 3, { what: 'the held calls to start' });
      // 20 clients at once: 2 sessions are free, and the new ones make room of each other (one may end
      // before its client's next request: a 404), never of the busy ones
      const results = await Promise.allSettled(Array.from({ length: 20 }, () => connect(server!.url)));
      const opened = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
      assert.ok(opened.length >= 2, `${opened.length} sessions opened`);
      // each opened client has asked for its event stream (answered 200, or 404 if its session made room)
      await eventually(() => opened.every(({ seen }) => seen.some((s) => s.method === 'GET')), { what: 'the streams' });
      for (const r of results) if (r.status === 'rejected') assert.match(String(r.reason), /503|busy|not found/i);
      assert.ok(server.sessionCount() <= 5, `${server.sessionCount()} sessions open`);
      release();
      for (const answer of await Promise.all(held))
        assert.deepEqual(answer.content, [{ type: 'text', text: 'answered' }]);
      for (const { client } of opened) await client.close();
      await Promise.all(holders.map(({ client }) => client.close()));
    });
  });
});
