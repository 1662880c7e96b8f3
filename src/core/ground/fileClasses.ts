// What a workspace search learned about each file it read that holds for any query: binary, over
// the size limit, or text (UTF-8 or single-byte, not UTF-16), per version (size, modification
// time, inode). A later search that finds the same version by stat counts it without reading it,
// or, for text, asks the candidate finder whether to read it (search/prefilter.ts).
import { FileVersionCache } from './fileVersionCache';

export type FileClass = 'text' | 'binary' | 'large';

/** Files remembered at most; the oldest are dropped first. */
const CAPACITY = 250_000;

export class FileClassCache extends FileVersionCache<FileClass> {
  constructor(capacity = CAPACITY) {
    super(capacity);
  }
}
