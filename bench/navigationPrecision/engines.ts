// The source that answers `references` in bench:navigation --precision (--engine=NAME). Each engine is
// what the Lectern under test is given: extra host ports (Host.references) and settings.
//   tree-sitter       the syntax scan alone (every host today without a language server)
//   language-server   a language server started for the workspace (issue 38's client in src/node/languageServers)
//   scip              an index.scip beside the workspace (issue 38's reader in src/node/scip)
// The last two land with issue 38's other parts: wiring one is filling in its case below.
import type { Host } from '../../src/core/ground/ports';
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
  void root;
  void language;
  switch (engine) {
    case 'tree-sitter':
      return { host: {}, settings: {}, dispose: async () => undefined };
    case 'language-server':
    case 'scip':
      // Here: start the client (or open the index) for `root`/`language`, return its Host.references
      // and the setting that turns it on (`languageServers: 'auto'`), and stop it in dispose.
      throw new Error(
        `--engine=${engine}: not in this build (issue 38 adds it under src/node/${engine === 'scip' ? 'scip' : 'languageServers'}); only tree-sitter answers here`,
      );
  }
}
