// De-duplication: what a session has already been served, by file, version and line range, so the
// same unchanged text is answered with a pointer to the earlier call instead of again. A pointer is
// never stale: the file's version (size+mtime, or the unsaved buffer's version) must be the same,
// and the lines must hash the same as the ones served then.

/** 32-bit FNV-1a of a string's UTF-16 code units. */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** One hash per line of `content` (its terminator left out), or null when the count is not `lines`. */
export function lineHashes(content: string, lines: number): number[] | null {
  if (content.length === 0) return null;
  const pieces = content.split('\n');
  if (pieces[pieces.length - 1] === '') pieces.pop();
  return pieces.length === lines ? pieces.map(fnv1a) : null;
}

export interface Served {
  seq: number;
  /** Absolute path of the file. */
  file: string;
  version: string;
  /** A line range served, with a hash per line … */
  range: { start: number; end: number; hashes: number[] } | null;
  /** … or an answer without one (an outline), by the hash of its text. */
  textHash: number | null;
  /** Token/byte ratio of the answer (for tokens saved by a pointer to it). */
  tokensPerByte: number;
}

const MAX_RECORDS = 400;

export class ServedIndex {
  private records: Served[] = [];

  /** An earlier answer holding lines start..end of this version of the file, with these hashes. */
  findRange(file: string, version: string, start: number, end: number, hashes: readonly number[]): Served | undefined {
    for (let i = this.records.length - 1; i >= 0; i--) {
      const r = this.records[i]!;
      if (r.file !== file || r.version !== version || !r.range) continue;
      if (r.range.start > start || r.range.end < end) continue;
      const offset = start - r.range.start;
      if (hashes.every((h, k) => r.range!.hashes[offset + k] === h)) return r;
    }
    return undefined;
  }

  findText(file: string, version: string, textHash: number): Served | undefined {
    for (let i = this.records.length - 1; i >= 0; i--) {
      const r = this.records[i]!;
      if (r.file === file && r.version === version && r.textHash === textHash) return r;
    }
    return undefined;
  }

  /** Records an answer; answers from other versions of the file are dropped (they can no longer be pointed to). */
  add(record: Served): void {
    this.records = this.records.filter((r) => r.file !== record.file || r.version === record.version);
    this.records.push(record);
    if (this.records.length > MAX_RECORDS) this.records.splice(0, this.records.length - MAX_RECORDS);
  }

  /** A newer version of the file was seen: its earlier answers are stale. */
  forgetOtherVersions(file: string, version: string): void {
    this.records = this.records.filter((r) => r.file !== file || r.version === version);
  }
}
