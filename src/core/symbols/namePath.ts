// Name paths (`Class.method`, `Outer::Inner::fn`, `/Top/level`) matched against outlines, and the
// closest names when nothing matches.
import { LecternError } from '../ground/contract';
import type { OutlineSymbol, SymbolKind } from '../ground/symbolTypes';
import { jaroWinkler } from './similarity';
import { TOOL } from '../ground/tools';

export interface NamePath {
  segments: string[];
  /** A leading separator anchors the path at the top level of the file. */
  anchored: boolean;
}

const SEPARATOR = /::|[./#\\]/;

/**
 * The longest name segment a symbol or references read takes. Real identifiers are far shorter; a
 * name of thousands of characters only makes each scan of the workspace's text slower.
 */
export const MAX_NAME_CHARS = 256;

/** INVALID_ARGS for a name path with a segment longer than MAX_NAME_CHARS. */
export function requireShortNames(namePath: NamePath): void {
  const long = namePath.segments.find((segment) => segment.length > MAX_NAME_CHARS);
  if (long === undefined) return;
  throw new LecternError(
    'INVALID_ARGS',
    `target names a symbol of ${long.length.toLocaleString('en-US')} characters; a name may have at most ${MAX_NAME_CHARS}.`,
    `Pass the symbol's name ("Store.get"), not text. To find text, use ${TOOL.search} {"query":${JSON.stringify(long.slice(0, 40))}}.`,
  );
}

export function parseNamePath(target: string): NamePath {
  const trimmed = target.trim();
  const anchored = /^(::|[./#\\])/.test(trimmed);
  const segments = trimmed
    .split(SEPARATOR)
    .map((s) => s.trim().replace(/^(?!operator\s*\(\)$)(.*)\(\)$/, '$1')) // `run()` is `run`; `operator()` stays
    .filter((s) => s.length > 0);
  return { segments, anchored };
}

/** The name a search finds a symbol or its uses by: its last segment ("get" of "Store.get"). */
export const searchName = (target: string) =>
  target
    .split(/[.:/#]+/)
    .filter(Boolean)
    .pop() ?? target;

export interface FlatSymbol {
  symbol: OutlineSymbol;
  /** Names from the top level down to this symbol. */
  path: string[];
}

export function flattenSymbols(
  symbols: readonly OutlineSymbol[],
  parents: string[] = [],
  out: FlatSymbol[] = [],
): FlatSymbol[] {
  for (const symbol of symbols) {
    // A name that holds separators (C# `namespace A.B`, C++ `A::f`) counts as that many segments.
    const own = symbol.name.split(SEPARATOR).filter((s) => s.length > 0);
    // A member declared outside its type (Go receiver, C++ `Tpl<T>::f`) is named through that type.
    const scope = symbol.scope ? symbol.scope.split(SEPARATOR).filter((s) => s.length > 0) : [];
    const path = [...parents, ...scope, ...(own.length > 0 ? own : [symbol.name])];
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

/** Below this similarity of last names a symbol is no suggestion: nothing beats noise. */
const SUGGESTION_THRESHOLD = 0.86;

/**
 * The closest symbols to a name, by Jaro-Winkler similarity of the last name segment (case folded;
 * the same name in another case is 1), ties broken by a matching parent segment, then by shorter
 * paths. Names below the threshold are left out: an unknown name gets no suggestions.
 */
export function closestSymbols(flat: readonly FlatSymbol[], namePath: NamePath, limit = 5): FlatSymbol[] {
  const segments = namePath.segments;
  const wanted = (segments[segments.length - 1] ?? '').toLowerCase();
  const wantedParent = segments.length > 1 ? segments[segments.length - 2]!.toLowerCase() : undefined;
  if (!wanted) return [];
  const scored: { item: FlatSymbol; score: number }[] = [];
  const seen = new Map<string, number>();
  for (const item of flat) {
    const name = (item.path[item.path.length - 1] ?? item.symbol.name).toLowerCase();
    let similarity = seen.get(name);
    if (similarity === undefined) {
      similarity = name === wanted ? 1 : jaroWinkler(wanted, name);
      seen.set(name, similarity);
    }
    if (similarity < SUGGESTION_THRESHOLD) continue;
    const parent = item.path.length > 1 ? item.path[item.path.length - 2]!.toLowerCase() : undefined;
    const parentBonus =
      wantedParent !== undefined && parent !== undefined ? 0.05 * jaroWinkler(wantedParent, parent) : 0;
    scored.push({ item, score: similarity + parentBonus });
  }
  scored.sort((a, b) => b.score - a.score || a.item.path.length - b.item.path.length);
  return scored.slice(0, limit).map((s) => s.item);
}
