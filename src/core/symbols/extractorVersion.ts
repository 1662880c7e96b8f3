// The name of the outline extractor that stored outlines are kept under (the symbol index's cache,
// and the outlines a symbol read answers from without parsing).
import { LANGUAGES } from './languages/index';
import type { LanguageSpec } from '../ground/symbolTypes';
import { fnv1aHex } from '../ground/fnv1a';

/**
 * Bumped when what the cache stores changes shape; with the outline queries it names the extractor.
 * 3: outlines keep what a symbol read answers from besides the symbols (CachedOutline.read).
 * 4: each file's words beside its outline (CachedOutline.words): a cache of 3 has none, so it is built again once.
 */
const INDEX_FORMAT = 4;

let hashedExtractor: string | undefined;

/**
 * Names the outline extractor: outlines cached by another one (other queries, so other kinds or
 * spans; other format) are not used, so a changed query rebuilds a stale cache by itself. The shipped
 * languages' name is hashed on first use, not when the bundle loads.
 */
export function extractorVersion(languages: readonly LanguageSpec[] = LANGUAGES): string {
  if (languages === LANGUAGES && hashedExtractor) return hashedExtractor;
  const specs = languages.map(
    (l) =>
      `${l.grammar}\0${l.outline}\0${JSON.stringify(l.declarations ?? [])}${l.mergeOverloads ? 1 : 0}${String(l.mask ?? '')}${String(l.nameOf ?? '')}\0${JSON.stringify(l.methodParents ?? [])}`,
  );
  const version = `${INDEX_FORMAT}-${fnv1aHex(specs.join('\0'))}`;
  if (languages === LANGUAGES) hashedExtractor = version;
  return version;
}
