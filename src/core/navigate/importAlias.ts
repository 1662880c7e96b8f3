// A renamed import (`import { createConnection as createCommonConnection }`, Python `from m import
// a as b`): the uses of the new name are uses of the imported one, and the new name's own place in
// the import is its declaration.
import type { Node } from 'web-tree-sitter';
import { fieldOf } from './nodeFields';

/** The import that renames `node` (the imported name), when one does. */
function renaming(node: Node): Node | undefined {
  const parent = node.parent;
  if (!parent || fieldOf(node) === 'alias') return undefined;
  if (parent.type === 'import_specifier' && fieldOf(node) === 'name') return parent;
  // Python: the last name of `pkg.mod` in `from x import pkg.mod as m`.
  const holder = parent.parent;
  if (parent.type === 'dotted_name' && holder?.type === 'aliased_import' && parent.lastNamedChild?.id === node.id)
    return holder;
  return undefined;
}

/** The name `node` is imported as, when the import renames it. */
export function importAlias(node: Node): string | undefined {
  const alias = renaming(node)?.childForFieldName('alias');
  return alias && alias.text !== node.text ? alias.text : undefined;
}

/** Whether `node` is the new name a renaming import declares. */
export function isImportAlias(node: Node): boolean {
  return fieldOf(node) === 'alias' && /^(import_specifier|aliased_import)$/.test(node.parent?.type ?? '');
}
