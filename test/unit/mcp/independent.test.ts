// `lectern mcp` against clients nobody here wrote: the MCP Inspector's CLI mode (stdio) and the
// official conformance suite (Streamable HTTP). Both need Node >= 22: they run on the Node 24 the
// integration host installs; the set-up step installs them beside it (`npm run host:ensure`, run by
// `npm test`): this suite fails without them, and installs nothing.
import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import { primaryTools } from '../../../src/core/tools/definitions';
import { tempDir, write } from '../helpers';
import { httpServer, lecternCommand, mcpClients, type HttpServer } from './helpers';

function run(
  node: string,
  args: string[],
  timeoutMs = 60_000,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(node, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('mcp: independent clients (MCP Inspector CLI, conformance suite)', function () {
  this.timeout(120_000);
  let node24 = '';
  let inspector = '';
  let conformance = '';
  let root = '';

  before(async () => {
    ({ node: node24, inspector, conformance } = await mcpClients());
    root = tempDir('lectern-mcp-independent-');
    write(root, 'src/store.ts', 'export class Store {\n  get(key: string): string {\n    return key;\n  }\n}\n');
    write(
      root,
      'src/app.ts',
      'import { Store } from "./store";\nexport function main(): string {\n  return new Store().get("a");\n}\n',
    );
  });

  const inspect = (...args: string[]) => {
    // With structured content: the Inspector checks the output schemas too (--strict) and prints structuredContent.
    const server = lecternCommand('mcp', '--structured-content', '--root', root);
    return run(node24, [inspector, '--cli', server.command, ...server.args, ...args]);
  };

  it('Inspector CLI: tools/list has our tools, portable schemas (--strict)', async () => {
    const listed = await inspect('--method', 'tools/list', '--strict');
    assert.equal(listed.code, 0, listed.stderr);
    assert.doesNotMatch(listed.stderr, /warning|error/i);
    const { tools } = JSON.parse(listed.stdout) as { tools: { name: string; description: string }[] };
    assert.deepEqual(
      tools.map((t) => t.name),
      primaryTools.map((t) => t.name),
    );
    assert.equal(tools[0]!.description, primaryTools[0]!.modelDescription);
  });

  it('Inspector CLI: tools/call of a symbol read and of a failing read', async () => {
    const read = await inspect(
      '--method',
      'tools/call',
      '--tool-name',
      'lectern_read',
      '--tool-arg',
      'mode=symbol',
      '--tool-arg',
      'target=Store.get',
    );
    assert.equal(read.code, 0, read.stderr);
    const ok = JSON.parse(read.stdout) as {
      content: { text: string }[];
      structuredContent: { ok: boolean; location: { line: number } };
      isError?: boolean;
    };
    assert.equal(ok.structuredContent.ok, true);
    assert.equal(ok.isError ?? false, false);
    assert.match(ok.content[0]!.text, /^src\/store\.ts:2-4 method Store\.get/);
    const failed = await inspect(
      '--method',
      'tools/call',
      '--tool-name',
      'lectern_read',
      '--tool-arg',
      'target=missing.ts',
    );
    const bad = JSON.parse(failed.stdout) as { isError: boolean; structuredContent: { error: { code: string } } };
    assert.equal(bad.isError, true);
    assert.equal(bad.structuredContent.error.code, 'NOT_FOUND');
  });

  it('Inspector CLI: tools/call of the navigation reads (references, map) and of a name used nowhere', async () => {
    const call = async (...args: string[]) => {
      const done = await inspect('--method', 'tools/call', '--tool-name', 'lectern_read', ...args);
      // The Inspector exits 5 ("tool_is_error") when the tool answers isError, and prints the result all the same.
      assert.ok(done.code === 0 || done.code === 5, done.stderr);
      return JSON.parse(done.stdout) as {
        content: { text: string }[];
        structuredContent: { ok: boolean; meta: Record<string, unknown>; error?: { code: string } };
        isError?: boolean;
      };
    };
    const references = await call('--tool-arg', 'mode=references', '--tool-arg', 'target=Store.get');
    assert.equal(references.isError ?? false, false, references.content[0]?.text);
    // `new Store().get(…)`: the receiver is built as a Store where it is used, so the use is certain.
    assert.deepEqual(references.structuredContent.meta.references, [
      { path: 'src/app.ts', line: 3, column: 22, enclosing: 'main', kind: 'call' },
    ]);
    assert.match(references.content[0]!.text, /^references Store\.get · 1 use in 1 file \(tree-sitter\)/);
    const map = await call('--tool-arg', 'mode=map');
    assert.equal(map.structuredContent.ok, true);
    assert.match(map.content[0]!.text, /^map of the workspace · 2 files, 3 declarations/);
    assert.match(map.content[0]!.text, /^ {4}1 class Store\n {6}2 method get\(key: string\): string$/m);
    const missing = await call('--tool-arg', 'mode=references', '--tool-arg', 'target=Stor');
    assert.equal(missing.isError, true);
    assert.equal(missing.structuredContent.error?.code, 'NOT_FOUND');
    assert.match(missing.content[0]!.text, /Closest names:\nlectern_read \{"mode":"references","target":"Store"\}/);
  });

  describe('conformance suite over Streamable HTTP', () => {
    let server: HttpServer;
    before(async () => {
      server = await httpServer(['--root', root]);
    });
    after(() => server?.stop());

    for (const scenario of [
      'server-initialize',
      'ping',
      'tools-list',
      'logging-set-level',
      'dns-rebinding-protection',
    ]) {
      it(scenario, async () => {
        const result = await run(node24, [conformance, 'server', '--url', server.url, '--scenario', scenario]);
        const plain = (result.stdout + result.stderr).replace(/\x1b\[[0-9;]*m/g, '');
        assert.equal(result.code, 0, plain);
        const summary = /Passed: (\d+)\/(\d+), (\d+) failed, (\d+) warnings/.exec(plain);
        assert.ok(summary, plain);
        assert.equal(summary[1], summary[2], plain);
        assert.equal(summary[3], '0', plain);
        assert.equal(summary[4], '0', plain);
      });
    }
  });
});
