// What a workspace search learned about each file it read that holds for any query: binary, over
// the size limit, or text (UTF-8 or single-byte, not UTF-16), per version (size, modification
// time, inode). A later search that finds the same version by stat counts it without reading it,
// or, for text, asks the candidate finder whether to read it (search/prefilter.ts). Text that a
// search's secret scan found nothing in is `clean`: a later search reading that version skips the scan.
import { FileVersionCache } from './fileVersionCache';

/** `text`: its secrets were redacted, or not looked for (secrets allowed); `clean`: the scan found none. */
export type FileClass = 'text' | 'clean' | 'binary' | 'large';

export const isText = (kind: FileClass | undefined): boolean => kind === 'text' || kind === 'clean';

/** Files remembered at most; the oldest are dropped first. */
const CAPACITY = 250_000;

export class FileClassCache extends FileVersionCache<FileClass> {
  /** Reads whose secret scan was skipped, their version known clean (the benches and tests read it). */
  scansSpared = 0;

  constructor(capacity = CAPACITY) {
    super(capacity);
  }
}
