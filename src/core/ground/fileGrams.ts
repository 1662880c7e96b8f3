// The letter triples (grams) each text file's version holds, kept by one engine so later
// workspace searches rule files out without reading them or asking a candidate finder
// (search/gramFilter.ts makes and reads them). Keyed like the file classes: size, modification
// time and inode.
import { FileVersionCache } from './fileVersionCache';

/** A set of grams: every one as a bit of a bitmap, or (few of them) their numbers in order. */
export type GramSet = { bits: Uint32Array } | { sorted: Uint16Array };

/**
 * A file's grams: its letter triples case folded, and (hashed to 16 bits) those holding an
 * uppercase letter as they are written, which tell `Sync` from `async` for case-sensitive queries.
 */
export interface Grams {
  folded: GramSet;
  cased: GramSet;
  /**
   * Made from bytes whose secrets were redacted (`*` in their place): they tell only searches that
   * redact them too, not one with secrets allowed.
   */
  redacted?: boolean;
}

/** Bytes of grams kept at most; the oldest files are dropped first. */
const CAPACITY_BYTES = 64 * 1024 * 1024;

const setBytes = (set: GramSet) => ('bits' in set ? set.bits.byteLength : set.sorted.byteLength);
const bytesOf = (grams: Grams) => setBytes(grams.folded) + setBytes(grams.cased);

/** `full`: files were dropped to stay within the capacity, so some versions read before have no grams here. */
export class FileGrams extends FileVersionCache<Grams> {
  constructor(capacityBytes = CAPACITY_BYTES) {
    super(capacityBytes, bytesOf);
  }
}
