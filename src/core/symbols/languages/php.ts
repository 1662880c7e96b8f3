// PHP outlines: namespaces → module; classes and traits → class; interfaces; enums; functions;
// methods (also of anonymous classes, e.g. Laravel migrations); properties (named with their `$`),
// class constants and enum cases → field; top-level `const` and `define('NAME', …)` → variable.
// Attributes `#[…]` belong to the declaration node (so to its span); docblocks above are context.
// `const_element . (name)`: the anchor keeps a constant used as the value (`const B = A;`) out.
import type { OutlineSpec } from '../../ground/symbolTypes';

export const php: OutlineSpec = {
  grammar: 'php',
  outline: `
(namespace_definition name: (namespace_name) @name) @symbol.module
(class_declaration name: (name) @name) @symbol.class
(trait_declaration name: (name) @name) @symbol.class
(interface_declaration name: (name) @name) @symbol.interface
(enum_declaration name: (name) @name) @symbol.enum
(function_definition name: (name) @name) @symbol.function
(method_declaration name: (name) @name) @symbol.method
(enum_case name: (name) @name) @symbol.field
(property_declaration (property_element name: (variable_name) @name)) @symbol.field
(declaration_list (const_declaration (const_element . (name) @name)) @symbol.field)
(enum_declaration_list (const_declaration (const_element . (name) @name)) @symbol.field)
(const_declaration (const_element . (name) @name)) @symbol.variable
(expression_statement (function_call_expression function: (name) @_define arguments: (arguments . (argument (string (string_content) @name)))) (#eq? @_define "define")) @symbol.variable
`,
  wrappers: [],
  preamble: ['comment'],
  bodyFields: ['body'],
  openScopes: ['namespace_definition'],
  methodParents: ['class', 'interface', 'enum'],
};
