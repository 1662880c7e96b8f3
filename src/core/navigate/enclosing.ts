// The symbol a line sits in: the innermost declaration of the file's outline whose lines hold it,
// named by its name path (`Command.ExecuteC`), as mode "symbol" takes it. A decorator's lines sit in
// the scope around the declaration it decorates, and the fields of a type literal in a function's
// signature (`opts: { key: string }`) are no place a use sits in: the function is.
import type { FlatSymbol } from '../symbols/namePath';
import { qualifiedName } from '../symbols/namePath';
import type { OutlineSymbol } from '../ground/symbolTypes';
import type { TextLines } from './textLines';

/** What a use outside every declaration is said to sit in. */
export const MODULE_LEVEL = '(module)';

interface Span {
  item: FlatSymbol;
  /** The first line the declaration holds, after its decorators. */
  from: number;
}

export class Enclosing {
  private readonly spans: Span[];

  /** `lines`: the file's text, to find where a decorated declaration's own head starts. */
  constructor(symbols: readonly FlatSymbol[], lines?: TextLines) {
    const typeLiteralFields = new Set<OutlineSymbol>();
    for (const { symbol } of symbols)
      if (symbol.kind === 'function' || symbol.kind === 'method')
        for (const child of symbol.children) if (child.kind === 'field') typeLiteralFields.add(child);
    // Narrowest spans last: the first hit from the end is the innermost.
    this.spans = symbols
      .filter((item) => !typeLiteralFields.has(item.symbol))
      .map((item) => ({ item, from: lines ? headLine(item.symbol, lines) : item.symbol.startLine }))
      .sort((a, b) => b.item.symbol.endLine - b.from - (a.item.symbol.endLine - a.from));
  }

  /** The name path of the innermost symbol holding `line`, or absent at module level. */
  at(line: number): FlatSymbol | undefined {
    for (let i = this.spans.length - 1; i >= 0; i--) {
      const { item, from } = this.spans[i]!;
      if (from <= line && line <= item.symbol.endLine) return item;
    }
    return undefined;
  }

  nameAt(line: number): string {
    const item = this.at(line);
    return item ? qualifiedName(item.path) : MODULE_LEVEL;
  }
}

/** Where a declaration's head starts: its first line, or past the decorators (`@app.route(…)`) it opens with. */
function headLine(symbol: OutlineSymbol, lines: TextLines): number {
  if (!lines.lineText(symbol.startLine).startsWith('@')) return symbol.startLine;
  const head = /^[^\s(<:]+/.exec(symbol.signature)?.[0];
  if (!head) return symbol.startLine;
  const last = symbol.bodyStartLine ?? symbol.endLine;
  for (let line = symbol.startLine + 1; line <= last; line++) {
    const text = lines.lineText(line);
    if (text.startsWith(head) && !/^[\w$]/.test(text.charAt(head.length))) return line;
  }
  return symbol.startLine;
}
