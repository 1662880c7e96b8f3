// The bytes of text file versions a resident engine's workspace searches read and found clean (no
// secret to redact), kept so a later search that stats the same version (size, modification and
// change time, device, inode) scans them without opening the file. They are kept as one character
// per byte (text/latin1.ts), as a search scans them: no search converts them again. Files are admitted while there
// is room and never pushed out by others: a workspace larger than the capacity keeps the files it
// learned first rather than copying every file it reads in and out again.
import { FileVersionCache } from './fileVersionCache';
import type { FileVersion } from './fileSystemPort';
import { latin1String } from '../text/latin1';

/** Bytes kept at most. */
const CAPACITY_BYTES = 64 * 1024 * 1024;
/** Files larger than this are read each time (one would take a large share of the room). */
const MAX_FILE_BYTES = 1024 * 1024;

export class FileBytes extends FileVersionCache<string> {
  /** Reads these bytes spared so far (the tests and benches read it). */
  served = 0;

  constructor(
    capacityBytes = CAPACITY_BYTES,
    private readonly maxFileBytes = MAX_FILE_BYTES,
  ) {
    super(capacityBytes, (kept) => kept.length);
  }

  /** Whether a file of `size` bytes not kept yet would be kept when read. */
  wouldKeep(size: number): boolean {
    return size <= this.maxFileBytes && this.fits(size);
  }

  /** Keeps `bytes` (as one character per byte: a copy) when there is room. */
  keep(path: string, version: FileVersion, bytes: Uint8Array): void {
    if (this.lookup(path, version) !== undefined) return;
    // The bytes of another version make room first.
    this.forget(path);
    if (!this.wouldKeep(bytes.byteLength)) return;
    this.record(path, version, latin1String(bytes));
  }
}
