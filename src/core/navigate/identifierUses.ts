// The uses of one name in one parsed file: each place the name stands as a whole word is looked up
// in the syntax tree, and kept only when tree-sitter sees an identifier there (not a comment, not a
// string, not the name of a declaration). Each use says how it is used and what it is qualified by.
import type { Node, Tree } from 'web-tree-sitter';
import { USE_KINDS, type IdentifierUse, type PackedUses, type UseKind } from '../ground/symbolTypes';
import { isDeclarationName } from './declarationName';
import { importAlias, isImportAlias } from './importAlias';
import { fieldOf, withFieldCache } from './nodeFields';
import { builtReceiverType, resetReceiverTypes, receiverType } from './receiverType';
import { resetStatedTypes, statedType } from './statedType';

export type { IdentifierUse, UseKind };

/** Nodes whose text is no code: a name inside them is not a use. */
const NOT_CODE = /comment|string|heredoc|regex|char_literal|rune_literal|raw_text/;
/** Nodes inside such text that hold code again (`${x}`, `#{x}`, f"{x}"). */
const CODE_AGAIN = /substitution|interpolation|embedded/;
const IMPORT = /(^|_)imports?(_|$)|^use_declaration$|^using_directive$|^preproc_include$|^extern_crate|^namespace_use/;
const MEMBER = /member|selector|attribute|field_expression|access|scoped|qualified|scope_resolution|navigation/;
const CALL = /call|invocation|new_expression|object_creation/;
const MAX_QUALIFIER_CHARS = 60;
/** A receiver that is one name (`headers`), whose declaration the file may show. */
const PLAIN_NAME = /^[\p{L}_$][\p{L}\p{N}_$]*$/u;

const WORD_CHAR = /^[\p{L}\p{N}_$]$/u;
const NON_WORD = /[^\p{L}\p{N}_$]/gu;

/** True when the code point that starts at `at` (or, `before`, ends just before it) is a word character. */
function wordAt(text: string, at: number, before = false): boolean {
  const unit = text.charCodeAt(before ? at - 1 : at);
  if (Number.isNaN(unit)) return false;
  if (unit < 128)
    return (unit >= 48 && unit <= 57) || ((unit | 32) >= 97 && (unit | 32) <= 122) || unit === 95 || unit === 36;
  const high = before && unit >= 0xdc00 && unit <= 0xdfff ? text.charCodeAt(at - 2) : NaN;
  const point = high >= 0xd800 && high <= 0xdbff ? text.codePointAt(at - 2)! : text.codePointAt(before ? at - 1 : at)!;
  return WORD_CHAR.test(String.fromCodePoint(point));
}

/**
 * Offsets (UTF-16) where `name` stands as a whole word in `text`: not after or before a letter, digit,
 * `_` or `$`. Linear in the text: a place where the name starts inside a longer word moves the search
 * past that word, which no later match can start in.
 */
export function wordOffsets(text: string, name: string, limit = Infinity): number[] {
  const found: number[] = [];
  if (limit <= 0) return found;
  for (const at of eachWordOffset(text, name)) if (found.push(at) >= limit) break;
  return found;
}

/** wordOffsets's every offset, a turn for the host when `pace` says (200,000 places in a 1.4 MB text: 20-70 ms). */
export async function wordOffsetsPaced(text: string, name: string, pace: () => Promise<void>): Promise<number[]> {
  const found: number[] = [];
  for (const at of eachWordOffset(text, name)) if ((found.push(at) & 4095) === 0) await pace();
  return found;
}

function* eachWordOffset(text: string, name: string): Generator<number> {
  if (name.length === 0) return;
  for (let from = 0; ;) {
    const at = text.indexOf(name, from);
    if (at === -1) return;
    if ((at > 0 && wordAt(text, at, true)) || wordAt(text, at + name.length)) {
      NON_WORD.lastIndex = at + 1;
      from = NON_WORD.exec(text)?.index ?? text.length;
      continue;
    }
    yield at;
    from = at + name.length;
  }
}

function insideText(node: Node): boolean {
  for (let at: Node | null = node; at; at = at.parent) {
    if (CODE_AGAIN.test(at.type)) return false;
    if (NOT_CODE.test(at.type)) return true;
  }
  return false;
}

function isImport(node: Node): boolean {
  let at: Node | null = node.parent;
  for (let depth = 0; at && depth < 6; depth++, at = at.parent) if (IMPORT.test(at.type)) return true;
  return false;
}

/** The member access the name is the member of (`a.b` for b), if any. */
function memberAccess(node: Node): Node | undefined {
  const parent = node.parent;
  if (!parent || parent.startIndex >= node.startIndex) return undefined;
  return MEMBER.test(parent.type) || CALL.test(parent.type) ? parent : undefined;
}

function qualifierOf(node: Node, text: string): string | undefined {
  const access = memberAccess(node);
  if (!access) return undefined;
  const before = text.slice(access.startIndex, node.startIndex).replace(/\s+/g, '');
  if (!/(\?\.|\.|->|::)$/.test(before)) return undefined;
  const qualifier = before.replace(/(\?\.|\.|->|::)$/, '');
  if (qualifier.length === 0) return undefined;
  return qualifier.length > MAX_QUALIFIER_CHARS ? `…${qualifier.slice(-MAX_QUALIFIER_CHARS)}` : qualifier;
}

/** Object literals' properties (JS, TS, Ruby `pair`) and Python's keyword arguments, by their name field. */
const KEYED = new Map([
  ['pair', 'key'],
  ['keyword_argument', 'name'],
]);

function kindOf(node: Node): UseKind {
  if (isImport(node)) return 'import';
  const field = fieldOf(node);
  const parent = node.parent;
  if (parent && field !== null && KEYED.get(parent.type) === field) return 'key';
  if (field === 'function' || field === 'constructor') return 'call';
  if (parent && CALL.test(parent.type) && parent.startIndex <= node.startIndex && field !== 'arguments') {
    // Java `a.run()`, Ruby `a.run`, PHP `$a->run()`: the name is the call's own field.
    if (field === 'name' || field === 'method') return 'call';
  }
  const access = memberAccess(node);
  if (access && access.parent && !CALL.test(access.type)) {
    const accessField = fieldOf(access);
    if ((accessField === 'function' || accessField === 'constructor') && CALL.test(access.parent.type)) return 'call';
  }
  if (/type/.test(node.type)) return 'type';
  for (let at = parent, depth = 0; at && depth < 2; at = at.parent, depth++) if (/type/.test(at.type)) return 'type';
  return 'reference';
}

/** The uses of `name` in a parsed text (`offsets`: where it stands as a word), in text order. */
export function identifierUses(tree: Tree, text: string, name: string, offsets: readonly number[]): IdentifierUse[] {
  resetStatedTypes();
  resetReceiverTypes();
  try {
    return withFieldCache(() => usesAt(tree, text, name, offsets));
  } finally {
    resetStatedTypes();
    resetReceiverTypes();
  }
}

function usesAt(tree: Tree, text: string, name: string, offsets: readonly number[]): IdentifierUse[] {
  const uses: IdentifierUse[] = [];
  for (const at of offsets) {
    const node = tree.rootNode.descendantForIndex(at, at + name.length);
    if (!node || node.startIndex !== at || node.endIndex !== at + name.length || node.childCount > 0) continue;
    // A keyword token (`is` in `value is T`, `get` in `get size()`) is no use of a name.
    if (!node.isNamed || insideText(node) || isDeclarationName(node) || isImportAlias(node)) continue;
    const qualifier = qualifierOf(node, text);
    const stated =
      qualifier === undefined
        ? statedType(node)
        : PLAIN_NAME.test(qualifier)
          ? receiverType(node, qualifier)
          : builtReceiverType(memberAccess(node));
    const kind = kindOf(node);
    const alias = kind === 'import' ? importAlias(node) : undefined;
    uses.push({
      offset: at,
      kind,
      ...(qualifier !== undefined ? { qualifier } : {}),
      ...(stated !== undefined ? { statedType: stated } : {}),
      ...(alias !== undefined ? { alias } : {}),
    });
  }
  return uses;
}

export function packUses(uses: readonly IdentifierUse[]): PackedUses {
  const packed: PackedUses = {
    offsets: new Int32Array(uses.length),
    kinds: new Uint8Array(uses.length),
    qualifiers: [],
    statedTypes: [],
    aliases: [],
  };
  uses.forEach((use, i) => {
    packed.offsets[i] = use.offset;
    packed.kinds[i] = USE_KINDS.indexOf(use.kind);
    if (use.qualifier !== undefined) packed.qualifiers.push([i, use.qualifier]);
    if (use.statedType !== undefined) packed.statedTypes.push([i, use.statedType]);
    if (use.alias !== undefined && !packed.aliases.includes(use.alias)) packed.aliases.push(use.alias);
  });
  return packed;
}
