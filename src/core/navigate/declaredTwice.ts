// A target whose name path is declared in more than one file (`V4UUID._randomHex` in a client and a
// server, zod's v3 and v4 `literal`): its uses are not one symbol's. Each use is tied to a declaration
// where the file shows which — it declares one, or imports the module of exactly one — and the rest
// stay listed but uncertain; the answer names each declaring file with the path that narrows to it.

/** Module names a file imports: `from './x'`, `require('x')`, `import 'x'`, Python `from a.b import`, `import a.b`, Go's package paths. */
export function importedModules(text: string): string[] {
  const found = new Set<string>();
  const patterns = [
    /\bfrom\s*['"]([^'"\n]+)['"]/g,
    /\b(?:require|import)\s*\(\s*['"]([^'"\n]+)['"]\s*\)/g,
    /^\s*import\s+['"]([^'"\n]+)['"]/gm,
    /^\s*from\s+(\.*[\w.]*)\s+import\b/gm,
    /^\s*import\s+([\w.]+(?:\s*,\s*[\w.]+)*)\s*$/gm,
    // Go: `import alias "x/y"` and the lines of an `import ( … )` block.
    /^\s*(?:import\s+)?(?:[\w.]+\s+)?"([^"\n]+)"\s*$/gm,
  ];
  for (const pattern of patterns)
    for (const match of text.matchAll(pattern))
      for (const name of match[1]!.split(',')) if (name.trim()) found.add(name.trim());
  return [...found];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `name as alias`, as an import that renames says it. */
export function renaming(name: string, alias: string): RegExp {
  return new RegExp(`\\b${escape(name)}\\s+as\\s+${escape(alias)}\\b`);
}

/**
 * The module an import takes `name` from under the name `alias` (`import { a as b } from 'm'`,
 * Python `from m import a as b`), or undefined when no import in the text says so.
 */
export function renamingModule(text: string, name: string, alias: string): string | undefined {
  const renamed = renaming(name, alias).source;
  const patterns = [
    new RegExp(`import\\s*(?:type\\s+)?\\{[^}]*${renamed}[^}]*\\}\\s*from\\s*['"]([^'"\\n]+)['"]`),
    new RegExp(`export\\s*\\{[^}]*${renamed}[^}]*\\}\\s*from\\s*['"]([^'"\\n]+)['"]`),
    new RegExp(`^\\s*from\\s+(\\.*[\\w.]*)\\s+import\\s+[^(\\n]*?${renamed}`, 'm'),
    new RegExp(`^\\s*from\\s+(\\.*[\\w.]*)\\s+import\\s*\\([^)]*?${renamed}`, 'm'),
  ];
  for (const pattern of patterns) {
    const module = pattern.exec(text)?.[1];
    if (module !== undefined) return module;
  }
  return undefined;
}

/** Whether an import of `module` surely names a file of the workspace: a relative one (`./x`, Python `.x`). */
export function relativeModule(module: string): boolean {
  return module.startsWith('.');
}

function folderOf(path: string): string {
  const cut = path.lastIndexOf('/');
  return cut < 0 ? '' : path.slice(0, cut);
}

/** `a/b/../c/./d` → `a/c/d` (shown paths use `/`). */
function normalise(path: string): string {
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') out.pop();
    else out.push(part);
  }
  return out.join('/');
}

const withoutExtension = (path: string) => path.replace(/\.[^./]+$/, '');

/** The module paths an import may name the file `declaring` by: its path without extension, or its folder (an index, `__init__`, a Go package). */
function modulePaths(declaring: string): string[] {
  const bare = withoutExtension(declaring);
  const base = bare.slice(bare.lastIndexOf('/') + 1);
  const inFolder = base === 'index' || base === '__init__' || base === 'mod' || declaring.endsWith('.go');
  return inFolder ? [bare, folderOf(bare)] : [bare];
}

/** Whether `module`, imported by the file `from`, names the file `declaring`. */
function names(module: string, from: string, declaring: string): boolean {
  const targets = modulePaths(declaring);
  let wanted: string;
  if (module.startsWith('./') || module.startsWith('../')) wanted = normalise(`${folderOf(from)}/${module}`);
  else if (/^\.+[\w.]*$/.test(module)) {
    // Python's relative `from ..pkg.mod import`: one dot is the file's own package.
    const dots = /^\.+/.exec(module)![0].length;
    const rest = module.slice(dots).replace(/\./g, '/');
    wanted = normalise(`${folderOf(from)}/${'../'.repeat(dots - 1)}${rest}`);
  } else {
    // A package or path alias (`@/client/uuid`, `app.client.uuid`): the file whose path ends with it.
    const alias = module.replace(/^[@~]\//, '');
    const tail = /^\w+(\.\w+)+$/.test(alias) ? alias.replace(/\./g, '/') : withoutExtension(alias);
    // A Go import path is the module's name and then the package's folder (`example.com/app/server`).
    const goModule = declaring.endsWith('.go');
    return targets.some((t) => t === tail || t.endsWith(`/${tail}`) || (goModule && tail.endsWith(`/${t}`)));
  }
  return targets.some((t) => t === withoutExtension(wanted) || t === wanted);
}

/** The declaring file a file's uses belong to: itself, its Go package's, or the one file its imports name; else undefined. */
export function tiedDeclaration(
  file: string,
  imports: readonly string[],
  declaring: readonly string[],
): string | undefined {
  if (declaring.includes(file)) return file;
  // A Go file sees its own package's declarations without importing them.
  const samePackage = file.endsWith('.go')
    ? declaring.filter((d) => d.endsWith('.go') && folderOf(d) === folderOf(file))
    : [];
  if (samePackage.length === 1) return samePackage[0];
  const named = declaring.filter((d) => imports.some((module) => names(module, file, d)));
  return named.length === 1 ? named[0] : undefined;
}

/** The narrowest folder that holds `file` and no other declaring file; the file itself when none does. */
export function narrowingPath(file: string, declaring: readonly string[]): string {
  const parts = folderOf(file).split('/').filter(Boolean);
  for (let depth = 1; depth <= parts.length; depth++) {
    const folder = parts.slice(0, depth).join('/');
    if (!declaring.some((other) => other !== file && other.startsWith(`${folder}/`))) return folder;
  }
  return file;
}

/** Declaring files the answer names, each with its call: past them, a count. */
const NAMED_FILES = 5;

/**
 * The line said before the uses: the declaring files, each with the `path` that reads its uses
 * alone (one line: the answer's own file headers show which declaration each file's uses are tied to).
 */
export function declaredTwiceLines(target: string, declaring: readonly string[]): string[] {
  const named = declaring.slice(0, NAMED_FILES);
  const each = named.map((file) => `${file} (path ${JSON.stringify(narrowingPath(file, declaring))})`);
  const more = declaring.length > named.length ? `, and ${declaring.length - named.length} more` : '';
  return [
    `${target} is declared in ${declaring.length} files: ${each.join(', ')}${more}. A file's uses are tied (→) to the one it imports; ~ marks a use tied to none.`,
  ];
}
