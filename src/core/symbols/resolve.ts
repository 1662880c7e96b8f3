// Which of several symbols matching one name path is the answer: a type beats its impl blocks, a
// definition beats its declarations (prototypes, in-class method declarations), and a type declared
// in parts (C# partial classes, reopened Ruby classes) reads as its largest part with the others
// named. What is still ambiguous is listed compactly: one call template, one line per candidate.
import { callText } from '../ground/format';
import { matchNamePath, qualifiedName, type FlatSymbol } from './namePath';
import type { SymbolKind } from '../ground/symbolTypes';
import { TOOL } from '../ground/tools';

export interface Candidate {
  display: string;
  absolute: string;
  item: FlatSymbol;
}

const isImpl = (c: Candidate) => c.item.symbol.signature.startsWith('impl');
const isDeclaration = (c: Candidate) => c.item.symbol.declaration === true;

/** Candidates without the impl blocks and declarations that a definition among them stands for. */
export function preferDefinitions(candidates: Candidate[]): Candidate[] {
  let kept = candidates;
  // A Rust type and its `impl` blocks (in this module or another) share a name: the bare name means the type.
  if (kept.some((c) => !isImpl(c))) kept = kept.filter((c) => !isImpl(c));
  // `sdscpylen` in sds.h (prototype) and sds.c (definition): the definition.
  if (kept.some((c) => !isDeclaration(c))) kept = kept.filter((c) => !isDeclaration(c));
  return kept;
}

const PART_KINDS: readonly SymbolKind[] = ['class', 'struct', 'module', 'interface'];

/**
 * One type declared in parts (`partial class Order` in two files, `class Invoice` reopened): its
 * largest part, and the others. Undefined when the candidates are not all parts of one type.
 */
export function partsOfOneType(candidates: Candidate[]): { main: Candidate; others: Candidate[] } | undefined {
  if (candidates.length < 2) return undefined;
  const first = candidates[0]!;
  const name = qualifiedName(first.item.path);
  const oneType = candidates.every(
    (c) =>
      PART_KINDS.includes(c.item.symbol.kind) &&
      c.item.symbol.kind === first.item.symbol.kind &&
      qualifiedName(c.item.path) === name,
  );
  // Only where a type is declared in parts by design: same names elsewhere are different types.
  const inParts =
    candidates.every((c) => /\bpartial\b/.test(c.item.symbol.signature)) ||
    candidates.every((c) => /\.(rb|rake)$/i.test(c.display));
  if (!oneType || !inParts) return undefined;
  const size = (c: Candidate) => c.item.symbol.endLine - c.item.symbol.startLine;
  const main = candidates.reduce((best, c) => (size(c) > size(best) ? c : best));
  return { main, others: candidates.filter((c) => c !== main) };
}

export function describeCandidate(c: Candidate): string {
  return `${c.display}:${c.item.symbol.startLine} ${c.item.symbol.kind} ${qualifiedName(c.item.path)}${c.item.symbol.declaration ? ' (declaration)' : ''}`;
}

/** The exact input that selects `c` among `all`. */
export function selectingInput(c: Candidate, all: Candidate[], kind: SymbolKind | undefined): Record<string, unknown> {
  const name = qualifiedName(c.item.path);
  const sameFile = all.filter((o) => o.absolute === c.absolute);
  // Anchor at the top level when the name alone would also match deeper symbols (`value` vs `node.value`).
  const anchored = sameFile.some(
    (o) =>
      o !== c &&
      matchNamePath([o.item], { segments: c.item.path, anchored: false }).length > 0 &&
      o.item.path.length > c.item.path.length,
  );
  const selected: Record<string, unknown> = { mode: 'symbol', target: anchored ? `/${name}` : name, path: c.display };
  const sameName = sameFile.filter((o) => qualifiedName(o.item.path) === name);
  if (sameName.length > 1) {
    const sameKind = sameName.filter((o) => o.item.symbol.kind === c.item.symbol.kind);
    if (sameKind.length === 1) selected.kind = c.item.symbol.kind;
    else if (kind) {
      selected.kind = kind;
      selected.index = sameKind.indexOf(c) + 1;
    } else selected.index = sameName.indexOf(c) + 1;
  }
  return selected;
}

/**
 * Candidates as one call template and a line each (`file:line kind name`, plus the fields that
 * template does not give, e.g. {"index":2}): a list costs a fraction of one full call per line.
 */
export function candidateList(shown: Candidate[], all: Candidate[], kind: SymbolKind | undefined): string[] {
  const lines = shown.map((c) => {
    const input = selectingInput(c, all, kind);
    const target = input.target as string;
    const extra: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(input))
      if (key !== 'mode' && key !== 'target' && key !== 'path') extra[key] = value;
    const line = `${c.display}:${c.item.symbol.startLine} ${c.item.symbol.kind} ${target}${c.item.symbol.declaration ? ' (declaration)' : ''}`;
    return Object.keys(extra).length > 0 ? `${line} ${JSON.stringify(extra)}` : line;
  });
  return [
    shown[0]
      ? `Read the first: ${callText(TOOL.read, selectingInput(shown[0], all, kind))}; another: the same call with the name and file of its line below (and the fields a line shows):`
      : 'Read one by the name and file of its line below:',
    ...lines,
  ];
}

/** Overloads spanning more lines than this together are listed, not read as one answer. */
const MAX_OVERLOAD_LINES = 30;

/**
 * Overloads written one after another (C#, Java, C++ methods of one name, each with its body): the
 * candidates when they are all functions or methods of one qualified name in one file, with no other
 * symbol of their parent between them, spanning at most MAX_OVERLOAD_LINES lines. Else undefined.
 */
export function adjacentOverloads(candidates: Candidate[], everything: readonly Candidate[]): Candidate[] | undefined {
  if (candidates.length < 2) return undefined;
  const first = candidates[0]!;
  const name = qualifiedName(first.item.path);
  const callable = (c: Candidate) => c.item.symbol.kind === 'method' || c.item.symbol.kind === 'function';
  if (
    !candidates.every(
      (c) =>
        c.absolute === first.absolute &&
        callable(c) &&
        c.item.symbol.kind === first.item.symbol.kind &&
        qualifiedName(c.item.path) === name,
    )
  )
    return undefined;
  const ordered = [...candidates].sort((a, b) => a.item.symbol.startLine - b.item.symbol.startLine);
  const top = ordered[0]!.item.symbol;
  const bottom = ordered[ordered.length - 1]!.item.symbol;
  if (bottom.endLine - top.contextStartLine + 1 > MAX_OVERLOAD_LINES) return undefined;
  // Siblings: the file's symbols with the same parent path, anywhere between the first overload and the last.
  const parent = qualifiedName(first.item.path.slice(0, -1));
  const between = everything.filter(
    (c) =>
      c.absolute === first.absolute &&
      qualifiedName(c.item.path.slice(0, -1)) === parent &&
      c.item.symbol.startLine > top.startLine &&
      c.item.symbol.startLine < bottom.startLine,
  );
  return between.every((c) => candidates.includes(c)) ? ordered : undefined;
}
