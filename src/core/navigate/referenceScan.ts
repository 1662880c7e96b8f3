// The tree-sitter side of a references read: the files of a scope in walk order, the few that hold
// the name as a word (a byte test, then a word test), each parsed once for its identifiers and its
// outline (for the symbol each use sits in). Bounded in time: it stops between files and says where,
// so the next call continues from there.
import type { ResolvedPath } from '../ground/paths';
import { insideRoots } from '../ground/paths';
import { hostPacer, yieldToHost } from '../ground/walk';
import { openText } from '../read/openText';
import type { Scope } from '../search/searchScope';
import { flattenSymbols, type FlatSymbol } from '../symbols/namePath';
import { importedModules, relativeModule, renaming, renamingModule } from './declaredTwice';
import type { SymbolEnv } from '../symbols/symbolEnv';
import { candidateBytes } from './candidateBytes';
import { Enclosing } from './enclosing';
import { identifierUses, packUses, wordOffsets, wordOffsetsPaced, type UseKind } from './identifierUses';
import { USE_KINDS, type LanguageSpec, type PackedUses } from '../ground/symbolTypes';
import type { TextFile } from '../read/openText';
import type { OutlineResult } from '../symbols/service';
import type { Tree } from 'web-tree-sitter';
import { SYMBOL_LIMITS } from '../symbols/service';
import { TextLines } from './textLines';
import { startWordFilter } from './wordFilter';
import { rankedListing } from './rankedListing';

export const REFERENCE_LIMITS = {
  /** How long one call may read files for uses (once they are listed and ranked) before it answers with what it found. */
  budgetMs: 10_000,
  /** Larger files are not parsed for uses (counted and named instead). */
  maxFileBytes: 2 * 1024 * 1024,
  /** The host gets a turn this often. */
  sliceMs: 15,
  /**
   * Texts from this size, or with this many places that hold the name, are parsed for uses on the
   * host's outline thread (when it has one): a 1.4 MB file of 200,000 uses held the host 6-9 s.
   */
  threadChars: 64 * 1024,
  threadOffsets: 2_000,
  threadMsPerOffset: 0.1,
  /** How long a references read waits for the host's language server before tree-sitter answers. */
  languageServerMs: 5_000,
  /** How soon a server still loading its project (hostEngine) is asked again. */
  languageServerRetryMs: 500,
};

export interface FoundUse {
  line: number;
  column: number;
  kind: UseKind;
  qualifier?: string;
  /** The type the file states the use is a key of (a Go composite literal's, a typed object literal's). */
  statedType?: string;
  /** Name path of the symbol the use sits in; empty at module level. */
  enclosing: string[];
  /** The receiver the enclosing method declares (Go `func (b *Bucket) …`: b), when it declares one. */
  receiver?: string;
  /**
   * A use under a name an import from a package gives it (`from werkzeug.wrappers import Response
   * as BaseResponse`), or that import itself: the package's name, which may not be the workspace's.
   */
  renamedFromPackage?: true;
  text: string;
}

export interface FileUses {
  display: string;
  /** The file's place in the ranked list of the scope's files (what file_offset counts). */
  rank: number;
  uses: FoundUse[];
  /** The modules the file imports: kept when the scan looks for the target's declarations (ScanOptions.declares). */
  imports?: string[];
}

export interface ScanOutcome {
  files: FileUses[];
  /** Source files of the scope looked at (from file_offset on), and in the scope. */
  looked: number;
  total: number;
  /**
   * Set when time ran out, or (`paged`) a page's worth of uses was found: the file_offset the next
   * call continues from, and the file it stopped at.
   */
  stopped?: { fileOffset: number; at: string; paged?: true };
  /** Files too large to parse for uses, the first few by name. */
  large: string[];
  largeCount: number;
  /** Files with the word that could not be parsed in time, or read; the first few by name. */
  unparsed: number;
  unparsedFiles: string[];
  /** Every file of the scope the scan may read (as shown): listed by the walk's rules, not a secret unless approved. */
  eligible: ReadonlySet<string>;
  /** Each file of the scope (as shown) by its rank: what file_offset counts, whichever source answers. */
  ranks: ReadonlyMap<string, number>;
  /** The files parsed that declare the target (with ScanOptions.declares), in rank order. */
  declaring: string[];
  /** A file parsed declares the name as a member (a method, a field): `x.name` and keys may be its uses. */
  memberDeclared: boolean;
}

/** What a parsed file says besides its uses, when the scan is asked (ScanOptions.declares). */
interface FileFacts {
  declares: boolean;
  imports: string[];
  member: boolean;
}

/** The receiver a method's signature names: Go `func (b *Bucket) Allow()` → b. */
function receiverOf(signature: string): string | undefined {
  return /^func\s*\(\s*([A-Za-z_]\w*)\s+\*?[A-Za-z_]/.exec(signature)?.[1];
}

/** The uses of `name` in one file that holds it as a word; undefined when it could not be parsed. */
async function usesInFile(
  env: SymbolEnv,
  checked: ResolvedPath,
  name: string,
  followRenames: boolean,
  declares?: { test: (flat: FlatSymbol[]) => boolean; facts: FileFacts },
): Promise<FoundUse[] | undefined> {
  // Each step (opening, the outline, finding the places, their uses) may take tens of ms on a large
  // text: the host gets a turn between them.
  const pace = hostPacer(REFERENCE_LIMITS.sliceMs);
  const file = await openText(env.host, checked, env.sniffs, env).catch(() => undefined);
  if (!file) return undefined;
  try {
    await pace();
    const { outline, places, uses: fromOutlineTree } = await outlineAndUses(env, file, checked, name);
    if (!outline || outline.status !== 'ok') return undefined;
    const text = outline.source.text;
    const flat = flattenSymbols(outline.symbols);
    if (declares) {
      declares.facts.declares = declares.test(flat);
      declares.facts.imports = importedModules(text);
      declares.facts.member = flat.some((item) => item.path.length > 1 && item.symbol.name === name);
    }
    await pace();
    const offsets = places?.text === text ? places.offsets : await wordOffsetsPaced(text, name, pace);
    if (offsets.length === 0) return [];
    await pace();
    const found = fromOutlineTree ?? (await identifierUsesOf(env, outline.spec, text, name, offsets));
    if (!found) return undefined;
    await pace();
    const lines = new TextLines(text);
    const enclosing = new Enclosing(flat, lines);
    const uses = await placedUses(found, lines, enclosing, pace);
    // `import { name as other }`: the uses of `other` are uses of the name.
    const aliases = followRenames ? found.aliases : [];
    for (const alias of aliases) {
      const aliasOffsets = await wordOffsetsPaced(text, alias, pace);
      const viaAlias =
        aliasOffsets.length > 0 && (await identifierUsesOf(env, outline.spec, text, alias, aliasOffsets));
      const module = renamingModule(text, name, alias);
      const fromPackage = module !== undefined && !relativeModule(module);
      const placed = viaAlias ? await placedUses(viaAlias, lines, enclosing, pace) : [];
      if (fromPackage) {
        const renames = renaming(name, alias);
        for (const use of uses) if (use.kind === 'import' && renames.test(use.text)) use.renamedFromPackage = true;
        for (const use of placed) use.renamedFromPackage = true;
      }
      uses.push(...placed);
    }
    if (aliases.length > 0) uses.sort((a, b) => a.line - b.line || a.column - b.column);
    return uses;
  } finally {
    await file.source.close().catch(() => undefined);
  }
}

/**
 * The file's outline, and the uses of `name` read from the tree it is parsed into (when the outline
 * is not cached): one parse, not two. Here for a small text with few places; on the outline thread,
 * outline and uses together, for a large one or many (when the host has a thread). `places`: where
 * the name stands as a word, when the text was looked at on the way.
 */
async function outlineAndUses(
  env: SymbolEnv,
  file: TextFile,
  checked: ResolvedPath,
  name: string,
): Promise<{ outline?: OutlineResult; places?: { text: string; offsets: number[] }; uses?: PackedUses }> {
  const found: { places?: { text: string; offsets: number[] }; uses?: PackedUses } = {};
  const placesIn = (text: string) =>
    found.places?.text === text
      ? found.places.offsets
      : (found.places = { text, offsets: wordOffsets(text, name) }).offsets;
  const readHere = (text: string) =>
    text.length < REFERENCE_LIMITS.threadChars && placesIn(text).length < REFERENCE_LIMITS.threadOffsets;
  const onTree = (tree: Tree, text: string) => {
    if (readHere(text)) found.uses = packUses(identifierUses(tree, text, name, placesIn(text)));
  };
  const ask = (text: string) => {
    const offsets = placesIn(text);
    if (readHere(text) || offsets.length === 0) return undefined;
    return { name, offsets, extraMs: offsets.length * REFERENCE_LIMITS.threadMsPerOffset };
  };
  const onThread = { ask, found: (uses: PackedUses) => (found.uses = uses) };
  const outline = await env.symbols
    .outline(
      file,
      checked.absolute,
      checked.display,
      env.signal,
      env.host.documents?.dirty(checked.absolute)?.languageId,
      {
        persisted: false,
        onTree,
        onThread,
      },
    )
    .catch(() => undefined);
  return { ...(outline ? { outline } : {}), ...found };
}

/** Each use with its line, column, the symbol it sits in and the line's text. */
async function placedUses(
  found: PackedUses,
  lines: TextLines,
  enclosing: Enclosing,
  pace: () => Promise<void>,
): Promise<FoundUse[]> {
  const uses: FoundUse[] = [];
  const qualifiers = new Map(found.qualifiers);
  const statedTypes = new Map(found.statedTypes);
  for (let i = 0; i < found.offsets.length; i++) {
    if ((i & 255) === 0) await pace();
    const { line, column } = lines.position(found.offsets[i]!);
    const holder = enclosing.at(line);
    const receiver = holder ? receiverOf(holder.symbol.signature) : undefined;
    const qualifier = qualifiers.get(i);
    const statedType = statedTypes.get(i);
    uses.push({
      line,
      column,
      kind: USE_KINDS[found.kinds[i]!]!,
      ...(qualifier !== undefined ? { qualifier } : {}),
      ...(statedType !== undefined ? { statedType } : {}),
      enclosing: holder?.path ?? [],
      ...(receiver ? { receiver } : {}),
      text: lines.shown(line, column),
    });
  }
  return uses;
}

/** The uses at `offsets`: on the outline thread for a large text or many places, else parsed here. */
async function identifierUsesOf(
  env: SymbolEnv,
  spec: LanguageSpec,
  text: string,
  name: string,
  offsets: number[],
): Promise<PackedUses | undefined> {
  const thread = env.host.outlineThread;
  if (
    thread?.uses &&
    (text.length >= REFERENCE_LIMITS.threadChars || offsets.length >= REFERENCE_LIMITS.threadOffsets)
  ) {
    const deadlineMs =
      SYMBOL_LIMITS.parseDeadlineMs + (text.length / (1024 * 1024)) * SYMBOL_LIMITS.parseDeadlinePerMiBMs;
    const job = { grammar: spec.grammar, text, name, offsets, deadlineMs };
    // The parse's deadline, as long again for the rest, and time for each place (tens of µs on a busy machine).
    const timeoutMs = 2 * deadlineMs + offsets.length * REFERENCE_LIMITS.threadMsPerOffset;
    const done = await thread.uses(job, timeoutMs, env.signal).then(
      (uses) => ({ uses }),
      () => undefined, // the thread cannot run: parse here
    );
    if (done) return done.uses;
  }
  return env.symbols.withTree(spec, text, (tree) => packUses(identifierUses(tree, text, name, offsets)), env.signal);
}

/** What else a scan is told: files not to read, and when a page's worth of uses is enough. */
export interface ScanOptions {
  /** Files (as shown) not read. */
  skip?: (display: string) => boolean;
  /**
   * Stop, between files, once more than `lines` lines with uses are found (a page's worth: the
   * next page looks further); the first file's from `startLine` on.
   */
  page?: { lines: number; startLine?: number };
  /**
   * The uses of a name an import renames it to count too (default true): a top-level name's; a
   * member is never imported under its own name.
   */
  followRenames?: boolean;
  /** Whether a file's outline declares the target: the files that do are listed in `declaring`, and each file's imports kept. */
  declares?: (flat: FlatSymbol[]) => boolean;
}

/** Lines with uses in `uses` (a file's, in text order or not), from `startLine` on. */
function linesOf(uses: readonly FoundUse[], startLine = 0): number {
  return new Set(uses.filter((use) => use.line >= startLine).map((use) => use.line)).size;
}

/**
 * Every use of `name` in the source files of `scope`, from the `fileOffset`-th on, until the time
 * budget or, with `page`, a page's worth. Files the candidate finder rules out (their bytes lack the
 * name) are not read: the bytes test below would leave them out too, so the answer is the same.
 */
export async function scanReferences(
  env: SymbolEnv,
  scope: Scope,
  name: string,
  fileOffset: number,
  options: ScanOptions = {},
): Promise<ScanOutcome> {
  const needle = new TextEncoder().encode(name);
  const lacking = startWordFilter(env, scope, name, REFERENCE_LIMITS.budgetMs);
  const realRoots = scope.outsideFolder ? [scope.outsideFolder] : await env.resolver.realRoots();
  const inside = (real: string) => insideRoots(realRoots, real);
  const { ranked, eligible, ranks } = await rankedListing(env, scope);
  const lacks = await lacking;
  // The budget is for reading files: listing and ranking 100,000 of them on a busy machine may take
  // it all, and a page that then reads one file leaves every later page to do the same.
  const started = Date.now();
  const outcome: ScanOutcome = {
    files: [],
    looked: 0,
    total: ranked.length,
    large: [],
    largeCount: 0,
    unparsed: 0,
    unparsedFiles: [],
    eligible,
    ranks,
    declaring: [],
    memberDeclared: false,
  };
  const { skip, page, followRenames = true, declares } = options;
  let lines = 0;
  let slice = started;
  for (let rank = fileOffset; rank < ranked.length; rank++) {
    const file = ranked[rank]!;
    // At least one file per call, so a continuation always gets further.
    const outOfTime = Date.now() - started > REFERENCE_LIMITS.budgetMs && rank > fileOffset;
    const cut = env.signal?.isCancellationRequested || outOfTime;
    if (cut || (page && lines > page.lines)) {
      outcome.stopped = { fileOffset: rank, at: file.display, ...(cut ? {} : { paged: true as const }) };
      break;
    }
    if (Date.now() - slice > REFERENCE_LIMITS.sliceMs) {
      await yieldToHost();
      slice = Date.now();
    }
    outcome.looked++;
    if (!eligible.has(file.display) || skip?.(file.display)) continue;
    // A file being edited is judged by its unsaved text, which the finder did not see.
    if (lacks?.(file) && !env.host.documents?.dirty(file.absolute)) continue;
    const checked: ResolvedPath = {
      absolute: file.absolute,
      display: file.display,
      root: file.root,
      outside: false,
      realRoots,
    };
    const bytes = await candidateBytes(env, file, checked, needle, inside, REFERENCE_LIMITS.maxFileBytes);
    if (bytes === undefined) continue;
    if (bytes === 'large') {
      if (outcome.large.length < 3) outcome.large.push(file.display);
      outcome.largeCount++;
      continue;
    }
    if (wordOffsets(new TextDecoder().decode(bytes), name, 1).length === 0) continue;
    const facts: FileFacts = { declares: false, imports: [], member: false };
    const uses = await usesInFile(env, checked, name, followRenames, declares && { test: declares, facts });
    if (facts.declares) outcome.declaring.push(file.display);
    outcome.memberDeclared ||= facts.member;
    if (uses === undefined) {
      if (outcome.unparsedFiles.length < 3) outcome.unparsedFiles.push(file.display);
      outcome.unparsed++;
    } else if (uses.length > 0) {
      outcome.files.push({ display: file.display, rank, uses, ...(declares ? { imports: facts.imports } : {}) });
      lines += linesOf(uses, rank === fileOffset ? page?.startLine : undefined);
    }
  }
  return outcome;
}
