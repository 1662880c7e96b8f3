// References from the host's language server (Host.references, VS Code's reference provider): asked
// at the one declaration the target names, answered as the tree-sitter scan answers — grouped by
// file, each use with the symbol it sits in and its line. Undefined when the host has no server,
// the target names no single declaration, or the server does not answer: tree-sitter answers then.
import type { ResolvedPath } from '../ground/paths';
import { openText } from '../read/openText';
import type { Scope } from '../search/searchScope';
import { flattenSymbols, matchNamePath, type NamePath } from '../symbols/namePath';
import type { SymbolEnv } from '../symbols/symbolRead';
import { Enclosing } from './enclosing';
import { compareFiles } from '../ground/fileRank';
import { identifierUses, wordOffsets } from './identifierUses';
import type { FileUses, FoundUse } from './referenceScan';
import { TextLines } from './textLines';

/** Whether an absolute path lies in the scope (display: as the workspace shows it). */
function inScope(scope: Scope, absolute: string, display: string): boolean {
  if (scope.kind === 'workspace') return true;
  if (scope.kind === 'glob') return scope.glob?.(display) ?? false;
  return scope.scopes.some(({ root, start }) => {
    const folder = start ? `${root.path}/${start}` : root.path;
    return absolute === folder || absolute.startsWith(`${folder}/`);
  });
}

/** A file's text, outline and lines, for placing uses in it. */
async function openFile(env: SymbolEnv, path: ResolvedPath) {
  const file = await openText(env.host, path, env.sniffs, env);
  try {
    const outline = await env.symbols.outline(file, path.absolute, path.display, env.signal);
    if (outline.status !== 'ok') return undefined;
    const text = outline.source.text;
    return { outline, text, lines: new TextLines(text), enclosing: new Enclosing(flattenSymbols(outline.symbols)) };
  } finally {
    await file.source.close().catch(() => undefined);
  }
}

export async function fromLanguageServer(
  env: SymbolEnv,
  namePath: NamePath,
  scope: Scope,
  fileOffset: number,
): Promise<FileUses[] | undefined> {
  const ask = env.host.references?.bind(env.host);
  if (!ask) return undefined;
  const name = namePath.segments[namePath.segments.length - 1]!;
  try {
    const index = await env.index.query(undefined, env.onIndexProgress, env.signal, name);
    const matches = index.files.flatMap((file) =>
      matchNamePath(file.symbols, namePath).map((item) => ({ file, item })),
    );
    if (matches.length !== 1) return undefined;
    const { file, item } = matches[0]!;
    const declared = await openFile(env, await env.resolver.resolve(file.absolute));
    if (!declared) return undefined;
    const { lines, text } = declared;
    const from = lines.offset(item.symbol.startLine, 1);
    const at = wordOffsets(text, name).find((offset) => offset >= from);
    if (at === undefined) return undefined;
    const place = lines.position(at);
    const found = await ask(file.absolute, place.line, place.column, env.signal);
    if (!found) return undefined;
    const byFile = new Map<string, { line: number; column: number }[]>();
    for (const location of found) {
      if (location.path === file.absolute && location.line === place.line && location.column === place.column) continue;
      byFile.set(location.path, [...(byFile.get(location.path) ?? []), location]);
    }
    const out: FileUses[] = [];
    for (const [absolute, places] of byFile) {
      const path = await env.resolver.resolve(absolute).catch(() => undefined);
      if (!path || path.outside || !inScope(scope, absolute, path.display)) continue;
      const opened = await openFile(env, path).catch(() => undefined);
      if (!opened) continue;
      const offsets = places.map((p) => opened.lines.offset(p.line, p.column));
      const kinds = await env.symbols.withTree(opened.outline.spec, opened.text, (tree) =>
        identifierUses(tree, opened.text, name, offsets),
      );
      const uses: FoundUse[] = offsets.map((offset) => {
        const { line, column } = opened.lines.position(offset);
        const seen = kinds?.find((k) => k.offset === offset);
        return {
          line,
          column,
          kind: seen?.kind ?? 'reference',
          enclosing: opened.enclosing.at(line)?.path ?? [],
          text: opened.lines.shown(line, column),
        };
      });
      out.push({ display: path.display, rank: 0, uses });
    }
    // Ranked as the tree-sitter scan ranks files; file_offset counts the files the server named.
    out.sort((a, b) => compareFiles(a.display, b.display));
    return out.map((file, rank) => ({ ...file, rank })).filter((file) => file.rank >= fileOffset);
  } catch {
    return undefined; // the server failed: tree-sitter answers
  }
}
