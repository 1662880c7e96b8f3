// The language registry (languages.json), read by stat (language ids by file name), by parsing
// (symbols/languages: which grammar parses which files) and by the build (which .wasm to ship).
import registry from './languages.json';

export interface GrammarEntry {
  /** Grammar name, e.g. "typescript"; the outline spec of the same name (symbols/languages) goes with it. */
  grammar: string;
  /** npm package that ships the grammar's .wasm. */
  package: string;
  wasm: string;
  /** VS Code language ids served by this grammar, in registry order. */
  languageIds: readonly string[];
  /** File name endings it parses (without the dot). */
  extensions: readonly string[];
}

export const GRAMMARS: readonly GrammarEntry[] = registry.grammars.map((g) => ({
  grammar: g.grammar,
  package: g.package,
  wasm: g.wasm,
  languageIds: [...new Set(Object.values(g.files))],
  extensions: Object.keys(g.files),
}));

/** The parser runtime's .wasm and its package. */
export const PARSER_RUNTIME = registry.runtime;

const BY_EXTENSION: Readonly<Record<string, string>> = Object.assign(
  {},
  ...registry.grammars.map((g) => g.files),
  registry.otherExtensions,
);
const BY_NAME: Readonly<Record<string, string>> = registry.fileNames;

/** The VS Code language id of a file, by its name or ending; null when unknown. */
export function languageOf(path: string): string | null {
  const name = path.split(/[\\/]/).pop()!.toLowerCase();
  if (Object.hasOwn(BY_NAME, name)) return BY_NAME[name]!;
  const dot = name.lastIndexOf('.');
  const ext = name.slice(dot + 1);
  return (dot > 0 || (dot === 0 && name.length > 1)) && Object.hasOwn(BY_EXTENSION, ext) ? BY_EXTENSION[ext]! : null;
}
