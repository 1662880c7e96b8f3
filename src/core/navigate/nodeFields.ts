// The field name a syntax node holds in its parent (`name`, `key`, `type`…), cached per parent for one
// pass over a tree: a list of 2,000 uses as arguments is enumerated once, not once a use.
import type { Node } from 'web-tree-sitter';

/** The field name of each child by the child's id, per parent (node ids are only unique within a tree). */
let childFields = new Map<number, Map<number, string | null>>();

/** Runs `pass` over one tree with a fresh cache, emptied after. */
export function withFieldCache<T>(pass: () => T): T {
  childFields = new Map();
  try {
    return pass();
  } finally {
    childFields = new Map();
  }
}

export function fieldOf(node: Node): string | null {
  const parent = node.parent;
  if (!parent) return null;
  let fields = childFields.get(parent.id);
  if (!fields) {
    fields = new Map();
    for (let i = 0; i < parent.childCount; i++) {
      const child = parent.child(i);
      if (child && !fields.has(child.id)) fields.set(child.id, parent.fieldNameForChild(i));
    }
    childFields.set(parent.id, fields);
  }
  return fields.get(node.id) ?? null;
}
