// The web tests' workspace, as the worker reaches it: through vscode.workspace.fs only (no Node fs,
// no process.env). scripts/host/run-integration.mjs --web opens <root>/workspace/ws and writes the
// Node side of the comparison to <root>/node-answers.json.
import * as vscode from 'vscode';
import type { NodeAnswers } from './answersFile';

export function workspaceFolder(): vscode.WorkspaceFolder {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) throw new Error('no workspace folder is open');
  return folder;
}

/** A file of the test run beside the workspace (<root>/<name>). */
function besideWorkspace(name: string): vscode.Uri {
  const folder = workspaceFolder().uri;
  return vscode.Uri.joinPath(folder, '..', '..', name);
}

export async function nodeAnswers(): Promise<NodeAnswers> {
  const bytes = await vscode.workspace.fs.readFile(besideWorkspace('node-answers.json'));
  return JSON.parse(new TextDecoder().decode(bytes)) as NodeAnswers;
}

export async function writeBeside(name: string, value: unknown): Promise<void> {
  await vscode.workspace.fs.writeFile(besideWorkspace(name), new TextEncoder().encode(JSON.stringify(value, null, 2)));
}

export function lectern(): vscode.Extension<unknown> {
  const extension = vscode.extensions.all.find((e) => e.packageJSON?.name === 'lectern');
  if (!extension) throw new Error('the Lectern extension is not loaded');
  return extension;
}

/** Concatenated text parts of a tool result. */
function resultText(result: vscode.LanguageModelToolResult): string {
  return result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
}

export async function call(tool: string, input: object): Promise<string> {
  return resultText(await vscode.lm.invokeTool(tool, { input, toolInvocationToken: undefined }));
}
