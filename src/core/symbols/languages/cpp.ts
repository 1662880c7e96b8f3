// C++ outlines: namespaces → module; classes, structs and unions → class; enums (also `enum class`)
// and their enumerators; methods declared or defined in a class (constructors, destructors,
// operators, templates); functions and their prototypes; out-of-class definitions (`void A::f() {}`
// is a `method` named `f`); `using` aliases, typedefs and concepts → type; namespace-scope variables;
// fields; macros; C-style typedefs of structs and enums as in C (c.ts).
//
// `template <…>` is part of the declaration's span, so is `extern "C"` before a definition; the
// comments above are its context. An out-of-class definition is not nested under its class (nesting
// is by containment): it stays where it is written, a `method` named by its qualified name
// (`Stats::ratio`, `Stats::~Stats`, `Stats::operator==`), or by its last name scoped by the
// template when the class is one (`LruCache<K, V>::get` → `get` in `LruCache`). A nested namespace is named `a::b`. A conversion
// operator is named by its target type (`operator bool`, `operator T*`, `Ptr::operator Action<F>`): the grammar has no
// node for that name alone, so the operator_cast (which runs on to the parameters) is captured and cut.
//
// The C++ grammar is large: a query step naming a node type that occurs in many parse states
// (`(function_declarator …)`) costs milliseconds to compile, a wildcard with field constraints
// almost nothing. So a function declarator is `(_ declarator: … parameters: (_))` and other
// declarators are `(_ declarator: … !parameters)`.
import { enumeratorsAndMacros, maskAnnotationMacros } from './c';
import type { OutlineSpec } from '../../ground/symbolTypes';

// Each alternative captures @name itself: an alternation nested directly in another (`[[a b] @name (c)]`)
// only ever matches its first branch in web-tree-sitter 0.27.
const NAMES = `(identifier) @name (field_identifier) @name (destructor_name) @name (operator_name) @name`;
const NAME = `[${NAMES}]`;

/** `f`, `~A`, `operator==` without a capture, for qualified names. */
const PLAIN = `[(identifier) (field_identifier) (destructor_name) (operator_name)]`;

/**
 * An out-of-class definition whose scopes are plain names (`Stats::ratio`, `a::B::f`) is named by
 * the whole qualified name: its segments make `Stats.ratio` resolve (namePath splits on `::`).
 */
const QUALIFIED = `[(_ scope: (_ !arguments) name: ${PLAIN}) (_ scope: (_ !arguments) name: (_ scope: (_ !arguments) name: ${PLAIN}))] @name`;

/**
 * When a scope is a template (`LruCache<K, V>::get`: the arguments would make a bad segment) it is
 * named by its last name, and @scope is the template (`LruCache`): its name path is `LruCache.get`.
 */
const TEMPLATE = `(_ name: (type_identifier) @scope arguments: (_))`;
const IN_TEMPLATE = `[(_ scope: ${TEMPLATE} name: ${NAME}) (_ scope: (_) name: (_ scope: ${TEMPLATE} name: ${NAME}))]`;

/** A function declarator named by `named`: `f()`, `*f()`, `**f()`, `&f()`. */
function functionIn(named: string): string {
  const fn = `(_ declarator: ${named} parameters: (_))`;
  return `[${fn} (_ declarator: [${fn} (_ declarator: ${fn})]) (reference_declarator ${fn})]`;
}

/**
 * `leaf` (holding @name) at the bottom of up to three non-function declarators (`x`, `*x`, `x[]`,
 * `x = 1`, `*x[] = {}`, `&x = y`), or a function pointer (`(*x)(int)`, `(*x)(int) = f`).
 */
function valueIn(leaf: string, depth = 3): string {
  if (depth === 0) return leaf;
  const inner = valueIn(leaf, depth - 1);
  if (depth < 3) return `[${leaf} (_ declarator: ${inner} !parameters)]`;
  const functionPointer = `(_ declarator: (parenthesized_declarator (_ declarator: ${leaf})) parameters: (_))`;
  return `[${leaf} (_ declarator: ${inner} !parameters) (_ declarator: (reference_declarator ${leaf})) ${functionPointer} (_ declarator: ${functionPointer})]`;
}

/**
 * Namespace-scope declarations: the file, namespaces and `extern "C"` blocks, include guards and #if
 * blocks, templates. (Each scope costs ~8 ms of query compile time: prototypes and variables directly
 * in #else/#elif branches are left out; classes, definitions and aliases there are found anyway.)
 */
const SCOPES = ['translation_unit', 'declaration_list', 'template_declaration', 'preproc_ifdef', 'preproc_if'];

/** `A`, `hash<Foo>` (a specialization), `Outer::Inner`, `std::hash<Foo>`. */
const className = `[(type_identifier) @name (_ name: (type_identifier) @name) (_ name: (_ name: (type_identifier) @name))]`;

const outline = `
(namespace_definition name: [(namespace_identifier) (nested_namespace_specifier)] @name) @symbol.module

(function_definition declarator: ${functionIn(`[${NAMES} (template_function name: (identifier) @name)]`)}) @symbol.function
(function_definition declarator: ${functionIn(QUALIFIED)}) @symbol.method
(function_definition declarator: ${functionIn(IN_TEMPLATE)}) @symbol.method
(function_definition declarator: (operator_cast) @name) @symbol.function
(field_declaration_list (declaration declarator: (operator_cast) @name) @symbol.function)
(function_definition declarator: (qualified_identifier scope: (_ !arguments) name: (operator_cast)) @name) @symbol.method
(function_definition declarator: (qualified_identifier scope: ${TEMPLATE} name: (operator_cast) @name)) @symbol.method
(field_declaration declarator: ${functionIn(NAME)}) @symbol.function
(field_declaration_list (declaration declarator: ${functionIn(NAME)}) @symbol.function)
${SCOPES.map((scope) => `(${scope} [(declaration declarator: ${functionIn(NAME)}) @symbol.function (declaration declarator: ${valueIn('(identifier) @name')}) @symbol.variable])`).join('\n')}

(class_specifier name: ${className} body: (_)) @symbol.class
(struct_specifier name: ${className} body: (_)) @symbol.class
(union_specifier name: ${className} body: (_)) @symbol.class
(enum_specifier name: ${className} body: (_)) @symbol.enum
(type_definition type: (_ !name body: (field_declaration_list)) declarator: (type_identifier) @name) @symbol.class
(type_definition type: (_ !name body: (enumerator_list)) declarator: (type_identifier) @name) @symbol.enum
((type_definition type: (_ name: (_) @tag body: (field_declaration_list)) declarator: (type_identifier) @name) @symbol.class (#not-eq? @tag @name))
((type_definition type: (_ name: (_) @tag body: (enumerator_list)) declarator: (type_identifier) @name) @symbol.enum (#not-eq? @tag @name))
(type_definition type: (_ !body) declarator: ${valueIn('(type_identifier) @name')}) @symbol.type
(alias_declaration name: (type_identifier) @name) @symbol.type
(concept_definition name: (identifier) @name) @symbol.type

(field_declaration declarator: ${valueIn('(field_identifier) @name')}) @symbol.field
${enumeratorsAndMacros}`;

/**
 * `operator bool`, `operator T*`, `A::operator Action<R(Args...)>`: a captured conversion operator
 * (`operator bool() const`) cut before its parameters, spaces made single. Other names pass as they are.
 */
export function conversionName(captured: string): string {
  const at = captured.search(/\boperator\s+(?!(new|delete|co_await)\b)[A-Za-z_:]/);
  if (at === -1) return captured;
  let depth = 0;
  for (let i = at; i < captured.length; i++) {
    const ch = captured[i];
    if (ch === '<') depth++;
    else if (ch === '>') depth--;
    else if (ch === '(' && depth <= 0) return captured.slice(0, i).replace(/\s+/g, ' ').trim();
  }
  return captured;
}

export const cpp: OutlineSpec = {
  grammar: 'cpp',
  outline,
  // template <…> and extern "C" belong to the declaration; a class defined as a member
  // (`struct Node {…};`) or in a typedef spans that declaration, so the comment above is its context.
  wrappers: ['template_declaration', 'linkage_specification', 'field_declaration', 'type_definition'],
  preamble: ['comment'],
  bodyFields: ['body'],
  methodParents: ['class'],
  // Prototypes and in-class method declarations: the definition (`void A::f() {}`) wins.
  declarations: ['declaration', 'field_declaration'],
  mask: maskAnnotationMacros,
  nameOf: conversionName,
};
