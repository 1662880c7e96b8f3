// The identifier-like words one version of a file says, and how often, kept per file by one engine:
// a pass over every file of the workspace (the map's reference graph) reads and tokenizes again only
// the files whose version changed since the last pass. The outline workers count them while they
// parse, and the symbol index's persistent cache keeps them packed beside the outlines, so neither a
// cold map nor a map in a new process reads the files again for them.

/** A file's distinct words in the order they first occur, with how often each occurs. */
export interface WordCounts {
  names: readonly string[];
  counts: Uint32Array;
}

/** A file's words as messages and the persistent cache carry them: the names joined by newlines, and their counts. */
export interface PackedWords {
  names: string;
  counts: number[];
}

/** Words shorter than this are not kept: `i`, `id`, `ok` are everywhere. */
export const MIN_WORD_CHARS = 3;

/** Larger files are not read for their words (a map leaves them out; the outline workers count none). */
export const WORDS_MAX_FILE_BYTES = 1024 * 1024;

/** The words of `text`, packed. */
export function countPackedWords(text: string): PackedWords {
  const counts = new Map<string, number>();
  for (const match of text.matchAll(/[A-Za-z_$][\w$]*/g)) {
    const word = match[0];
    if (word.length >= MIN_WORD_CHARS) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  // One new string: the words no longer hold on to the file's whole text.
  return { names: [...counts.keys()].join('\n'), counts: [...counts.values()] };
}

export function countWords(text: string): WordCounts {
  return unpack(countPackedWords(text));
}

const unpack = ({ names, counts }: PackedWords): WordCounts => ({
  names: names.length > 0 ? names.split('\n') : [],
  counts: Uint32Array.from(counts),
});

/** Packed words as another thread or the cache gave them; undefined when they are not well formed. */
export function unpackWords(packed: PackedWords): WordCounts | undefined {
  if (typeof packed.names !== 'string' || !Array.isArray(packed.counts)) return undefined;
  const words = unpack(packed);
  const sound =
    words.names.length === packed.counts.length &&
    packed.counts.every((count) => Number.isInteger(count) && count > 0 && count <= 0xffffffff);
  return sound ? words : undefined;
}

export class FileWords {
  private readonly entries = new Map<string, { version: string; words?: WordCounts; packed?: PackedWords }>();

  /** The file's words at `version`, when they are known. */
  get(absolute: string, version: string): WordCounts | undefined {
    const entry = this.entries.get(absolute);
    if (entry?.version !== version) return undefined;
    if (entry.words || !entry.packed) return entry.words;
    // Unpacked on first use (a third of the memory until a map needs them); words not well formed are not known.
    const words = unpackWords(entry.packed);
    if (words) this.entries.set(absolute, { version, words });
    else this.entries.delete(absolute);
    return words;
  }

  /** Remembers a version's words (the file's older version is forgotten). */
  set(absolute: string, version: string, words: WordCounts): void {
    this.entries.set(absolute, { version, words });
  }

  /** Remembers a version's words as a worker or the cache gave them, unpacked when first asked for. */
  setPacked(absolute: string, version: string, packed: PackedWords): void {
    this.entries.set(absolute, { version, packed });
  }

  /** The file went away or changed (a version check would tell too; this frees its entry). */
  forget(absolute: string): void {
    this.entries.delete(absolute);
  }

  get size(): number {
    return this.entries.size;
  }
}
