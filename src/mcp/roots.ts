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
function rootsFromClient(roots: readonly Root[], log: Log): WorkspaceRoot[] {
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

/** Asks the client for its roots, as part of the call that needs them. */
export type ListRoots = () => Promise<{ roots: Root[] }>;

/**
 * Roots are asked for lazily, from within the tool call that needs them (after initialization and
 * after each notifications/roots/list_changed): over Streamable HTTP a request tied to a call
 * travels on that call's stream, which is there for sure; a request sent on its own needs the
 * client's optional GET stream, and would be lost without it.
 */
export class ConnectionRoots {
  private roots: readonly WorkspaceRoot[];
  private stale = false;
  private pending: Promise<void> | undefined;

  constructor(
    private readonly server: Server,
    private readonly fallback: readonly WorkspaceRoot[],
    private readonly log: Log,
    private readonly changed: () => void,
  ) {
    this.roots = fallback;
    server.setNotificationHandler(RootsListChangedNotificationSchema, async () => {
      this.stale = true;
    });
  }

  current(): readonly WorkspaceRoot[] {
    return this.roots;
  }

  /** After initialization: a client that has roots is asked at the first call. */
  initialized(): void {
    if (this.server.getClientCapabilities()?.roots) this.stale = true;
  }

  /** Up to date before a call runs; concurrent calls share one roots/list request. */
  async ready(list: ListRoots): Promise<void> {
    while (this.stale || this.pending) {
      if (!this.pending) {
        this.stale = false;
        this.pending = this.refresh(list).finally(() => (this.pending = undefined));
      }
      await this.pending;
    }
  }

  private async refresh(list: ListRoots): Promise<void> {
    try {
      const folders = rootsFromClient((await list()).roots, this.log);
      const next = folders.length > 0 ? folders : this.fallback;
      const same =
        next.length === this.roots.length &&
        next.every((root, i) => root.path === this.roots[i]!.path && root.name === this.roots[i]!.name);
      this.roots = next;
      this.log(
        'info',
        `Workspace folders: ${next.map((r) => r.path).join(', ')}${folders.length > 0 ? ' (client roots)' : " (no client roots; the server's folders)"}.`,
      );
      if (!same) this.changed();
    } catch (error) {
      this.log(
        'warning',
        `roots/list failed (${(error as Error)?.message ?? error}); keeping ${this.roots.map((r) => r.path).join(', ')}.`,
      );
    }
  }
}
