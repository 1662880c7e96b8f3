// The identifier-like words one version of a file says, and how often, kept per file by one engine:
// a pass over every file of the workspace (the map's reference graph) reads and tokenizes again only
// the files whose version changed since the last pass.

/** A file's distinct words in the order they first occur, with how often each occurs. */
export interface WordCounts {
  names: readonly string[];
  counts: Uint32Array;
}

/** Words shorter than this are not kept: `i`, `id`, `ok` are everywhere. */
export const MIN_WORD_CHARS = 3;

export function countWords(text: string): WordCounts {
  const counts = new Map<string, number>();
  for (const match of text.matchAll(/[A-Za-z_$][\w$]*/g)) {
    const word = match[0];
    if (word.length >= MIN_WORD_CHARS) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  // One new string split again: the words no longer hold on to the file's whole text.
  const joined = [...counts.keys()].join('\n');
  return { names: joined.length > 0 ? joined.split('\n') : [], counts: Uint32Array.from(counts.values()) };
}

export class FileWords {
  private readonly entries = new Map<string, { version: string; words: WordCounts }>();

  /** The file's words at `version`, when they are known. */
  get(absolute: string, version: string): WordCounts | undefined {
    const entry = this.entries.get(absolute);
    return entry?.version === version ? entry.words : undefined;
  }

  /** Remembers a version's words (the file's older version is forgotten). */
  set(absolute: string, version: string, words: WordCounts): void {
    this.entries.set(absolute, { version, words });
  }

  /** The file went away or changed (a version check would tell too; this frees its entry). */
  forget(absolute: string): void {
    this.entries.delete(absolute);
  }

  get size(): number {
    return this.entries.size;
  }
}
