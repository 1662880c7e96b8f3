// Setting `lectern.recordMetricsSqlite`: while on, every session change is also recorded in
// <global storage>/session-metrics.sqlite. Off by default; sql.js loads only once it is on.
import * as vscode from 'vscode';
import { join } from 'node:path';
import type { SessionApi } from '../core/session/sessionApi';
import { MetricsDatabase } from '../node/metricsDatabase';

const RECORD_SETTING = 'recordMetricsSqlite';
const METRICS_DB_NAME = 'session-metrics.sqlite';

export class MetricsRecording implements vscode.Disposable {
  private database: MetricsDatabase | undefined;
  private unsubscribe: (() => void) | undefined;
  private readonly watcher: vscode.Disposable;

  constructor(
    private readonly session: SessionApi,
    private readonly context: vscode.ExtensionContext,
  ) {
    this.update();
    this.watcher = vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration(`lectern.${RECORD_SETTING}`)) this.update();
    });
  }

  /** The SQLite file (written only while the setting is on). */
  get file(): string {
    return join(this.context.globalStorageUri.fsPath, METRICS_DB_NAME);
  }

  /** Resolves when every recorded change is on disk (for tests). */
  flush(): Promise<void> {
    return this.database?.flush() ?? Promise.resolve();
  }

  private update(): void {
    const on = vscode.workspace.getConfiguration('lectern').get<boolean>(RECORD_SETTING, false) === true;
    if (on && !this.database) {
      const database = new MetricsDatabase({
        file: this.file,
        wasmDir: join(this.context.extensionPath, 'dist'),
        workspace: vscode.workspace.workspaceFile?.fsPath ?? vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? null,
        onError: (error) => console.error('[lectern] could not record session metrics:', error),
      });
      this.database = database;
      this.unsubscribe = this.session.onDidChange((snapshot) => database.record(snapshot));
    } else if (!on && this.database) {
      void this.stop();
    }
  }

  private stop(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    const database = this.database;
    this.database = undefined;
    return database?.dispose() ?? Promise.resolve();
  }

  dispose(): void {
    this.watcher.dispose();
    void this.stop();
  }
}
