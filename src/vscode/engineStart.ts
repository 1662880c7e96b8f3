// What activation defers (dist/engine.js; extension.ts loads it on the first call that needs it, or
// shortly after activation): the engine over VS Code's ports, the session's status bar, dashboard
// and commands, the palette commands, the tools, and the file watcher that keeps the symbol index
// current. Its registrations go to the forwarders activation registered (`registrar`).
import * as vscode from 'vscode';
import { Lectern } from '../core/engine';
import type { Registrar } from './activation/registrar';
import { createVscodeHost } from './host';
import { MetricsRecording } from './metricsRecording';
import { registerPaletteCommands } from './palette/commands';
import { activateSessionUi, type LecternTestApi, type SessionUi } from './sessionUi';
import { registerTools } from './tools';
import { fileUris } from './uris/workspaceUris';
import { readSettings } from './workspaceSettings';

export interface Started {
  engine: Lectern;
  /** Undefined when the status bar and dashboard could not start. */
  testApi: LecternTestApi | undefined;
  /** Saves pending state: the session's, and the symbol cache's writes (deactivation). */
  flush(): Promise<void> | undefined;
}

export function start(context: vscode.ExtensionContext, registrar: Registrar): Started {
  const host = createVscodeHost(context.extensionPath, (context.storageUri ?? context.globalStorageUri)?.fsPath);
  const engine = new Lectern(host, readSettings);
  // Status bar, dashboard, session commands, persistence; restores the last window's session.
  // A failure here must not cost the tools.
  let ui: SessionUi | undefined;
  try {
    ui = activateSessionUi(
      context,
      engine.session,
      fileUris,
      () => new MetricsRecording(engine.session, context),
      registrar,
    );
  } catch (error) {
    console.error('[lectern] the session status bar and dashboard could not start:', error);
  }
  // The symbol index follows the watcher: files that appear or go away change its listing, edited
  // files are parsed again on their next use (so it need not stat every file on every query).
  // Before the engine started it held nothing a change could make stale.
  const watcher = vscode.workspace.createFileSystemWatcher('**/*');
  const invalidate = (uri: vscode.Uri) => engine.invalidate(fileUris.pathOf(uri));
  context.subscriptions.push(
    host,
    watcher,
    watcher.onDidCreate(invalidate),
    watcher.onDidDelete(invalidate),
    watcher.onDidChange((uri) => (uri.scheme === 'file' ? engine.fileChanged(uri.fsPath) : engine.invalidate(null))),
    vscode.workspace.onDidChangeWorkspaceFolders(() => engine.invalidate(null)),
    ...registerTools(engine, registrar),
    ...registerPaletteCommands(engine, registrar),
  );
  return {
    engine,
    testApi: ui?.testApi,
    flush: () => Promise.all([ui?.flush(), engine.dispose()]).then(() => undefined),
  };
}
