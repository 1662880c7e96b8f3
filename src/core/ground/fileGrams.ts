// The letter triples (grams) each text file's version holds, kept by one engine so later
// workspace searches rule files out without reading them or asking a candidate finder
// (search/gramFilter.ts makes and reads them). Keyed like the file classes: size, modification
// time and inode.
import { FileVersionCache } from './fileVersionCache';

/** A file's grams: every one as a bit of a bitmap, or (few of them) their numbers in order. */
export type Grams = { bits: Uint32Array } | { sorted: Uint16Array };

/** Bytes of grams kept at most; the oldest files are dropped first. */
const CAPACITY_BYTES = 64 * 1024 * 1024;

const bytesOf = (grams: Grams) => ('bits' in grams ? grams.bits.byteLength : grams.sorted.byteLength);

/** `full`: files were dropped to stay within the capacity, so some versions read before have no grams here. */
export class FileGrams extends FileVersionCache<Grams> {
  constructor(capacityBytes = CAPACITY_BYTES) {
    super(capacityBytes, bytesOf);
  }
}
