// The persistent symbol cache's records as read back from disk, checked before use: every field's
// type, string lengths, array sizes, nesting depth and counts. A shard is JSON anyone with access to
// the folder could have written, so a record that fails (a planted name holding a newline, a string
// where a number goes, 20,000 levels of children, 200,000 symbols) is a cache miss, never an answer.
import type { CachedOutline, StoredReadFacts } from '../core/ground/symbolCachePort';
import type { PackedWords } from '../core/ground/fileWords';
import { SYMBOL_KINDS, type OutlineSymbol } from '../core/ground/symbolTypes';

export const CACHE_BOUNDS = {
  /** Bytes of one outline shard file (~1,600 files of a 50,000-file workspace: a few MB); a larger one is not read. */
  outlineShardBytes: 16 * 1024 * 1024,
  /** Bytes of one word shard file. */
  wordShardBytes: 32 * 1024 * 1024,
  /** Symbols of one file's outline, all levels (8 MB of generated TypeScript held 58,000). */
  symbolsPerFile: 100_000,
  /** Levels of children (outlines cut at 64, surely-cut symbols at 72). */
  depth: 72,
  /** Characters of a name or scope; signatures are cut at 240 (outline.ts) plus the ellipsis. */
  nameChars: 4096,
  signatureChars: 241,
  /** Characters of a file's words joined by newlines (files over 1 MiB are not counted). */
  wordsChars: 1024 * 1024,
  /** Characters of a path (a record's key). */
  pathChars: 4096,
} as const;

/**
 * The numbers every stored record carries: the identity of the file version it was made from
 * (ground/fileIdentity.ts). A record without all of them proves no version, and is a miss.
 */
const VERSION_FIELDS = ['size', 'mtimeMs', 'ctimeMs', 'ino', 'dev'] as const;
type Version = Record<(typeof VERSION_FIELDS)[number], number>;

const KINDS: ReadonlySet<string> = new Set(SYMBOL_KINDS);

/** Characters that would end a line of an answer, or draw nothing: no outline the extractor makes holds one. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isLine = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 0x7fffffff;
const isText = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.length <= max && !CONTROL.test(value);

/** The record's version fields, copied, when each is a finite number. */
function versionOf(record: Record<string, unknown>): Version | undefined {
  const out: Partial<Version> = {};
  for (const field of VERSION_FIELDS) {
    const value = record[field];
    if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
    out[field] = value;
  }
  return out as Version;
}

/** Whether `value` is a sound symbol (children included) within the bounds; `budget.left` counts symbols down. */
function isSymbol(value: unknown, depth: number, budget: { left: number }): value is OutlineSymbol {
  if (!isObject(value) || --budget.left < 0 || depth > CACHE_BOUNDS.depth) return false;
  const { name, kind, startLine, endLine, contextStartLine, signature, bodyStartLine, children } = value;
  const sound =
    isText(name, CACHE_BOUNDS.nameChars) &&
    typeof kind === 'string' &&
    KINDS.has(kind) &&
    isLine(startLine) &&
    isLine(endLine) &&
    isLine(contextStartLine) &&
    startLine <= endLine &&
    contextStartLine <= startLine &&
    isText(signature, CACHE_BOUNDS.signatureChars) &&
    (bodyStartLine === null || isLine(bodyStartLine)) &&
    (value.scope === undefined || isText(value.scope, CACHE_BOUNDS.nameChars)) &&
    (value.declaration === undefined || typeof value.declaration === 'boolean') &&
    (value.docEndLine === undefined || isLine(value.docEndLine)) &&
    Array.isArray(children) &&
    children.length <= budget.left;
  return sound && children.every((child) => isSymbol(child, depth + 1, budget));
}

function readFactsOf(value: unknown): StoredReadFacts | undefined {
  if (!isObject(value) || !isText(value.grammar, 64)) return undefined;
  if (value.parseFailed !== undefined && value.parseFailed !== true) return undefined;
  const { grammar, cut } = value;
  if (cut !== undefined && !(typeof cut === 'number' && Number.isInteger(cut) && cut >= 0)) return undefined;
  return { grammar, ...(value.parseFailed ? { parseFailed: true } : {}), ...(cut !== undefined ? { cut } : {}) };
}

/** A stored outline record, checked; undefined when anything in it is not what the cache writes. */
export function storedOutline(value: unknown): CachedOutline | undefined {
  if (!isObject(value)) return undefined;
  const version = versionOf(value);
  const { symbols } = value;
  if (!version || !Array.isArray(symbols) || symbols.length > CACHE_BOUNDS.symbolsPerFile) return undefined;
  const budget = { left: CACHE_BOUNDS.symbolsPerFile };
  if (!symbols.every((symbol) => isSymbol(symbol, 1, budget))) return undefined;
  if (value.read === undefined) return { ...version, symbols };
  const read = readFactsOf(value.read);
  return read ? { ...version, symbols, read } : undefined;
}

/** A stored word record (a file's words and the version they were counted from), checked. */
export function storedWords(value: unknown): (Version & PackedWords) | undefined {
  if (!isObject(value)) return undefined;
  const version = versionOf(value);
  const { names, counts } = value;
  if (!version || typeof names !== 'string' || names.length > CACHE_BOUNDS.wordsChars) return undefined;
  if (!Array.isArray(counts) || !/^[\w$\n]*$/.test(names)) return undefined;
  let words = names.length > 0 ? 1 : 0;
  for (let at = names.indexOf('\n'); at >= 0; at = names.indexOf('\n', at + 1)) words++;
  if (counts.length !== words) return undefined;
  const sound = counts.every((count) => Number.isInteger(count) && count > 0 && count <= 0xffffffff);
  return sound ? { ...version, names, counts: counts as number[] } : undefined;
}

/** A record's key: an absolute path of bounded length without control characters. */
export const isStoredPath = (key: string) => isText(key, CACHE_BOUNDS.pathChars);
