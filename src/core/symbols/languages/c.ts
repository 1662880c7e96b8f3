// C outlines: function definitions and prototypes (also pointer-returning ones), structs and unions
// → class, enums and their enumerators, typedefs, file-scope variables (also inside #if/#ifdef and
// extern "C" blocks), struct/union fields (also function-pointer members), and macros with a value
// (`#define N 4` → variable, `#define MAX(a, b) …` → function; include guards and bare flags have no
// value and are left out). Enumerators are fields of their enum; those of an anonymous enum
// (`enum { A, B };`, the idiom for integer constants) are variables.
//
// A typedef of a struct/enum with a body is that class/enum, named by the typedef name; a struct tag
// that differs (`typedef struct node {…} node_t;`) is a second symbol over the same lines (it holds
// the fields), so both `node` and `node_t` resolve.
//
// Declarators nest (`*name`, `name[]`, `(*name)(int)`, `name = value`): the patterns walk them with
// wildcards over the `declarator` field, which compiles far faster than listing every shape.
import type { OutlineSpec } from '../../ground/symbolTypes';

/** `leaf` as the name at the bottom of up to `depth` nested declarators (pointer, array, init, function, parentheses). */
function nameIn(leaf: string, depth = 4): string {
  if (depth === 0) return `${leaf} @name`;
  const inner = nameIn(leaf, depth - 1);
  return `[${leaf} @name (_ declarator: ${inner}) (parenthesized_declarator ${inner})]`;
}

/** A function declarator named by `leaf`, bare or under pointers (`**f(void)`), or returning a function pointer. */
function functionIn(leaf: string): string {
  const fn = `(function_declarator declarator: ${leaf} @name)`;
  return `[${fn} (_ declarator: [${fn} (_ declarator: ${fn})]) (function_declarator declarator: (parenthesized_declarator (_ declarator: ${fn})))]`;
}

/** Where a declaration is at file scope: the file, preprocessor blocks, `extern "C" { … }`. */
const FILE_SCOPES = [
  'translation_unit',
  'preproc_if',
  'preproc_ifdef',
  'preproc_else',
  'preproc_elif',
  'preproc_elifdef',
  'declaration_list',
];

/** Types a plain typedef can name (struct/union/enum only without a body: those are classes). */
const plainType = `[(primitive_type) (type_identifier) (sized_type_specifier) (macro_type_specifier) (struct_specifier !body) (union_specifier !body) (enum_specifier !body)]`;

/**
 * Record types with a body (struct_specifier → class, …), named by their tag, and the typedefs over
 * them: an anonymous one is named by the typedef, a differing tag gives a second symbol (same tag
 * and name give one: `typedef struct foo {…} foo;`).
 */
function recordPatterns(records: readonly (readonly [string, string])[]): string {
  return records
    .map(
      ([type, kind]) => `(${type} name: (type_identifier) @name body: (_)) @symbol.${kind}
(type_definition type: (${type} !name body: (_)) declarator: (type_identifier) @name) @symbol.${kind}
((type_definition type: (${type} name: (_) @tag body: (_)) declarator: (type_identifier) @name) @symbol.${kind} (#not-eq? @tag @name))`,
    )
    .join('\n');
}

/** Enumerators and macros, shared with C++. */
export const enumeratorsAndMacros = `
(type_definition type: (enum_specifier body: (enumerator_list (enumerator name: (identifier) @name) @symbol.field)))
(enum_specifier !name body: (enumerator_list (enumerator name: (identifier) @name) @symbol.variable))
(enumerator name: (identifier) @name) @symbol.field
(preproc_def name: (identifier) @name value: (_)) @symbol.variable
(preproc_function_def name: (identifier) @name) @symbol.function
`;

/**
 * glibc-style prototypes (`extern int atoi (const char *) __THROW __wur;`): the macros after the
 * parameters make the declaration an ERROR node around a clean function declarator.
 */
const macroTrailedPrototype = `(ERROR type: (_) . [(function_declarator declarator: (identifier) @name) (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))]) @symbol.function`;

/** Spaces for `text`, keeping its line breaks (positions stay where they were). */
const blank = (text: string) => text.replace(/[^\n]/g, ' ');

/** Export macros (`GTEST_API_`, `LIBFOO_EXPORT`, `DLL_PUBLIC`): an all-caps name that says so or ends with `_`. */
const EXPORT_MACRO = String.raw`(?:[A-Z][A-Z0-9_]*(?:API|EXPORT|EXTERN|DLL|DECL|PUBLIC|VISIBLE|VISIBILITY)[A-Z0-9_]*|[A-Z][A-Z0-9_]*_)`;

/** An all-caps macro called with arguments on one line (one level of nested parentheses). */
const MACRO_CALL = String.raw`[A-Z][A-Z0-9_]+\((?:[^()\n]|\([^()\n]*\))*\)`;
/** The same, named as a statement of its own (`GTEST_…_`, `…_PUSH`, `…_POP`): not a return type that goes on on the next line. */
const STATEMENT_MACRO_CALL = String.raw`[A-Z][A-Z0-9_]*(?:_|PUSH|POP|PRAGMA|WARNINGS?)\((?:[^()\n]|\([^()\n]*\))*\)`;

const MASKS: readonly [RegExp, number][] = [
  // `class GTEST_API_ Test {`, `struct DLL_EXPORT Foo : Base`: any all-caps words between the key and the name.
  [
    /\b(?:class|struct|union)(\s+)((?:[A-Z][A-Z0-9_]*\s+)+)(?=[A-Za-z_]\w*(?:\s*<[^;{}]*>)?\s*(?:final\b|:(?!:)|\{))/g,
    2,
  ],
  // `void f() GTEST_LOCK_EXCLUDED_(mu) {`, `int g() const LOCKS_EXCLUDED(m);`: annotations after the parameters.
  [
    /\)((?:\s*(?:const|noexcept|override|final|volatile|&&?))*)((?:\s+[A-Z][A-Z0-9]*_[A-Z0-9_]*(?:\s*\((?:[^()]|\([^()]*\))*\))?)+)(?=\s*(?:\{|;|=\s*(?:0|default|delete)\b|override\b|final\b|const\b|->))/g,
    2,
  ],
  // `GTEST_API_ void PrintTo(…);`, `LIBFOO_EXPORT int f(void)`: an export macro opening a declaration.
  [new RegExp(String.raw`^([ \t]*)(${EXPORT_MACRO})(?=[ \t]+[A-Za-z_])`, 'gm'), 2],
  // `GTEST_DISABLE_MSC_WARNINGS_PUSH_(4180)` alone on its line (no `;`, no body on the next line): a macro the grammar reads as a broken declaration.
  [new RegExp(String.raw`^([ \t]*)(${STATEMENT_MACRO_CALL})(?=[ \t]*(?:\/\/[^\n]*)?\n(?![ \t]*\{))`, 'gm'), 2],
  // `GMOCK_DEFINE_DEFAULT_ACTION_FOR_RETURN_TYPE_(bool, false);` at file scope: a macro that expands to declarations.
  [new RegExp(String.raw`^()(${MACRO_CALL}[ \t]*;)`, 'gm'), 2],
];

/**
 * Annotation macros blanked so the grammar sees plain declarations (tree-sitter does not expand
 * macros: `class GTEST_API_ Test {…}` otherwise parses as a function named Test).
 */
export function maskAnnotationMacros(text: string): string {
  let masked = text;
  for (const [pattern, group] of MASKS) {
    masked = masked.replace(pattern, (...match: string[]) => {
      const whole = match[0]!;
      const part = match[group]!;
      const at = whole.indexOf(part, group === 2 ? (match[1]?.length ?? 0) : 0);
      return whole.slice(0, at) + blank(part) + whole.slice(at + part.length);
    });
  }
  return masked;
}

const outline = `
(function_definition declarator: ${functionIn('(identifier)')}) @symbol.function
(declaration declarator: ${functionIn('(identifier)')}) @symbol.function
${macroTrailedPrototype}

${recordPatterns([
  ['struct_specifier', 'class'],
  ['union_specifier', 'class'],
  ['enum_specifier', 'enum'],
])}
(type_definition type: ${plainType} declarator: ${nameIn('(type_identifier)')}) @symbol.type

${FILE_SCOPES.map((scope) => `(${scope} (declaration declarator: ${nameIn('(identifier)')}) @symbol.variable)`).join('\n')}

(field_declaration declarator: ${nameIn('(field_identifier)')}) @symbol.field
${enumeratorsAndMacros}`;

export const c: OutlineSpec = {
  grammar: 'c',
  outline,
  // A struct/union/enum captured inside a typedef spans the whole typedef; `extern "C" int f() {}`.
  wrappers: ['type_definition', 'linkage_specification'],
  preamble: ['comment'],
  bodyFields: ['body'],
  methodParents: ['class'],
  // Prototypes (also glibc-style ones the macros after them make an ERROR) are declarations: a definition wins.
  declarations: ['declaration', 'ERROR'],
  mask: maskAnnotationMacros,
};
