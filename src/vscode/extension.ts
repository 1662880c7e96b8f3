// Activation registers what VS Code calls, and nothing more: a forwarder for each contributed tool,
// command and webview view, the status bar item, the chat participant and the MCP server definition.
// The engine and everything over it (engineStart.ts, dist/engine.js) load on the first call that
// needs them, or shortly after activation: activation compiles only this small bundle (issue 20).
import * as path from 'node:path';
import * as vscode from 'vscode';
import { contributionsOf } from './activation/contributions';
import { DeferredRegistrar } from './activation/deferred';
import { once } from './activation/once';
import { registerChatParticipant, type StreamedResponse } from './chat/participant';
import type { Started } from './engineStart';
import { registerMcpProvider } from './mcpProvider';
import type { LecternTestApi } from './sessionUi';
import { fileUris } from './uris/workspaceUris';

type EngineBundle = typeof import('./engineStart');

/**
 * The engine loads this long after activation when no call asked for it sooner: a first call then
 * finds it ready, and the extensions VS Code activates at startup beside Lectern do not wait for it.
 */
const PRELOAD_DELAY_MS = 1000;

/** Returned by activate() in test mode only (ExtensionMode.Test). */
export interface ExtensionTestApi extends LecternTestApi {
  chatResponses: StreamedResponse[];
  /** The files of dist/ loaded when activate() returned. */
  loadedAtActivation: string[];
}

/** The engine and its UI once started (by a call or the preload). */
let started: Started | undefined;

export function activate(context: vscode.ExtensionContext): ExtensionTestApi | undefined {
  const testing = context.extensionMode === vscode.ExtensionMode.Test;
  const chatResponses: StreamedResponse[] = [];
  // A plain require: the extension host resolves `vscode` for CommonJS modules it loads.
  const load = once((): Started => (started = (require('./engineStart') as EngineBundle).start(context, registrar)));
  const registrar: DeferredRegistrar = new DeferredRegistrar(contributionsOf(context.extension.packageJSON), load);
  const preload = setTimeout(() => {
    try {
      load();
    } catch (error) {
      console.error('[lectern] the engine could not start:', error);
    }
  }, PRELOAD_DELAY_MS);
  context.subscriptions.push(
    registrar,
    { dispose: () => clearTimeout(preload) },
    ...registerMcpProvider(context),
    ...registerChatParticipant(
      () => load().engine,
      context.extensionUri,
      fileUris,
      testing ? chatResponses : undefined,
    ),
  );
  return testing ? testApi(load, chatResponses, context.extensionPath) : undefined;
}

/** The session UI's test API, read through the engine (which it loads). */
function testApi(load: () => Started, chatResponses: StreamedResponse[], extensionPath: string): ExtensionTestApi {
  const api = (): LecternTestApi => {
    const ui = load().testApi;
    if (!ui) throw new Error('the session status bar and dashboard did not start');
    return ui;
  };
  const dist = path.join(extensionPath, 'dist') + path.sep;
  return {
    statusSnapshot: () => api().statusSnapshot(),
    dashboardRendered: () => api().dashboardRendered(),
    fromDashboard: (message) => api().fromDashboard(message),
    metricsDatabase: () => api().metricsDatabase(),
    chatResponses,
    loadedAtActivation: Object.keys(require.cache)
      .filter((file) => file.startsWith(dist))
      .map((file) => file.slice(dist.length))
      .sort(),
  };
}

export function deactivate(): Promise<void> | undefined {
  // Everything else is disposed through context.subscriptions; pending state is saved first. An
  // engine that never started has nothing to save.
  return started?.flush();
}
