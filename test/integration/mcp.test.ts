// The extension's MCP server definition provider in the real host: off by default; with
// lectern.mcpServer on, VS Code starts the bundled `lectern mcp` and its tools can be invoked
// (through vscode.lm, as VS Code's own MCP client calls them).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { eventually } from '../shared/eventually';
import { folder, resultText, writeFile } from './helpers';

/** VS Code's command that starts MCP servers ('*': all) and waits until their tools are known. */
async function startMcpServers(): Promise<void> {
  await vscode.commands.executeCommand('workbench.mcp.startServer', '*', {
    waitForLiveTools: true,
    autoTrustChanges: true,
  });
}

/** The MCP tools VS Code made of the Lectern server (named with a server prefix, unlike ours). */
function lecternMcpTools(): vscode.LanguageModelToolInformation[] {
  return vscode.lm.tools.filter(
    (tool) => /lectern_(read|search|stat)$/.test(tool.name) && !/^lectern_/.test(tool.name),
  );
}

/** Asks VS Code to start the MCP servers until the Lectern server's three tools are listed. */
function lecternToolsStarted(what: string): Promise<vscode.LanguageModelToolInformation[]> {
  return eventually(
    () => {
      void startMcpServers();
      const found = lecternMcpTools();
      return found.length >= 3 ? found : undefined;
    },
    // Each poll asks again: not more often than VS Code can start a server.
    { timeoutMs: 60_000, intervalMs: 200, what },
  );
}

describe('mcp server definition provider', function () {
  this.timeout(90_000);
  const config = () => vscode.workspace.getConfiguration('lectern');

  after(async () => {
    await config().update('mcpServer', undefined, vscode.ConfigurationTarget.Workspace);
  });

  it('offers no server while lectern.mcpServer is off (the default)', async () => {
    assert.equal(config().get('mcpServer'), false);
    await startMcpServers();
    assert.deepEqual(
      lecternMcpTools().map((t) => t.name),
      [],
    );
  });

  it('with lectern.mcpServer on, VS Code starts `lectern mcp` and its tools answer', async () => {
    await config().update('mcpServer', true, vscode.ConfigurationTarget.Workspace);
    const tools = await lecternToolsStarted('the Lectern MCP tools');
    const stat = tools.find((t) => t.name.endsWith('lectern_stat'))!;
    assert.match(stat.description, /^Whether a path exists/);
    const file = writeFile(path.join(folder('alpha'), 'src', 'mcp-provider.ts'), 'export const viaMcp = 1;\n');
    const result = await vscode.lm.invokeTool(stat.name, { input: { target: file }, toolInvocationToken: undefined });
    const text = resultText(result);
    assert.match(text, /mcp-provider\.ts · file · 25 bytes · 1 line · typescript/);
  });
});

describe('mcp: the VS Code snippet of docs/mcp.md (.vscode/mcp.json)', function () {
  this.timeout(90_000);
  const config = () => vscode.workspace.getConfiguration('lectern');
  const ext = () => vscode.extensions.all.find((e) => e.packageJSON?.name === 'lectern')!;
  let file = '';

  after(() => {
    if (file) fs.rmSync(file, { force: true });
  });

  it('VS Code starts the server the snippet names, and its tools answer', async () => {
    // The extension's own server (the previous test) is gone first: the tools below are the snippet's.
    await config().update('mcpServer', undefined, vscode.ConfigurationTarget.Workspace);
    await eventually(() => lecternMcpTools().length === 0, {
      timeoutMs: 30_000,
      intervalMs: 200,
      what: "the extension's MCP server to go",
    });
    // The docs from the repository (this test runs from out/test/integration); the CLI from the extension.
    const doc = fs.readFileSync(path.resolve(__dirname, '..', '..', '..', 'docs', 'mcp.md'), 'utf8');
    const snippet = /<!-- mcp-config: vscode -->\n```json\n([\s\S]*?)\n```/.exec(doc)![1]!;
    file = writeFile(
      path.join(folder('alpha'), '.vscode', 'mcp.json'),
      snippet.replaceAll('/path/to/lectern', ext().extensionPath),
    );
    const tools = await lecternToolsStarted('the tools of the mcp.json server');
    const file2 = writeFile(path.join(folder('alpha'), 'src', 'mcp-json.ts'), 'export const viaMcpJson = 2;\n');
    const stat = tools.find((t) => t.name.endsWith('lectern_stat'))!;
    const text = resultText(
      await vscode.lm.invokeTool(stat.name, { input: { target: file2 }, toolInvocationToken: undefined }),
    );
    assert.match(text, /mcp-json\.ts · file · 29 bytes · 1 line · typescript/);
  });
});
