// Wires the session's user interface: status-bar item, dashboard view, commands, workspace-state
// persistence and the opt-in SQLite record. Returns the small API the integration tests read.
import * as vscode from 'vscode';
import type { SessionApi } from '../core/session/sessionApi';
import type { BudgetState } from '../core/ground/stabilization';
import { directRegistrar, type Registrar } from './activation/registrar';
import { CurrentSession } from './currentSession';
import type { RenderedMessage } from './dashboardProtocol';
import { DASHBOARD_VIEW, DashboardView } from './dashboardView';
import { SessionStatusBar } from './statusBar';
import type { StatusView } from './statusModel';
import { exportSession, openTimelineEntry, registerSessionCommands, resetSession } from './sessionCommands';
import { restoreSession, SessionPersistence } from './sessionPersistence';
import type { WorkspaceUris } from './uris/workspaceUris';

/** Returned by activate() in test mode only (ExtensionMode.Test). */
export interface LecternTestApi {
  /** What the status-bar item shows now, and the change count and state it shows them for. */
  statusSnapshot(): StatusView & { command: string; rev: number; budget_state: BudgetState };
  /** The dashboard webview's last report of what it rendered. */
  dashboardRendered(): RenderedMessage | undefined;
  /** Handles a message as if the dashboard webview had posted it (a click on a row, a button). */
  fromDashboard(message: unknown): Promise<void>;
  /** The opt-in SQLite file, and a way to wait until recorded changes are written. */
  metricsDatabase(): { file: string; flush(): Promise<void> };
}

export interface SessionUi {
  testApi: LecternTestApi;
  /** Saves pending state (deactivation). */
  flush(): Promise<void>;
}

/** The opt-in SQLite record (src/vscode/metricsRecording.ts, on Node only): the web host has none. */
export interface SessionRecording extends vscode.Disposable {
  readonly file: string;
  flush(): Promise<void>;
}

export function activateSessionUi(
  context: vscode.ExtensionContext,
  api: SessionApi,
  uris: WorkspaceUris,
  startRecording?: () => SessionRecording,
  registrar: Registrar = directRegistrar,
): SessionUi {
  const session = new CurrentSession(api);
  restoreSession(context.workspaceState, session);
  const persistence = new SessionPersistence(context.workspaceState, session);
  const statusBar = new SessionStatusBar(session, registrar.sessionStatusItem());
  const dashboard = new DashboardView(context.extensionUri, session, {
    open: (seq) =>
      openTimelineEntry(
        session.snapshot.timeline.find((entry) => entry.seq === seq),
        uris,
      ),
    reset: () => resetSession(session),
    exportJson: () => exportSession(session),
  });
  const recording = startRecording?.();
  context.subscriptions.push(
    { dispose: () => session.dispose() },
    { dispose: () => void persistence.dispose() },
    statusBar,
    dashboard,
    ...(recording ? [recording] : []),
    registrar.webviewView(DASHBOARD_VIEW, dashboard),
    // A snapshot's limits come from the settings: show new limits at once, not at the next call.
    vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration('lectern') && session.refresh()),
    ...registerSessionCommands(session, registrar),
  );
  return {
    testApi: {
      statusSnapshot: () => ({ ...statusBar.state, rev: session.rev, budget_state: session.snapshot.budget_state }),
      dashboardRendered: () => dashboard.lastRendered,
      fromDashboard: (message) => dashboard.receive(message),
      metricsDatabase: () => ({ file: recording?.file ?? '', flush: () => recording?.flush() ?? Promise.resolve() }),
    },
    flush: async () => {
      await persistence.flush();
      await recording?.flush();
    },
  };
}
