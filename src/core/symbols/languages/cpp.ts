// C++ outlines: namespaces → module; classes, structs and unions → class; enums (also `enum class`)
// and their enumerators; methods declared or defined in a class (constructors, destructors,
// operators, templates); functions and their prototypes; out-of-class definitions (`void A::f() {}`
// is a `method` named `f`); `using` aliases, typedefs and concepts → type; namespace-scope variables;
// fields; macros as in C.
//
// `template <…>` is part of the declaration's span, so is `extern "C"` before a definition; the
// comments above are its context. An out-of-class definition is not nested under its class (nesting
// is by containment): it stays where it is written, named by its last name (`A::f` → `f`,
// `A::~A` → `~A`, `A::operator==` → `operator==`). A nested namespace (`namespace a::b`) is named by
// its last part, as `a::b` would read as a name path. Conversion operators (`operator bool()`) are
// not captured: their name is not a node of its own.
//
// The C++ grammar is large and a query step naming a node type that occurs in many parse states
// (`(function_declarator …)`, `declarator: (identifier)`) costs milliseconds to compile; wildcards
// with field constraints cost almost nothing. So a function declarator is `(_ declarator: … parameters: (_))`
// and other declarators are `(_ declarator: … !parameters)`.
import { enumeratorsAndMacros } from './c';
import type { LanguageSpec } from '../types';

// Each alternative captures @name itself: an alternation nested directly in another (`[[a b] @name (c)]`)
// only ever matches its first branch in web-tree-sitter 0.27.
const NAMES = `(identifier) @name (field_identifier) @name (destructor_name) @name (operator_name) @name`;
const NAME = `[${NAMES}]`;

/** A function declarator named by `named`: `f()`, `*f()`, `&f()`. */
function functionIn(named: string): string {
  const fn = `(_ declarator: ${named} parameters: (_))`;
  return `[${fn} (_ declarator: ${fn}) (reference_declarator ${fn})]`;
}

/** `leaf` (holding @name) at the bottom of up to `depth` non-function declarators: `x`, `*x`, `x[]`, `x = 1`, `*x[] = {}`, `&x = y`. */
function valueIn(leaf: string, depth = 3): string {
  if (depth === 0) return leaf;
  const inner = valueIn(leaf, depth - 1);
  return `[${leaf} (_ declarator: ${inner} !parameters)${depth === 3 ? ` (_ declarator: (reference_declarator ${leaf}))` : ''}]`;
}

/** Namespace-scope declarations: the file, namespaces and `extern "C"` blocks, include guards and #if blocks, templates. */
const SCOPES = ['translation_unit', 'declaration_list', 'template_declaration', 'preproc_ifdef', 'preproc_if', 'preproc_else'];

const className = `[(type_identifier) @name (_ name: (type_identifier) @name)]`;

const outline = `
(namespace_definition name: [(namespace_identifier) @name (nested_namespace_specifier (namespace_identifier) @name .) (nested_namespace_specifier (nested_namespace_specifier (namespace_identifier) @name .) .)]) @symbol.module

(function_definition declarator: ${functionIn(`[${NAMES} (template_function name: (identifier) @name)]`)}) @symbol.function
(function_definition declarator: ${functionIn(`(_ name: [${NAMES} (_ name: ${NAME})])`)}) @symbol.method
(field_declaration declarator: ${functionIn(NAME)}) @symbol.function
(field_declaration_list (declaration declarator: ${functionIn(NAME)}) @symbol.function)
${SCOPES.map((scope) => `(${scope} [(declaration declarator: ${functionIn(NAME)}) @symbol.function (declaration declarator: ${valueIn('(identifier) @name')}) @symbol.variable])`).join('\n')}

(class_specifier name: ${className} body: (_)) @symbol.class
(struct_specifier name: ${className} body: (_)) @symbol.class
(union_specifier name: ${className} body: (_)) @symbol.class
(enum_specifier name: ${className} body: (_)) @symbol.enum
(type_definition declarator: ${valueIn('(type_identifier) @name')}) @symbol.type
(alias_declaration name: (type_identifier) @name) @symbol.type
(concept_definition name: (identifier) @name) @symbol.type

(field_declaration declarator: ${valueIn('(field_identifier) @name')}) @symbol.field
${enumeratorsAndMacros}`;

export const cpp: LanguageSpec = {
  grammar: 'cpp',
  languageIds: ['cpp'],
  extensions: ['cc', 'cpp', 'cxx', 'hpp', 'hh', 'hxx'],
  wasm: 'tree-sitter-cpp.wasm',
  outline,
  // template <…> and extern "C" belong to the declaration; a class defined as a member
  // (`struct Node {…};`) spans that member declaration, so the comment above is its context.
  wrappers: ['template_declaration', 'linkage_specification', 'field_declaration'],
  preamble: ['comment'],
  bodyFields: ['body'],
  methodParents: ['class'],
};
