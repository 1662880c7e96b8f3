// The symbol chosen (or adjacent overloads read as one) found again in its file as it is now, and
// answered; a type's head-only answer lists the methods declared outside it too.
import { LecternError, type ToolResponse } from '../ground/contract';
import { callText, formatCount } from '../ground/format';
import type { OutlineSymbol, SymbolKind } from '../ground/symbolTypes';
import { TOOL } from '../ground/tools';
import { fileOutline } from './fileSymbols';
import { wholeFile, withMembers } from './largeFileOutline';
import { flattenSymbols, matchNamePath, qualifiedName, type FlatSymbol } from './namePath';
import { methodsDeclaredOutside } from './outsideMethods';
import { selectingInput, type Candidate } from './resolve';
import type { SymbolEnv } from './symbolEnv';
import type { SymbolInput } from './symbolInput';
import { renderSymbol } from './symbolRender';

const TYPE_KINDS: readonly SymbolKind[] = ['class', 'struct', 'interface', 'type', 'enum'];

/** The chosen symbol, re-read from its file: the answer must come from its current content. */
export async function readChosen(
  env: SymbolEnv,
  chosen: Candidate,
  input: SymbolInput,
  notes: string[],
): Promise<ToolResponse> {
  let chosenFile = await fileOutline(env, chosen.absolute);
  await withMembers(env, chosenFile, { segments: chosen.item.path, anchored: true });
  const freshIn = (symbols: OutlineSymbol[]) =>
    flattenSymbols(symbols).find(
      (item) =>
        qualifiedName(item.path) === qualifiedName(chosen.item.path) &&
        item.symbol.kind === chosen.item.symbol.kind &&
        item.symbol.startLine === chosen.item.symbol.startLine,
    ) ??
    matchNamePath(flattenSymbols(symbols), { segments: chosen.item.path, anchored: true }, chosen.item.symbol.kind)[0];
  let fresh = freshIn(chosenFile.symbols);
  if (!fresh && chosenFile.topLevelOnly) {
    const whole = await wholeFile(env, chosenFile);
    if (whole) fresh = freshIn((chosenFile = whole).symbols);
  }
  const { display, absolute, symbols, source, version } = chosenFile;
  if (!fresh)
    throw new LecternError(
      'NOT_FOUND',
      `${qualifiedName(chosen.item.path)} is no longer in ${display}.`,
      'The file changed; call again.',
    );
  let response = renderSymbol(env, display, source, fresh, input, notes);
  if (response.meta.truncated && TYPE_KINDS.includes(fresh.symbol.kind)) {
    // Its signature and members: with the methods declared outside it (Go receivers, C++ `A::f`), here and beside this file.
    const outside = await methodsDeclaredOutside(env, display, absolute, symbols, fresh);
    if (outside.length > 0) response = renderSymbol(env, display, source, fresh, input, notes, outside);
  }
  response.meta.version = version;
  response.meta.absolute_path = absolute;
  return response;
}

/**
 * Overloads written one after another, as one answer: their lines from the first one's comments to
 * the last one's end, as the file has them now. Undefined when the file changed under them or they do
 * not fit one answer whole (the caller lists them instead).
 */
export async function readOverloads(
  env: SymbolEnv,
  overloads: Candidate[],
  input: SymbolInput,
  notes: string[],
): Promise<ToolResponse | undefined> {
  const { display, absolute, symbols, source, version } = await fileOutline(env, overloads[0]!.absolute);
  const flat = flattenSymbols(symbols);
  const fresh: FlatSymbol[] = [];
  for (const o of overloads) {
    const now = flat.find(
      (item) =>
        qualifiedName(item.path) === qualifiedName(o.item.path) &&
        item.symbol.kind === o.item.symbol.kind &&
        item.symbol.startLine === o.item.symbol.startLine,
    );
    if (!now) return undefined;
    fresh.push(now);
  }
  const [first, last] = [fresh[0]!, fresh[fresh.length - 1]!];
  const merged: FlatSymbol = {
    path: first.path,
    symbol: { ...first.symbol, endLine: last.symbol.endLine, children: [] },
  };
  const lines = fresh.map((f) => `${formatCount(f.symbol.startLine)}-${formatCount(f.symbol.endLine)}`).join(', ');
  const note = `${qualifiedName(first.path)} has ${fresh.length} overloads, read together (lines ${lines}); one alone: ${callText(TOOL.read, selectingInput(overloads[1]!, overloads, input.kind))}`;
  const response = renderSymbol(env, display, source, merged, input, [...notes, note]);
  if (response.meta.preview_degraded) return undefined;
  response.meta.version = version;
  response.meta.absolute_path = absolute;
  return response;
}
