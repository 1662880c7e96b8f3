// The symbols a name path may mean: in one file's outline when `path` is a file, else in the workspace
// symbol index (with notes on what the index has not covered yet).
import { LecternError } from '../ground/contract';
import { formatCount } from '../ground/format';
import type { OutlineSymbol } from '../ground/symbolTypes';
import { fileOutline } from './fileSymbols';
import { coveredWhole, uncoveredNote, unindexedNote } from './indexCoverage';
import { wholeFile, withMembers, wordOffsets } from './largeFileOutline';
import { flattenSymbols, matchNamePath, type NamePath } from './namePath';
import type { Candidate } from './resolve';
import type { SymbolEnv } from './symbolEnv';
import type { SymbolInput } from './symbolInput';

export async function candidatesFor(
  env: SymbolEnv,
  input: SymbolInput,
  namePath: NamePath,
): Promise<{ candidates: Candidate[]; everything: Candidate[]; notes: string[]; partial?: boolean }> {
  const notes: string[] = [];
  if (input.path) {
    const resolved = await env.resolver.resolve(input.path).catch(() => undefined);
    const stat = resolved ? await env.host.fs.stat(resolved.absolute) : undefined;
    if (stat?.kind === 'file' || (resolved && env.host.documents?.dirty(resolved.absolute))) {
      let file = await fileOutline(env, input.path);
      const looked = await withMembers(env, file, namePath);
      const match = (symbols: OutlineSymbol[]) => {
        const everything = flattenSymbols(symbols).map((item) => ({
          display: file.display,
          absolute: file.absolute,
          item,
        }));
        return {
          everything,
          candidates: everything.filter((c) => matchNamePath([c.item], namePath, input.kind).length > 0),
        };
      };
      let { everything, candidates } = match(file.symbols);
      const last = namePath.segments[namePath.segments.length - 1]!;
      // Not a top-level declaration nor a member of one: a declaration inside a wrapper (a bundle's
      // function), found in the whole outline; a name the file never mentions needs no parse.
      if (file.topLevelOnly && candidates.length === 0 && !wordOffsets(file.source, last).next().done) {
        const whole = await wholeFile(env, file);
        if (whole) ({ everything, candidates } = match((file = whole).symbols));
        else
          notes.push(
            `${file.display} is large: its outline lists top-level declarations only, and members were looked for in those that mention "${last}".`,
          );
      }
      const { notes: outlineNotes } = file;
      return { candidates, everything, notes: [...notes, ...(outlineNotes ?? []), ...(looked ? [looked] : [])] };
    }
  }
  const result = await env.index.queryDeclaring(
    input.path,
    namePath.segments[namePath.segments.length - 1]!,
    (files) => files.some((file) => matchNamePath(file.symbols, namePath, input.kind).length > 0),
    env.onIndexProgress,
    env.signal,
  );
  if (!result.complete) {
    notes.push(
      `The symbol index is still being built (${formatCount(result.indexed)} of ${formatCount(result.total)} files so far): this answer may miss symbols. Call again to continue, or pass path to look in one file.`,
    );
  }
  const uncovered = uncoveredNote(result, input.path ?? 'The workspace', (folder) => ({
    mode: 'symbol',
    target: input.target,
    path: folder,
    ...(input.kind ? { kind: input.kind } : {}),
  }));
  if (uncovered) notes.push(uncovered);
  const unindexed = unindexedNote(result);
  if (unindexed) notes.push(unindexed);
  if (input.path && result.total === 0 && !result.listingTruncated) {
    throw new LecternError(
      'NOT_FOUND',
      `No source file with symbol support matches path "${input.path}".`,
      'Pass a file, a folder or a glob such as "src/**/*.ts".',
    );
  }
  const everything = result.files.flatMap((file) =>
    file.symbols.map((item) => ({ display: file.display, absolute: file.absolute, item })),
  );
  const candidates = everything.filter((c) => matchNamePath([c.item], namePath, input.kind).length > 0);
  return { candidates, everything, notes, partial: !coveredWhole(result) };
}
