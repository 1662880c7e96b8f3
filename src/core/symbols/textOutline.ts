// One text's outline, the same on the host's thread and on an outline thread (src/node/outlineThread.ts):
// whole for ordinary files; for a very large one, its top-level declarations only, found by a
// query that starts no deeper than a declaration under a wrapper (export, decorator), so neither the
// query nor the extraction walks the whole tree. The members of one declaration are then outlined
// from that declaration's text alone (`members`).
import type { CancellationSignal } from '../ground/ports';
import type { LanguageSpec, OutlineBounds, OutlineSymbol, TextOutline } from '../ground/symbolTypes';
import { extractOutline, OutlineOutOfTime } from './outline';
import type { TreeSitter } from './treeSitter';
import type { Node, Tree } from 'web-tree-sitter';

/** A root's children are at depth 1, a declaration inside `export`/a decorator at 2. */
const TOP_LEVEL_DEPTH = 2;
/** A member of such a declaration: `export` › class › body › method. */
const MEMBER_DEPTH = 4;

/** A check of the time left: true once `ms` have passed from now, or the call was cancelled. */
export function timeLimit(ms: number, signal?: CancellationSignal): () => boolean {
  const end = Date.now() + ms;
  return () => Date.now() > end || signal?.isCancellationRequested === true;
}

/**
 * The outline of `text`; undefined when the parse ran past `deadlineMs`, the query and the walk
 * past as long again (`walkMs`), or the call was cancelled.
 * `members`: `text` is one declaration; list it with its direct members however large it is.
 * `onTree`: shown the tree once the outline is made, before it is deleted (one parse for two reads).
 */
export async function outlineOfText(
  runtime: TreeSitter,
  spec: LanguageSpec,
  text: string,
  deadlineMs: number,
  bounds: OutlineBounds,
  members = false,
  signal?: CancellationSignal,
  walkMs = deadlineMs,
  onTree?: (tree: Tree) => void,
): Promise<TextOutline | undefined> {
  const tree = await runtime.parse(spec, text, deadlineMs, signal);
  if (!tree) return undefined;
  try {
    const outline = await outlineOfTree(runtime, spec, text, tree, bounds, members, timeLimit(walkMs, signal));
    onTree?.(tree);
    return outline;
  } catch (error) {
    if (error instanceof OutlineOutOfTime) return undefined;
    throw error;
  } finally {
    tree.delete();
  }
}

async function outlineOfTree(
  runtime: TreeSitter,
  spec: LanguageSpec,
  text: string,
  tree: Tree,
  bounds: OutlineBounds,
  members: boolean,
  outOfTime: () => boolean,
): Promise<TextOutline> {
  const nodes = tree.rootNode.descendantCount;
  const shallow = text.length > bounds.fullChars || nodes > bounds.fullNodes;
  const stats = { cut: 0 };
  const query = runtime.query(spec, await runtime.language(spec));
  let symbols = extractOutline(
    tree,
    query,
    spec,
    text,
    stats,
    shallow ? (members ? MEMBER_DEPTH : TOP_LEVEL_DEPTH) : undefined,
    tree.rootNode,
    outOfTime,
  );
  // A bundle's top level is a line or two and one call of a wrapper function holding everything:
  // its declarations are listed with the top level, found as the top level is.
  const wrapper = shallow && !members ? wrapperBody(tree.rootNode, text.length, symbols) : undefined;
  if (wrapper) {
    const inside = extractOutline(tree, query, spec, text, stats, TOP_LEVEL_DEPTH, wrapper, outOfTime);
    symbols = [...symbols, ...inside].sort((a, b) => a.startLine - b.startLine);
  }
  // A pattern may start at a top-level declaration and capture inside it (class fields):
  // a shallow outline lists exactly one level (two for `members`), never a partial deeper one.
  if (shallow) for (const symbol of symbols) trim(symbol, members ? 1 : 0);
  return {
    symbols,
    parseFailed: tree.rootNode.hasError,
    cut: stats.cut,
    shallow,
    nodes,
    ...(wrapper ? { wrapper: { startLine: wrapper.startPosition.row + 1, endLine: wrapper.endPosition.row + 1 } } : {}),
  };
}

/** A wrapper spans at least this share of the text. */
const WRAPPER_SHARE = 0.8;
/** How far below the root a wrapper's body is looked for (`(function (exports) { … })(lib);` is 5 deep). */
const WRAPPER_DEPTH = 8;
/** A body holds at least this many statements (what is on the way to it holds one or two). */
const WRAPPER_STATEMENTS = 8;

/**
 * The body of a wrapper function that holds most of the file (a bundle's IIFE or UMD factory):
 * followed down from the root through the one child that spans most of the text, to the first node
 * with many statements. Undefined for ordinary files, and when a listed top-level declaration holds
 * it (its members are outlined on demand).
 */
function wrapperBody(root: Node, textLength: number, top: readonly OutlineSymbol[]): Node | undefined {
  // A cursor walks a node's children once (a child by index is found from the first each time).
  const cursor = root.walk();
  try {
    for (let depth = 0; depth < WRAPPER_DEPTH; depth++) {
      let found = false;
      for (let more = cursor.gotoFirstChild(); more; more = cursor.gotoNextSibling()) {
        if (cursor.nodeIsNamed && cursor.endIndex - cursor.startIndex >= WRAPPER_SHARE * textLength) {
          found = true;
          break;
        }
      }
      if (!found) return undefined;
      const node = cursor.currentNode;
      if (node.namedChildCount >= WRAPPER_STATEMENTS) {
        const first = node.startPosition.row + 1;
        const last = node.endPosition.row + 1;
        return top.some((s) => s.startLine <= first && s.endLine >= last) ? undefined : node;
      }
    }
    return undefined;
  } finally {
    cursor.delete();
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
