// Java outlines: classes and records, interfaces and annotation types, enums and their constants,
// methods and constructors (compact ones too), annotation elements, fields and interface constants,
// record components, modules (module-info.java). Nested, local and anonymous classes nest by
// containment. Annotations are a declaration's `modifiers`, so they are inside its span; the Javadoc
// above is its context.
import type { OutlineSpec } from '../../ground/symbolTypes';

const outline = `
(class_declaration name: (identifier) @name) @symbol.class
(record_declaration name: (identifier) @name) @symbol.class
(interface_declaration name: (identifier) @name) @symbol.interface
(annotation_type_declaration name: (identifier) @name) @symbol.interface
(enum_declaration name: (identifier) @name) @symbol.enum
(method_declaration name: (identifier) @name) @symbol.method
(constructor_declaration name: (identifier) @name) @symbol.method
(compact_constructor_declaration name: (identifier) @name) @symbol.method
(annotation_type_element_declaration name: (identifier) @name) @symbol.method
(field_declaration declarator: (variable_declarator name: (identifier) @name)) @symbol.field
(constant_declaration declarator: (variable_declarator name: (identifier) @name)) @symbol.field
(enum_constant name: (identifier) @name) @symbol.field
(record_declaration parameters: (formal_parameters (formal_parameter name: (identifier) @name) @symbol.field))
(module_declaration name: (_) @name) @symbol.module
`;

export const java: OutlineSpec = {
  grammar: 'java',
  outline,
  wrappers: [],
  preamble: ['block_comment', 'line_comment'],
  bodyFields: ['body'],
  methodParents: ['class', 'interface'],
};
