// What an outline holds: symbols with their spans, nested by containment.

export const SYMBOL_KINDS = [
  'function',
  'method',
  'class',
  'struct',
  'interface',
  'type',
  'enum',
  'variable',
  'constant',
  'field',
  'module',
] as const;
export type SymbolKind = (typeof SYMBOL_KINDS)[number];

export interface OutlineSymbol {
  name: string;
  kind: SymbolKind;
  /** 1-based, inclusive: the declaration itself (with its wrapper, e.g. `export`). */
  startLine: number;
  endLine: number;
  /** First line of the doc comments, decorators and attributes directly above it. */
  contextStartLine: number;
  /** The declaration's head up to its body, whitespace folded. */
  signature: string;
  /** Line where the body starts (null when there is no body). */
  bodyStartLine: number | null;
  children: OutlineSymbol[];
  /**
   * The type a member belongs to when it is declared outside it (Go receivers, C++ `Tpl<T>::f`):
   * it stays where it is written, in file order, and its name path is `scope.name`.
   */
  scope?: string;
  /** A declaration without a body (C prototype, TS overload signature): a definition of the same name wins. */
  declaration?: boolean;
  /** Last line of a docstring that opens the body (Python): a head-only read shows it whole. */
  docEndLine?: number;
}

/** Where a whole outline stops: above either bound, an outline lists the top level only. */
export interface OutlineBounds {
  /** Characters of text. */
  fullChars: number;
  /** Syntax nodes of the parsed tree (what the query and the extraction walk). */
  fullNodes: number;
}

/** Lines (1-based) and the columns where their code starts and ends: what a snippet's block must cover. */
export interface BlockRange {
  first: number;
  last: number;
  startColumn: number;
  endColumn: number;
}

/** The smallest statement-level block around a range (src/core/symbols/enclosingBlock.ts). */
export interface EnclosingBlock {
  startLine: number;
  endLine: number;
  type: string;
}

/** One text's outline (src/core/symbols/textOutline.ts). */
export interface TextOutline {
  symbols: OutlineSymbol[];
  /** The tree had syntax errors: symbols in those places may be missing. */
  parseFailed: boolean;
  /** Symbols left out for nesting deeper than MAX_NESTING. */
  cut: number;
  /** Only the top level (or, for `members`, a declaration and its direct members) is listed. */
  shallow: boolean;
  /** The tree's size, for the note that says why. */
  nodes: number;
  /**
   * A shallow outline of a bundle: the lines of the wrapper function whose direct declarations are
   * listed with the top level (src/core/symbols/textOutline.ts).
   */
  wrapper?: { startLine: number; endLine: number };
  /** The uses the job asked for with the outline (OutlineThreadJob.uses). */
  uses?: PackedUses;
}

/** Per-language facts the generic outline extraction needs. */
export interface LanguageSpec {
  /** Grammar name, e.g. "typescript". */
  grammar: string;
  /** VS Code language ids served by this grammar (from the language registry, ground/languages.json). */
  languageIds: readonly string[];
  /** File name endings (without the dot), from the registry. */
  extensions: readonly string[];
  /** Grammar file shipped in dist/grammars, from the registry. */
  wasm: string;
  /**
   * Tree-sitter query: each pattern captures the declaration as `@symbol.<kind>` and its name as
   * `@name`. Patterns earlier in the query win when two capture the same node.
   */
  outline: string;
  /** Parent node types that wrap a declaration and belong to its span (export_statement, decorated_definition). */
  wrappers: readonly string[];
  /** Node types directly above a declaration that belong to its context (comments, decorators, attributes). */
  preamble: readonly string[];
  /** Field names of a declaration's body: its signature ends where the body starts. */
  bodyFields: readonly string[];
  /** Kinds that make a nested `function` a `method`. */
  methodParents?: readonly SymbolKind[];
  /**
   * Declarations that, written without a body (C# `namespace X;`, PHP `namespace App;`), reach
   * to the next one of their kind or the end of the file.
   */
  openScopes?: readonly string[];
  /** Node types that are declarations when they have no body (prototypes, signatures). */
  declarations?: readonly string[];
  /** Overload signatures right before an implementation of the same name read as one symbol with it (TypeScript). */
  mergeOverloads?: boolean;
  /**
   * The text the grammar parses, same length and lines (C/C++: annotation macros the grammar cannot
   * know, `class GTEST_API_ Test`, `) LOCKS_EXCLUDED(mu) {`, blanked); spans and names stay the file's.
   */
  mask?: (text: string) => string;
  /** A symbol's name from its @name capture's text, where no node is the name alone (C++ `operator bool() const` → `operator bool`). */
  nameOf?: (captured: string) => string;
}

/** What a language's module in symbols/languages declares: the registry gives the rest. */
export type OutlineSpec = Omit<LanguageSpec, 'languageIds' | 'extensions' | 'wasm'>;

/**
 * How a name is used where it stands (mode "references"). `key`: the name of a property an object
 * literal sets (`{ cuid: … }`) or of a keyword argument (Python `f(Response=…)`), not a use of a
 * variable or function of that name.
 */
export type UseKind = 'call' | 'import' | 'type' | 'reference' | 'key';

/** One use of a name in a parsed text. */
export interface IdentifierUse {
  /** Where the name starts in the text (UTF-16 code units). */
  offset: number;
  kind: UseKind;
  /** What stands before the name in a member access (`this.store` in `this.store.get`); absent for a bare name. */
  qualifier?: string;
  /**
   * The type the file states the name is a member of: of the literal it is a key of (`Command{Use: …}`,
   * `const o: Opts = { a }`), or of its receiver (`headers.get` after `headers: Headers`).
   */
  statedType?: string;
  /** The name an import renames it to (`import { a as b }` → b), whose uses are this name's too. */
  alias?: string;
}

/** Uses as the outline thread sends them: a few arrays rather than one object per use (200,000 objects took long to copy). */
export interface PackedUses {
  offsets: Int32Array;
  /** Index into USE_KINDS. */
  kinds: Uint8Array;
  /** Qualifiers by the use's index, for the uses that have one. */
  qualifiers: [number, string][];
  /** Stated types by the use's index, for the uses that have one. */
  statedTypes: [number, string][];
  /** The names imports in the text rename the name to. */
  aliases: string[];
}

export const USE_KINDS: readonly UseKind[] = ['call', 'import', 'type', 'reference', 'key'];
