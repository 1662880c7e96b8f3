// VS Code's reference provider answer (Location[]: 0-based positions) in the core's terms
// (ReferenceLocation: absolute path, 1-based line and UTF-16 column). Kept free of the vscode module
// so it can be tested on its own; the core decides what to keep of it.
import type { ReferenceLocation } from '../core/ground/ports';

/** The parts of a vscode.Location read here. */
export interface LocationLike {
  uri: { scheme: string; fsPath: string };
  range: { start: { line: number; character: number } };
}

/**
 * The places of a file on disk, in the order given. No provider for the file's language answers an
 * empty list, and a server asked with its declaration included always names that: an empty list is
 * no answer (undefined), so tree-sitter answers rather than "used nowhere".
 */
export function referenceLocations(found: readonly LocationLike[] | undefined): ReferenceLocation[] | undefined {
  if (!Array.isArray(found) || found.length === 0) return undefined;
  return found
    .filter((location) => location.uri.scheme === 'file')
    .map((location) => ({
      path: location.uri.fsPath,
      line: location.range.start.line + 1,
      column: location.range.start.character + 1,
    }));
}
