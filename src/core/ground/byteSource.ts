// Random access to the bytes of a file or of an in-memory text, so every read costs O(window).
import type { FileHandle } from './fileSystemPort';

export interface ByteSource {
  readonly size: number;
  /** Up to `length` bytes at `position` (fewer only at the end). */
  read(position: number, length: number): Promise<Uint8Array>;
  close(): Promise<void>;
}

export function memorySource(bytes: Uint8Array): ByteSource {
  return {
    size: bytes.length,
    read: async (position, length) => bytes.subarray(position, Math.min(bytes.length, position + length)),
    close: async () => undefined,
  };
}

export function fileSource(handle: FileHandle, size: number): ByteSource {
  return {
    size,
    async read(position, length) {
      const wanted = Math.max(0, Math.min(length, size - position));
      const buffer = handle.allocate ? handle.allocate(wanted) : new Uint8Array(wanted);
      let filled = 0;
      while (filled < wanted) {
        const n = await handle.read(buffer, filled, wanted - filled, position + filled);
        if (n === 0) break; // the file shrank under us
        filled += n;
      }
      return filled === wanted ? buffer : buffer.subarray(0, filled);
    },
    close: () => handle.close(),
  };
}
