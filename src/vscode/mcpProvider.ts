// Lectern as an MCP server definition (contributes.mcpServerDefinitionProviders), for agents in VS
// Code that reach tools only through MCP. It runs the bundled CLI's `lectern mcp` with the
// workspace folders as roots and the editor's lectern.* settings as flags. Off by default
// (lectern.mcpServer): it offers the same tools as the vscode.lm ones.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { settingsToFlags } from '../node/settingFlags';
import { readSettings } from './workspaceSettings';

const MCP_PROVIDER_ID = 'lectern';

/** The server definition for the current folders and settings; none while lectern.mcpServer is off. */
function mcpServerDefinitions(extensionPath: string, version: string): vscode.McpStdioServerDefinition[] {
  if (!vscode.workspace.getConfiguration('lectern').get<boolean>('mcpServer', false)) return [];
  const folders = (vscode.workspace.workspaceFolders ?? [])
    .filter((folder) => folder.uri.scheme === 'file')
    .map((folder) => folder.uri.fsPath);
  const args = [
    path.join(extensionPath, 'dist', 'cli.js'),
    'mcp',
    ...folders.flatMap((folder) => ['--root', folder]),
    ...settingsToFlags(readSettings()),
  ];
  if (vscode.workspace.getConfiguration('lectern').get<boolean>('legacyTools', false)) args.push('--legacy-tools');
  // The extension host's own runtime runs the CLI: Node in a server, Electron (as Node) on the desktop.
  const definition = new vscode.McpStdioServerDefinition(
    'Lectern',
    process.execPath,
    args,
    { ELECTRON_RUN_AS_NODE: '1' },
    version,
  );
  if (folders[0]) definition.cwd = vscode.Uri.file(folders[0]);
  return [definition];
}

export function registerMcpProvider(context: vscode.ExtensionContext): vscode.Disposable[] {
  // Older hosts have no MCP API: the vscode.lm tools still work.
  if (typeof vscode.lm.registerMcpServerDefinitionProvider !== 'function') return [];
  const version = String((context.extension.packageJSON as { version?: string }).version ?? '0.0.0');
  const changed = new vscode.EventEmitter<void>();
  return [
    changed,
    vscode.workspace.onDidChangeWorkspaceFolders(() => changed.fire()),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration('lectern') || event.affectsConfiguration('files.exclude')) changed.fire();
    }),
    vscode.lm.registerMcpServerDefinitionProvider(MCP_PROVIDER_ID, {
      onDidChangeMcpServerDefinitions: changed.event,
      provideMcpServerDefinitions: () => mcpServerDefinitions(context.extensionPath, version),
    }),
  ];
}
