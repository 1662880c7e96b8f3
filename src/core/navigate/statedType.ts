// The type a file states a key belongs to: a Go composite literal's key (`&Command{Use: "root"}`,
// `cobra.Command{…}`, `[]Command{{Use: …}}`), a TypeScript object literal's key or shorthand property
// whose type the file writes (`const x: Opts = { a }`, `{ a } as Opts`, `f({ a })` where f is declared
// in the file with a typed parameter, `return { a }` from a function that declares its return type).
// The key is then a use of that type's member, as surely as `Opts.a` would be.
import type { Node } from 'web-tree-sitter';
import { fieldOf } from './nodeFields';

/** Functions of the file by name, found once per pass (reset with the field cache's pass). */
let declaredFunctions: Map<string, Node> | undefined;

export function resetStatedTypes(): void {
  declaredFunctions = undefined;
}

/** The name of the type `node` (a key) is stated to belong to, or undefined when the file does not say. */
export function statedType(node: Node): string | undefined {
  const parent = node.parent;
  if (!parent) return undefined;
  if (parent.type === 'literal_element' && fieldOf(parent) === 'key' && node.type === 'identifier')
    return goLiteralType(parent.parent?.parent ?? null);
  if (node.type === 'shorthand_property_identifier' && parent.type === 'object') return objectType(parent);
  if (parent.type === 'pair' && fieldOf(node) === 'key' && /property_identifier|identifier/.test(node.type))
    return parent.parent?.type === 'object' ? objectType(parent.parent) : undefined;
  return undefined;
}

/** A named type's name (`Command`, `cobra.Command`, `Box[T]` → Box); undefined for other types. */
export function typeName(type: Node | null): string | undefined {
  if (!type) return undefined;
  switch (type.type) {
    case 'type_identifier':
    case 'qualified_type':
    case 'nested_type_identifier':
    case 'identifier': // Python's `h: Headers`
    case 'attribute': // Python's `h: http.Headers`
      return type.text;
    case 'type': // Python's annotation
      return type.namedChildCount === 1 ? typeName(type.firstNamedChild) : undefined;
    case 'generic_type':
      // Go `Box[T]` (its field `type`); TypeScript's `Partial<Opts>` names no member's owner.
      return typeName(type.childForFieldName('type'));
    case 'pointer_type':
    case 'type_annotation':
      return typeName(type.firstNamedChild);
    default:
      return undefined;
  }
}

// --- Go -------------------------------------------------------------------------------------------

/** The type node of the literal whose body is `value` (a literal_value), elided types followed outwards. */
function goLiteralTypeNode(value: Node | null, depth = 0): Node | null {
  if (!value || value.type !== 'literal_value' || depth > 8) return null;
  const holder = value.parent;
  if (holder?.type === 'composite_literal') return holder.childForFieldName('type');
  // `[]Command{{Use: …}}`, `map[string]Command{"k": {Use: …}}`: the element or value type of the outer literal.
  if (holder?.type !== 'literal_element') return null;
  const slot = holder.parent;
  const outerValue = slot?.type === 'keyed_element' ? slot.parent : slot;
  let outer = goLiteralTypeNode(outerValue ?? null, depth + 1);
  while (outer?.type === 'pointer_type') outer = outer.firstNamedChild;
  if (!outer) return null;
  if (outer.type === 'map_type')
    return outer.childForFieldName(slot?.type === 'keyed_element' && fieldOf(holder) === 'key' ? 'key' : 'value');
  if (/array_type|slice_type/.test(outer.type)) return outer.childForFieldName('element');
  return null;
}

function goLiteralType(value: Node | null): string | undefined {
  let type = goLiteralTypeNode(value);
  while (type?.type === 'pointer_type') type = type.firstNamedChild;
  return typeName(type);
}

// --- TypeScript -----------------------------------------------------------------------------------

/** The type the file states for an object literal, by where it stands. */
function objectType(object: Node): string | undefined {
  const holder = object.parent;
  if (!holder) return undefined;
  switch (holder.type) {
    case 'variable_declarator':
      return fieldOf(object) === 'value' ? typeName(holder.childForFieldName('type')) : undefined;
    case 'as_expression':
    case 'satisfies_expression':
      return typeName(holder.namedChild(1));
    case 'parenthesized_expression':
      return objectType(holder);
    case 'return_statement':
      return returnType(holder);
    case 'arguments':
      return parameterType(holder, object);
    default:
      return undefined;
  }
}

const FUNCTION =
  /^(function_declaration|function_expression|arrow_function|method_definition|generator_function_declaration)$/;

function returnType(statement: Node): string | undefined {
  for (let at = statement.parent; at; at = at.parent)
    if (FUNCTION.test(at.type)) return typeName(at.childForFieldName('return_type'));
  return undefined;
}

/** `f({ a })`: the type of f's parameter at the object's place, when f is a function the file declares. */
function parameterType(args: Node, object: Node): string | undefined {
  const call = args.parent;
  const callee = call?.type === 'call_expression' ? call.childForFieldName('function') : null;
  if (callee?.type !== 'identifier') return undefined;
  const declared = functionsOf(args.tree.rootNode).get(callee.text);
  const parameters = declared?.childForFieldName('parameters');
  if (!parameters) return undefined;
  const index = args.namedChildren.findIndex((arg) => arg?.id === object.id);
  const parameter = parameters.namedChildren.filter((p) => p && /parameter/.test(p.type))[index];
  return typeName(parameter?.childForFieldName('type') ?? null);
}

function functionsOf(root: Node): Map<string, Node> {
  if (declaredFunctions) return declaredFunctions;
  const found = new Map<string, Node>();
  for (const fn of root.descendantsOfType(['function_declaration', 'generator_function_declaration'])) {
    const name = fn?.childForFieldName('name')?.text;
    if (name && fn && !found.has(name)) found.set(name, fn);
  }
  for (const declarator of root.descendantsOfType('variable_declarator')) {
    const value = declarator?.childForFieldName('value');
    const name = declarator?.childForFieldName('name')?.text;
    if (name && value && /arrow_function|function_expression/.test(value.type) && !found.has(name))
      found.set(name, value);
  }
  declaredFunctions = found;
  return found;
}
