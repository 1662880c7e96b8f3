// Activation: build the engine over VS Code's ports and register the tools. Nothing heavy runs
// here; the tokenizer loads on the first tool call.
import * as vscode from 'vscode';
import { Lectern } from '../core/engine';
import { createVscodeHost, readSettings } from './host';
import { registerTools } from './tools';

export function activate(context: vscode.ExtensionContext): void {
  const engine = new Lectern(createVscodeHost(), readSettings);
  context.subscriptions.push(...registerTools(engine));
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
