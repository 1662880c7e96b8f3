// C# outlines: namespaces (block and file-scoped) → module; classes, structs and records → class;
// interfaces; enums; delegates → type; methods, constructors, destructors, operators → method;
// properties, indexers (named `this`), fields, constants, events and enum members → field; local
// functions → function. Operators are named by their token (`+`), conversions by their target type.
// Attributes belong to the declaration node (so to its span); `///` doc comments above are context.
import type { OutlineSpec } from '../../ground/symbolTypes';

export const csharp: OutlineSpec = {
  grammar: 'c_sharp',
  outline: `
(namespace_declaration name: (_) @name) @symbol.module
(file_scoped_namespace_declaration name: (_) @name) @symbol.module
(class_declaration name: (identifier) @name) @symbol.class
(struct_declaration name: (identifier) @name) @symbol.class
(record_declaration name: (identifier) @name) @symbol.class
(interface_declaration name: (identifier) @name) @symbol.interface
(enum_declaration name: (identifier) @name) @symbol.enum
(delegate_declaration name: (identifier) @name) @symbol.type
(method_declaration name: (identifier) @name) @symbol.method
(constructor_declaration name: (identifier) @name) @symbol.method
(destructor_declaration name: (identifier) @name) @symbol.method
(operator_declaration operator: _ @name) @symbol.method
(conversion_operator_declaration type: (_) @name) @symbol.method
(local_function_statement name: (identifier) @name) @symbol.function
(property_declaration name: (identifier) @name) @symbol.field
(indexer_declaration "this" @name) @symbol.field
(event_declaration name: (identifier) @name) @symbol.field
(field_declaration (variable_declaration (variable_declarator name: (identifier) @name))) @symbol.field
(event_field_declaration (variable_declaration (variable_declarator name: (identifier) @name))) @symbol.field
(enum_member_declaration name: (identifier) @name) @symbol.field
`,
  // Top-level statements (C# 9): a local function sits in a global_statement.
  wrappers: ['global_statement'],
  preamble: ['comment'],
  // Methods and types have a body; properties, indexers and events have accessors or `=> value`.
  bodyFields: ['body', 'accessors', 'value'],
  openScopes: ['file_scoped_namespace_declaration'],
  methodParents: ['class', 'interface'],
};
