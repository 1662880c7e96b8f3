// The source that answers `references` in bench:navigation --precision (--engine=NAME). Each engine is
// what the Lectern under test is given: extra host ports (Host.references) and settings.
//   tree-sitter       the syntax scan alone (every host today without a language server)
//   language-server   the language server for the workspace's language (src/node/languageServers:
//                     typescript-language-server, pyright, gopls from PATH), as `lectern session` starts it
//   scip              an index.scip at the workspace's top (src/node/scip), made before the run with the
//                     language's indexer (`npx @sourcegraph/scip-typescript index`, scip-python, scip-go)
import { existsSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import type { Host } from '../../src/core/ground/ports';
import { createReferenceEngines } from '../../src/node/referenceEngines';
import type { Language } from './corpus';

export const ENGINES = ['tree-sitter', 'language-server', 'scip'] as const;
export type EngineName = (typeof ENGINES)[number];

export interface EngineSetup {
  /** Ports added to the bench's Node host (fs, roots and the grammars come from the bench). */
  host: Partial<Host>;
  settings: Record<string, unknown>;
  dispose(): Promise<void>;
}

export function engineName(flag: string | undefined): EngineName {
  const name = flag ?? 'tree-sitter';
  if (!(ENGINES as readonly string[]).includes(name)) throw new Error(`--engine=${name}: one of ${ENGINES.join(', ')}`);
  return name as EngineName;
}

/** What Lectern is given for `engine` on one workspace of `language`. */
export async function engineSetup(engine: EngineName, root: string, language: Language): Promise<EngineSetup> {
  if (engine === 'tree-sitter') return { host: {}, settings: {}, dispose: async () => undefined };
  if (engine === 'scip' && !existsSync(join(root, 'index.scip')))
    throw new Error(`--engine=scip: no index.scip at ${root}; make one there with the ${language} SCIP indexer first`);
  const roots = [{ name: basename(root), path: root }];
  const engines = createReferenceEngines({
    roots: () => roots,
    bundleDir: resolve(__dirname, '../../src/node'),
    ...(engine === 'language-server' ? { languageServers: () => 'auto' as const } : {}),
  });
  return {
    host: {
      get references() {
        return engines.references();
      },
    },
    settings: {},
    dispose: () => engines.dispose(),
  };
}
