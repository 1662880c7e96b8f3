// Activation in the web worker extension host: the same engine and the same VS Code adapters as on
// Node (tools, palette, @lectern, status bar and dashboard), over the web host's ports. Nothing heavy
// runs here: grammars load per language and the tokenizer on the first count.
import * as vscode from 'vscode';
import { Lectern } from '../core/engine';
import { setTokenizerSource } from '../core/ground/tokens';
import { registerChatParticipant, type StreamedResponse } from '../vscode/chat/participant';
import { registerPaletteCommands } from '../vscode/palette/commands';
import { activateSessionUi, type LecternTestApi, type SessionUi } from '../vscode/sessionUi';
import { registerTools } from '../vscode/tools';
import { readSettings } from '../vscode/workspaceSettings';
import { createWebHost, pathOf, webUris } from './host';
import { tokenizerFromExtension } from './tokenizer';

let ui: SessionUi | undefined;

export function activate(
  context: vscode.ExtensionContext,
): (LecternTestApi & { chatResponses: StreamedResponse[]; host: 'web' }) | undefined {
  const testing = context.extensionMode === vscode.ExtensionMode.Test;
  const chatResponses: StreamedResponse[] = [];
  setTokenizerSource(tokenizerFromExtension(context.extensionUri));
  const engine = new Lectern(createWebHost(context.extensionUri), readSettings);
  try {
    ui = activateSessionUi(context, engine.session, webUris);
  } catch (error) {
    console.error('[lectern] the session status bar and dashboard could not start:', error);
  }
  const watcher = vscode.workspace.createFileSystemWatcher('**/*');
  const invalidate = (uri: vscode.Uri) => engine.invalidate(pathOf(uri));
  const changed = (uri: vscode.Uri) => {
    const path = pathOf(uri);
    if (path === null) engine.invalidate(null);
    else engine.fileChanged(path);
  };
  context.subscriptions.push(
    watcher,
    watcher.onDidCreate(invalidate),
    watcher.onDidDelete(invalidate),
    watcher.onDidChange(changed),
    vscode.workspace.onDidChangeWorkspaceFolders(() => engine.invalidate(null)),
    ...registerTools(engine),
    ...registerPaletteCommands(engine),
    ...registerChatParticipant(() => engine, context.extensionUri, webUris, testing ? chatResponses : undefined),
  );
  return testing && ui ? { ...ui.testApi, chatResponses, host: 'web' } : undefined;
}

export function deactivate(): Promise<void> | undefined {
  return ui?.flush();
}
