// Ruby outlines: modules → module; classes and `class << self` (named "self") → class;
// `def` and `def self.x` → method inside classes and modules (function at the top level);
// `Point = Struct.new(…)` / `Class.new` / `Data.define` → class; other constants → variable;
// attr_accessor/attr_reader/attr_writer names → field.
// `private def x` belongs to the method's span; `#` comments directly above are context.
import type { OutlineSpec } from '../../ground/symbolTypes';

export const ruby: OutlineSpec = {
  grammar: 'ruby',
  outline: `
(module name: (_) @name) @symbol.module
(class name: (_) @name) @symbol.class
(singleton_class value: (_) @name) @symbol.class
(method name: (_) @name) @symbol.function
(singleton_method name: (_) @name) @symbol.function
(assignment left: (constant) @name right: (call) @_new (#match? @_new "^(Class|Struct|Data)[.](new|define)([^A-Za-z0-9_?!]|$)")) @symbol.class
(assignment left: (constant) @name) @symbol.variable
(call method: (identifier) @_attr arguments: (argument_list (simple_symbol) @name) (#match? @_attr "^attr_(accessor|reader|writer)$")) @symbol.field
`,
  // `private def helper` / `memoize def x`: the modifier call is part of the method.
  wrappers: ['argument_list', 'call'],
  preamble: ['comment'],
  bodyFields: ['body'],
  methodParents: ['class', 'module'],
};
