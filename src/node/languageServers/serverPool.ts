// The language servers of a resident process (a session, an MCP server), kept warm: each one started
// on the first references call for a file of its language in a workspace folder, then reused; one
// that exits is started again on a later call (a few times at most); all stopped on dispose.
import * as path from 'node:path';
import { rootHolding } from '../../core/ground/paths';
import type { CancellationSignal, EngineReferences, WorkspaceRoot } from '../../core/ground/ports';
import type { LspSession } from './lspSession';
import { safePath, specFor, type LaunchPlaces, type ServerSpec } from './serverSpecs';

/** `auto`: start a server where its program is found; `off`: never start one. */
export type LanguageServerMode = 'auto' | 'off';

export interface ServerPoolOptions {
  roots: () => readonly WorkspaceRoot[];
  mode: () => LanguageServerMode;
  specs: readonly ServerSpec[];
  /** Folders whose node_modules are Lectern's own. */
  ownDirs: readonly string[];
  /** How long a server may take to start (answer `initialize`), and to answer one request. */
  startMs?: number;
  requestMs?: number;
}

const STARTS_PER_SERVER = 3;

interface Slot {
  /** The server, undefined where its program is not found or it failed to start. */
  session: Promise<LspSession | undefined>;
  starts: number;
}

export class ServerPool {
  private readonly slots = new Map<string, Slot>();
  private disposed = false;
  /** Ends the starts still under way when the pool is disposed. */
  private readonly stopping = new AbortController();

  constructor(private readonly options: ServerPoolOptions) {}

  /** Host.references: the server's places for the symbol at this place, or undefined (tree-sitter answers). */
  async references(
    file: string,
    line: number,
    column: number,
    signal?: CancellationSignal,
  ): Promise<EngineReferences | undefined> {
    if (this.disposed || this.options.mode() !== 'auto') return undefined;
    const spec = specFor(this.options.specs, file);
    const root = this.rootOf(file);
    if (!spec || !root) return undefined;
    const session = await this.session(spec, root);
    if (!session) return undefined;
    const languageId = spec.languageIds[path.extname(file).toLowerCase()]!;
    const locations = await session.references(
      file,
      languageId,
      line,
      column,
      this.options.requestMs ?? 60_000,
      signal,
    );
    return locations ? { locations, engine: spec.engine } : undefined;
  }

  /** The process ids of the servers running now (for tests and measurements). */
  async pids(): Promise<number[]> {
    const sessions = await Promise.all([...this.slots.values()].map((slot) => slot.session));
    return sessions.flatMap((s) => (s && !s.exited && s.pid !== undefined ? [s.pid] : []));
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    this.stopping.abort();
    const sessions = await Promise.all([...this.slots.values()].map((slot) => slot.session));
    this.slots.clear();
    await Promise.all(sessions.map((s) => (s ? s.dispose() : Promise.resolve())));
  }

  /** The innermost folder holding the file (nested roots: the closer project). */
  private rootOf(file: string): string | undefined {
    return rootHolding(this.options.roots(), file)?.path;
  }

  private async session(spec: ServerSpec, root: string): Promise<LspSession | undefined> {
    const key = `${spec.engine}\0${root}`;
    let slot = this.slots.get(key);
    const running = slot && (await slot.session);
    // Disposed meanwhile (a call still waiting for a start that dispose ended): start nothing more.
    if (this.disposed) return undefined;
    if (running && !running.exited) return running;
    if (slot && slot.starts >= STARTS_PER_SERVER) return undefined;
    slot = { session: this.start(spec, root), starts: (slot?.starts ?? 0) + 1 };
    this.slots.set(key, slot);
    return slot.session;
  }

  private async start(spec: ServerSpec, root: string): Promise<LspSession | undefined> {
    const places: LaunchPlaces = {
      ownDirs: this.options.ownDirs,
      forbidden: this.options.roots().map((r) => r.path),
      pathVariable: process.env.PATH,
    };
    const found = spec.launch(places);
    if (!found) return undefined;
    // What the server runs in turn (pyright's python, gopls's go) is found on the same PATH.
    const launch = { ...found, env: { ...found.env, PATH: safePath(places) } };
    try {
      // vscode-jsonrpc is loaded with the first server, not with the host.
      const { startLsp } = await import('./lspSession');
      const session = await startLsp(launch, root, this.options.startMs ?? 60_000, this.stopping.signal);
      if (this.disposed) await session.dispose();
      return this.disposed ? undefined : session;
    } catch {
      return undefined; // could not start, or did not answer `initialize` in time: tree-sitter answers
    }
  }
}
