// A qualified target (`Type.member`) narrowed by what the syntax shows of each use of `member`: the
// qualifier before it (`Type.member`, `this.member` inside Type), or the symbol it sits in. A use
// whose receiver tree-sitter cannot tie to a type is kept and marked uncertain; one that plainly
// belongs to another type is left out and counted.

export type Certainty = 'sure' | 'unsure' | 'other';

const SELF = new Set(['this', 'self', '$this', 'cls', 'super', 'base', 'Me', 'MyBase', 'static', 'parent']);

/** Types every value has: a receiver stated as one may be of any type. */
const TOP_TYPES = new Set(['any', 'unknown', 'object', 'Any', 'Object']);

/** The last name of a qualifier (`pkg.Type` → Type, `a->b` → b, `Outer::Type<T>` → Type). */
function lastName(qualifier: string): string {
  const parts = qualifier.replace(/<.*>$/, '').split(/\?\.|\.|->|::/);
  return parts[parts.length - 1] ?? qualifier;
}

/**
 * How surely a use of the member belongs to `owner`: `qualifier` is what stands before the name,
 * `enclosing` the name path of the symbol the use sits in.
 */
export function certainty(
  owner: string,
  qualifier: string | undefined,
  enclosing: readonly string[],
  receiver?: string,
  statedType?: string,
): Certainty {
  // A key of a literal whose type the file states (`Command{Use: …}`) belongs to that type alone; a
  // receiver whose type the file states (`h: Headers`, `c = Child()`) is sure when it is the owner,
  // and otherwise may still reach the owner's member (a subclass, an alias such as `ZodTypeAny`):
  // unsure, listed with `~`, never hidden.
  const stated = statedType === undefined ? undefined : lastName(statedType);
  if (stated !== undefined && !TOP_TYPES.has(stated)) {
    if (stated === owner) return 'sure';
    return qualifier !== undefined ? 'unsure' : 'other';
  }
  const insideOwner = enclosing.includes(owner);
  if (insideOwner && receiver !== undefined && qualifier === receiver) return 'sure';
  if (qualifier === undefined) return insideOwner ? 'sure' : 'other';
  const last = lastName(qualifier);
  if (last === owner) return 'sure';
  if (SELF.has(qualifier) || qualifier === '@') return insideOwner ? 'sure' : 'other';
  // A capitalised plain name is a type or a module (`Other.member`): another owner.
  if (/^[A-Z][A-Za-z0-9_]*$/.test(last) && last !== owner && qualifier === last) return 'other';
  return 'unsure';
}
