// Host.references from a SCIP index (index.scip at a workspace folder's top, made by scip-typescript,
// scip-python, scip-go…): every occurrence of the symbol at the place asked, declaration included as
// a language server answers. Exact where the indexer's compiler is (renamed imports, object-literal
// keys typed by an interface), and a lookup whatever the workspace's size. Freshness by time: SCIP
// documents carry no hash of their text, so the asked file and each file the answer names must not
// have changed (modification or change time) after index.scip was written (its change time), else
// undefined and tree-sitter answers (files the index names nowhere are checked by the core, which
// scans the rest for a use the engine should have named).
import { existsSync, promises as fs } from 'node:fs';
import * as path from 'node:path';
import { rootHolding } from '../../core/ground/paths';
import { ReferencesUnavailable, type ReferenceLocation, type WorkspaceRoot } from '../../core/ground/ports';
import { fromUtf16, needsText, toUtf16 } from './scipColumns';
import { DEFINITION_ROLE, type ScipDocument, type ScipIndex, type ScipOccurrence } from './scipIndex';
import { loadScip, SCIP_FILE, UnreadableScip, type LoadedScip } from './scipLoad';

/** Whether a workspace folder has an index.scip at its top (a stat per folder, on the calling thread). */
export function hasScip(roots: readonly WorkspaceRoot[]): boolean {
  return roots.some((root) => existsSync(path.join(root.path, SCIP_FILE)));
}

/** The file's lines when its document counts columns in another encoding than UTF-16; undefined: gone. */
async function linesOf(file: string, document: ScipDocument): Promise<string[] | undefined> {
  if (!needsText(document.encoding)) return [];
  const text = await fs.readFile(file, 'utf8').catch(() => undefined);
  return text?.split('\n');
}

/** Whether the file is there and unchanged since the index was written (neither time after it). */
async function fresh(file: string, scip: LoadedScip): Promise<boolean> {
  const stat = await fs.stat(file).catch(() => undefined);
  return stat !== undefined && Math.max(stat.mtimeMs, stat.ctimeMs) <= scip.writtenMs;
}

/** The occurrences in one document as the core's places (1-based, UTF-16); undefined when the file is stale. */
async function placesIn(folder: string, scip: LoadedScip, document: ScipDocument, found: readonly ScipOccurrence[]) {
  const file = path.join(folder, ...document.relativePath.split('/'));
  if (!(await fresh(file, scip))) return undefined;
  const lines = await linesOf(file, document);
  if (!lines) return undefined;
  return found.map(({ line, character }): ReferenceLocation => ({
    path: file,
    line: line + 1,
    column: toUtf16(lines[line] ?? '', character, document.encoding) + 1,
  }));
}

/** The symbol's occurrences, and where it is a class the `new Name(…)` that the compiler gives its constructor. */
function usesOf(index: ScipIndex, symbol: number): ScipOccurrence[] {
  const constructor = index.alsoUsedAs(symbol);
  const found = index.occurrencesOf(symbol);
  if (constructor === undefined) return found;
  const constructed = index.occurrencesOf(constructor).filter((o) => (o.roles & DEFINITION_ROLE) === 0);
  return [...found, ...constructed];
}

async function indexOf(folder: string): Promise<LoadedScip | undefined> {
  try {
    return await loadScip(folder);
  } catch (error) {
    if (!(error instanceof UnreadableScip)) throw error;
    throw new ReferencesUnavailable(
      `${path.join(folder, SCIP_FILE)} could not be read as a SCIP index (${error.message}): tree-sitter answered. Make it again (e.g. npx @sourcegraph/scip-typescript index) or remove it.`,
    );
  }
}

/**
 * The uses of the symbol at (file, 1-based line, 1-based UTF-16 column) from its folder's SCIP index;
 * undefined when no index covers the file, it is stale, or no symbol is there. Rejects with
 * ReferencesUnavailable when the index cannot be read.
 */
export async function scipReferences(
  roots: readonly WorkspaceRoot[],
  file: string,
  line: number,
  column: number,
): Promise<readonly ReferenceLocation[] | undefined> {
  const folder = rootHolding(roots, file)?.path;
  const scip = folder === undefined ? undefined : await indexOf(folder);
  if (!scip || folder === undefined) return undefined;
  const asked = scip.index.document(path.relative(folder, file).split(path.sep).join('/'));
  if (!asked || !(await fresh(file, scip))) return undefined;
  const lines = await linesOf(file, asked);
  if (!lines) return undefined;
  const symbol = scip.index.symbolAt(asked, line - 1, fromUtf16(lines[line - 1] ?? '', column - 1, asked.encoding));
  if (symbol === undefined) return undefined;
  const byDocument = new Map<ScipDocument, ScipOccurrence[]>();
  for (const occurrence of usesOf(scip.index, symbol)) {
    const list = byDocument.get(occurrence.document) ?? [];
    if (list.length === 0) byDocument.set(occurrence.document, list);
    list.push(occurrence);
  }
  const out: ReferenceLocation[] = [];
  for (const [document, found] of byDocument) {
    const places = await placesIn(folder, scip, document, found);
    if (!places) return undefined; // a file the answer names changed since the index: tree-sitter answers
    out.push(...places);
  }
  return out;
}
