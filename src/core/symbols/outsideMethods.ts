// Methods of a type written outside its body (Go receivers, C++ `A::f`), in its file and the other files
// of its folder, and how a head-only answer lists each.
import type { OutlineSymbol } from '../ground/symbolTypes';
import { symbolLabel } from './label';
import { flattenSymbols, type FlatSymbol } from './namePath';
import type { SymbolEnv } from './symbolEnv';

/** A method declared outside its type, and the file it is in. */
export interface OutsideMethod {
  display: string;
  symbol: OutlineSymbol;
}

/** Methods of `type` written outside its body: in its file (`type`'s siblings) and in the other files of its folder (a Go package). */
export async function methodsDeclaredOutside(
  env: SymbolEnv,
  display: string,
  absolute: string,
  symbols: OutlineSymbol[],
  type: FlatSymbol,
): Promise<OutsideMethod[]> {
  const name = type.path[type.path.length - 1]!;
  const inside = (s: OutlineSymbol) => s.startLine >= type.symbol.startLine && s.endLine <= type.symbol.endLine;
  const ofType = (item: FlatSymbol) =>
    item.path.length >= 2 &&
    item.path[item.path.length - 2] === name &&
    (item.symbol.kind === 'method' || item.symbol.kind === 'function') &&
    (item.symbol.scope !== undefined || item.symbol.name.includes('::'));
  const out: OutsideMethod[] = flattenSymbols(symbols)
    .filter((item) => ofType(item) && !inside(item.symbol))
    .map((item) => ({ display, symbol: item.symbol }));
  const slash = display.lastIndexOf('/');
  const folder = slash === -1 ? '' : display.slice(0, slash);
  // Only the folder's own files (`dir/*`); a folder whose name reads as a glob is scoped as a folder and filtered below.
  const scope = /[*?[\]{}!()]/.test(folder) ? folder : folder ? `${folder}/*` : '*';
  const result = await env.index.query(scope, undefined, env.signal).catch(() => undefined);
  for (const file of result?.files ?? []) {
    if (file.absolute === absolute || file.display.lastIndexOf('/') !== slash || !file.display.startsWith(folder))
      continue;
    for (const item of file.symbols) if (ofType(item)) out.push({ display: file.display, symbol: item.symbol });
  }
  return out;
}

/** A method declared outside the type: `[file:L5-8] func (c *T) Run()`, the file left out when it is the type's. */
export function outsideLine(display: string, { display: file, symbol }: OutsideMethod): string {
  const range = symbol.startLine === symbol.endLine ? `L${symbol.startLine}` : `L${symbol.startLine}-${symbol.endLine}`;
  return `  [${file === display ? range : `${file}:${range}`}] ${symbolLabel(symbol)}`;
}
