// The languages with a tree-sitter grammar, by VS Code language id and by file ending: each outline
// spec here, with its language ids, file endings and .wasm from the registry (ground/languages.json).
import { GRAMMARS } from '../../ground/languages';
import type { LanguageSpec, OutlineSpec } from '../../ground/symbolTypes';
import { c } from './c';
import { cpp } from './cpp';
import { csharp } from './csharp';
import { go } from './go';
import { java } from './java';
import { php } from './php';
import { python } from './python';
import { ruby } from './ruby';
import { rust } from './rust';
import { javascript, tsx, typescript } from './typescript';

const SPECS: readonly OutlineSpec[] = [typescript, tsx, javascript, python, go, rust, java, c, cpp, csharp, ruby, php];

/** In registry order; a grammar without a spec here, or a spec without a registry entry, fails at load. */
export const LANGUAGES: readonly LanguageSpec[] = GRAMMARS.map((entry) => {
  const spec = SPECS.find((s) => s.grammar === entry.grammar);
  if (!spec)
    throw new Error(`languages.json names grammar ${entry.grammar}, which has no outline spec in symbols/languages`);
  return { ...spec, languageIds: entry.languageIds, extensions: entry.extensions, wasm: entry.wasm };
});
for (const spec of SPECS) {
  if (!GRAMMARS.some((g) => g.grammar === spec.grammar))
    throw new Error(`symbols/languages: ${spec.grammar} is not in languages.json`);
}

export function languageForPath(path: string, languageId?: string | null): LanguageSpec | undefined {
  if (languageId) {
    const byId = LANGUAGES.find((spec) => spec.languageIds.includes(languageId));
    if (byId) return byId;
  }
  const name = path.toLowerCase();
  const dot = name.lastIndexOf('.');
  if (dot === -1) return undefined;
  const ext = name.slice(dot + 1);
  return LANGUAGES.find((spec) => spec.extensions.includes(ext));
}
