// Python outlines: classes, functions (methods inside classes), module constants, class fields.
import type { LanguageSpec } from '../types';

export const python: LanguageSpec = {
  grammar: 'python',
  languageIds: ['python'],
  extensions: ['py', 'pyi'],
  wasm: 'tree-sitter-python.wasm',
  outline: `
(class_definition name: (identifier) @name) @symbol.class
(function_definition name: (identifier) @name) @symbol.function
(module (expression_statement (assignment left: (identifier) @name)) @symbol.variable)
(class_definition body: (block (expression_statement (assignment left: (identifier) @name)) @symbol.field))
`,
  wrappers: ['decorated_definition'],
  preamble: ['comment'],
  bodyFields: ['body'],
  methodParents: ['class'],
};
