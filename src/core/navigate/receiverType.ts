// The type a file states for a plain receiver (`headers` in `headers.get(…)`): the annotation of the
// parameter or variable that declares it in the nearest scope that does (`headers: Headers`,
// `const store: Store`, Go `h http.Header`, `var v Other`), or the class it is built from
// (`new Map()`, Python `s = Session()`, Go `w := &Command{}`). A receiver declared without either
// has no stated type, and names declared further out do not count past it.
import type { Node } from 'web-tree-sitter';
import { fieldOf } from './nodeFields';
import { typeName } from './statedType';

/** A declaration of a name: where it stands, and its stated type (null: declared, type not stated). */
interface Declared {
  at: number;
  type: string | null;
}

const SCOPE =
  /^(program|module|source_file|function_declaration|function_definition|function_expression|arrow_function|method_definition|method_declaration|func_literal|lambda|generator_function_declaration)$/;
const DECLARING = [
  'required_parameter',
  'optional_parameter',
  'variable_declarator',
  'typed_parameter',
  'typed_default_parameter',
  'default_parameter',
  'parameters',
  'lambda_parameters',
  'assignment',
  'parameter_declaration',
  'var_spec',
  'short_var_declaration',
];

/** Declarations by scope node id, then by name: built once per tree (reset with the pass). */
let byScope: Map<number, Map<string, Declared[]>> | undefined;

export function resetReceiverTypes(): void {
  byScope = undefined;
}

/** The type the file states for `receiver` where `node` uses it, or undefined when it does not say. */
export function receiverType(node: Node, receiver: string): string | undefined {
  byScope ??= declarationsOf(node.tree.rootNode);
  for (let scope: Node | null = node.parent; scope; scope = scope.parent) {
    if (!SCOPE.test(scope.type)) continue;
    const declared = byScope.get(scope.id)?.get(receiver);
    const last = declared?.filter((d) => d.at < node.startIndex).pop();
    if (last) return last.type ?? undefined;
  }
  return undefined;
}

function declarationsOf(root: Node): Map<number, Map<string, Declared[]>> {
  const found = new Map<number, Map<string, Declared[]>>();
  for (const declaration of root.descendantsOfType(DECLARING)) {
    if (!declaration) continue;
    let scope = declaration.parent;
    while (scope && !SCOPE.test(scope.type)) scope = scope.parent;
    if (!scope) continue;
    let names = found.get(scope.id);
    if (!names) found.set(scope.id, (names = new Map()));
    for (const [name, type] of declared(declaration)) {
      const list = names.get(name.text) ?? [];
      list.push({ at: name.startIndex, type: type ?? null });
      names.set(name.text, list);
    }
  }
  return found;
}

/** The names one declaration introduces, each with its stated type. */
function declared(node: Node): [Node, string | undefined][] {
  const type = node.childForFieldName('type');
  switch (node.type) {
    case 'required_parameter':
    case 'optional_parameter':
      return named(node.childForFieldName('pattern'), typeName(type));
    case 'variable_declarator':
    case 'var_spec':
      return named(node.childForFieldName('name'), typeName(type) ?? builtType(node.childForFieldName('value')));
    case 'typed_parameter':
      return named(node.firstNamedChild, typeName(type));
    case 'typed_default_parameter':
    case 'default_parameter':
    case 'parameter_declaration':
      return named(node.childForFieldName('name'), typeName(type));
    case 'parameters':
    case 'lambda_parameters':
      return node.namedChildren.flatMap((child) => (child && fieldOf(child) === null ? named(child, undefined) : []));
    case 'assignment':
      return named(node.childForFieldName('left'), typeName(type) ?? builtType(node.childForFieldName('right')));
    case 'short_var_declaration':
      return goShortVars(node);
    default:
      return [];
  }
}

function named(name: Node | null, type: string | undefined): [Node, string | undefined][] {
  return name?.type === 'identifier' ? [[name, type]] : [];
}

/**
 * The class a receiver is built from where the use builds it (`new Coach().drill()`, Python
 * `Coach().drill()`, `(new Coach()).drill()`): `access` is the member access the name is the member of.
 */
export function builtReceiverType(access: Node | undefined): string | undefined {
  let receiver = access?.childForFieldName('object') ?? access?.childForFieldName('operand') ?? null;
  while (receiver?.type === 'parenthesized_expression') receiver = receiver.firstNamedChild;
  return receiver?.type === 'expression_list' ? undefined : builtType(receiver);
}

/** The class a value is built from: `new Map()`, Python `Session()` (a capitalised callee), Go `&Command{}`. */
function builtType(value: Node | null): string | undefined {
  if (!value) return undefined;
  switch (value.type) {
    case 'new_expression': {
      const built = value.childForFieldName('constructor');
      return built?.type === 'identifier' || built?.type === 'member_expression' ? built.text : undefined;
    }
    case 'call': {
      const callee = value.childForFieldName('function');
      const last = callee?.type === 'attribute' ? callee.childForFieldName('attribute') : callee;
      return last?.type === 'identifier' && /^[A-Z]/.test(last.text) ? callee!.text : undefined;
    }
    case 'expression_list':
      return value.namedChildCount === 1 ? builtType(value.firstNamedChild) : undefined;
    case 'unary_expression':
      return builtType(value.childForFieldName('operand'));
    case 'composite_literal':
      return typeName(value.childForFieldName('type'));
    default:
      return undefined;
  }
}

/** Go `x, y := Command{}, 2`: each name with the type its value is built from. */
function goShortVars(node: Node): [Node, string | undefined][] {
  const names = node.childForFieldName('left')?.namedChildren ?? [];
  const values = node.childForFieldName('right')?.namedChildren ?? [];
  return names.flatMap((name, i) =>
    named(name, names.length === values.length ? builtType(values[i] ?? null) : undefined),
  );
}
