// The precise engines behind mode "references" outside VS Code, tried in order: the first that
// answers is used (and named in the answer); none answering, tree-sitter answers. A SCIP index
// (exact and instant where it is fresh) comes before the language servers when present.
import { ReferencesUnavailable, type Host, type WorkspaceRoot } from '../core/ground/ports';
import { ServerPool, type LanguageServerMode } from './languageServers/serverPool';
import { SERVER_SPECS, type ServerSpec } from './languageServers/serverSpecs';
import { hasScip, scipReferences } from './scip/scipReferences';

type ReferenceEngine = NonNullable<Host['references']>;

/**
 * One Host.references over `engines`: the first one's answer, or the next one's where it has none or
 * fails. When none answers and one could not be used (ReferencesUnavailable: an unreadable index),
 * that is what the call hears, so the answer can say why tree-sitter answered.
 */
function firstAnswering(engines: readonly ReferenceEngine[]): ReferenceEngine {
  return async (file, line, column, signal) => {
    let unavailable: ReferencesUnavailable | undefined;
    for (const engine of engines) {
      if (signal?.isCancellationRequested) return undefined;
      const found = await engine(file, line, column, signal).catch((error: unknown) => {
        if (error instanceof ReferencesUnavailable) unavailable ??= error;
        return undefined;
      });
      if (found) return found;
    }
    if (unavailable) throw unavailable;
    return undefined;
  };
}

/** The SCIP index at the file's workspace folder, named as the engine that answered. */
function scipEngine(roots: () => readonly WorkspaceRoot[]): ReferenceEngine {
  return async (file, line, column) => {
    const locations = await scipReferences(roots(), file, line, column);
    return locations ? { locations, engine: 'SCIP index' } : undefined;
  };
}

export interface ReferenceEnginesOptions {
  roots: () => readonly WorkspaceRoot[];
  /** Absent: no language server is started (a one-shot call, the answer recorder). */
  languageServers?: () => LanguageServerMode;
  /** Where Lectern's bundle (or sources) are: its own node_modules are found from there. */
  bundleDir: string;
  /** The servers it may start (default SERVER_SPECS; tests give others). */
  specs?: readonly ServerSpec[];
  /** How long a language server may take to answer `initialize` (default 60 s). */
  startMs?: number;
}

export interface ReferenceEngines {
  /**
   * Host.references now, or undefined while no engine is on (no server allowed, no index.scip at a
   * folder's top): then the core does not look for the declaration to ask at, and tree-sitter answers.
   */
  references(): ReferenceEngine | undefined;
  /** The language servers (to measure or test them), when they are on. */
  servers?: ServerPool;
  dispose(): Promise<void>;
}

/** The Node host's engines, in the order they are asked. */
export function createReferenceEngines(options: ReferenceEnginesOptions): ReferenceEngines {
  const servers = options.languageServers
    ? new ServerPool({
        roots: options.roots,
        mode: options.languageServers,
        specs: options.specs ?? SERVER_SPECS,
        ownDirs: [options.bundleDir],
        ...(options.startMs !== undefined ? { startMs: options.startMs } : {}),
      })
    : undefined;
  const engines = firstAnswering([scipEngine(options.roots), ...(servers ? [servers.references.bind(servers)] : [])]);
  return {
    references: () => (servers || hasScip(options.roots()) ? engines : undefined),
    ...(servers ? { servers } : {}),
    dispose: async () => {
      await servers?.dispose();
    },
  };
}
