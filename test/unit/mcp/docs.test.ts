// docs/mcp.md's configuration snippets, as written (only the two placeholder paths filled in), run by
// the MCP Inspector's CLI: the `mcpServers` JSON through its --config, the generic command as given.
// (The VS Code mcp.json snippet runs in a real VS Code: test/integration/mcp.test.ts.)
import { strict as assert } from 'node:assert';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir, write } from '../helpers';
import { mcpClients, repoRoot } from './helpers';

/** The code block that follows `<!-- mcp-config: NAME -->` in docs/mcp.md. */
export function docSnippet(name: string): string {
  const doc = readFileSync(join(repoRoot, 'docs', 'mcp.md'), 'utf8');
  const match = new RegExp(`<!-- mcp-config: ${name} -->\\n\`\`\`\\w*\\n([\\s\\S]*?)\\n\`\`\``).exec(doc);
  assert.ok(match, `docs/mcp.md has no ${name} snippet`);
  return match[1]!;
}

function run(node: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(node, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('mcp: the configuration snippets of docs/mcp.md', function () {
  this.timeout(120_000);
  let node24 = '';
  let inspector = '';
  let project = '';
  const fill = (text: string) => text.replaceAll('/path/to/lectern', repoRoot).replaceAll('/path/to/project', project);

  before(async function () {
    this.timeout(60_000); // may build dist/ for the snippets
    ({ node: node24, inspector } = await mcpClients());
    // The snippets run the built CLI.
    if (!existsSync(join(repoRoot, 'dist', 'cli.js')) || !existsSync(join(repoRoot, 'dist', 'mcp.js')))
      execFileSync(process.execPath, ['esbuild.mjs'], { cwd: repoRoot, stdio: 'ignore' });
    project = tempDir('lectern-docs-mcp-');
    write(project, 'src/app.ts', 'export function main(): number {\n  return 42;\n}\n');
  });

  it('the mcpServers JSON (Claude Desktop / Code style), through the Inspector --config', async () => {
    const config = join(tempDir('lectern-docs-config-'), 'mcp.json');
    writeFileSync(config, fill(docSnippet('mcpServers')));
    JSON.parse(readFileSync(config, 'utf8'));
    const result = await run(node24, [
      inspector,
      '--cli',
      '--config',
      config,
      '--server',
      'lectern',
      '--method',
      'tools/call',
      '--tool-name',
      'lectern_read',
      '--tool-arg',
      'mode=symbol',
      '--tool-arg',
      'target=main',
    ]);
    assert.equal(result.code, 0, result.stderr);
    const answer = JSON.parse(result.stdout) as { content: { text: string }[]; isError?: boolean };
    assert.equal(answer.isError ?? false, false);
    assert.match(answer.content[0]!.text, /^src\/app\.ts:1-3 function main\n/);
  });

  it('the generic stdio command, as the Inspector line gives it', async () => {
    const lines = fill(docSnippet('command')).split('\n');
    const inspectorLine = lines.find((l) => l.startsWith('npx @modelcontextprotocol/inspector --cli '))!;
    const args = inspectorLine.replace('npx @modelcontextprotocol/inspector ', '').split(' ');
    assert.equal(
      lines[0],
      args.slice(1, args.indexOf('--method')).join(' '),
      'the Inspector line runs the command above it',
    );
    const result = await run(node24, [inspector, ...args]);
    assert.equal(result.code, 0, result.stderr);
    assert.deepEqual(
      (JSON.parse(result.stdout) as { tools: { name: string }[] }).tools.map((t) => t.name),
      ['lectern_read', 'lectern_search', 'lectern_stat'],
    );
  });
});
