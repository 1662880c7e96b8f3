// The precise engines behind mode "references" outside VS Code, tried in order: the first that
// answers is used (and named in the answer); none answering, tree-sitter answers. A SCIP index
// (exact and instant where it is fresh) comes before the language servers when present.
import type { Host, WorkspaceRoot } from '../../core/ground/ports';
import { ServerPool, type LanguageServerMode } from './serverPool';
import { SERVER_SPECS, type ServerSpec } from './serverSpecs';

export type ReferenceEngine = NonNullable<Host['references']>;

/** One Host.references over `engines`: the first one's answer, or the next one's where it has none or fails. */
export function firstAnswering(engines: readonly ReferenceEngine[]): ReferenceEngine | undefined {
  if (engines.length === 0) return undefined;
  return async (file, line, column, signal) => {
    for (const engine of engines) {
      if (signal?.isCancellationRequested) return undefined;
      const found = await engine(file, line, column, signal).catch(() => undefined);
      if (found) return found;
    }
    return undefined;
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
  /** Host.references, or undefined where no engine is on. */
  references: ReferenceEngine | undefined;
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
  const engines: ReferenceEngine[] = [
    // A SCIP index, when there is one, goes here: before the servers.
    ...(servers ? [servers.references.bind(servers)] : []),
  ];
  return {
    references: firstAnswering(engines),
    ...(servers ? { servers } : {}),
    dispose: async () => {
      await servers?.dispose();
    },
  };
}
