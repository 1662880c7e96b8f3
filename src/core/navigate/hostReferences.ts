// References from the host's language server (Host.references, VS Code's reference provider): asked
// at the one declaration the target names, answered as the tree-sitter scan answers — grouped by
// file, each use with the symbol it sits in and its line. The server's places pass the same path
// rules as the scan (the walk's exclusions, secrets, the scope), and its answer is checked against
// the files it did not name: a server that sees only part of the workspace (a TypeScript file in
// no tsconfig's project) would otherwise answer short. Undefined files: tree-sitter answers.
import {
  ReferencesUnavailable,
  type CancellationSignal,
  type EngineReferences,
  type ReferenceLocation,
} from '../ground/ports';
import { callText } from '../ground/format';
import { TOOL } from '../ground/tools';
import type { ResolvedPath } from '../ground/paths';
import { openText } from '../read/openText';
import type { Scope } from '../search/searchScope';
import { flattenSymbols, matchNamePath, type NamePath } from '../symbols/namePath';
import type { SymbolEnv } from '../symbols/symbolEnv';
import { Enclosing } from './enclosing';
import { identifierUses, wordOffsets } from './identifierUses';
import { certainty } from './qualify';
import { REFERENCE_LIMITS, scanReferences, type FileUses, type FoundUse, type ScanOutcome } from './referenceScan';
import { TextLines } from './textLines';

export interface ServerOutcome {
  /** The server's uses, ranked as the scan ranks files; undefined when tree-sitter answers. */
  files?: FileUses[];
  /** Which engine answered the files (the answer names it). */
  engine?: string;
  /** Why the server's answer was not used, when the caller should know. */
  note?: string;
  /** Tree-sitter answered while the server was late or still analysing: a later identical call may get its answer (ReadMeta.provisional). */
  provisional?: true;
}

type Place = { line: number; column: number };

/** A file's text, outline and lines, for placing uses in it. */
async function openFile(env: SymbolEnv, path: ResolvedPath) {
  const file = await openText(env.host, path, env.sniffs, env);
  try {
    const outline = await env.symbols.outline(file, path.absolute, path.display, env.signal);
    if (outline.status !== 'ok') return undefined;
    const text = outline.source.text;
    const lines = new TextLines(text);
    return { outline, text, lines, enclosing: new Enclosing(flattenSymbols(outline.symbols), lines) };
  } finally {
    await file.source.close().catch(() => undefined);
  }
}

/** The server's answer, 'late' when it takes longer than the limit or the call is cancelled first. */
async function askInTime(
  ask: () => Promise<EngineReferences | undefined>,
  waitMs: number,
  signal: CancellationSignal | undefined,
): Promise<EngineReferences | undefined | 'late' | ReferencesUnavailable> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const end = Date.now() + waitMs;
  const late = new Promise<'late'>((resolve) => {
    const check = () => {
      if (Date.now() >= end || signal?.isCancellationRequested) resolve('late');
      else timer = setTimeout(check, 25);
    };
    check();
  });
  const work = Promise.resolve()
    .then(ask)
    .catch((error: unknown) => (error instanceof ReferencesUnavailable ? error : undefined)); // the server failed: tree-sitter answers
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The place of the declaration's name in its file, and that file, when the target names exactly one declaration. */
async function declaration(env: SymbolEnv, namePath: NamePath, name: string) {
  const index = await env.index.query(undefined, env.onIndexProgress, env.signal, name);
  const matches = index.files.flatMap((file) => matchNamePath(file.symbols, namePath).map((item) => ({ file, item })));
  // Past the index's cap another declaration may sit in a file it does not list: tree-sitter answers.
  if (matches.length !== 1 || index.listingTruncated) return undefined;
  const { file, item } = matches[0]!;
  const declared = await openFile(env, await env.resolver.resolve(file.absolute));
  if (!declared) return undefined;
  const from = declared.lines.offset(item.symbol.startLine, 1);
  const at = wordOffsets(declared.text, name).find((offset) => offset >= from);
  return at === undefined ? undefined : { absolute: file.absolute, place: declared.lines.position(at) };
}

/** The server's places by file (as shown), its declaration left out; files outside the workspace dropped. */
async function placesByFile(
  env: SymbolEnv,
  found: readonly ReferenceLocation[],
  declared: { absolute: string; place: Place },
) {
  const byPath = new Map<string, Place[]>();
  for (const { path, line, column } of found) {
    if (path === declared.absolute && line === declared.place.line && column === declared.place.column) continue;
    const places = byPath.get(path) ?? [];
    places.push({ line, column });
    byPath.set(path, places);
  }
  // Resolved once per file (a real path and a stat each), not once per use.
  const byFile = new Map<string, { path: ResolvedPath; places: Place[] }>();
  for (const [absolute, places] of byPath) {
    const path = await env.resolver.resolve(absolute).catch(() => undefined);
    if (!path || path.outside) continue;
    const entry = byFile.get(path.display) ?? { path, places: [] };
    entry.places.push(...places);
    byFile.set(path.display, entry);
  }
  return byFile;
}

/** The uses at the server's places in one file, each with its kind and the symbol it sits in (tree-sitter). */
async function placeUses(env: SymbolEnv, path: ResolvedPath, places: readonly Place[], name: string) {
  const opened = await openFile(env, path).catch(() => undefined);
  if (!opened) return undefined;
  const offsets = places.map((p) => opened.lines.offset(p.line, p.column));
  const kinds = await env.symbols.withTree(opened.outline.spec, opened.text, (tree) =>
    identifierUses(tree, opened.text, name, offsets),
  );
  const kindAt = new Map((kinds ?? []).map((k) => [k.offset, k]));
  return offsets.map((offset): FoundUse => {
    const { line, column } = opened.lines.position(offset);
    const seen = kindAt.get(offset);
    return {
      line,
      column,
      kind: seen?.kind ?? 'reference',
      enclosing: opened.enclosing.at(line)?.path ?? [],
      text: opened.lines.shown(line, column),
    };
  });
}

/**
 * A use tree-sitter is sure of that the server should have named: of `Owner.member`, one tied to
 * the owner; of a plain name, one without a receiver (an import, a call of the name itself).
 */
function surelyOurs(owner: string | undefined, use: FoundUse): boolean {
  if (owner) return certainty(owner, use.qualifier, use.enclosing, use.receiver, use.statedType) === 'sure';
  return use.qualifier === undefined;
}

/**
 * `call`: the call that asks again (named in the note when the server is late: a server that was
 * starting answers the next one).
 */
export async function fromLanguageServer(
  env: SymbolEnv,
  namePath: NamePath,
  scope: Scope,
  fileOffset: number,
  call: Record<string, unknown>,
): Promise<ServerOutcome> {
  const ask = env.host.references?.bind(env.host);
  if (!ask) return {};
  const name = namePath.segments[namePath.segments.length - 1]!;
  const owner = namePath.segments.length > 1 ? namePath.segments[namePath.segments.length - 2] : undefined;
  try {
    const declared = await declaration(env, namePath, name);
    if (!declared) return {};
    const { line, column } = declared.place;
    const waitMs = env.host.referencesWaitMs ?? REFERENCE_LIMITS.languageServerMs;
    const end = Date.now() + waitMs;
    // Until the engine has given an answer this one accepts, one that is short or names no use is
    // taken for a server still loading its project, and asked again while the wait lasts.
    const again = async () => {
      if (env.hostEngine?.answered || Date.now() + REFERENCE_LIMITS.languageServerRetryMs >= end) return false;
      await new Promise((resolve) => setTimeout(resolve, REFERENCE_LIMITS.languageServerRetryMs));
      return !env.signal?.isCancellationRequested;
    };
    const declaredDisplay = (await env.resolver.resolve(declared.absolute)).display;
    // A server still loading names the same files answer after answer: the rest is not scanned again.
    let scanned: { named: string; rest: ScanOutcome } | undefined;
    for (;;) {
      const found = await askInTime(
        () => ask(declared.absolute, line, column, env.signal),
        Math.max(0, end - Date.now()),
        env.signal,
      );
      if (found === 'late')
        return {
          provisional: true,
          note: `The language server did not answer within ${waitMs / 1000} s: tree-sitter answered. A server still starting answers a later call: ${callText(TOOL.read, call)}`,
        };
      if (found instanceof ReferencesUnavailable) return { note: found.message };
      if (!found) return {};
      const byFile = await placesByFile(env, found.locations, declared);
      const named = new Set([...byFile.keys(), declaredDisplay]);
      const namedKey = [...named].sort().join('\n');
      // The files the server did not name, read by tree-sitter: a use there it is sure of means the server answered short.
      if (scanned?.named !== namedKey) {
        const rest = await scanReferences(env, scope, name, 0, {
          skip: (display) => named.has(display),
          followRenames: owner === undefined,
        });
        scanned = { named: namedKey, rest };
      }
      const { rest } = scanned;
      // No note: whether a server has loaded its project yet must not change the answer's text.
      if (rest.files.some((file) => file.uses.some((use) => surelyOurs(owner, use)))) {
        if (await again()) continue;
        return {};
      }
      // No use at all where tree-sitter sees possible ones: a server still analysing the workspace
      // answers so (pyright's first answer), and "used nowhere" must not rest on it.
      if (byFile.size === 0 && rest.files.some((file) => file.uses.length > 0)) {
        if (await again()) continue;
        return {
          provisional: true,
          note: `The language server named no use where tree-sitter sees possible ones: tree-sitter answered. A server still analysing the workspace answers a later call: ${callText(TOOL.read, call)}`,
        };
      }
      if (env.hostEngine && byFile.size > 0) env.hostEngine.answered = true;
      return { files: await rankedUses(env, byFile, rest, fileOffset, name), engine: found.engine };
    }
  } catch {
    return {}; // the server's answer could not be placed: tree-sitter answers
  }
}

/** The server's uses in the files the scan may read, numbered as the scan numbers them, from `fileOffset` on. */
async function rankedUses(
  env: SymbolEnv,
  byFile: Map<string, { path: ResolvedPath; places: Place[] }>,
  rest: { eligible: ReadonlySet<string>; ranks: ReadonlyMap<string, number> },
  fileOffset: number,
  name: string,
): Promise<FileUses[]> {
  const out: FileUses[] = [];
  for (const [display, { path, places }] of byFile) {
    if (!rest.eligible.has(display)) continue; // excluded by the walk's rules, a secret, or outside the scope
    // Numbered as the scan numbers the scope's files: a next page that tree-sitter answers (the server
    // late or gone by then) continues at the same file, neither repeating nor skipping one.
    const rank = rest.ranks.get(display)!;
    if (rank < fileOffset) continue;
    const uses = await placeUses(env, path, places, name);
    if (uses) out.push({ display, rank, uses });
  }
  return out.sort((a, b) => a.rank - b.rank);
}
