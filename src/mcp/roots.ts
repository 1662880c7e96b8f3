// The workspace folders of one MCP connection: the client's roots (roots/list, asked again on
// notifications/roots/list_changed), else the folders the server was started with (--root or the
// working directory), as the reference filesystem server does.
import { fileURLToPath } from 'node:url';
import * as path from 'node:path';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { RootsListChangedNotificationSchema, type Root } from '@modelcontextprotocol/sdk/types.js';
import type { WorkspaceRoot } from '../core/ground/ports';

export type Log = (level: 'debug' | 'info' | 'warning' | 'error', message: string) => void;

/** file:// roots as workspace folders; other schemes cannot be read from disk and are left out. */
export function rootsFromClient(roots: readonly Root[], log: Log): WorkspaceRoot[] {
  const folders: WorkspaceRoot[] = [];
  for (const root of roots) {
    let folder: string;
    try {
      folder = fileURLToPath(root.uri);
    } catch {
      log('warning', `Root ${root.uri} is not a file: URI; it is left out.`);
      continue;
    }
    folders.push({ name: root.name?.trim() || path.basename(folder) || folder, path: path.resolve(folder) });
  }
  return folders;
}

export class ConnectionRoots {
  private roots: readonly WorkspaceRoot[];
  private pending: Promise<void> = Promise.resolve();

  constructor(
    private readonly server: Server,
    private readonly fallback: readonly WorkspaceRoot[],
    private readonly log: Log,
    private readonly changed: () => void,
  ) {
    this.roots = fallback;
    server.setNotificationHandler(RootsListChangedNotificationSchema, async () => this.refresh());
  }

  current(): readonly WorkspaceRoot[] {
    return this.roots;
  }

  /** After initialization: ask a client that has roots for them. */
  initialized(): void {
    if (this.server.getClientCapabilities()?.roots) this.refresh();
  }

  /** Calls wait for a roots request in flight, so none runs against the previous folders. */
  ready(): Promise<void> {
    return this.pending;
  }

  private refresh(): void {
    this.pending = this.server.listRoots().then(
      ({ roots }) => {
        const folders = rootsFromClient(roots, this.log);
        this.roots = folders.length > 0 ? folders : this.fallback;
        this.log('info', `Workspace folders: ${this.roots.map((r) => r.path).join(', ')}${folders.length > 0 ? ' (client roots)' : ' (no client roots; the server\'s folders)'}.`);
        this.changed();
      },
      (error: unknown) => this.log('warning', `roots/list failed (${(error as Error)?.message ?? error}); keeping ${this.roots.map((r) => r.path).join(', ')}.`),
    );
  }
}
