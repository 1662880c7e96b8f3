// Commands "Lectern: Open Dashboard", "Lectern: Reset Session", "Lectern: Export Session Metrics",
// and opening a timeline entry's file at its range (the dashboard's rows).
import * as vscode from 'vscode';
import type { TimelineEntry } from '../core/ground/stabilization';
import type { CurrentSession } from './currentSession';
import { directRegistrar, type Registrar } from './activation/registrar';
import { DASHBOARD_VIEW } from './dashboardView';
import { ReadOnlyDocuments } from './palette/readOnlyDocuments';
import { OPEN_DASHBOARD_COMMAND } from './statusBar';
import type { WorkspaceUris } from './uris/workspaceUris';

const RESET_SESSION_COMMAND = 'lectern.resetSession';
const EXPORT_SESSION_COMMAND = 'lectern.exportSessionMetrics';

function openDashboard(): Thenable<unknown> {
  // VS Code makes a `<view id>.focus` command for every view.
  return vscode.commands.executeCommand(`${DASHBOARD_VIEW}.focus`);
}

export function resetSession(session: CurrentSession): void {
  session.reset();
  vscode.window.setStatusBarMessage('$(check) Lectern: session reset', 3000);
}

/** Exports open as read-only documents of this scheme: nothing to save, no prompt on close (Save As… keeps one). */
const EXPORT_SCHEME = 'lectern-export';

const exportDocuments = new ReadOnlyDocuments(EXPORT_SCHEME, 10, '{}');

/** The session's metrics and timeline in a read-only JSON document; returns the document. */
export async function exportSession(session: CurrentSession): Promise<vscode.TextDocument> {
  const document = await vscode.workspace.openTextDocument(
    exportDocuments.add('lectern-session.json', session.exportJson()),
  );
  await vscode.window.showTextDocument(document, { preview: false });
  return document;
}

/** Opens the file a timeline entry read, with its lines selected (its URI through the host's `uris`). */
export async function openTimelineEntry(
  entry: TimelineEntry | undefined,
  uris: WorkspaceUris,
): Promise<vscode.TextEditor | undefined> {
  if (!entry?.absolute) return undefined;
  let document: vscode.TextDocument;
  try {
    document = await vscode.workspace.openTextDocument(uris.uriOf(entry.absolute));
  } catch (error) {
    void vscode.window.showWarningMessage(
      `Lectern: cannot open ${entry.file ?? entry.absolute}: ${(error as Error)?.message ?? error}`,
    );
    return undefined;
  }
  let selection: vscode.Range | undefined;
  if (entry.start_line !== null) {
    const start = Math.max(0, entry.start_line - 1);
    const end = Math.max(start, (entry.end_line ?? entry.start_line) - 1);
    selection = document.validateRange(new vscode.Range(start, 0, end, Number.MAX_SAFE_INTEGER));
  }
  return vscode.window.showTextDocument(document, { selection, preview: true });
}

export function registerSessionCommands(
  session: CurrentSession,
  registrar: Registrar = directRegistrar,
): vscode.Disposable[] {
  return [
    vscode.workspace.registerTextDocumentContentProvider(EXPORT_SCHEME, exportDocuments),
    registrar.command(OPEN_DASHBOARD_COMMAND, openDashboard),
    registrar.command(RESET_SESSION_COMMAND, () => resetSession(session)),
    registrar.command(EXPORT_SESSION_COMMAND, () => exportSession(session)),
  ];
}
