// C outlines: function definitions and prototypes (also pointer-returning ones), structs and unions
// → class, enums and their enumerators, typedefs, file-scope variables (also inside #if/#ifdef and
// extern "C" blocks), struct/union fields (also function-pointer members), and macros with a value
// (`#define N 4` → variable, `#define MAX(a, b) …` → function; include guards and bare flags have no
// value and are left out).
//
// A typedef of a struct/enum with a body is that class/enum, named by the typedef name; a struct tag
// that differs (`typedef struct node {…} node_t;`) is a second symbol over the same lines, so both
// `node` and `node_t` resolve.
import type { LanguageSpec } from '../types';

/** A declarator that names `name` through up to two pointers and/or an array (no function). */
export function valueDeclarator(name: string): string {
  const plain = `${name} @name`;
  const pointer = `(pointer_declarator declarator: [${plain} (pointer_declarator declarator: ${plain})])`;
  const array = `(array_declarator declarator: [${plain} ${pointer}])`;
  const functionPointer = `(function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: ${plain})))`;
  return `[${plain} ${pointer} ${array} ${functionPointer}]`;
}

/** A function declarator for `name`, returning a value, a pointer, a pointer to pointer, or a function pointer. */
export function functionDeclarator(name: string): string {
  const fn = `(function_declarator declarator: ${name} @name)`;
  return `[
    ${fn}
    (pointer_declarator declarator: [${fn} (pointer_declarator declarator: ${fn})])
    (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: ${fn})))
  ]`;
}

const variable = `[${valueDeclarator('(identifier)')} (init_declarator declarator: ${valueDeclarator('(identifier)')})]`;

/** Where a declaration is at file scope: the file, preprocessor blocks, `extern "C" { … }`. */
const FILE_SCOPES = ['translation_unit', 'preproc_if', 'preproc_ifdef', 'preproc_else', 'preproc_elif', 'preproc_elifdef', 'declaration_list'];

/** Types a plain typedef can name (struct/union/enum only without a body: those are classes). */
const plainType = `[(primitive_type) (type_identifier) (sized_type_specifier) (macro_type_specifier) (struct_specifier !body) (union_specifier !body) (enum_specifier !body)]`;

const outline = `
(function_definition declarator: ${functionDeclarator('(identifier)')}) @symbol.function
(declaration declarator: ${functionDeclarator('(identifier)')}) @symbol.function

(struct_specifier name: (type_identifier) @name body: (_)) @symbol.class
(union_specifier name: (type_identifier) @name body: (_)) @symbol.class
(enum_specifier name: (type_identifier) @name body: (_)) @symbol.enum
(type_definition type: (struct_specifier !name body: (_)) @symbol.class declarator: (type_identifier) @name)
(type_definition type: (union_specifier !name body: (_)) @symbol.class declarator: (type_identifier) @name)
(type_definition type: (enum_specifier !name body: (_)) @symbol.enum declarator: (type_identifier) @name)
((type_definition type: (struct_specifier name: (_) @tag body: (_)) @symbol.class declarator: (type_identifier) @name) (#not-eq? @tag @name))
((type_definition type: (union_specifier name: (_) @tag body: (_)) @symbol.class declarator: (type_identifier) @name) (#not-eq? @tag @name))
((type_definition type: (enum_specifier name: (_) @tag body: (_)) @symbol.enum declarator: (type_identifier) @name) (#not-eq? @tag @name))
(type_definition type: ${plainType} declarator: ${valueDeclarator('(type_identifier)')}) @symbol.type

${FILE_SCOPES.map((scope) => `(${scope} (declaration declarator: ${variable}) @symbol.variable)`).join('\n')}

(field_declaration declarator: ${valueDeclarator('(field_identifier)')}) @symbol.field
(enumerator name: (identifier) @name) @symbol.field

(preproc_def name: (identifier) @name value: (_)) @symbol.variable
(preproc_function_def name: (identifier) @name) @symbol.function
`;

export const c: LanguageSpec = {
  grammar: 'c',
  languageIds: ['c'],
  extensions: ['c', 'h'],
  wasm: 'tree-sitter-c.wasm',
  outline,
  // A struct/union/enum captured inside a typedef spans the whole typedef.
  wrappers: ['type_definition'],
  preamble: ['comment'],
  bodyFields: ['body'],
  methodParents: ['class'],
};
