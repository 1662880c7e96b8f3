// `lectern mcp` with the official SDK client, over stdio and Streamable HTTP: the tool list comes from
// the one definition source, every mode answers exactly what the engine answers (text and response
// object, validated against the output schema by the client), errors, roots, cancellation,
// progress, and 100 concurrent calls on one connection with exact session metrics.
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as path from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ToolResponse } from '../../../src/core/ground/contract';
import { Lectern } from '../../../src/core/engine';
import { allTools, primaryTools } from '../../../src/core/tools/definitions';
import { inputSchema } from '../../../src/core/tools/jsonSchema';
import { createNodeHost, rootsOf } from '../../../src/node/nodeHost';
import { tempDir, write } from '../helpers';
import { http as httpClient, httpServer, stdio, type Connected, type HttpServer } from './helpers';
import { eventually } from '../../shared/eventually';

function gitRepo(dir: string): void {
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'commit.gpgsign=false', ...args], {
      cwd: dir,
      stdio: 'ignore',
      env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1' },
    });
  git('init', '-q');
  git('add', '-A');
  git('commit', '-qm', 'base');
}

/** A small project: TypeScript with symbols, a git history with one change. */
function project(): string {
  const root = tempDir('lectern-mcp-');
  write(
    root,
    'src/store.ts',
    [
      '/** A key-value store. */',
      'export class Store {',
      '  private items = new Map<string, number>();',
      '  get(key: string): number | undefined {',
      '    return this.items.get(key);',
      '  }',
      '  set(key: string, value: number): void {',
      '    this.items.set(key, value);',
      '  }',
      '}',
      '',
    ].join('\n'),
  );
  write(
    root,
    'src/app.ts',
    [
      'import { Store } from "./store";',
      'export function main(): number {',
      '  const store = new Store();',
      '  store.set("a", 1);',
      '  return store.get("a") ?? 0;',
      '}',
      '',
    ].join('\n'),
  );
  write(
    root,
    'README.md',
    Array.from(
      { length: 300 },
      (_, i) => `line ${i + 1} of the readme, with a few more words so that a read is worth pointing back to`,
    ).join('\n') + '\n',
  );
  gitRepo(root);
  fs.appendFileSync(path.join(root, 'src/app.ts'), 'export const changed = true;\n');
  return root;
}

const CALLS: [string, Record<string, unknown>][] = [
  ['lectern_stat', { target: 'src/store.ts' }],
  ['lectern_read', { target: 'README.md', head: 5 }],
  ['lectern_read', { target: 'README.md', start_line: 100, end_line: 250 }],
  ['lectern_read', { target: ['src/app.ts', 'src/store.ts'] }],
  ['lectern_read', { target: 'src/store.ts', outline: true }],
  ['lectern_read', { mode: 'symbol', target: 'Store.get' }],
  ['lectern_read', { mode: 'snippet', target: 'src/store.ts', start_line: 5, expand: 'block' }],
  ['lectern_read', { mode: 'diff_preview' }],
  ['lectern_read', { mode: 'diff_preview', target: 'src/app.ts' }],
  ['lectern_search', { query: 'store' }],
  ['lectern_search', { target: 'README.md', query: 'line 7\\d', is_regex: true }],
  ['lectern_read', { target: 'README.md', start_line: 100, end_line: 250 }], // the same read again: de-duplicated in this session
];

/** Whether MCP's structured content has a `ToolResponse`'s shape (its fields the tests read). */
function isToolResponse(value: unknown): value is ToolResponse {
  if (typeof value !== 'object' || value === null) return false;
  if (!('ok' in value && 'text' in value && 'meta' in value)) return false;
  return typeof value.ok === 'boolean' && typeof value.text === 'string' && typeof value.meta === 'object';
}

function structured(result: CallToolResult): ToolResponse {
  assert.ok(isToolResponse(result.structuredContent), 'structuredContent is a ToolResponse');
  return result.structuredContent;
}

function textOf(result: CallToolResult): string {
  assert.equal(result.content.length, 1);
  const part = result.content[0]!;
  assert.equal(part.type, 'text');
  return (part as { text: string }).text;
}

async function call(connected: Connected, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await connected.client.callTool({ name, arguments: args })) as CallToolResult;
}

/** The engine on `root` with default settings, called directly: what the server's answers are held to. */
const directEngine = (root: string) =>
  new Lectern(
    createNodeHost(() => rootsOf([root])),
    () => ({}),
  );

type Connect = (args: string[], roots?: string[]) => Promise<Connected>;

const servers: HttpServer[] = [];
after(async () => {
  await Promise.all(servers.map((s) => s.stop()));
});

const transports: [string, Connect][] = [
  ['stdio', stdio],
  [
    'http',
    async (args, roots) => {
      const server = await httpServer(args);
      servers.push(server);
      const connected = await httpClient(server.url, roots);
      return { ...connected, close: async () => (await connected.close(), await server.stop()) };
    },
  ],
];

for (const [transport, connect] of transports) {
  describe(`mcp over ${transport}: lectern mcp with the SDK client`, function () {
    this.timeout(60_000);
    // These tests read the response object: structuredContent is on (the default is tested below).
    const connectStructured: Connect = (args, roots) => connect(['--structured-content', ...args], roots);

    it('by default answers with the text alone and lists no output schema (agents would show the model structuredContent in its place)', async () => {
      const root = project();
      const connected = await connect(['--root', root]);
      const engine = directEngine(root);
      try {
        const { tools } = await connected.client.listTools();
        assert.deepEqual(
          tools.map((t) => t.outputSchema),
          tools.map(() => undefined),
        );
        for (const [name, args] of CALLS.slice(0, 4)) {
          const result = await call(connected, name, args);
          const expected = await engine.invoke(name, args, { sessionId: 'direct' });
          assert.equal(result.structuredContent, undefined, name);
          assert.equal(textOf(result), expected.text, `${name} ${JSON.stringify(args)}`);
          assert.equal(result.isError, !expected.ok);
        }
        const missing = await call(connected, 'lectern_read', { target: 'nope.ts' });
        assert.equal(missing.isError, true);
        assert.equal(missing.structuredContent, undefined);
        assert.match(textOf(missing), /^Error NOT_FOUND/);
      } finally {
        await connected.close();
      }
    });

    it('lists the tools from the one definition source, with annotations, and output schemas when asked', async () => {
      const connected = await connectStructured([]);
      try {
        const { tools } = await connected.client.listTools();
        assert.deepEqual(
          tools.map((t) => t.name),
          primaryTools.map((t) => t.name),
        );
        for (const tool of tools) {
          const definition = primaryTools.find((d) => d.name === tool.name)!;
          assert.equal(tool.description, definition.modelDescription);
          assert.equal(tool.title, definition.displayName);
          assert.deepEqual(tool.inputSchema, inputSchema(definition));
          assert.equal(tool.outputSchema?.type, 'object');
          assert.deepEqual(tool.annotations, {
            title: definition.displayName,
            readOnlyHint: true,
            destructiveHint: false,
            idempotentHint: false,
            openWorldHint: false,
          });
        }
        const info = connected.client.getServerVersion();
        assert.equal(info?.name, 'lectern');
        assert.ok(connected.client.getServerCapabilities()?.logging);
      } finally {
        await connected.close();
      }
    });

    it('answers every mode exactly as the engine does, in one session (text = content, response = structuredContent)', async () => {
      const root = project();
      const connected = await connectStructured(['--root', root]);
      // The same calls, in the same order, on the engine directly: one session each.
      const engine = directEngine(root);
      try {
        await connected.client.listTools(); // the client then validates structuredContent against outputSchema
        for (const [name, args] of CALLS) {
          const result = await call(connected, name, args);
          const expected = JSON.parse(
            JSON.stringify(await engine.invoke(name, args, { sessionId: 'direct' })),
          ) as ToolResponse;
          assert.equal(textOf(result), expected.text, `${name} ${JSON.stringify(args)}`);
          assert.deepEqual(structured(result), expected, `${name} ${JSON.stringify(args)}`);
          assert.equal(result.isError, !expected.ok);
          assert.ok(expected.ok, `${name} ${JSON.stringify(args)}: ${expected.text}`);
        }
        const last = structured(await call(connected, 'lectern_stat', { target: 'README.md' }));
        // One session across the connection: the repeated range, and the symbol and snippet inside the
        // whole src/store.ts read before them, were de-duplicated.
        assert.equal(last.meta.stabilization!.metrics_snapshot.deduplicated_reads, 3);
        assert.equal(last.meta.stabilization!.metrics_snapshot.search_count, 2);
      } finally {
        await connected.close();
      }
    });

    it('errors: isError with the documented code, and unknown tools as protocol errors with the likely meant tool', async () => {
      const root = project();
      const connected = await connectStructured(['--root', root]);
      try {
        const missing = await call(connected, 'lectern_read', { target: 'src/nope.ts' });
        assert.equal(missing.isError, true);
        assert.equal(structured(missing).error?.code, 'NOT_FOUND');
        assert.match(textOf(missing), /^Error NOT_FOUND: /);
        const misspelt = await call(connected, 'lectern_read', { target: 'README.md', startLine: 3 });
        assert.equal(misspelt.isError, true);
        assert.equal(structured(misspelt).error?.code, 'INVALID_ARGS');
        assert.match(textOf(misspelt), /start_line/);
        await assert.rejects(
          call(connected, 'lectern_raed', { target: 'README.md' }),
          (error: Error & { code?: number }) => {
            assert.equal(error.code, -32602);
            assert.match(error.message, /Unknown tool "lectern_raed"\. Did you mean "lectern_read"\?/);
            return true;
          },
        );
        await assert.rejects(call(connected, 'read_file', { path: 'README.md' }), /--legacy-tools/);
      } finally {
        await connected.close();
      }
    });

    it('navigation reads: references (meta.references) and map answer as the engine does; NOT_FOUND names the closest', async () => {
      const root = project();
      // The engine compared with has no language server: the server answers from tree-sitter too.
      const connected = await connectStructured(['--root', root, '--language-servers', 'off']);
      const engine = directEngine(root);
      try {
        await connected.client.listTools();
        const references = await call(connected, 'lectern_read', { mode: 'references', target: 'Store' });
        assert.equal(references.isError, false);
        assert.deepEqual(structured(references).meta.references, [
          { path: 'src/app.ts', line: 1, column: 10, enclosing: null, kind: 'import' },
          { path: 'src/app.ts', line: 3, column: 21, enclosing: 'main', kind: 'call' },
        ]);
        assert.match(textOf(references), /^references Store · 2 uses in 1 file \(tree-sitter\)/);
        const map = await call(connected, 'lectern_read', { mode: 'map' });
        assert.equal(map.isError, false);
        assert.match(textOf(map), /^map of the workspace · 2 files, 5 declarations/);
        assert.match(
          textOf(map),
          /^  store\.ts\n    2 class Store\n      4 method get\(key: string\): number \| undefined$/m,
        );
        assert.match(textOf(map), /^    2 function main\(\): number$/m);
        assert.equal(structured(map).meta.files, 2);
        for (const [args, result] of [
          [{ mode: 'references', target: 'Store' }, references],
          [{ mode: 'map' }, map],
        ] as const) {
          const expected = await engine.invoke('lectern_read', args, { sessionId: 'direct' });
          assert.equal(textOf(result), expected.text);
        }
        const missing = await call(connected, 'lectern_read', { mode: 'references', target: 'Stor' });
        assert.equal(missing.isError, true);
        assert.equal(structured(missing).error?.code, 'NOT_FOUND');
        assert.match(textOf(missing), /^Error NOT_FOUND: No use of "Stor" in the workspace/);
        assert.match(textOf(missing), /Closest names:\nlectern_read \{"mode":"references","target":"Store"\}/);
      } finally {
        await connected.close();
      }
    });

    it('follows the client roots, and their changes', async () => {
      const first = tempDir('lectern-mcp-roots-a-');
      const second = tempDir('lectern-mcp-roots-b-');
      write(first, 'only-in-a.txt', 'a\n');
      write(second, 'only-in-b.txt', 'b\n');
      const fallback = tempDir('lectern-mcp-fallback-');
      const connected = await connectStructured(['--root', fallback], [first]);
      try {
        const exists = async (target: string) =>
          (structured(await call(connected, 'lectern_stat', { target })).meta.stat as { exists: boolean }).exists;
        assert.equal(await exists('only-in-a.txt'), true);
        assert.equal(await exists('only-in-b.txt'), false);
        await connected.setRoots([second]);
        assert.equal(await exists('only-in-b.txt'), true);
        assert.equal(await exists('only-in-a.txt'), false);
        await eventually(() => connected.logs.some((l) => l.includes(`Workspace folders: ${second} (client roots)`)), {
          what: 'the roots log',
        });
        // No roots from the client: the server's own folders.
        await connected.setRoots([]);
        write(fallback, 'fallback.txt', 'f\n');
        assert.equal(await exists('fallback.txt'), true);
        assert.equal(await exists('only-in-b.txt'), false);
      } finally {
        await connected.close();
      }
    });

    it('honours cancellation: a workspace search stops early, the connection goes on; progress of a search', async () => {
      const root = tempDir('lectern-mcp-cancel-');
      const body = 'const nothing = "here";\n'.repeat(1500);
      for (let i = 0; i < 1500; i++) write(root, `d${i % 30}/f${i}.ts`, body);
      const connected = await connectStructured(['--root', root]);
      try {
        // Cancelled once the search has started (its first progress, "0 files read"), not after a guessed time.
        const controller = new AbortController();
        const pending = connected.client.callTool(
          { name: 'lectern_search', arguments: { query: 'needle' } },
          undefined,
          { signal: controller.signal, onprogress: () => controller.abort('the user stopped it') },
        );
        await assert.rejects(pending, /abort|stopped|cancel/i);
        await eventually(
          () => connected.logs.some((l) => /lectern_search .*cancelled by the client, stopped early/.test(l)),
          { timeoutMs: 20_000, what: 'the cancellation log' },
        );
        const after = await call(connected, 'lectern_stat', { target: 'd0/f0.ts' });
        assert.equal(after.isError, false);
        // Uncancelled, with a progress token: the files searched so far, growing.
        const seen: { progress: number; message?: string }[] = [];
        const started = Date.now();
        const searched = (await connected.client.callTool(
          { name: 'lectern_search', arguments: { query: 'needle' } },
          undefined,
          { onprogress: (p) => void seen.push(p) },
        )) as CallToolResult;
        assert.equal(searched.isError, false, textOf(searched));
        assert.ok(
          seen.length >= 1 && seen.every((p) => /^\d+ files read$/.test(p.message ?? '')),
          `progress: ${JSON.stringify(seen)}`,
        );
        const progress = seen.map((p) => p.progress);
        assert.deepEqual(
          progress,
          [...new Set(progress)].sort((a, b) => a - b),
          'progress only grows',
        );
        assert.ok(progress.at(-1)! <= 1500);
        // A search that takes a while says how far it got.
        if (Date.now() - started > 400)
          assert.ok(progress.at(-1)! > 0, `progress: ${JSON.stringify(seen)} after ${Date.now() - started} ms`);
      } finally {
        await connected.close();
      }
    });

    it('reports progress of a first symbol index build when the client asks for it', async () => {
      const root = tempDir('lectern-mcp-progress-');
      for (let i = 0; i < 450; i++)
        write(root, `src/m${i}.ts`, `export function f${i}(): number {\n  return ${i};\n}\n`);
      const connected = await connectStructured(['--root', root]);
      try {
        const seen: { progress: number; total?: number }[] = [];
        const result = (await connected.client.callTool(
          { name: 'lectern_read', arguments: { mode: 'symbol', target: 'f449' } },
          undefined,
          { onprogress: (p) => void seen.push(p) },
        )) as CallToolResult;
        assert.equal(result.isError, false, textOf(result));
        assert.match(textOf(result), /return 449;/);
        assert.ok(
          seen.length >= 1 && seen.every((p) => p.total === 450),
          `progress notifications: ${JSON.stringify(seen)}`,
        );
        const progress = seen.map((p) => p.progress);
        assert.deepEqual(
          progress,
          [...new Set(progress)].sort((a, b) => a - b),
          'progress only grows',
        );
      } finally {
        await connected.close();
      }
    });

    it('100 concurrent calls on one connection: every answer right, the session metrics exact', async () => {
      const root = tempDir('lectern-mcp-concurrent-');
      for (let i = 0; i < 100; i++)
        write(root, `f${i}.txt`, Array.from({ length: i + 1 }, (_, n) => `file ${i} line ${n + 1}`).join('\n') + '\n');
      const connected = await connectStructured([
        '--root',
        root,
        '--max-reads-per-session',
        '1000',
        '--max-total-read-lines',
        '100000',
      ]);
      try {
        const results = await Promise.all(
          Array.from({ length: 100 }, (_, i) => call(connected, 'lectern_read', { target: `f${i}.txt` })),
        );
        results.forEach((result, i) => {
          const response = structured(result);
          assert.equal(result.isError, false, response.text);
          assert.equal(response.meta.total_lines, i + 1);
          assert.equal(
            response.content,
            Array.from({ length: i + 1 }, (_, n) => `file ${i} line ${n + 1}`).join('\n') + '\n',
          );
        });
        const metrics = structured(await call(connected, 'lectern_stat', { target: 'f0.txt' })).meta.stabilization!
          .metrics_snapshot;
        assert.equal(metrics.reads_count, 100);
        assert.equal(metrics.reads_lines_total, (100 * 101) / 2);
        assert.equal(metrics.max_read_span, 100);
      } finally {
        await connected.close();
      }
    });
  });
}

describe('mcp: offering the compatibility tools', function () {
  this.timeout(60_000);
  it('--legacy-tools lists them and answers in their flat shape', async () => {
    const root = project();
    const connected = await stdio(['--legacy-tools', '--structured-content', '--root', root]);
    try {
      const { tools } = await connected.client.listTools();
      assert.deepEqual(
        tools.map((t) => t.name),
        allTools.map((t) => t.name),
      );
      const result = (await connected.client.callTool({
        name: 'read_file_head',
        arguments: { path: 'README.md', lines: 3 },
      })) as CallToolResult;
      const legacy = result.structuredContent as { success: boolean; content: string; line_count: number };
      assert.equal(legacy.success, true);
      assert.match(legacy.content, /^line 1 of the readme, [^\n]*\nline 2 [^\n]*\nline 3 [^\n]*\n$/);
    } finally {
      await connected.close();
    }
  });
});

describe('mcp over http: the endpoint', function () {
  this.timeout(60_000);
  let server: HttpServer;
  before(async () => {
    server = await httpServer([]);
    servers.push(server);
  });

  function post(url: string, headers: Record<string, string>): Promise<number> {
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    });
    return new Promise((resolve, reject) => {
      const request = http.request(
        url,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode!));
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  }

  it('is bound to 127.0.0.1 and serves /mcp only', async () => {
    assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    assert.equal(await post(server.url.replace(/\/mcp$/, '/other'), {}), 404);
  });

  it('refuses a foreign Host or Origin (DNS rebinding), accepts this machine', async () => {
    const port = new URL(server.url).port;
    assert.equal(await post(server.url, { host: 'evil.example.com' }), 403);
    assert.equal(await post(server.url, { host: `evil.example.com:${port}` }), 403);
    assert.equal(await post(server.url, { origin: 'http://evil.example.com' }), 403);
    assert.equal(await post(server.url, { origin: 'null' }), 403);
    assert.equal(await post(server.url, { host: `localhost:${port}`, origin: `http://localhost:${port}` }), 200);
    assert.equal(await post(server.url, {}), 200);
  });

  it('with a token: refuses requests without it, serves those with it', async () => {
    const guarded = await httpServer(['--token', 's3cret']);
    servers.push(guarded);
    assert.equal(await post(guarded.url, {}), 401);
    assert.equal(await post(guarded.url, { authorization: 'Bearer wrong!' }), 401);
    const connected = await httpClient(guarded.url, undefined, { authorization: 'Bearer s3cret' });
    try {
      assert.equal((await connected.client.listTools()).tools.length, primaryTools.length);
    } finally {
      await connected.close();
      await guarded.stop();
    }
  });

  it('two clients are two sessions: budgets and de-duplication do not mix', async () => {
    const root = project();
    const own = await httpServer(['--structured-content', '--root', root]);
    servers.push(own);
    const [a, b] = [await httpClient(own.url), await httpClient(own.url)];
    try {
      const read = (c: Connected) =>
        c.client.callTool({
          name: 'lectern_read',
          arguments: { target: 'README.md', start_line: 1, end_line: 150 },
        }) as Promise<CallToolResult>;
      await read(a);
      const again = structured(await read(a));
      const first = structured(await read(b));
      assert.equal(again.meta.stabilization!.metrics_snapshot.deduplicated_reads, 1);
      assert.equal(first.meta.stabilization!.metrics_snapshot.deduplicated_reads, 0);
      assert.equal(first.meta.stabilization!.metrics_snapshot.reads_count, 1);
    } finally {
      await a.close();
      await b.close();
      await own.stop();
    }
  });
});
