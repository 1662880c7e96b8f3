// The smallest statement-level syntax node around a range of lines (snippet reads with expand
// "block"), the same on the host's thread and on the outline thread (src/node/outlineThread.ts).
import type { Node } from 'web-tree-sitter';
import type { CancellationSignal } from '../ground/ports';
import type { BlockRange, EnclosingBlock, LanguageSpec } from '../ground/symbolTypes';
import { OutlineOutOfTime } from './outline';
import { timeLimit } from './textOutline';
import type { TreeSitter } from './treeSitter';

/** Node types that close a unit of code: statements, declarations, blocks, members. */
const BLOCKISH =
  /^(?!.*_list$).*(statement|declaration|definition|block|function|method|class|item|clause|body|element|constructor|impl|module|namespace|case|arm|expression_statement)/;

/**
 * The block around `range` in `text`; undefined when there is none or the parse ran past
 * `deadlineMs`. The walk up to it runs until as long again (`walkMs`), then throws OutlineOutOfTime
 * (each step up costs the node's depth: a deeply nested file makes the walk quadratic).
 */
export async function blockOfText(
  runtime: TreeSitter,
  spec: LanguageSpec,
  text: string,
  deadlineMs: number,
  range: BlockRange,
  signal?: CancellationSignal,
  walkMs = deadlineMs,
): Promise<EnclosingBlock | undefined> {
  const tree = await runtime.parse(spec, text, deadlineMs, signal);
  if (!tree) return undefined;
  try {
    return findEnclosingBlock(tree.rootNode, range, timeLimit(walkMs, signal));
  } finally {
    tree.delete();
  }
}

function findEnclosingBlock(
  root: Node,
  { first, last, startColumn, endColumn }: BlockRange,
  outOfTime: () => boolean,
): EnclosingBlock | undefined {
  const lastRow = last - 1;
  let node: Node | null = root.namedDescendantForPosition(
    { row: first - 1, column: startColumn },
    { row: lastRow, column: endColumn },
  );
  // Widen until the node is a whole unit of code covering every requested line.
  while (node && node.parent) {
    if (outOfTime()) throw new OutlineOutOfTime();
    const covers = node.startPosition.row <= first - 1 && node.endPosition.row >= lastRow;
    // Multi-line only: the point is the block around a statement, not the statement alone.
    if (
      covers &&
      BLOCKISH.test(node.type) &&
      node.startPosition.row < node.endPosition.row &&
      (node.startPosition.row < first - 1 || node.endPosition.row > lastRow || first < last)
    )
      break;
    node = node.parent;
  }
  if (!node || !node.parent) return undefined;
  const end = node.endPosition;
  return {
    startLine: node.startPosition.row + 1,
    endLine: end.column === 0 && end.row > node.startPosition.row ? end.row : end.row + 1,
    type: node.type,
  };
}
