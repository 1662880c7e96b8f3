// The symbol a line sits in: the innermost declaration of the file's outline whose lines hold it,
// named by its name path (`Command.ExecuteC`), as mode "symbol" takes it.
import type { FlatSymbol } from '../symbols/namePath';
import { qualifiedName } from '../symbols/namePath';

/** What a use outside every declaration is said to sit in. */
export const MODULE_LEVEL = '(module)';

export class Enclosing {
  private readonly symbols: FlatSymbol[];

  constructor(symbols: readonly FlatSymbol[]) {
    // Narrowest spans last: the first hit from the end is the innermost.
    this.symbols = [...symbols].sort(
      (a, b) => b.symbol.endLine - b.symbol.startLine - (a.symbol.endLine - a.symbol.startLine),
    );
  }

  /** The name path of the innermost symbol holding `line`, or absent at module level. */
  at(line: number): FlatSymbol | undefined {
    for (let i = this.symbols.length - 1; i >= 0; i--) {
      const item = this.symbols[i]!;
      if (item.symbol.startLine <= line && line <= item.symbol.endLine) return item;
    }
    return undefined;
  }

  nameAt(line: number): string {
    const item = this.at(line);
    return item ? qualifiedName(item.path) : MODULE_LEVEL;
  }
}
