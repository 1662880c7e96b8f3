// Host.references in VS Code: the language server's answer through vscode.executeReferenceProvider
// (declaration included, as the command asks), unless lectern.languageServerReferences is off. The
// command takes no cancellation token: the core stops waiting at its own limit or when the call is
// cancelled, and tree-sitter answers. Paths and URIs through the host's `uris` (file: on the
// desktop, the workspace folder's scheme in the browser).
import * as vscode from 'vscode';
import type { Host } from '../core/ground/ports';
import { referenceLocations } from './referenceLocations';
import type { WorkspaceUris } from './uris/workspaceUris';

export function languageServerReferences(uris: WorkspaceUris): NonNullable<Host['references']> {
  return async (path, line, column) => {
    if (!vscode.workspace.getConfiguration('lectern').get<boolean>('languageServerReferences', true)) return undefined;
    const found = await vscode.commands.executeCommand<vscode.Location[] | undefined>(
      'vscode.executeReferenceProvider',
      uris.uriOf(path),
      new vscode.Position(line - 1, column - 1),
    );
    return referenceLocations(found, uris.pathOf);
  };
}
