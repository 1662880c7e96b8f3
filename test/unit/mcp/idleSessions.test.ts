// HTTP sessions end by themselves: a session idle for the configured time expires (its engine's
// workers end), and at most `maxSessions` are kept, so memory stays flat however many clients
// initialize and go away without a DELETE (before, 2,000 initialize requests grew the server by 65 MB;
// bench/httpSessions.ts measures 10,000).
import { strict as assert } from 'node:assert';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import fc from 'fast-check';
import { serveHttp, type HttpServer } from '../../../src/mcp/http';
import { IdleSessions } from '../../../src/mcp/idleSessions';
import type { McpConfig } from '../../../src/mcp/connection';
import { parseArgs, UsageError } from '../../../src/cli/args';
import { defaultCatalog } from '../../../src/core/tools/catalog';
import { eventually } from '../../shared/eventually';

describe('mcp: idle HTTP sessions expire', function () {
  this.timeout(60_000);

  it('with an injected clock: idle for the time expires, a request in flight never does', () => {
    let now = 0;
    const sessions = new IdleSessions({ idleMs: 1_000, maxSessions: 10 }, () => now);
    sessions.begin('a')();
    const endB = sessions.begin('b');
    now = 999;
    assert.deepEqual(sessions.expired(), []);
    now = 1_000;
    assert.deepEqual(sessions.expired(), ['a']);
    now = 5_000;
    assert.deepEqual(sessions.expired(), ['a'], 'b has a request in flight');
    endB();
    assert.deepEqual(sessions.expired(), ['a'], 'b was seen when its response ended');
    now = 6_000;
    assert.deepEqual(sessions.expired(), ['a', 'b']);
    sessions.forget('a');
    assert.equal(sessions.size, 1);
  });

  it('at most maxSessions, streaming ones counted: the least recently used idle ones make room', () => {
    let now = 0;
    const sessions = new IdleSessions({ idleMs: 60_000, maxSessions: 3 }, () => now);
    const streams = ['a', 'b', 'c'].map((id) => {
      now += 10;
      return sessions.begin(id, 'stream');
    });
    assert.deepEqual(sessions.expired(), [], 'an open stream keeps a session from expiring by time');
    assert.deepEqual(sessions.makeRoom(), ['a'], 'but not past the cap');
    now += 10;
    streams[1]!(); // b's client went: its stream ended
    assert.deepEqual(sessions.makeRoom(), ['b'], 'a session without a stream first');
    const call = sessions.begin('b');
    sessions.begin('a');
    sessions.begin('c');
    assert.equal(sessions.makeRoom(), undefined, 'every session has a call in flight: no room');
    call();
    assert.deepEqual(sessions.makeRoom(), ['b']);
  });

  it('property: never a session with a call in flight made room of; room whenever one is idle', () => {
    const op = fc.oneof(
      fc.record({ begin: fc.integer({ min: 0, max: 9 }), stream: fc.boolean() }),
      fc.record({ end: fc.integer({ min: 0, max: 20 }) }),
      fc.record({ advance: fc.integer({ min: 0, max: 500 }) }),
      fc.constant({ open: true }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.array(op, { maxLength: 60 }), (max, ops) => {
        let now = 0;
        const sessions = new IdleSessions({ idleMs: 300, maxSessions: max }, () => now);
        const open: { id: string; stream: boolean; end: () => void }[] = [];
        const seen = new Set<string>();
        let made = 0;
        const gone = (id: string) => {
          sessions.forget(id);
          seen.delete(id);
          for (let i = open.length - 1; i >= 0; i--) if (open[i]!.id === id) open.splice(i, 1);
        };
        for (const o of ops) {
          if ('begin' in o) {
            const id = `s${o.begin}`;
            if (!seen.has(id)) continue; // a request names a session that exists
            open.push({ id, stream: o.stream, end: sessions.begin(id, o.stream ? 'stream' : 'call') });
          } else if ('end' in o) open.splice(o.end % Math.max(1, open.length), 1)[0]?.end();
          else if ('advance' in o) now += o.advance;
          else {
            for (const id of sessions.expired()) {
              assert.ok(!open.some((r) => r.id === id), `${id} expired with a request open`);
              gone(id);
            }
            const busy = new Set(open.filter((r) => !r.stream).map((r) => r.id));
            const room = sessions.makeRoom();
            if (room === undefined) assert.ok(busy.size >= max, 'no room while a session without a call exists');
            else {
              for (const id of room) {
                assert.ok(!busy.has(id), `${id} made room of with a call in flight`);
                gone(id);
              }
              const id = `n${++made}`;
              seen.add(id);
              open.push({ id, stream: false, end: sessions.begin(id) });
              assert.ok(sessions.size <= max, `${sessions.size} sessions kept`);
            }
          }
        }
      }),
    );
  });

  it('--idle-minutes N goes with mcp --http, a positive number', () => {
    assert.equal(parseArgs(['mcp', '--http', '0', '--idle-minutes', '0.5'], {}).idleMinutes, 0.5);
    assert.throws(() => parseArgs(['mcp', '--idle-minutes', '5'], {}), /--idle-minutes goes with mcp --http PORT/);
    assert.throws(() => parseArgs(['session', '--idle-minutes', '5'], {}), UsageError);
    assert.throws(() => parseArgs(['mcp', '--http', '0', '--idle-minutes', '0'], {}), /positive number/);
  });

  describe('serveHttp', () => {
    let server: HttpServer | undefined;
    let disposed = 0;
    const config: McpConfig = {
      legacyTools: false,
      fallbackRoots: [],
      allowOutside: false,
      structuredContent: false,
      version: '0.0.0',
      createEngine: () => ({
        catalog: defaultCatalog,
        run: async () => {
          throw new Error('not called');
        },
        invalidate: () => undefined,
        dispose: async () => void disposed++,
      }),
    };
    const connect = async (url: string) => {
      const client = new Client({ name: 'idle-test', version: '1.0.0' });
      const transport = new StreamableHTTPClientTransport(new URL(url));
      await client.connect(transport);
      return { client, transport };
    };
    afterEach(async () => {
      await server?.close();
      server = undefined;
      disposed = 0;
    });

    it('a session idle past --idle-minutes ends with its engine; its next request is told to initialize again', async () => {
      server = await serveHttp(config, { port: 0, idle: { idleMs: 300 } });
      const { client, transport } = await connect(server.url);
      await client.listTools();
      const id = transport.sessionId!;
      assert.equal(server.sessionCount(), 1);
      await client.close(); // gone without a DELETE: its event stream ends, the session stays
      await eventually(() => server!.sessionCount() === 0, { what: 'the idle session to expire' });
      await eventually(() => disposed === 1, { what: "the expired session's engine to be disposed" });
      const again = await fetch(server.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-session-id': id,
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      assert.equal(again.status, 404);
      assert.match(await again.text(), /expired/);
    });

    it('an open event stream keeps a session; at most maxSessions idle ones are kept', async () => {
      server = await serveHttp(config, { port: 0, idle: { idleMs: 200, maxSessions: 3 } });
      const live = await connect(server.url);
      for (let i = 0; i < 8; i++) {
        const { client } = await connect(server.url);
        await client.close();
        // 3 idle, the live one, and one whose stream's end the server may not have seen yet
        assert.ok(server.sessionCount() <= 5, `${server.sessionCount()} sessions open`);
      }
      await eventually(() => server!.sessionCount() === 1, { what: 'only the live session to stay' });
      await live.client.listTools(); // still served
      await live.client.close();
    });
  });
});
