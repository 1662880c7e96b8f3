// Host.references in VS Code: the language server's answer through vscode.executeReferenceProvider
// (declaration included, as the command asks), unless lectern.languageServerReferences or
// lectern.languageServers is off. The command takes no cancellation token: the core stops waiting at
// its own limit (REFERENCES_WAIT_MS here) or when the call is cancelled, and tree-sitter answers.
// Paths and URIs through the host's `uris` (file: on the desktop, the workspace folder's scheme in
// the browser).
import * as vscode from 'vscode';
import type { Host } from '../core/ground/ports';
import { referenceLocations } from './referenceLocations';
import type { WorkspaceUris } from './uris/workspaceUris';

/** How answers name this engine: whichever server VS Code runs for the file. */
const VSCODE_ENGINE = 'language server';

/** Host.referencesWaitMs: a server starting with the editor (a project to load) is waited for this long. */
export const REFERENCES_WAIT_MS = 30_000;

/** How often, and how long, an extension started for the call is asked again while it names nothing. */
const STARTING_POLL_MS = 250;
const STARTING_POLL_FOR_MS = 5_000;

/**
 * Starts the extensions that start on the file's language, as opening an editor on it would: until
 * then no provider answers and the command gives an empty list. True when one was not running.
 */
async function startExtensionsFor(uri: vscode.Uri): Promise<boolean> {
  const document = await vscode.workspace.openTextDocument(uri);
  const event = `onLanguage:${document.languageId}`;
  const waiting = vscode.extensions.all.filter((extension) => {
    const events: unknown = (extension.packageJSON as { activationEvents?: unknown }).activationEvents;
    return !extension.isActive && Array.isArray(events) && events.includes(event);
  });
  await Promise.all(waiting.map((extension) => extension.activate()));
  return waiting.length > 0;
}

export function languageServerReferences(uris: WorkspaceUris): NonNullable<Host['references']> {
  return async (path, line, column, signal) => {
    const config = vscode.workspace.getConfiguration('lectern');
    if (!config.get<boolean>('languageServerReferences', true) || config.get('languageServers') === 'off')
      return undefined;
    const uri = uris.uriOf(path);
    const started = await startExtensionsFor(uri).catch(() => false);
    const until = Date.now() + STARTING_POLL_FOR_MS;
    for (;;) {
      const found = await vscode.commands.executeCommand<vscode.Location[] | undefined>(
        'vscode.executeReferenceProvider',
        uri,
        new vscode.Position(line - 1, column - 1),
      );
      const locations = referenceLocations(found, uris.pathOf);
      if (locations) return { locations, engine: VSCODE_ENGINE };
      // An extension started for this call may register its provider a moment after it activates;
      // one that starts on the language but answers no references is given up on soon.
      if (!started || signal?.isCancellationRequested || Date.now() >= until) return undefined;
      await new Promise((resolve) => setTimeout(resolve, STARTING_POLL_MS));
    }
  };
}
