// A very large file's outline lists its top-level declarations only: outline the members of those a
// name path may be in (found by the name's words in the file's bytes), or the whole file when needed.
import { plural } from '../ground/format';
import type { OutlineSymbol } from '../ground/symbolTypes';
import type { FileSymbols } from './fileSymbols';
import type { NamePath } from './namePath';
import type { SourceText } from './sourceText';
import type { SymbolEnv } from './symbolEnv';

/** A top-level-only file with every symbol (see SymbolService.wholeOutline); undefined when out of time. */
export async function wholeFile(env: SymbolEnv, file: FileSymbols): Promise<FileSymbols | undefined> {
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
export async function withMembers(env: SymbolEnv, file: FileSymbols, namePath: NamePath): Promise<string | undefined> {
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
export function* wordOffsets(source: SourceText, word: string): Generator<number> {
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
