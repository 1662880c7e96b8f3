// Mode "references": every use of a symbol in the workspace (or under `path`) — calls, references,
// imports, type uses; not its declarations, comments or strings — with the symbol each one sits in.
// The host's language server answers where it can (exact, type-aware); tree-sitter everywhere else.
import { LecternError, type ToolResponse } from '../ground/contract';
import { callText, formatCount, plural } from '../ground/format';
import { referenceScope } from './referenceScope';
import {
  closestSymbols,
  matchNamePath,
  parseNamePath,
  qualifiedName,
  requireShortNames,
  type FlatSymbol,
  type NamePath,
} from '../symbols/namePath';
import type { SymbolEnv } from '../symbols/symbolEnv';
import { certainty } from './qualify';
import { fromLanguageServer } from './hostReferences';
import { scanReferences, type FileUses, type ScanOutcome } from './referenceScan';
import { pageLines, rankUses, renderReferences } from './referencesAnswer';
import { declaredTwiceLines, tiedDeclaration } from './declaredTwice';
import { coveredWhole, uncoveredNote, unindexedNote } from '../symbols/indexCoverage';
import type { IndexedFile, IndexQuery } from '../symbols/workspaceIndex';
import { TOOL } from '../ground/tools';

export interface ReferencesInput {
  target: string;
  path?: string;
  file_offset?: number;
  start_line?: number;
}

const IDENTIFIER = /^[\p{L}_$][\p{L}\p{N}_$]*[?!]?$/u;

function nameOf(input: ReferencesInput): { namePath: NamePath; name: string; owner?: string } {
  const namePath = parseNamePath(input.target);
  requireShortNames(namePath);
  const name = namePath.segments[namePath.segments.length - 1];
  if (!name || !IDENTIFIER.test(name))
    throw new LecternError(
      'INVALID_ARGS',
      `target must name a symbol ("Store.get", "helper"); ${JSON.stringify(input.target.slice(0, 80))} is not a name.`,
      `Example: ${callText(TOOL.read, { mode: 'references', target: 'Store.get' })}. To find text, use ${TOOL.search}.`,
    );
  const owner = namePath.segments.length > 1 ? namePath.segments[namePath.segments.length - 2] : undefined;
  return { namePath, name, ...(owner ? { owner } : {}) };
}

/** No use anywhere: NOT_FOUND, with the closest declared names (as mode "symbol" gives them). */
async function notFound(env: SymbolEnv, input: ReferencesInput, namePath: NamePath, looked: string): Promise<never> {
  const last = namePath.segments[namePath.segments.length - 1]!;
  const declares = (files: readonly IndexedFile[]) => files.some((f) => matchNamePath(f.symbols, namePath).length > 0);
  let index = await env.index
    .queryDeclaring(undefined, last, declares, env.onIndexProgress, env.signal)
    .catch(() => undefined);
  // Past the index's cap the workspace's index lacks files: the scope's own listing may hold them all.
  if (index && !coveredWhole(index) && input.path)
    index = await env.index.query(input.path, env.onIndexProgress, env.signal, last).catch(() => index);
  const flat = index?.files.flatMap((f) => f.symbols.map((item) => ({ ...item, display: f.display }))) ?? [];
  const declared = matchNamePath(flat, namePath);
  if (declared.length === 0 && index && !coveredWhole(index)) throw undeclaredUnknown(input, index, looked);
  const closest = declared.length > 0 ? [] : closestSymbols(flat, namePath);
  const list = closest.map((c) =>
    callText(TOOL.read, {
      mode: 'references',
      target: qualifiedName(c.path),
      ...(input.path ? { path: input.path } : {}),
    }),
  );
  throw new LecternError(
    'NOT_FOUND',
    declared.length > 0
      ? `${input.target} is declared but used nowhere in ${looked}.`
      : `No use of ${JSON.stringify(input.target)} in ${looked}, and no symbol of that name is declared.`,
    list.length > 0
      ? `Closest names:\n${list.join('\n')}`
      : `Search for the text: ${callText(TOOL.search, { query: last, ...(input.path ? { target: input.path } : {}) })}`,
  );
}

/** No use, and the index did not cover every file: where the name is declared (if anywhere) is not known. */
function undeclaredUnknown(input: ReferencesInput, index: IndexQuery, looked: string): LecternError {
  const where = input.path ?? 'The workspace';
  const lookFor = (path?: string) => ({ mode: 'symbol', target: input.target, ...(path ? { path } : {}) });
  const notes = [
    ...(index.complete
      ? []
      : [
          `The symbol index is still being built (${formatCount(index.indexed)} of ${formatCount(index.total)} files so far): ${callText(TOOL.read, lookFor(input.path))} continues it.`,
        ]),
    uncoveredNote(index, where, (folder) => lookFor(folder)),
    unindexedNote(index),
  ].filter((n): n is string => n !== undefined);
  return new LecternError(
    'NOT_FOUND',
    `No use of ${JSON.stringify(input.target)} in ${looked}. Whether it is declared is not known: the symbol index does not cover every file.`,
    notes.join('\n'),
  );
}

function scanNotes(scan: ScanOutcome): string[] {
  const notes: string[] = [];
  if (scan.largeCount > 0)
    notes.push(
      `${plural(scan.largeCount, 'file')} too large to parse for uses (${scan.large.join(', ')}${scan.largeCount > scan.large.length ? ', …' : ''}): search ${scan.largeCount === 1 ? 'it' : 'them'} with ${TOOL.search}.`,
    );
  if (scan.unparsed > 0)
    notes.push(`${plural(scan.unparsed, 'file')} that mention the name could not be parsed in time or read.`);
  return notes;
}

/**
 * No use found, but files that mention the name were not parsed (too large, out of time, unreadable):
 * whether they use it is not known, so the answer says so and names the calls that look at them.
 */
function unparsedUses(input: ReferencesInput, name: string, scan: ScanOutcome, looked: string): LecternError {
  const skipped = scan.largeCount + scan.unparsed;
  const named = [...scan.large, ...scan.unparsedFiles].slice(0, 3);
  const searches = named.map((file) => callText(TOOL.search, { query: name, target: file }));
  const again =
    scan.unparsed > 0
      ? [
          `A file that ran out of time may parse on another try: ${callText(TOOL.read, { mode: 'references', target: input.target, ...(input.path ? { path: input.path } : {}) })}`,
        ]
      : [];
  return new LecternError(
    'INCOMPLETE',
    `No use of ${JSON.stringify(input.target)} in the files of ${looked} that were parsed; ${plural(skipped, 'file')} that mention the name could not be parsed, so whether ${skipped === 1 ? 'it uses' : 'they use'} it is not known.`,
    [
      `Find the lines that mention it:`,
      ...searches,
      ...(skipped > named.length
        ? [
            `… and ${plural(skipped - named.length, 'more file')}: ${callText(TOOL.search, { query: name, ...(input.path ? { target: input.path } : {}) })}`,
          ]
        : []),
      ...again,
    ].join('\n'),
  );
}

/** A qualified target keeps the uses tree-sitter can tie to its type (or cannot tell apart), and counts the rest. */
function ownersUses(files: FileUses[], owner: string): { files: FileUses[]; others: { path: string; line: number }[] } {
  const others: { path: string; line: number }[] = [];
  const kept = files
    .map((file) => ({
      ...file,
      uses: file.uses.filter((use) => {
        const verdict = certainty(owner, use.qualifier, use.enclosing, use.receiver, use.statedType);
        if (verdict === 'other') others.push({ path: file.display, line: use.line });
        return verdict !== 'other';
      }),
    }))
    .filter((file) => file.uses.length > 0);
  return { files: kept, others };
}

function otherTypesNote(others: readonly { path: string; line: number }[], name: string, path?: string): string {
  const example = others[0]!;
  return `Also matched: ${plural(others.length, 'use')} of \`${name}\` on other types (e.g. ${example.path}:${example.line}), not listed; every use of the name: ${callText(TOOL.read, { mode: 'references', target: name, ...(path ? { path } : {}) })}`;
}

export async function readReferences(env: SymbolEnv, input: ReferencesInput): Promise<ToolResponse> {
  const { namePath, name, owner } = nameOf(input);
  const scope = await referenceScope(env, input.path);
  const call: Record<string, unknown> = { mode: 'references', target: input.target };
  if (input.path !== undefined) call.path = input.path;
  const fileOffset = input.file_offset ?? 0;
  const notes: string[] = [];
  const again = {
    ...call,
    ...(fileOffset > 0 ? { file_offset: fileOffset } : {}),
    ...(input.start_line !== undefined ? { start_line: input.start_line } : {}),
  };
  const server = await fromLanguageServer(env, namePath, scope, fileOffset, again);
  if (server.note) notes.push(server.note);
  let files = server.files;
  let continueCall: Record<string, unknown> | undefined;
  let scan: ScanOutcome | undefined;
  const source = files ? (server.engine ?? 'language server') : 'tree-sitter';
  if (!files) {
    const page = { lines: pageLines(env), ...(input.start_line !== undefined ? { startLine: input.start_line } : {}) };
    scan = await scanReferences(env, scope, name, fileOffset, {
      page,
      followRenames: owner === undefined,
      declares: (flat: FlatSymbol[]) => matchNamePath(flat, namePath).length > 0,
    });
    if (fileOffset > 0 && fileOffset >= scan.total)
      throw new LecternError(
        'OUT_OF_RANGE',
        `file_offset ${formatCount(fileOffset)} is past the ${plural(scan.total, 'source file')} in ${scope.label}.`,
        `Leave file_offset out for the first page: ${callText(TOOL.read, call)}`,
      );
    files = scan.files;
    notes.push(...scanNotes(scan));
    if (scan.stopped?.paged) {
      continueCall = { ...call, file_offset: scan.stopped.fileOffset };
      notes.push(
        `Uses counted in source files ${formatCount(fileOffset + 1)}–${formatCount(scan.stopped.fileOffset)} of ${formatCount(scan.total)} (a page's worth); later pages look further.`,
      );
    } else if (scan.stopped) {
      continueCall = { ...call, file_offset: scan.stopped.fileOffset };
      notes.push(
        `Out of time after ${plural(scan.looked, 'source file')}: files from ${scan.stopped.at} on were not looked at. Continue: ${callText(TOOL.read, continueCall)}, or narrow with path.`,
      );
    }
  }
  // A page that starts inside a file: its uses from start_line on.
  if (input.start_line !== undefined)
    files = files.map((file) =>
      file.rank === fileOffset ? { ...file, uses: file.uses.filter((use) => use.line >= input.start_line!) } : file,
    );
  let others: { path: string; line: number }[] = [];
  if (owner && source === 'tree-sitter') ({ files, others } = ownersUses(files, owner));
  if (others.length > 0) notes.push(otherTypesNote(others, name, input.path));
  // Declared in several files (a qualified name or a plain one: zod's v3 and v4 `literal`): a use is
  // certain only in a file tied to one of them.
  const declaredIn = scan && scan.declaring.length > 1 ? scan.declaring : undefined;
  const tiedTo = new Map(
    declaredIn ? files.map((f) => [f.display, tiedDeclaration(f.display, f.imports ?? [], declaredIn)] as const) : [],
  );
  // Every use tied to one and the same declaration: the answer is that symbol's, with nothing to tell apart.
  const ties = new Set(tiedTo.values());
  const declaring = ties.size === 1 && !ties.has(undefined) ? undefined : declaredIn;
  // A plain name no parsed file declares as a member: a property key or keyword argument of that
  // name (`{ cuid: … }`, `f(Response=…)`) is no use of it, but is listed, marked.
  const keysUncertain = !owner && scan !== undefined && !scan.memberDeclared;
  const uses = await rankUses(files, (path, use) =>
    source === 'tree-sitter'
      ? (!owner || certainty(owner, use.qualifier, use.enclosing, use.receiver, use.statedType) === 'sure') &&
        (!declaring || tiedTo.get(path) !== undefined) &&
        !(keysUncertain && use.kind === 'key') &&
        !use.renamedFromPackage
      : true,
  );
  const firstPage = fileOffset === 0 && input.start_line === undefined;
  if (firstPage && uses.length === 0 && !continueCall && others.length === 0) {
    if (scan && scan.largeCount + scan.unparsed > 0) throw unparsedUses(input, name, scan, scope.label);
    await notFound(env, input, namePath, scope.label);
  }
  return renderReferences(env, {
    target: input.target,
    source,
    uses,
    call,
    from: { fileOffset, ...(input.start_line !== undefined ? { startLine: input.start_line } : {}) },
    notes,
    ...(server.provisional ? { provisional: true as const } : {}),
    ...(declaring
      ? { declared: { lines: declaredTwiceLines(input.target, declaring), files: declaring, tiedTo } }
      : {}),
    ...(continueCall ? { continueCall } : {}),
    ...(scan?.stopped?.paged ? { paged: true as const } : {}),
  });
}
