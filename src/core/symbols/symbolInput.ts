// What a read of mode "symbol" is asked, as the algorithm takes it (modes/symbol.ts asserts it is the
// mode's own input).
import type { SymbolKind } from '../ground/symbolTypes';

export interface SymbolInput {
  target: string;
  path?: string;
  kind?: SymbolKind;
  index?: number;
  include_body?: boolean;
  include_context?: boolean;
  context_lines?: number;
}
