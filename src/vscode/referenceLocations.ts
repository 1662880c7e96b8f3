// VS Code's reference provider answer (Location[]: 0-based positions) in the core's terms
// (ReferenceLocation: absolute path, 1-based line and UTF-16 column). Kept free of the vscode module
// so it can be tested on its own; the core decides what to keep of it.
import type { ReferenceLocation } from '../core/ground/ports';

/** The parts of a vscode.Location read here; `U` its URI. */
export interface LocationLike<U> {
  uri: U;
  range: { start: { line: number; character: number } };
}

/**
 * The places in the workspace's files, in the order given: `pathOf` names a URI's file, or null for
 * a document that is none (untitled, virtual). No provider for the file's language answers an empty
 * list, and a server asked with its declaration included always names that: an empty list is no
 * answer (undefined), so tree-sitter answers rather than "used nowhere".
 */
export function referenceLocations<U>(
  found: readonly LocationLike<U>[] | undefined,
  pathOf: (uri: U) => string | null,
): ReferenceLocation[] | undefined {
  if (!Array.isArray(found) || found.length === 0) return undefined;
  return found.flatMap((location) => {
    const path = pathOf(location.uri);
    return path === null
      ? []
      : [{ path, line: location.range.start.line + 1, column: location.range.start.character + 1 }];
  });
}
