// `lectern_read` mode "symbol": one function, class or method by name path, in one call — its whole
// span with doc comments, or its signature and members when it is too big or include_body is false.
import { emptyMeta, LecternError, type ToolResponse } from '../ground/contract';
import type { ReadEnv } from '../ground/env';
import { callText, formatCount, plural } from '../ground/format';
import { openText } from '../read/openText';
import { cutLongLines, renderNumbered, type ShapedLine } from '../read/shape';
import { LIMITS, type LineNumbers } from '../ground/settings';
import {
  closestSymbols,
  flattenSymbols,
  matchNamePath,
  parseNamePath,
  requireShortNames,
  qualifiedName,
  type FlatSymbol,
  type NamePath,
} from './namePath';
import { SYMBOL_LIMITS, type SymbolService } from './service';
import { lineBytes, lineText, readSourceText, type SourceText } from './sourceText';
import { symbolLabel } from './label';
import { fitsInBytes } from '../ground/tokens';
import type { LanguageSpec, OutlineSymbol, SymbolKind } from '../ground/symbolTypes';
import type { WorkspaceIndex } from './workspaceIndex';
import { coveredWhole, incomplete, uncoveredNote } from './indexCoverage';
import { requireInside } from '../ground/paths';
import {
  adjacentOverloads,
  candidateList,
  describeCandidate,
  partsOfOneType,
  preferDefinitions,
  selectingInput,
  type Candidate,
} from './resolve';

export interface SymbolInput {
  target: string;
  path?: string;
  kind?: SymbolKind;
  index?: number;
  include_body?: boolean;
  include_context?: boolean;
  context_lines?: number;
}

export interface SymbolEnv extends ReadEnv {
  symbols: SymbolService;
  index: WorkspaceIndex;
  onIndexProgress?: (done: number, total: number) => void;
}

const MAX_CANDIDATES_SHOWN = 12;

/** The outline of one file, or a clear error when it has none. */
export interface FileSymbols {
  display: string;
  absolute: string;
  symbols: OutlineSymbol[];
  source: SourceText;
  /** The file's version (TextFile.versionKey): changes with its content. */
  version: string;
  /** What the outline could not hold (a parse that failed in places, nesting cut), said with every answer made from it. */
  notes?: string[];
  /** A very large file: the outline lists its top-level declarations only (members: withMembers). */
  topLevelOnly?: { spec: LanguageSpec };
  /** A top-level-only bundle: the wrapper function whose direct declarations the outline lists too. */
  wrapper?: { startLine: number; endLine: number };
}

export async function fileOutline(env: SymbolEnv, target: string): Promise<FileSymbols> {
  const path = await env.resolver.resolve(target);
  requireInside(path, env.allowOutside, 'Read symbols', env.allowSecrets);
  const file = await openText(env.host, path, env.sniffs, env);
  try {
    const dirty = env.host.documents?.dirty(path.absolute);
    const outline = await env.symbols.outline(file, path.absolute, path.display, env.signal, dirty?.languageId);
    if (outline.status === 'unsupported') {
      // The editor's own symbol providers, where the host has them (VS Code).
      const fallback = env.host.documentSymbols ? await env.host.documentSymbols(path.absolute) : undefined;
      if (fallback && fallback.length > 0) {
        const source = await readSourceText(file, path.display, SYMBOL_LIMITS.maxParseBytes);
        return { display: path.display, absolute: path.absolute, symbols: fallback, source, version: file.versionKey };
      }
      throw new LecternError(
        'UNSUPPORTED_LANGUAGE',
        `${path.display} is in a language Lectern has no symbol support for.`,
        `Find the lines with ${callText('lectern_search', { target: path.display, query: target === path.display ? 'function' : 'NAME' })} and read them with start_line/end_line.`,
      );
    }
    if (outline.status === 'timeout') {
      throw new LecternError(
        'TIMEOUT',
        `Parsing ${path.display} took too long; its symbols are not available.`,
        `Find the lines with ${callText('lectern_search', { target: path.display, query: 'NAME' })} and read them with start_line/end_line.`,
      );
    }
    if (outline.source.redacted) env.onRedacted?.();
    return {
      display: path.display,
      absolute: path.absolute,
      symbols: outline.symbols,
      source: outline.source,
      version: file.versionKey,
      ...(outline.notes ? { notes: outline.notes } : {}),
      ...(outline.topLevelOnly ? { topLevelOnly: { spec: outline.spec } } : {}),
      ...(outline.wrapper ? { wrapper: outline.wrapper } : {}),
    };
  } finally {
    await file.source.close().catch(() => undefined);
  }
}

/** A top-level-only file with every symbol (see SymbolService.wholeOutline); undefined when out of time. */
async function wholeFile(env: SymbolEnv, file: FileSymbols): Promise<FileSymbols | undefined> {
  if (!file.topLevelOnly) return undefined;
  const symbols = await env.symbols.wholeOutline(file.topLevelOnly.spec, file.source, env.signal);
  if (!symbols) return undefined;
  const { topLevelOnly: _, wrapper: __, ...rest } = file;
  return { ...rest, symbols };
}

/** Top-level declarations of one file whose members one symbol read outlines, at most. */
const MAX_EXPANDED = 16;

/**
 * In a top-level-only outline (a very large file), outlines the members of the declarations that
 * may hold `namePath`: those named by its first segment, then those whose text holds its last name
 * as a word (found in the file's bytes). Returns a note when it had to stop looking.
 */
async function withMembers(env: SymbolEnv, file: FileSymbols, namePath: NamePath): Promise<string | undefined> {
  if (!file.topLevelOnly) return undefined;
  const tops = file.symbols;
  const wanted: OutlineSymbol[] = [];
  const add = (symbol: OutlineSymbol | undefined) =>
    symbol && !wanted.includes(symbol) && wanted.length < MAX_EXPANDED && wanted.push(symbol);
  const first = namePath.segments[0]!;
  for (const symbol of tops) if (symbol.name === first || symbol.name.split(/::|[./#\\]/).includes(first)) add(symbol);
  const last = namePath.segments[namePath.segments.length - 1]!;
  let more = false;
  // `Type.member` with Type at the top level: its members are all there is to look at. A bare name
  // that a listed declaration has: that declaration (members of the same name elsewhere are not
  // looked for: in a file this large that would parse every declaration that mentions it).
  const named = wanted.length > 0 && (namePath.segments.length > 1 || tops.some((symbol) => symbol.name === last));
  for (const at of named ? [] : wordOffsets(file.source, last)) {
    const line = lineOfByte(file.source, at);
    const holder = containing(tops, line);
    if (!holder || wanted.includes(holder)) continue;
    if (wanted.length >= MAX_EXPANDED) {
      more = true;
      break;
    }
    add(holder);
  }
  let timedOut = 0;
  for (const symbol of wanted)
    if (!(await env.symbols.expand(file.topLevelOnly.spec, file.source, symbol, env.signal))) timedOut++;
  const notes: string[] = [];
  if (more)
    notes.push(
      `${file.display} is large: members were looked for in the first ${MAX_EXPANDED} top-level declarations that mention "${last}".`,
    );
  if (timedOut > 0)
    notes.push(
      `Parsing ${plural(timedOut, 'declaration')} of ${file.display} for members took too long: their members are not listed.`,
    );
  return notes.length > 0 ? notes.join(' ') : undefined;
}

/** Byte offsets of `word` in the file where it stands as a whole word. */
function* wordOffsets(source: SourceText, word: string): Generator<number> {
  const needle = new TextEncoder().encode(word);
  if (needle.length === 0) return;
  const bytes = source.bytes;
  const isWord = (b: number | undefined) =>
    b !== undefined &&
    (b === 0x5f ||
      b === 0x24 ||
      (b >= 0x30 && b <= 0x39) ||
      (b >= 0x41 && b <= 0x5a) ||
      (b >= 0x61 && b <= 0x7a) ||
      b >= 0x80);
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = buffer.indexOf(needle); at !== -1; at = buffer.indexOf(needle, at + 1)) {
    if (!isWord(bytes[at - 1]) && !isWord(bytes[at + needle.length])) yield at + source.lineStarts[0]!;
  }
}

/** The 1-based line of a byte offset (as in lineStarts). */
function lineOfByte(source: SourceText, offset: number): number {
  let low = 0;
  let high = source.lineCount - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (source.lineStarts[mid]! <= offset) low = mid;
    else high = mid - 1;
  }
  return low + 1;
}

/** The top-level symbol (sorted by line) whose lines hold `line`. */
function containing(symbols: readonly OutlineSymbol[], line: number): OutlineSymbol | undefined {
  let low = 0;
  let high = symbols.length - 1;
  let found: OutlineSymbol | undefined;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const symbol = symbols[mid]!;
    if (symbol.startLine <= line) {
      if (line <= symbol.endLine) found = symbol;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}

async function candidatesFor(
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
  const result = await env.index.query(
    input.path,
    env.onIndexProgress,
    env.signal,
    namePath.segments[namePath.segments.length - 1],
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

export async function readSymbol(env: SymbolEnv, input: SymbolInput): Promise<ToolResponse> {
  const namePath = parseNamePath(input.target);
  if (namePath.segments.length === 0) {
    throw new LecternError(
      'INVALID_ARGS',
      `"${input.target}" is not a symbol name.`,
      'Example: lectern_read {"mode":"symbol","target":"Store.get"}',
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
  const chosen = await choose(env, input, candidates, everything, notes);
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
    (c) => `${describeCandidate(c)} → ${callText('lectern_read', selectingInput(c, closeCandidates, input.kind))}`,
  );
  return new LecternError(
    'NOT_FOUND',
    `No symbol ${JSON.stringify(input.target)}${input.kind ? ` of kind ${input.kind}` : ''} ${where}.${notes.length > 0 ? ' ' + notes.join(' ') : ''}`,
    list.length > 0
      ? `Closest names:\n${list.join('\n')}`
      : `Search for it: ${callText('lectern_search', { target: input.path ?? 'FILE', query: namePath.segments[namePath.segments.length - 1] })}`,
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
): Promise<Candidate | ToolResponse> {
  if (input.index !== undefined) {
    if (input.index > candidates.length) {
      throw new LecternError(
        'OUT_OF_RANGE',
        `index ${input.index} is past the ${plural(candidates.length, 'match', 'matches')} for ${JSON.stringify(input.target)}.`,
        `Use index 1 to ${candidates.length}.`,
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

/** The chosen symbol, re-read from its file: the answer must come from its current content. */
async function readChosen(
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
async function readOverloads(
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
  const note = `${qualifiedName(first.path)} has ${fresh.length} overloads, read together (lines ${lines}); one alone: ${callText('lectern_read', selectingInput(overloads[1]!, overloads, input.kind))}`;
  const response = renderSymbol(env, display, source, merged, input, [...notes, note]);
  if (response.meta.preview_degraded) return undefined;
  response.meta.version = version;
  response.meta.absolute_path = absolute;
  return response;
}

const TYPE_KINDS: readonly SymbolKind[] = ['class', 'struct', 'interface', 'type', 'enum'];

/** A method declared outside its type, and the file it is in. */
interface OutsideMethod {
  display: string;
  symbol: OutlineSymbol;
}

/** Methods of `type` written outside its body: in its file (`type`'s siblings) and in the other files of its folder (a Go package). */
async function methodsDeclaredOutside(
  env: SymbolEnv,
  display: string,
  absolute: string,
  symbols: OutlineSymbol[],
  type: FlatSymbol,
): Promise<OutsideMethod[]> {
  const name = type.path[type.path.length - 1]!;
  const inside = (s: OutlineSymbol) => s.startLine >= type.symbol.startLine && s.endLine <= type.symbol.endLine;
  const ofType = (item: FlatSymbol) =>
    item.path.length >= 2 &&
    item.path[item.path.length - 2] === name &&
    (item.symbol.kind === 'method' || item.symbol.kind === 'function') &&
    (item.symbol.scope !== undefined || item.symbol.name.includes('::'));
  const out: OutsideMethod[] = flattenSymbols(symbols)
    .filter((item) => ofType(item) && !inside(item.symbol))
    .map((item) => ({ display, symbol: item.symbol }));
  const slash = display.lastIndexOf('/');
  const folder = slash === -1 ? '' : display.slice(0, slash);
  // Only the folder's own files (`dir/*`); a folder whose name reads as a glob is scoped as a folder and filtered below.
  const scope = /[*?[\]{}!()]/.test(folder) ? folder : folder ? `${folder}/*` : '*';
  const result = await env.index.query(scope, undefined, env.signal).catch(() => undefined);
  for (const file of result?.files ?? []) {
    if (file.absolute === absolute || file.display.lastIndexOf('/') !== slash || !file.display.startsWith(folder))
      continue;
    for (const item of file.symbols) if (ofType(item)) out.push({ display: file.display, symbol: item.symbol });
  }
  return out;
}

function numbered(
  source: SourceText,
  first: number,
  last: number,
  numbering: LineNumbers,
): { body: string; content: string; cut: number } {
  const content = lineText(source, first, last);
  const raw = content.split('\n');
  if (raw[raw.length - 1] === '') raw.pop();
  const lines: ShapedLine[] = raw.map((r) => ({
    raw: r,
    shown: r.endsWith('\r') ? r.slice(0, -1) : r,
    byteLength: 0,
    cut: false,
  }));
  const cut = cutLongLines(lines);
  return { body: renderNumbered(lines, first, numbering), content, cut };
}

/** A docstring longer than this is cut in a head-only answer (with a marker and the call for the rest). */
const MAX_DOC_LINES = 40;

/** Where a head-only answer ends: the signature up to the body, and a docstring that opens it, whole. */
function headLines(symbol: OutlineSymbol): { end: number; docCut: boolean } {
  const bodyStart = Math.max(symbol.startLine, Math.min(symbol.endLine, symbol.bodyStartLine ?? symbol.startLine));
  if (!symbol.docEndLine || symbol.docEndLine < bodyStart) return { end: bodyStart, docCut: false };
  const end = Math.min(symbol.docEndLine, bodyStart + MAX_DOC_LINES - 1, symbol.endLine);
  return { end, docCut: end < symbol.docEndLine };
}

function memberLines(symbol: OutlineSymbol): string[] {
  return symbol.children.map((child) => {
    const range = child.startLine === child.endLine ? `L${child.startLine}` : `L${child.startLine}-${child.endLine}`;
    return `  [${range}] ${symbolLabel(child)}`;
  });
}

/** As many member lines as fit `budget` tokens; the rest are counted with a range to read them. */
function fitMembers(env: SymbolEnv, lines: string[], budget: number, display: string, symbol: OutlineSymbol): string[] {
  const kept: string[] = [];
  let used = 0;
  for (const line of lines) {
    const cost = env.countTokens(line) + 1;
    if (used + cost > budget) break;
    used += cost;
    kept.push(line);
  }
  if (kept.length < lines.length) {
    const next = symbol.children[kept.length]!;
    kept.push(
      `  … ${plural(lines.length - kept.length, 'more member')} from line ${formatCount(next.startLine)}: ${callText('lectern_read', { mode: 'file', target: display, start_line: next.startLine, end_line: Math.min(symbol.endLine, next.startLine + 299) })}`,
    );
  }
  return kept;
}

/** Of the lines of methods declared outside the type (outsideLine), as many as fit. */
function fitOutside(env: SymbolEnv, lines: string[], budget: number): string[] {
  const kept: string[] = [];
  let used = 0;
  for (const line of lines) {
    const cost = env.countTokens(line) + 1;
    if (used + cost > budget) {
      kept.push(`  … ${plural(lines.length - kept.length, 'more method')} declared outside it.`);
      break;
    }
    used += cost;
    kept.push(line);
  }
  return kept;
}

/** A method declared outside the type: `[file:L5-8] func (c *T) Run()`, the file left out when it is the type's. */
function outsideLine(display: string, { display: file, symbol }: OutsideMethod): string {
  const range = symbol.startLine === symbol.endLine ? `L${symbol.startLine}` : `L${symbol.startLine}-${symbol.endLine}`;
  return `  [${file === display ? range : `${file}:${range}`}] ${symbolLabel(symbol)}`;
}

type Numbered = ReturnType<typeof numbered>;

/** The lines a symbol answer shows: the body, or (head-only) its signature and doc with its members. */
interface SymbolShown {
  first: number;
  last: number;
  rendered: Numbered;
  members: string[];
  /** The body did not fit: the head is shown instead. */
  degraded: boolean;
}

function renderSymbol(
  env: SymbolEnv,
  display: string,
  source: SourceText,
  item: FlatSymbol,
  input: SymbolInput,
  notes: string[],
  outside: OutsideMethod[] = [],
): ToolResponse {
  const { symbol, path } = item;
  const qualified = qualifiedName(path);
  const contextLines = Math.min(input.context_lines ?? 0, 200);
  const top = (input.include_context ?? true) ? symbol.contextStartLine : symbol.startLine;
  const from = Math.max(1, top - contextLines);
  const to = Math.min(source.lineCount, symbol.endLine + contextLines);
  // Kept short: on small symbols the header is most of the overhead (meta has the file's size).
  const header = `${display}:${from}-${to} ${symbol.kind} ${qualified}`;
  const footer = notes.map((n) => `[${n}]`);
  const wantsBody = input.include_body ?? true;
  const body = numbered(source, from, to, env.settings.lineNumbers);
  const [spanStart, spanEnd] = lineBytes(source, from, to);
  const overLines = env.maxLines !== undefined && to - from + 1 > env.maxLines;
  const tooBig =
    wantsBody &&
    (overLines ||
      spanEnd - spanStart > LIMITS.maxLineReadBytes ||
      (!fitsInBytes([body.body], env.tokenCap, 60) && env.countTokens(body.body) + 60 > env.tokenCap));
  const shown: SymbolShown =
    !wantsBody || tooBig
      ? headInstead(env, { display, source, symbol, qualified, outside, from, to }, tooBig, overLines, footer)
      : { first: from, last: to, rendered: body, members: [], degraded: false };
  const { rendered, members } = shown;
  if (rendered.cut > 0) env.onDisplayCut?.();
  if (rendered.cut > 0)
    footer.push(
      `[${plural(rendered.cut, 'line')} longer than ${formatCount(LIMITS.maxLineChars)} characters cut for display.]`,
    );
  const shownBody = members.length > 0 ? `${rendered.body}\n${members.join('\n')}` : rendered.body;
  const meta = symbolMeta(source, symbol, display, qualified, shown);
  meta.truncated = shown.degraded || !wantsBody;
  if (notes.length > 0) meta.notes = [...notes];
  return {
    ok: true,
    mode: 'symbol',
    target: input.target,
    content: rendered.content,
    text: [header, shownBody, ...footer].join('\n'),
    meta,
    location: { file: display, line: symbol.startLine, end_line: symbol.endLine },
  };
}

interface HeadContext {
  display: string;
  source: SourceText;
  symbol: OutlineSymbol;
  qualified: string;
  outside: OutsideMethod[];
  from: number;
  to: number;
}

/** Signature, doc and member outline instead of the body (asked for, or the body is too big). */
function headInstead(
  env: SymbolEnv,
  at: HeadContext,
  tooBig: boolean,
  overLines: boolean,
  footer: string[],
): SymbolShown {
  const { display, symbol, qualified, outside } = at;
  const head = headLines(symbol);
  const first = at.from;
  const last = Math.min(head.end, at.to);
  const rendered = numbered(at.source, first, last, env.settings.lineNumbers);
  if (head.docCut)
    footer.push(
      `[Docstring cut at line ${formatCount(last)}; it ends at line ${formatCount(symbol.docEndLine!)}: ${callText('lectern_read', { mode: 'file', target: display, start_line: last + 1, end_line: symbol.docEndLine })}]`,
    );
  const all = memberLines(symbol);
  const outsideAll = outside.map((method) => outsideLine(display, method));
  // Where the head and every member surely fit, none is counted.
  const fits = fitsInBytes([rendered.body, all.join('\n'), ...all, ...outsideAll], env.tokenCap, 200, 1);
  const members = fits
    ? [...all]
    : fitMembers(env, all, env.tokenCap - env.countTokens(rendered.body) - 200, display, symbol);
  if (outside.length > 0 && members.length === all.length)
    members.push(
      ...(fits
        ? outsideAll
        : fitOutside(
            env,
            outsideAll,
            env.tokenCap - env.countTokens(rendered.body) - env.countTokens(members.join('\n')) - 200,
          )),
    );
  if (tooBig) {
    footer.unshift(
      `[${qualified} is ${plural(symbol.endLine - symbol.startLine + 1, 'line')}, more than one answer may hold (${overLines ? `${plural(env.maxLines!, 'line')} per read in this session` : `${formatCount(env.tokenCap)} tokens`}): showing its signature${members.length > 0 ? ' and members' : ''}. ` +
        `Read a member by name, or its body in ranges: ${callText('lectern_read', { mode: 'file', target: display, start_line: symbol.startLine, end_line: Math.min(symbol.endLine, symbol.startLine + 299) })}]`,
    );
  }
  if (members.length > 0) {
    const example = symbol.children[0] ?? outside[0]!.symbol;
    const examplePath = symbol.children[0] ? display : outside[0]!.display;
    const count = symbol.children.length + outside.length;
    footer.push(
      `[Members (${formatCount(count)}) — read one: ${callText('lectern_read', { mode: 'symbol', target: `${qualified}.${example.name.split('::').pop()}`, path: examplePath })}]`,
    );
  }
  return { first, last, rendered, members, degraded: tooBig };
}

/** meta of a symbol answer: the lines shown, and the symbol resolved (its declaration's lines and bytes). */
function symbolMeta(source: SourceText, symbol: OutlineSymbol, display: string, qualified: string, shown: SymbolShown) {
  const [startByte, endByte] = lineBytes(source, shown.first, shown.last);
  const [declStart, declEnd] = lineBytes(source, symbol.startLine, symbol.endLine);
  const meta = {
    ...emptyMeta(),
    truncated: shown.degraded,
    preview_degraded: shown.degraded,
    total_lines: source.lineCount,
    total_bytes: source.lineStarts[source.lineCount]!,
    start_line: shown.first,
    end_line: shown.last,
    start_byte: startByte,
    end_byte: endByte,
    resolved_symbol: {
      qualified_name: qualified,
      name: symbol.name,
      kind: symbol.kind,
      file: display,
      start_line: symbol.startLine,
      end_line: symbol.endLine,
      context_start_line: symbol.contextStartLine,
      start_byte: declStart,
      end_byte: declEnd,
      signature: symbol.signature,
    },
  };
  return meta;
}
