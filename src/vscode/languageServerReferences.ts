// Host.references in VS Code: the language server's answer through vscode.executeReferenceProvider
// (declaration included, as the command asks), unless lectern.languageServerReferences is off. The
// command takes no cancellation token: the core stops waiting at its own limit or when the call is
// cancelled, and tree-sitter answers.
import * as vscode from 'vscode';
import type { ReferenceLocation } from '../core/ground/ports';
import { referenceLocations } from './referenceLocations';

export async function languageServerReferences(
  path: string,
  line: number,
  column: number,
): Promise<ReferenceLocation[] | undefined> {
  if (!vscode.workspace.getConfiguration('lectern').get<boolean>('languageServerReferences', true)) return undefined;
  const found = await vscode.commands.executeCommand<vscode.Location[] | undefined>(
    'vscode.executeReferenceProvider',
    vscode.Uri.file(path),
    new vscode.Position(line - 1, column - 1),
  );
  return referenceLocations(found);
}
