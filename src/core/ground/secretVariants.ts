// The names a secret hides behind: a backup or an editor's copy of a key is the key ("id_rsa.bak",
// "id_rsa~", ".id_rsa.swp", "#id_rsa#"), and a name with trailing spaces or dots is the same file
// on Windows (".env ", ".env."). Each name of a path is judged again as the name it copies.

/** Suffixes of backups and editors' copies, removed (repeatedly) before a name is judged again. */
export const BACKUP_SUFFIXES: readonly string[] = [
  '~',
  '.bak',
  '.backup',
  '.old',
  '.orig',
  '.save',
  '.swp',
  '.swo',
  '.tmp',
  '.copy',
];

const SWAP_SUFFIXES = new Set(['.swp', '.swo']);

/** Cheap first test: a name of the path ends like a variant (most paths do not, and pay nothing more). */
const MAY_BE_VARIANT = /(?:[ .~#]|\.(?:bak|backup|old|orig|save|swp|swo|tmp|copy))(?:\/|$)/i;

/** One name without what makes it a variant, and whether a swap suffix was among it (Vim's leading dot). */
function strip(name: string): { name: string; swap: boolean } {
  let swap = false;
  for (let changed = true; changed && name.length > 0;) {
    changed = false;
    const trimmed = name.replace(/[ .]+$/, '');
    if (trimmed !== name && trimmed.length > 0) {
      name = trimmed;
      changed = true;
    }
    if (name.length > 2 && name.startsWith('#') && name.endsWith('#')) {
      name = name.slice(1, -1);
      changed = true;
    }
    const lower = name.toLowerCase();
    for (const suffix of BACKUP_SUFFIXES) {
      if (lower.endsWith(suffix) && name.length > suffix.length) {
        name = name.slice(0, -suffix.length);
        swap ||= SWAP_SUFFIXES.has(suffix);
        changed = true;
        break;
      }
    }
  }
  return { name, swap };
}

/**
 * The paths `posix` (forward slashes) may be a variant of: every name stripped of variant endings,
 * and, where a swap suffix was stripped, without the dot Vim puts before the name. Empty when no
 * name is a variant.
 */
export function variantsOf(posix: string): string[] {
  if (!MAY_BE_VARIANT.test(posix)) return [];
  const names = posix.split('/');
  let changed = false;
  let swapAt = -1;
  const stripped = names.map((name, i) => {
    if (name === '' || name === '.' || name === '..') return name;
    const s = strip(name);
    if (s.name !== name) changed = true;
    if (s.swap && s.name.startsWith('.') && s.name.length > 1 && !s.name.startsWith('..')) swapAt = i;
    return s.name;
  });
  if (!changed) return [];
  const variants = [stripped.join('/')];
  if (swapAt !== -1) variants.push(stripped.map((n, i) => (i === swapAt ? n.slice(1) : n)).join('/'));
  return variants;
}
