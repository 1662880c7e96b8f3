// What a file's text and its origin say about its outline: the grammar a `.h` file is parsed with,
// whether the outline may be kept in the symbol cache, and the notes that go with every answer made
// from it.
import { provesVersion, type FileIdentity } from '../ground/fileIdentity';
import type { StoredReadFacts } from '../ground/symbolCachePort';
import type { LanguageSpec } from '../ground/symbolTypes';
import { TOOL } from '../ground/tools';
import type { TextFile } from '../read/openText';
import { LANGUAGES } from './languages/index';
import { MAX_NESTING } from './outline';

/** What an outline could not hold, said with every answer made from it. */
export function outlineNotes(label: string, facts: StoredReadFacts): { notes?: string[] } {
  const notes: string[] = [];
  if (facts.parseFailed)
    notes.push(
      `${label} did not parse cleanly (syntax the grammar cannot read, or nesting too deep for it): symbols in those places may be missing. Search for a name with ${TOOL.search}.`,
    );
  const cut = facts.cut ?? 0;
  if (cut > 0) notes.push(`${cut} symbol${cut === 1 ? '' : 's'} nested deeper than ${MAX_NESTING} levels not listed.`);
  return notes.length > 0 ? { notes } : {};
}

/**
 * The identity that names a file's text in the symbol cache: a file on disk read as its bytes are (not a
 * buffer, not transcoded, nothing redacted) whose identity proves its version. Undefined for any other text.
 */
export function storableVersion(file: TextFile): FileIdentity | undefined {
  const { identity } = file;
  if (file.origin !== 'disk' || file.transcoded || !identity || (file.redactions?.count ?? 0) > 0) return undefined;
  return provesVersion(identity) ? identity : undefined;
}

/** A `.h` file written in C++ (classes, namespaces, templates) is parsed as C++. */
export function headerLanguage(spec: LanguageSpec, path: string, text: string): LanguageSpec {
  if (spec.grammar !== 'c' || !/\.h$/i.test(path)) return spec;
  const cplusplus = /^\s*(class|namespace|template\s*<|public:|private:|protected:)|\busing\s+namespace\b|::/m.test(
    text,
  );
  return cplusplus ? (LANGUAGES.find((l) => l.grammar === 'cpp') ?? spec) : spec;
}
