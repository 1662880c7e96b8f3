// Rust outlines: functions (methods inside impls and traits), structs/unions, enums and their
// variants, traits, type aliases and associated types, const/static, modules, macro_rules, fields.
//
// An `impl` block is a `class` symbol named by its self type (`impl<T> Display for Cache<T>` is
// `Cache`, `impl<T> Shape for &T` is `T`), so its functions are methods reachable as `Cache.get`;
// impls for tuples, slices, arrays, fn pointers and `dyn Trait` are not captured (their functions
// stay top-level). The struct and each of its impls are separate symbols with the same name.
// Doc comments and attributes above an item are its context.
import type { OutlineSpec } from '../../ground/symbolTypes';

const outline = `
(function_item name: (identifier) @name) @symbol.function
(function_signature_item name: (identifier) @name) @symbol.function
(struct_item name: (type_identifier) @name) @symbol.class
(union_item name: (type_identifier) @name) @symbol.class
(enum_item name: (type_identifier) @name) @symbol.enum
(trait_item name: (type_identifier) @name) @symbol.interface
(impl_item type: [
  (type_identifier) @name
  (primitive_type) @name
  (scoped_type_identifier name: (type_identifier) @name)
  (generic_type type: [(type_identifier) @name (scoped_type_identifier name: (type_identifier) @name)])
  (reference_type type: [(type_identifier) @name (primitive_type) @name (generic_type type: (type_identifier) @name)])
]) @symbol.class
(type_item name: (type_identifier) @name) @symbol.type
(associated_type name: (type_identifier) @name) @symbol.type
(const_item name: (identifier) @name) @symbol.variable
(static_item name: (identifier) @name) @symbol.variable
(mod_item name: (identifier) @name) @symbol.module
(macro_definition name: (identifier) @name) @symbol.function
(field_declaration name: (field_identifier) @name) @symbol.field
(enum_variant name: (identifier) @name) @symbol.field
`;

export const rust: OutlineSpec = {
  grammar: 'rust',
  outline,
  wrappers: [],
  preamble: ['line_comment', 'block_comment', 'attribute_item'],
  bodyFields: ['body'],
  methodParents: ['class', 'interface'],
};
