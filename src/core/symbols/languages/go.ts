// Go outlines: functions, methods (by receiver), structs (kind struct), interfaces, defined types and aliases,
// package-level const (kind constant) and var, struct fields (embedded ones named by their type), interface methods.
//
// A declaration with one spec (`type T struct{…}`, `const X = 1`) is captured whole so its span
// and doc comment include the keyword; in a group (`const ( … )`) each spec is its own symbol with
// its own doc comment. Methods are declared outside their type: they stay top-level symbols in file
// order (the receiver is in the signature), scoped by their receiver type, so `Server.Start`
// resolves in any file of the package.
import type { OutlineSpec } from '../../ground/symbolTypes';

/** The receiver's type (`Server` in `func (s *Server) Start()`, `Queue` in `func (q *Queue[T]) Push`): the method's scope. */
const RECEIVER = `[(type_identifier) @scope (pointer_type (type_identifier) @scope) (generic_type type: (type_identifier) @scope) (pointer_type (generic_type type: (type_identifier) @scope))]`;

/** A declaration written as `kw ( … )`: its specs are the symbols, not the declaration. */
const single = (capture: string, keyword: string): string => `(#not-match? @${capture} "^${keyword}\\\\s*\\\\(")`;

const outline = `
(function_declaration name: (identifier) @name) @symbol.function
(method_declaration receiver: (parameter_list (parameter_declaration type: ${RECEIVER})) name: (field_identifier) @name) @symbol.method
(method_declaration name: (field_identifier) @name) @symbol.method

((type_declaration (type_spec name: (type_identifier) @name type: (struct_type))) @symbol.struct ${single('symbol.struct', 'type')})
((type_declaration (type_spec name: (type_identifier) @name type: (interface_type))) @symbol.interface ${single('symbol.interface', 'type')})
((type_declaration [(type_spec name: (type_identifier) @name) (type_alias name: (type_identifier) @name)]) @symbol.type ${single('symbol.type', 'type')})
(type_declaration "(" (type_spec name: (type_identifier) @name type: (struct_type)) @symbol.struct)
(type_declaration "(" (type_spec name: (type_identifier) @name type: (interface_type)) @symbol.interface)
(type_declaration "(" [(type_spec name: (type_identifier) @name) (type_alias name: (type_identifier) @name)] @symbol.type)

(source_file ((const_declaration (const_spec name: (identifier) @name)) @symbol.constant ${single('symbol.constant', 'const')}))
(source_file (const_declaration "(" (const_spec name: (identifier) @name) @symbol.constant))
(source_file (var_declaration (var_spec name: (identifier) @name)) @symbol.variable)
(source_file (var_declaration (var_spec_list (var_spec name: (identifier) @name) @symbol.variable)))

(field_declaration name: (field_identifier) @name) @symbol.field
(field_declaration !name type: [(type_identifier) @name (qualified_type name: (type_identifier) @name) (generic_type type: [(type_identifier) @name (qualified_type name: (type_identifier) @name)])]) @symbol.field
(method_elem name: (field_identifier) @name) @symbol.method
`;

export const go: OutlineSpec = {
  grammar: 'go',
  outline,
  wrappers: [],
  preamble: ['comment'],
  bodyFields: ['body'],
  methodParents: ['struct', 'interface'],
};
