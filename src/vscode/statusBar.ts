// The status-bar item: the shown session against its budget, live; a click opens the dashboard.
import * as vscode from 'vscode';
import type { CurrentSession } from './currentSession';
import { statusView, type StatusView } from './statusModel';

export const OPEN_DASHBOARD_COMMAND = 'lectern.openDashboard';

export class SessionStatusBar implements vscode.Disposable {
  private readonly unsubscribe: () => void;
  private view: StatusView;

  /** `item`: the one activation showed before the session was restored. */
  constructor(
    session: CurrentSession,
    private readonly item: vscode.StatusBarItem,
  ) {
    this.item.name = 'Lectern Session';
    this.item.command = OPEN_DASHBOARD_COMMAND;
    this.view = this.apply(statusView(session.snapshot));
    this.unsubscribe = session.onDidChange((snapshot) => {
      this.view = this.apply(statusView(snapshot));
    });
    this.item.show();
  }

  /** What the item shows now (for the integration tests). */
  get state(): StatusView & { command: string } {
    return { ...this.view, command: OPEN_DASHBOARD_COMMAND };
  }

  private apply(view: StatusView): StatusView {
    this.item.text = view.text;
    this.item.backgroundColor = view.background ? new vscode.ThemeColor(view.background) : undefined;
    const tooltip = new vscode.MarkdownString(view.tooltip, true);
    tooltip.isTrusted = false;
    this.item.tooltip = tooltip;
    this.item.accessibilityInformation = { label: view.accessibility };
    return view;
  }

  dispose(): void {
    this.unsubscribe();
    this.item.dispose();
  }
}
