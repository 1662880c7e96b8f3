// `lectern_read` mode "symbol": one function, class or method by name path, in one call — its whole
// span with doc comments, or its signature and members when it is too big or include_body is false.
// Here: the name resolved to one symbol (or overloads read together), else the closest names or the candidates.
import { LecternError, type ToolResponse } from '../ground/contract';
import { callText, formatCount, plural } from '../ground/format';
import { TOOL } from '../ground/tools';
import { readChosen, readOverloads } from './chosenRead';
import { incomplete } from './indexCoverage';
import { closestSymbols, parseNamePath, qualifiedName, requireShortNames, type NamePath } from './namePath';
import {
  adjacentOverloads,
  candidateList,
  describeCandidate,
  partsOfOneType,
  preferDefinitions,
  selectingInput,
  type Candidate,
} from './resolve';
import { candidatesFor } from './symbolCandidates';
import type { SymbolEnv } from './symbolEnv';
import type { SymbolInput } from './symbolInput';

const MAX_CANDIDATES_SHOWN = 12;

export async function readSymbol(env: SymbolEnv, input: SymbolInput): Promise<ToolResponse> {
  const namePath = parseNamePath(input.target);
  if (namePath.segments.length === 0) {
    throw new LecternError(
      'INVALID_ARGS',
      `"${input.target}" is not a symbol name.`,
      `Example: ${callText(TOOL.read, { mode: 'symbol', target: 'Store.get' })}`,
    );
  }
  requireShortNames(namePath);
  const found = await candidatesFor(env, input, namePath);
  const { everything, notes } = found;
  // With an index the caller picks among all matches; without, a type beats its impl blocks.
  const candidates = input.index === undefined ? preferDefinitions(found.candidates) : found.candidates;
  candidates.sort((a, b) => a.display.localeCompare(b.display) || a.item.symbol.startLine - b.item.symbol.startLine);
  if (candidates.length === 0)
    throw found.partial ? notCovered(input, notes) : notFound(input, namePath, everything, notes);
  const chosen = await choose(env, input, candidates, everything, notes, found.partial === true);
  return 'item' in chosen ? readChosen(env, chosen, input, notes) : chosen;
}

/** No symbol of that name in the part of the scope the index covered: what was not covered, and the calls that cover it. */
function notCovered(input: SymbolInput, notes: string[]): LecternError {
  const where = input.path ? `in ${input.path}` : 'in the workspace';
  return incomplete(
    `No symbol ${JSON.stringify(input.target)} in the files of the symbol index ${where}.`,
    notes.join('\n'),
  );
}

/** No symbol of that name: the closest names with the calls that read them, else a search. */
function notFound(input: SymbolInput, namePath: NamePath, everything: Candidate[], notes: string[]): LecternError {
  const close = closestSymbols(
    everything.map((c) => c.item),
    namePath,
  );
  const closeCandidates = close.map((item) => everything.find((c) => c.item === item)!);
  const where = input.path ? `in ${input.path}` : 'in the workspace';
  const list = closeCandidates.map(
    (c) => `${describeCandidate(c)} → ${callText(TOOL.read, selectingInput(c, closeCandidates, input.kind))}`,
  );
  return new LecternError(
    'NOT_FOUND',
    `No symbol ${JSON.stringify(input.target)}${input.kind ? ` of kind ${input.kind}` : ''} ${where}.${notes.length > 0 ? ' ' + notes.join(' ') : ''}`,
    list.length > 0
      ? `Closest names:\n${list.join('\n')}`
      : `Search for it: ${callText(TOOL.search, { ...(input.path ? { target: input.path } : {}), query: namePath.segments[namePath.segments.length - 1] })}`,
  );
}

/**
 * The candidate to read: by index, the only one, the largest part of a type declared in parts; or,
 * among several, adjacent overloads read as one answer (returned as it is), else AMBIGUOUS_SYMBOL.
 */
async function choose(
  env: SymbolEnv,
  input: SymbolInput,
  candidates: Candidate[],
  everything: Candidate[],
  notes: string[],
  /** The index did not cover the whole scope (notes say which part, and the calls that cover it). */
  partial: boolean,
): Promise<Candidate | ToolResponse> {
  if (input.index !== undefined) {
    if (input.index > candidates.length) {
      throw new LecternError(
        'OUT_OF_RANGE',
        `index ${input.index} is past the ${plural(candidates.length, 'match', 'matches')} for ${JSON.stringify(input.target)}${partial ? ' in the files of the symbol index' : ''}.`,
        [`Use index 1 to ${candidates.length}.`, ...(partial ? notes : [])].join('\n'),
      );
    }
    return candidates[input.index - 1]!;
  }
  if (candidates.length === 1) return candidates[0]!;
  const parts = partsOfOneType(candidates);
  if (parts) {
    const { main, others } = parts;
    notes.push(
      `${qualifiedName(main.item.path)} is declared in ${others.length + 1} parts; this is the largest. The others: ${others.map((o) => `${o.display}:${o.item.symbol.startLine}-${o.item.symbol.endLine}`).join(', ')}.`,
    );
    return main;
  }
  // Overloads one after another read as one answer (when they are small enough to show whole).
  const overloads = input.include_body !== false ? adjacentOverloads(candidates, everything) : undefined;
  const together = overloads ? await readOverloads(env, overloads, input, notes) : undefined;
  if (together) return together;
  const shown = candidates.slice(0, MAX_CANDIDATES_SHOWN);
  const list = candidateList(shown, candidates, input.kind);
  if (candidates.length > shown.length)
    list.push(`… and ${formatCount(candidates.length - shown.length)} more: narrow with path or kind.`);
  throw new LecternError(
    'AMBIGUOUS_SYMBOL',
    `${plural(candidates.length, 'symbol')} match ${JSON.stringify(input.target)}.${notes.length > 0 ? ' ' + notes.join(' ') : ''}`,
    list.join('\n'),
  );
}
