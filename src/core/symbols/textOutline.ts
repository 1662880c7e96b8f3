// One text's outline, the same on the host's thread and on an outline thread (src/node/outlineThread.ts):
// whole for ordinary files; for a very large one, its top-level declarations only, found by a
// query that starts no deeper than a declaration under a wrapper (export, decorator), so neither the
// query nor the extraction walks the whole tree. The members of one declaration are then outlined
// from that declaration's text alone (`members`).
import type { CancellationSignal } from '../ground/ports';
import type { LanguageSpec, OutlineBounds, OutlineSymbol, TextOutline } from '../ground/symbolTypes';
import { extractOutline } from './outline';
import type { TreeSitter } from './treeSitter';

/** A root's children are at depth 1, a declaration inside `export`/a decorator at 2. */
const TOP_LEVEL_DEPTH = 2;
/** A member of such a declaration: `export` › class › body › method. */
const MEMBER_DEPTH = 4;

/**
 * The outline of `text`; undefined when the parse ran past `deadlineMs` or was cancelled.
 * `members`: `text` is one declaration; list it with its direct members however large it is.
 */
export async function outlineOfText(
  runtime: TreeSitter,
  spec: LanguageSpec,
  text: string,
  deadlineMs: number,
  bounds: OutlineBounds,
  members = false,
  signal?: CancellationSignal,
): Promise<TextOutline | undefined> {
  const tree = await runtime.parse(spec, text, deadlineMs, signal);
  if (!tree) return undefined;
  try {
    const nodes = tree.rootNode.descendantCount;
    const shallow = text.length > bounds.fullChars || nodes > bounds.fullNodes;
    const stats = { cut: 0 };
    const query = runtime.query(spec, await runtime.language(spec));
    const symbols = extractOutline(tree, query, spec, text, stats, shallow ? (members ? MEMBER_DEPTH : TOP_LEVEL_DEPTH) : undefined);
    // A pattern may start at a top-level declaration and capture inside it (class fields):
    // a shallow outline lists exactly one level (two for `members`), never a partial deeper one.
    if (shallow) for (const symbol of symbols) trim(symbol, members ? 1 : 0);
    return { symbols, parseFailed: tree.rootNode.hasError, cut: stats.cut, shallow, nodes };
  } finally {
    tree.delete();
  }
}

function trim(symbol: OutlineSymbol, levels: number): void {
  if (levels === 0) symbol.children = [];
  else for (const child of symbol.children) trim(child, levels - 1);
}

/** The same symbols `lines` further down (an outline of a slice placed back into its file). */
export function shiftLines(symbols: readonly OutlineSymbol[], lines: number): OutlineSymbol[] {
  return symbols.map((s) => ({
    ...s,
    startLine: s.startLine + lines,
    endLine: s.endLine + lines,
    contextStartLine: s.contextStartLine + lines,
    bodyStartLine: s.bodyStartLine === null ? null : s.bodyStartLine + lines,
    ...(s.docEndLine !== undefined ? { docEndLine: s.docEndLine + lines } : {}),
    children: shiftLines(s.children, lines),
  }));
}
