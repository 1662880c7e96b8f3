// Mode "map": an overview of the workspace or a folder within a hard token budget — folders, files
// and their most-used declarations (signatures, one line each), ranked over a reference graph of the
// symbol index (mapGraph.ts), tests, docs and vendored code last. Files left out are counted, with
// the calls that map them.
import { LecternError, emptyMeta, type ToolResponse } from '../ground/contract';
import { callText, formatCount } from '../ground/format';
import { hostPacer, yieldToHost } from '../ground/walk';
import { sortPaced } from '../ground/paced';
import type { FlatSymbol } from '../symbols/namePath';
import type { SymbolEnv } from '../symbols/symbolEnv';
import type { IndexedFile, IndexQuery } from '../symbols/workspaceIndex';
import { countWords, WORDS_MAX_FILE_BYTES, type WordCounts } from '../ground/fileWords';
import { classRank } from '../ground/fileRank';
import { readListedText } from './fileText';
import { incomplete, uncoveredNote } from '../symbols/indexCoverage';
import { countMentions, declaredName, MIN_NAME_CHARS, rankGraph, type GraphFile } from './mapGraph';
import type { MapFrame, MapItem } from './mapAnswer';
import { fitMap } from './mapBudget';
import { keepRanking, keptRanking, versionsOf, type Ranking } from './mapRankings';
import { TOOL } from '../ground/tools';

export interface MapInput {
  target?: string;
  max_tokens?: number;
}

const MAP_LIMITS = {
  defaultTokens: 2_000,
  /** How long one map may spend reading files for the names they mention. */
  readBudgetMs: 4_000,
  /** Larger files are not read for mentions. */
  maxFileBytes: WORDS_MAX_FILE_BYTES,
};

const MEMBER_KINDS = new Set(['method', 'function', 'class', 'struct', 'interface', 'type', 'enum']);
const CONTAINER_KINDS = new Set(['class', 'struct', 'interface', 'type', 'enum', 'module']);

/** The declarations a map may show: top-level ones, and the members of types (not a function's locals, not fields). */
function mappable(symbols: readonly FlatSymbol[]): FlatSymbol[] {
  const containers = new Set(
    symbols
      .filter((item) => item.path.length === 1 && CONTAINER_KINDS.has(item.symbol.kind))
      .map((item) => item.path[0]),
  );
  return symbols.filter(
    (item) =>
      item.path.length === 1 ||
      (item.path.length === 2 &&
        MEMBER_KINDS.has(item.symbol.kind) &&
        (containers.has(item.path[0]) || item.symbol.scope !== undefined)),
  );
}

/** A file's words at the version the index saw: remembered by the engine, else read now (undefined: unreadable). */
async function wordsOf(
  env: SymbolEnv,
  file: IndexedFile,
  realRoots: readonly string[],
): Promise<WordCounts | undefined> {
  const known = env.words?.get(file.absolute, file.versionKey);
  if (known) return known;
  const path = { absolute: file.absolute, display: file.display, root: undefined, outside: false, realRoots };
  const text = await readListedText(env, path, MAP_LIMITS.maxFileBytes);
  if (text === undefined) return undefined;
  const words = countWords(text);
  env.words?.set(file.absolute, file.versionKey, words);
  return words;
}

/** Finds the declared names each file mentions, until the read budget; returns how many files were not read. */
async function readMentions(
  env: SymbolEnv,
  files: GraphFile[],
  indexed: readonly IndexedFile[],
  pace: () => Promise<void>,
): Promise<number> {
  const declared = new Set<string>();
  for (const file of files) {
    await pace();
    for (const item of file.symbols) if (declaredName(item).length >= MIN_NAME_CHARS) declared.add(declaredName(item));
  }
  const realRoots = await env.resolver.realRoots();
  const started = Date.now();
  let unread = 0;
  for (let i = 0; i < files.length; i++) {
    if (env.signal?.isCancellationRequested || Date.now() - started > MAP_LIMITS.readBudgetMs) {
      unread = files.length - i;
      break;
    }
    await pace();
    const words = await wordsOf(env, indexed[i]!, realRoots);
    if (words !== undefined) files[i] = { ...files[i]!, mentions: countMentions(words, declared) };
  }
  return unread;
}

/** Types and functions at the top level say most about a file; members and variables less. */
function kindWeight(item: FlatSymbol): number {
  const member = item.path.length > 1 ? 0.5 : 1;
  return item.symbol.kind === 'variable' || item.symbol.kind === 'constant' || item.symbol.kind === 'field'
    ? member * 0.3
    : member;
}

/**
 * Every mappable declaration in show order: code before tests, docs and vendored code; by score
 * within. The host gets a turn whenever `pace` says (the order is the same however it is paced).
 */
async function rankedItems(files: readonly GraphFile[], pace: () => Promise<void>): Promise<MapItem[]> {
  const { fileRank, symbolScore } = await rankGraph(files, pace);
  const items: (MapItem & { klass: number; value: number })[] = [];
  for (let i = 0; i < files.length; i++) {
    await pace();
    const file = files[i]!;
    const klass = classRank(file.display);
    const order = file.symbols
      .map((symbol, j) => ({ symbol, score: symbolScore[i]![j]! }))
      .sort((a, b) => b.score - a.score || a.symbol.symbol.startLine - b.symbol.symbol.startLine);
    order.forEach(({ symbol, score }, k) =>
      items.push({ file: i, symbol, klass, value: (score + fileRank[i]! / (2 + k)) * kindWeight(symbol) }),
    );
  }
  await sortPaced(
    items,
    (a, b) =>
      a.klass - b.klass ||
      b.value - a.value ||
      a.file - b.file ||
      a.symbol.symbol.startLine - b.symbol.symbol.startLine,
    pace,
  );
  return items.map(({ file, symbol }) => ({ file, symbol }));
}

/** The ranking of what the index holds: kept from the last map when no file's version changed, else made now. */
async function rankingOf(
  env: SymbolEnv,
  result: IndexQuery,
  folder: string,
  notes: string[],
  pace: () => Promise<void>,
): Promise<Ranking> {
  const files: GraphFile[] = [];
  for (const f of result.files) {
    await pace();
    files.push({ display: f.display, symbols: mappable(f.symbols) });
  }
  // While the index is built, a map is not ranked by use: the time goes to the index, which the
  // next call continues (ranking every partial map cost a cold map several seconds more).
  if (!result.complete) return { files, items: await rankedItems(files, pace) };
  const versions = versionsOf(result.files);
  const known = keptRanking(env.index, folder, versions);
  if (known) return known;
  await env.index.loadStoredWords(result.files);
  const unread = await readMentions(env, files, result.files, pace);
  await yieldToHost();
  if (unread > 0)
    notes.push(`${formatCount(unread)} files were not read for uses in time: their uses do not count in the ranking.`);
  const ranking = {
    files: files.map(({ display, symbols }) => ({ display, symbols })),
    items: await rankedItems(files, pace),
  };
  // A ranking that lacks some files' uses is made again next time.
  if (unread === 0) keepRanking(env.index, folder, versions, ranking);
  return ranking;
}

export async function readMap(env: SymbolEnv, input: MapInput): Promise<ToolResponse> {
  const notes: string[] = [];
  let maxTokens = input.max_tokens ?? MAP_LIMITS.defaultTokens;
  if (maxTokens > env.tokenCap) {
    notes.push(`max_tokens ${formatCount(maxTokens)} is over this answer's cap: ${formatCount(env.tokenCap)} used.`);
    maxTokens = env.tokenCap;
  }
  const scope = input.target?.replace(/^\.\/?/, '') || undefined;
  const result = await env.index.query(scope, env.onIndexProgress, env.signal);
  const uncovered = uncoveredNote(result, scope ?? 'The workspace', (folder) => ({
    mode: 'map',
    target: folder,
    ...(input.max_tokens !== undefined ? { max_tokens: input.max_tokens } : {}),
  }));
  if (result.total === 0 && uncovered)
    throw incomplete(
      `No source file with symbol support among the files the index lists under "${input.target ?? '.'}".`,
      uncovered,
    );
  if (result.total === 0)
    throw new LecternError(
      'NOT_FOUND',
      scope
        ? `No source file with symbol support is under "${input.target}".`
        : 'The workspace has no source file with symbol support.',
      scope
        ? `Map the workspace: ${callText(TOOL.read, { mode: 'map' })}, or list folders with ${TOOL.stat}.`
        : `${TOOL.search} finds text in any file.`,
    );
  if (!result.complete)
    notes.push(
      `The symbol index is still being built (${formatCount(result.indexed)} of ${formatCount(result.total)} files): call again for a fuller map, ranked by use.`,
    );
  if (uncovered) notes.push(uncovered);
  // The host gets a turn between the long steps (query, ranking, fitting), none of which yields at its
  // end, and within the ranking and the fitting whenever the pacer says.
  await yieldToHost();
  const pace = hostPacer();
  const { files, items } = await rankingOf(env, result, scope ?? '', notes, pace);
  await yieldToHost();
  const call: Record<string, unknown> = {
    mode: 'map',
    ...(input.target !== undefined ? { target: input.target } : {}),
  };
  if (input.max_tokens !== undefined) call.max_tokens = input.max_tokens;
  const frame: MapFrame = {
    label: scope ? `${scope.replace(/\/+$/, '')}/` : 'the workspace',
    ranked: result.complete,
    files,
    totalSymbols: files.reduce((sum, f) => sum + f.symbols.length, 0),
    call,
    maxTokens,
    notes,
  };
  const text = await fitMap(env.countTokens, frame, items, maxTokens, pace);
  const meta = {
    ...emptyMeta(),
    files: files.length,
    declarations: frame.totalSymbols,
    max_tokens: maxTokens,
    ...(notes.length > 0 ? { notes } : {}),
  };
  return { ok: true, mode: 'map', target: input.target ?? null, content: '', text, meta, location: null };
}
