// Whether an identifier is the name a declaration introduces (a function, a class, a variable, a
// parameter, a namespace's head), which mode "references" never lists as a use.
import type { Node } from 'web-tree-sitter';
import { fieldOf } from './nodeFields';

const DECLARATION =
  /declaration|definition|declarator|_item$|_spec$|signature|^class$|^module$|^internal_module$|^method$|^singleton_method$|^function$|enum_member|enum_variant|constructor_declaration/;
const NOT_DECLARATION = /call|invocation|access|selector|expression|specifier|import|argument/;
/** A parameter node whose `name`/`pattern` field is the parameter's name (TS, Java, Rust, Python defaults). */
const PARAMETER = /parameter$/;
/** A parameter list that holds bare names (Python `def f(x)`, Ruby `def f(a)`, JavaScript `function f(a)`). */
const PARAMETER_LIST = /(^|_)parameters$/;
/** Python `*args` / `**kw` and typed parameters, whose name is their first child. */
const NAME_FIRST_PARAMETER = /^(list_splat_pattern|dictionary_splat_pattern|typed_parameter)$/;

export function isDeclarationName(node: Node): boolean {
  const parent = node.parent;
  if (!parent) return false;
  if (isParameterName(node, parent) || isClassAttribute(node, parent)) return true;
  if (NOT_DECLARATION.test(parent.type) || !DECLARATION.test(parent.type)) return false;
  const field = fieldOf(node);
  return field === 'name' || field === 'declarator';
}

function isParameterName(node: Node, parent: Node): boolean {
  const field = fieldOf(node);
  // An arrow function's one bare parameter (`x => x + 1`).
  if (field === 'parameter') return true;
  if (PARAMETER_LIST.test(parent.type)) return field === null && /identifier/.test(node.type);
  if (PARAMETER.test(parent.type) && (field === 'name' || field === 'pattern')) return true;
  if (!NAME_FIRST_PARAMETER.test(parent.type) || parent.firstNamedChild?.id !== node.id) return false;
  return parent.type === 'typed_parameter' || PARAMETER_LIST.test(parent.parent?.type ?? '');
}

/** Python `config = None` / `config: Config` in a class's body: the attribute's declaration. */
function isClassAttribute(node: Node, parent: Node): boolean {
  if (parent.type !== 'assignment' || fieldOf(node) !== 'left') return false;
  const body = parent.parent?.type === 'expression_statement' ? parent.parent.parent : null;
  return body?.type === 'block' && body.parent?.type === 'class_definition';
}
