// Smoke test: the extension's language-model tools are contributed and invocable in a real host.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { folder, resultText, testWorkspace, writeFile } from './helpers';

const TOOLS = ['lectern_read', 'lectern_search', 'lectern_stat'];

describe('smoke', () => {
  it('opens the multi-root test workspace', () => {
    const ws = testWorkspace();
    const names = (vscode.workspace.workspaceFolders ?? []).map((f) => f.name);
    assert.ok(names.includes('alpha') && names.includes('beta'), `workspace folders: ${names.join(', ')}`);
    assert.ok(ws.folders.alpha && ws.folders.beta);
  });

  it('contributes the tools with an input schema', () => {
    for (const name of TOOLS) {
      const tool = vscode.lm.tools.find((t) => t.name === name);
      assert.ok(tool, `${name} is not in vscode.lm.tools (${vscode.lm.tools.map((t) => t.name).join(', ')})`);
      assert.ok(tool.inputSchema && typeof tool.inputSchema === 'object', `${name} has no inputSchema`);
    }
  });

  it('lectern_stat describes a workspace file', async () => {
    const file = writeFile(path.join(folder('alpha'), 'src', 'smoke-stat.ts'), 'export const answer = 42;\n');
    const result = await vscode.lm.invokeTool('lectern_stat', {
      input: { target: file },
      toolInvocationToken: undefined,
    });
    assert.ok(result instanceof vscode.LanguageModelToolResult, 'result is not a LanguageModelToolResult');
    const text = resultText(result);
    assert.ok(text.includes('smoke-stat.ts'), `tool output does not name the file:\n${text}`);
  });
});
