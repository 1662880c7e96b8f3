// Activation: build the engine over VS Code's ports and register the tools. Nothing heavy runs
// here; the tokenizer loads on the first tool call.
import * as vscode from 'vscode';
import { Lectern } from '../core/engine';
import { createVscodeHost } from './host';
import { readSettings } from './workspaceSettings';
import { registerMcpProvider } from './mcpProvider';
import { MetricsRecording } from './metricsRecording';
import { activateSessionUi, type LecternTestApi, type SessionUi } from './sessionUi';
import { registerChatParticipant, type StreamedResponse } from './chat/participant';
import { registerPaletteCommands } from './palette/commands';
import { registerTools } from './tools';
import { fileUris } from './uris/workspaceUris';

let ui: SessionUi | undefined;

export function activate(
  context: vscode.ExtensionContext,
): (LecternTestApi & { chatResponses: StreamedResponse[] }) | undefined {
  const testing = context.extensionMode === vscode.ExtensionMode.Test;
  const chatResponses: StreamedResponse[] = [];
  const engine = new Lectern(
    createVscodeHost(context.extensionPath, (context.storageUri ?? context.globalStorageUri)?.fsPath),
    readSettings,
  );
  // Status bar, dashboard, session commands, persistence; restores the last window's session.
  // A failure here must not cost the tools.
  try {
    ui = activateSessionUi(context, engine.session, fileUris, () => new MetricsRecording(engine.session, context));
  } catch (error) {
    console.error('[lectern] the session status bar and dashboard could not start:', error);
  }
  // The symbol index follows the watcher: files that appear or go away change its listing, edited
  // files are parsed again on their next use (so it need not stat every file on every query).
  const watcher = vscode.workspace.createFileSystemWatcher('**/*');
  const invalidate = (uri: vscode.Uri) => engine.invalidate(fileUris.pathOf(uri));
  context.subscriptions.push(
    watcher,
    watcher.onDidCreate(invalidate),
    watcher.onDidDelete(invalidate),
    watcher.onDidChange((uri) => (uri.scheme === 'file' ? engine.fileChanged(uri.fsPath) : engine.invalidate(null))),
    vscode.workspace.onDidChangeWorkspaceFolders(() => engine.invalidate(null)),
    ...registerTools(engine),
    ...registerMcpProvider(context),
    ...registerPaletteCommands(engine),
    ...registerChatParticipant(() => engine, context.extensionUri, fileUris, testing ? chatResponses : undefined),
  );
  // The status bar and dashboard read the session; tests read them through this API.
  return testing && ui ? { ...ui.testApi, chatResponses } : undefined;
}

export function deactivate(): Promise<void> | undefined {
  // Everything else is disposed through context.subscriptions; pending state is saved first.
  return ui?.flush();
}
