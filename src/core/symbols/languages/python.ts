// Python outlines: classes, functions (methods inside classes), module constants, class fields.
import type { OutlineSpec } from '../../ground/symbolTypes';

/** `a = b = c = 1` nests assignments on the right: each target is a symbol (up to 8 of them). */
function chained(target: string): string {
  const patterns: string[] = [];
  for (let depth = 1; depth <= 8; depth++) {
    patterns.push('(assignment right: '.repeat(depth - 1) + `(assignment left: ${target})` + ')'.repeat(depth - 1));
  }
  return `[${patterns.join(' ')}]`;
}

export const python: OutlineSpec = {
  grammar: 'python',
  outline: `
(class_definition name: (identifier) @name) @symbol.class
(function_definition name: (identifier) @name) @symbol.function
(module (expression_statement ${chained('(identifier) @name')}) @symbol.variable)
(class_definition body: (block (expression_statement ${chained('(identifier) @name')}) @symbol.field))
`,
  wrappers: ['decorated_definition'],
  preamble: ['comment'],
  bodyFields: ['body'],
  methodParents: ['class'],
};
