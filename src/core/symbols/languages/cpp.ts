// cpp outlines. (Minimal: functions only; the full query is being written.)
import type { LanguageSpec } from '../types';

export const cpp: LanguageSpec = {
  grammar: 'cpp',
  languageIds: ['cpp'],
  extensions: ['cc', 'cpp', 'cxx', 'hpp', 'hh', 'hxx'],
  wasm: 'tree-sitter-cpp.wasm',
  outline: `
(function_definition declarator: (function_declarator declarator: (identifier) @name)) @symbol.function
`,
  wrappers: [],
  preamble: ['comment'],
  bodyFields: ['body'],
  methodParents: ['class', 'interface'],
};
