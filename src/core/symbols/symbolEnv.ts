// What every mode's `run` gets for one call: ReadEnv (ground/env.ts) plus the symbol service and the
// workspace index. Here, not in ground/, because those two are symbols' own (layer 2); modes/ and
// navigate/ import it from here, and only the engine builds it.
import type { ReadEnv } from '../ground/env';
import type { SymbolService } from './service';
import type { WorkspaceIndex } from './workspaceIndex';

export interface SymbolEnv extends ReadEnv {
  symbols: SymbolService;
  index: WorkspaceIndex;
  onIndexProgress?: (done: number, total: number) => void;
  /**
   * Whether the host's precise engine (Host.references) has named a use yet in this engine's life.
   * Until it has, an answer naming none where tree-sitter sees possible ones is a server still
   * loading its project, asked again within the wait (navigate/hostReferences.ts).
   */
  hostEngine?: { answered: boolean };
}
