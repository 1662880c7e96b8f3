// Host.references in VS Code: the language server's answer through vscode.executeReferenceProvider
// (declaration included, as the command asks), unless lectern.languageServerReferences or lectern.languageServers is off. The
// command takes no cancellation token: the core stops waiting at its own limit or when the call is
// cancelled, and tree-sitter answers. Paths and URIs through the host's `uris` (file: on the
// desktop, the workspace folder's scheme in the browser).
import * as vscode from 'vscode';
import type { Host } from '../core/ground/ports';
import { referenceLocations } from './referenceLocations';
import type { WorkspaceUris } from './uris/workspaceUris';

/** How answers name this engine: whichever server VS Code runs for the file. */
const VSCODE_ENGINE = 'language server';

export function languageServerReferences(uris: WorkspaceUris): NonNullable<Host['references']> {
  return async (path, line, column) => {
    const config = vscode.workspace.getConfiguration('lectern');
    if (!config.get<boolean>('languageServerReferences', true) || config.get('languageServers') === 'off')
      return undefined;
    const found = await vscode.commands.executeCommand<vscode.Location[] | undefined>(
      'vscode.executeReferenceProvider',
      uris.uriOf(path),
      new vscode.Position(line - 1, column - 1),
    );
    const locations = referenceLocations(found, uris.pathOf);
    return locations ? { locations, engine: VSCODE_ENGINE } : undefined;
  };
}
