// Where the VS Code adapters register what VS Code calls: straight with VS Code (the web host), or
// into the forwarders the Node host's activation registered before the engine loaded (deferred.ts).
import * as vscode from 'vscode';

export type CommandHandler = (...args: unknown[]) => unknown;

export interface Registrar {
  command(id: string, handler: CommandHandler): vscode.Disposable;
  tool(name: string, tool: vscode.LanguageModelTool<unknown>): vscode.Disposable;
  webviewView(id: string, provider: vscode.WebviewViewProvider): vscode.Disposable;
  /** The session's status bar item (one per window). */
  sessionStatusItem(): vscode.StatusBarItem;
}

export const createSessionStatusItem = (): vscode.StatusBarItem =>
  vscode.window.createStatusBarItem('lectern.session', vscode.StatusBarAlignment.Right, 100);

export const directRegistrar: Registrar = {
  command: (id, handler) => vscode.commands.registerCommand(id, handler),
  tool: (name, tool) => vscode.lm.registerTool(name, tool),
  webviewView: (id, provider) => vscode.window.registerWebviewViewProvider(id, provider),
  sessionStatusItem: createSessionStatusItem,
};
