// Activation: build the engine over VS Code's ports and register the tools. Nothing heavy runs
// here; the tokenizer loads on the first tool call.
import * as vscode from 'vscode';
import { Lectern } from '../core/engine';
import { createVscodeHost, readSettings } from './host';
import { registerTools } from './tools';

export function activate(context: vscode.ExtensionContext): void {
  const engine = new Lectern(createVscodeHost(context.extensionPath), readSettings);
  // Files that appear or go away change the symbol index's listing; edits are caught by its
  // per-file (size, mtime) check on the next read.
  const watcher = vscode.workspace.createFileSystemWatcher('**/*', false, true, false);
  const invalidate = (uri: vscode.Uri) => engine.invalidate(uri.scheme === 'file' ? uri.fsPath : null);
  context.subscriptions.push(
    watcher,
    watcher.onDidCreate(invalidate),
    watcher.onDidDelete(invalidate),
    vscode.workspace.onDidChangeWorkspaceFolders(() => engine.invalidate(null)),
    ...registerTools(engine),
  );
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
