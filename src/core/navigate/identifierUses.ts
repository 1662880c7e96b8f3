// The uses of one name in one parsed file: each place the name stands as a whole word is looked up
// in the syntax tree, and kept only when tree-sitter sees an identifier there (not a comment, not a
// string, not the name of a declaration). Each use says how it is used and what it is qualified by.
import type { Node, Tree } from 'web-tree-sitter';

export type UseKind = 'call' | 'import' | 'type' | 'reference';

export interface IdentifierUse {
  /** Where the name starts in the text (UTF-16 code units). */
  offset: number;
  kind: UseKind;
  /** What stands before the name in a member access (`this.store` in `this.store.get`); absent for a bare name. */
  qualifier?: string;
}

/** Nodes whose text is no code: a name inside them is not a use. */
const NOT_CODE = /comment|string|heredoc|regex|char_literal|rune_literal|raw_text/;
/** Nodes inside such text that hold code again (`${x}`, `#{x}`, f"{x}"). */
const CODE_AGAIN = /substitution|interpolation|embedded/;
const IMPORT = /(^|_)imports?(_|$)|^use_declaration$|^using_directive$|^preproc_include$|^extern_crate|^namespace_use/;
const DECLARATION =
  /declaration|definition|declarator|_item$|_spec$|signature|^class$|^module$|^method$|^singleton_method$|^function$|enum_member|enum_variant|constructor_declaration/;
const NOT_DECLARATION = /call|invocation|access|selector|expression|specifier|import|argument/;
const MEMBER = /member|selector|attribute|field_expression|access|scoped|qualified|scope_resolution|navigation/;
const CALL = /call|invocation|new_expression|object_creation/;
const MAX_QUALIFIER_CHARS = 60;

/** Offsets (UTF-16) where `name` stands as a whole word in `text`. */
export function wordOffsets(text: string, name: string): number[] {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const word = new RegExp(`(?<![\\p{L}\\p{N}_$])${escaped}(?![\\p{L}\\p{N}_$])`, 'gu');
  return [...text.matchAll(word)].map((m) => m.index!);
}

function fieldOf(node: Node): string | null {
  const parent = node.parent;
  if (!parent) return null;
  for (let i = 0; i < parent.childCount; i++) if (parent.child(i)?.id === node.id) return parent.fieldNameForChild(i);
  return null;
}

function insideText(node: Node): boolean {
  for (let at: Node | null = node; at; at = at.parent) {
    if (CODE_AGAIN.test(at.type)) return false;
    if (NOT_CODE.test(at.type)) return true;
  }
  return false;
}

function isDeclarationName(node: Node): boolean {
  const parent = node.parent;
  if (!parent || NOT_DECLARATION.test(parent.type) || !DECLARATION.test(parent.type)) return false;
  const field = fieldOf(node);
  return field === 'name' || field === 'declarator';
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

function kindOf(node: Node): UseKind {
  if (isImport(node)) return 'import';
  const field = fieldOf(node);
  const parent = node.parent;
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
  const uses: IdentifierUse[] = [];
  for (const at of offsets) {
    const node = tree.rootNode.descendantForIndex(at, at + name.length);
    if (!node || node.startIndex !== at || node.endIndex !== at + name.length || node.childCount > 0) continue;
    if (insideText(node) || isDeclarationName(node)) continue;
    const qualifier = qualifierOf(node, text);
    uses.push({
      offset: at,
      kind: kindOf(node),
      ...(qualifier !== undefined ? { qualifier } : {}),
    });
  }
  return uses;
}
