// The dashboard: a webview view in the panel that shows the current session live. It renders in
// media/dashboard.js; this side posts snapshots and acts on the webview's messages.
import * as vscode from 'vscode';
import type { CurrentSession } from './currentSession';
import { dashboardHtml } from './dashboardHtml';
import { parseFromWebview, type RenderedMessage, type ToWebview } from './dashboardProtocol';

export const DASHBOARD_VIEW = 'lectern.dashboard';

/** What the webview's buttons and rows ask for. */
export interface DashboardActions {
  open(seq: number): Thenable<unknown>;
  reset(): Thenable<unknown> | void;
  exportJson(): Thenable<unknown>;
}

export class DashboardView implements vscode.WebviewViewProvider, vscode.Disposable {
  private view: vscode.WebviewView | undefined;
  private rendered: RenderedMessage | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly unsubscribe: () => void;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly session: CurrentSession,
    private readonly actions: DashboardActions,
  ) {
    this.unsubscribe = session.onDidChange(() => this.post());
  }

  /** The webview's last report of what it rendered (for the integration tests). */
  get lastRendered(): RenderedMessage | undefined {
    return this.rendered;
  }

  resolveWebviewView(view: vscode.WebviewView): void {
    this.view = view;
    const media = vscode.Uri.joinPath(this.extensionUri, 'media');
    view.webview.options = { enableScripts: true, enableCommandUris: false, localResourceRoots: [media] };
    view.webview.html = dashboardHtml({
      cspSource: view.webview.cspSource,
      script: view.webview.asWebviewUri(vscode.Uri.joinPath(media, 'dashboard.js')).toString(),
      style: view.webview.asWebviewUri(vscode.Uri.joinPath(media, 'dashboard.css')).toString(),
    });
    this.disposables.push(
      view.webview.onDidReceiveMessage((raw) => this.receive(raw)),
      view.onDidChangeVisibility(() => view.visible && this.post()),
      view.onDidDispose(() => {
        if (this.view === view) this.view = undefined;
      }),
    );
  }

  /** Handles one message from the webview (also what the integration tests call to click a row). */
  async receive(raw: unknown): Promise<void> {
    const message = parseFromWebview(raw);
    if (!message) return;
    switch (message.type) {
      case 'ready':
        this.post();
        return;
      case 'rendered':
        this.rendered = message;
        return;
      case 'open':
        await this.actions.open(message.seq);
        return;
      case 'reset':
        await this.actions.reset();
        return;
      case 'export':
        await this.actions.exportJson();
        return;
    }
  }

  private post(): void {
    const view = this.view;
    if (!view?.visible) return;
    const message: ToWebview = { type: 'snapshot', rev: this.session.rev, snapshot: this.session.snapshot };
    void view.webview.postMessage(message);
  }

  dispose(): void {
    this.unsubscribe();
    for (const d of this.disposables.splice(0)) d.dispose();
  }
}
