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

/** Most names one name is judged as (a name built of many layers of copies stops there). */
const MAX_NAMES = 16;

/** The names one name may be a copy of (itself excluded): every way of peeling its variant endings. */
function originals(name: string): string[] {
  const found = new Set<string>();
  const queue = [name];
  while (queue.length > 0 && found.size < MAX_NAMES) {
    const at = queue.shift()!;
    const next: string[] = [];
    const trimmed = at.replace(/[ .]+$/, '');
    if (trimmed !== at && trimmed.length > 0) next.push(trimmed);
    if (at.length > 2 && at.startsWith('#') && at.endsWith('#')) next.push(at.slice(1, -1));
    const lower = at.toLowerCase();
    for (const suffix of BACKUP_SUFFIXES) {
      if (!lower.endsWith(suffix) || at.length <= suffix.length) continue;
      const base = at.slice(0, -suffix.length);
      next.push(base);
      // Vim names the swap file of "id_rsa" ".id_rsa.swp".
      if (SWAP_SUFFIXES.has(suffix) && base.startsWith('.') && base.length > 1) next.push(base.slice(1));
    }
    for (const n of next) {
      if (n === name || found.has(n)) continue;
      found.add(n);
      queue.push(n);
    }
  }
  return [...found];
}

/**
 * The paths `posix` (forward slashes) may be a copy of: each name replaced by every name it may
 * copy (at most 16 paths). Empty when no name is a variant.
 */
export function variantsOf(posix: string): string[] {
  if (!MAY_BE_VARIANT.test(posix)) return [];
  const names = posix.split('/');
  let paths = [names];
  names.forEach((name, i) => {
    if (name === '' || name === '.' || name === '..') return;
    const others = originals(name);
    if (others.length === 0) return;
    paths = paths.flatMap((p) => [p, ...others.map((o) => p.map((n, j) => (j === i ? o : n)))]).slice(0, MAX_NAMES + 1);
  });
  return paths.slice(1).map((p) => p.join('/'));
}
