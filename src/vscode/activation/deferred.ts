// The forwarders activation registers for every contributed tool, command and webview view, and the
// session's status bar item, before the engine exists. The first call loads the engine (`load`),
// whose start registers the implementations here through the Registrar interface; a call then
// forwards to them. Nothing a forwarder does throws into the host: a failed start is an answer or
// an error message.
import * as vscode from 'vscode';
import type { Contributions } from './contributions';
import { createSessionStatusItem, directRegistrar, type CommandHandler, type Registrar } from './registrar';

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export class DeferredRegistrar implements Registrar, vscode.Disposable {
  private readonly commands = new Map<string, CommandHandler>();
  private readonly tools = new Map<string, vscode.LanguageModelTool<unknown>>();
  private readonly views = new Map<string, vscode.WebviewViewProvider>();
  private readonly statusItem = createSessionStatusItem();
  private readonly disposables: vscode.Disposable[] = [this.statusItem];

  constructor(
    private readonly contributions: Contributions,
    private readonly load: () => unknown,
  ) {
    // Until the engine has the session, the item shows the extension's name.
    this.statusItem.name = 'Lectern Session';
    this.statusItem.text = '$(book) Lectern';
    // The dashboard's command (statusBar.ts names it; importing that would load the engine): its forwarder loads it.
    this.statusItem.command = 'lectern.openDashboard';
    this.statusItem.show();
    for (const id of contributions.commands)
      this.disposables.push(vscode.commands.registerCommand(id, (...args: unknown[]) => this.runCommand(id, args)));
    for (const name of contributions.tools)
      this.disposables.push(vscode.lm.registerTool(name, this.toolForwarder(name)));
    for (const id of contributions.webviewViews)
      this.disposables.push(
        vscode.window.registerWebviewViewProvider(id, {
          resolveWebviewView: (view, context, token) =>
            this.loaded(() => this.views.get(id))?.resolveWebviewView(view, context, token),
        }),
      );
  }

  command(id: string, handler: CommandHandler): vscode.Disposable {
    if (!this.contributions.commands.includes(id)) return directRegistrar.command(id, handler);
    this.commands.set(id, handler);
    return { dispose: () => this.commands.delete(id) };
  }

  tool(name: string, tool: vscode.LanguageModelTool<unknown>): vscode.Disposable {
    if (!this.contributions.tools.includes(name)) return directRegistrar.tool(name, tool);
    this.tools.set(name, tool);
    return { dispose: () => this.tools.delete(name) };
  }

  webviewView(id: string, provider: vscode.WebviewViewProvider): vscode.Disposable {
    if (!this.contributions.webviewViews.includes(id)) return directRegistrar.webviewView(id, provider);
    this.views.set(id, provider);
    return { dispose: () => this.views.delete(id) };
  }

  sessionStatusItem(): vscode.StatusBarItem {
    return this.statusItem;
  }

  dispose(): void {
    for (const disposable of this.disposables) disposable.dispose();
  }

  /** Loads the engine, then reads what it registered; undefined (after an error message) when it could not start. */
  private loaded<T>(read: () => T): T | undefined {
    try {
      this.load();
      return read();
    } catch (error) {
      console.error('[lectern] the engine could not start:', error);
      void vscode.window.showErrorMessage(`Lectern could not start: ${message(error)}`);
      return undefined;
    }
  }

  private runCommand(id: string, args: unknown[]): unknown {
    return this.loaded(() => this.commands.get(id))?.(...args);
  }

  private toolForwarder(name: string): vscode.LanguageModelTool<unknown> {
    const failed = (why: string) => new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(why)]);
    return {
      prepareInvocation: (options, token) => {
        try {
          this.load();
        } catch {
          return undefined; // invoke answers with the error
        }
        return this.tools.get(name)?.prepareInvocation?.(options, token);
      },
      invoke: (options, token) => {
        try {
          this.load();
        } catch (error) {
          return failed(`Error INTERNAL: Lectern could not start: ${message(error)}`);
        }
        const tool = this.tools.get(name);
        return tool ? tool.invoke(options, token) : failed(`Error INTERNAL: Lectern has no tool ${name}.`);
      },
    };
  }
}
