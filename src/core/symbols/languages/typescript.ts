// TypeScript, TSX and JavaScript outlines. The stock tags.scm misses type aliases, enums,
// namespaces, fields and top-level constants, hence these queries.
import type { OutlineSpec } from '../../ground/symbolTypes';

const shared = `
(function_declaration name: (identifier) @name) @symbol.function
(generator_function_declaration name: (identifier) @name) @symbol.function
(class_declaration name: (_) @name) @symbol.class
(method_definition name: (_) @name) @symbol.method
(lexical_declaration (variable_declarator name: (identifier) @name value: [(arrow_function) (function_expression) (generator_function)])) @symbol.function
(variable_declaration (variable_declarator name: (identifier) @name value: [(arrow_function) (function_expression) (generator_function)])) @symbol.function
(program (lexical_declaration (variable_declarator name: (identifier) @name)) @symbol.variable)
(program (variable_declaration (variable_declarator name: (identifier) @name)) @symbol.variable)
(export_statement declaration: (lexical_declaration (variable_declarator name: (identifier) @name)) @symbol.variable)
(export_statement declaration: (variable_declaration (variable_declarator name: (identifier) @name)) @symbol.variable)
`;

const typescriptOnly = `
(function_signature name: (identifier) @name) @symbol.function
(abstract_class_declaration name: (_) @name) @symbol.class
(interface_declaration name: (_) @name) @symbol.interface
(type_alias_declaration name: (_) @name) @symbol.type
(enum_declaration name: (_) @name) @symbol.enum
(internal_module name: (_) @name) @symbol.module
(module name: (_) @name) @symbol.module
(method_signature name: (_) @name) @symbol.method
(abstract_method_signature name: (_) @name) @symbol.method
(public_field_definition name: (_) @name) @symbol.field
(property_signature name: (_) @name) @symbol.field
`;

// Module-level variables of declaration files and namespaces: \`declare var/const\`, and \`var\`/\`let\`/
// \`const\` in a namespace, \`declare module\` or \`declare global\` body, and in a \`global { … }\` inside
// a \`declare module\` (the grammar has no rule for it: it reads an expression \`global\` and a bare block).
// After \`shared\`, so that one holding a function stays a function.
const typescriptVariables = `
(ambient_declaration [(lexical_declaration (variable_declarator name: (identifier) @name)) (variable_declaration (variable_declarator name: (identifier) @name))] @symbol.variable)
(internal_module body: (statement_block [(lexical_declaration (variable_declarator name: (identifier) @name)) (variable_declaration (variable_declarator name: (identifier) @name))] @symbol.variable))
(module body: (statement_block [(lexical_declaration (variable_declarator name: (identifier) @name)) (variable_declaration (variable_declarator name: (identifier) @name))] @symbol.variable))
(ambient_declaration (statement_block [(lexical_declaration (variable_declarator name: (identifier) @name)) (variable_declaration (variable_declarator name: (identifier) @name))] @symbol.variable))
(statement_block (expression_statement (identifier) @_global (#eq? @_global "global")) . (statement_block [(lexical_declaration (variable_declarator name: (identifier) @name)) (variable_declaration (variable_declarator name: (identifier) @name))] @symbol.variable))
`;

const common = {
  wrappers: ['export_statement', 'ambient_declaration'],
  preamble: ['comment', 'decorator'],
  bodyFields: ['body'],
  methodParents: ['class', 'interface'] as const,
  // Overload signatures: read together with the implementation (or the last signature) after them.
  declarations: ['function_signature', 'method_signature', 'abstract_method_signature'],
  mergeOverloads: true,
};

export const typescript: OutlineSpec = {
  grammar: 'typescript',
  outline: typescriptOnly + shared + typescriptVariables,
  ...common,
};

export const tsx: OutlineSpec = {
  grammar: 'tsx',
  outline: typescriptOnly + shared + typescriptVariables,
  ...common,
};

export const javascript: OutlineSpec = {
  grammar: 'javascript',
  outline: `${shared}
(field_definition property: (_) @name) @symbol.field
`,
  ...common,
};
