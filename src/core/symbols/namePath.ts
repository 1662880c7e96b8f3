// Name paths (`Class.method`, `Outer::Inner::fn`, `/Top/level`) matched against outlines, and the
// closest names when nothing matches.
import type { OutlineSymbol, SymbolKind } from '../ground/symbolTypes';
import { editDistance } from '../text/editDistance';

export interface NamePath {
  segments: string[];
  /** A leading separator anchors the path at the top level of the file. */
  anchored: boolean;
}

const SEPARATOR = /::|[./#\\]/;

export function parseNamePath(target: string): NamePath {
  const trimmed = target.trim();
  const anchored = /^(::|[./#\\])/.test(trimmed);
  const segments = trimmed
    .split(SEPARATOR)
    .map((s) => s.trim().replace(/\(\)$/, ''))
    .filter((s) => s.length > 0);
  return { segments, anchored };
}

export interface FlatSymbol {
  symbol: OutlineSymbol;
  /** Names from the top level down to this symbol. */
  path: string[];
}

export function flattenSymbols(symbols: readonly OutlineSymbol[], parents: string[] = [], out: FlatSymbol[] = []): FlatSymbol[] {
  for (const symbol of symbols) {
    // A name that holds separators (C# `namespace A.B`, C++ `A::f`) counts as that many segments.
    const own = symbol.name.split(SEPARATOR).filter((s) => s.length > 0);
    const path = [...parents, ...(own.length > 0 ? own : [symbol.name])];
    out.push({ symbol, path });
    // Ruby's `class << self` holds class methods: they are `Invoice.build`, not `Invoice.self.build`.
    const childParents = symbol.name === 'self' && symbol.kind === 'class' ? parents : path;
    flattenSymbols(symbol.children, childParents, out);
  }
  return out;
}

export function qualifiedName(path: readonly string[]): string {
  return path.join('.');
}

/** Symbols whose path ends with the name path's segments (equals them when anchored). */
export function matchNamePath(flat: readonly FlatSymbol[], namePath: NamePath, kind?: SymbolKind): FlatSymbol[] {
  const { segments, anchored } = namePath;
  return flat.filter(({ symbol, path }) => {
    if (kind && symbol.kind !== kind) return false;
    if (anchored ? path.length !== segments.length : path.length < segments.length) return false;
    const offset = path.length - segments.length;
    return segments.every((segment, i) => path[offset + i] === segment);
  });
}


/** The closest symbols to a name: same name in another case, then substrings, then small edits. */
export function closestSymbols(flat: readonly FlatSymbol[], namePath: NamePath, limit = 5): FlatSymbol[] {
  const wanted = (namePath.segments[namePath.segments.length - 1] ?? '').toLowerCase();
  if (!wanted) return [];
  const scored: { item: FlatSymbol; score: number }[] = [];
  for (const item of flat) {
    const name = item.symbol.name.toLowerCase();
    let score: number;
    if (name === wanted) score = 0;
    else if (name.includes(wanted) || wanted.includes(name)) score = 1 + Math.abs(name.length - wanted.length) / 100;
    else {
      const distance = editDistance(name, wanted);
      if (distance > Math.max(2, Math.floor(wanted.length / 3))) continue;
      score = 2 + distance;
    }
    scored.push({ item, score });
  }
  scored.sort((a, b) => a.score - b.score || a.item.path.length - b.item.path.length);
  return scored.slice(0, limit).map((s) => s.item);
}
