// The bytes of text file versions a resident engine's workspace searches read and found clean (no
// secret to redact), kept so a later search that stats the same version (size, modification and
// change time, device, inode) scans them without opening the file. Files are admitted while there
// is room and never pushed out by others: a workspace larger than the capacity keeps the files it
// learned first rather than copying every file it reads in and out again.
import { FileVersionCache } from './fileVersionCache';
import type { FileVersion } from './ports';

/** Bytes kept at most. */
const CAPACITY_BYTES = 64 * 1024 * 1024;
/** Files larger than this are read each time (one would take a large share of the room). */
const MAX_FILE_BYTES = 1024 * 1024;

export class FileBytes extends FileVersionCache<Uint8Array> {
  /** Reads these bytes spared so far (the tests and benches read it). */
  served = 0;

  constructor(
    capacityBytes = CAPACITY_BYTES,
    private readonly maxFileBytes = MAX_FILE_BYTES,
  ) {
    super(capacityBytes, (bytes) => bytes.byteLength);
  }

  /** Keeps a copy of `bytes` (a read may hand a view of a buffer it reuses) when there is room. */
  keep(path: string, version: FileVersion, bytes: Uint8Array): void {
    if (this.lookup(path, version)) return;
    // The bytes of another version make room first.
    this.forget(path);
    if (bytes.byteLength > this.maxFileBytes || !this.fits(bytes.byteLength)) return;
    // A copy of the same kind (Node's Buffer.slice would be a view of the reused buffer).
    this.record(path, version, Uint8Array.prototype.slice.call(bytes));
  }
}
