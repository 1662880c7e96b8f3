// The languages with a tree-sitter grammar, by VS Code language id and by file ending.
import type { LanguageSpec } from '../../ground/symbolTypes';
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

export const LANGUAGES: readonly LanguageSpec[] = [typescript, tsx, javascript, python, go, rust, java, c, cpp, csharp, ruby, php];

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
