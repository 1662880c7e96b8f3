// De-duplication: what a session has already been served, keyed on exactly what was shown (the byte
// and line range of the file, and a hash of each whole line or of the whole piece), so the same
// unchanged text is answered with a pointer to the earlier call instead of again.
import { fnv1a } from '../ground/fnv1a';

// A pointer is never stale and never points to something not shown: the file's version (its
// identity, or the unsaved buffer's version) must be the same; whole lines must hash the same as the
// ones served then; a piece of a line (a byte window inside a very long line) only matches the very
// same bytes.

/** One hash per line of `content` (its terminator left out), or null when the count is not `lines`. */
function lineHashes(content: string, lines: number): number[] | null {
  if (content.length === 0) return null;
  const pieces = content.split('\n');
  if (pieces[pieces.length - 1] === '') pieces.pop();
  return pieces.length === lines ? pieces.map(fnv1a) : null;
}

/** What one answer showed of a file: its lines, its bytes when known, and how to recognise its text. */
export interface ServedPiece {
  start: number;
  end: number;
  /** Byte offsets [byteStart, byteEnd) of the text in the file, when the reader knows them. */
  byteStart: number | null;
  byteEnd: number | null;
  /** One hash per line when the piece holds whole lines, else null (a piece of a line). */
  hashes: number[] | null;
  /** Hash of the whole text shown. */
  contentHash: number;
}

/**
 * What a range answer showed, or null when it showed nothing to point to later. A piece holds whole
 * lines unless the reader cut it inside a line (byte windows in very long lines, display cuts).
 */
export function servedPiece(
  range: { start: number; end: number },
  content: string,
  meta: { start_byte: number | null; end_byte: number | null; notes?: string[] },
): ServedPiece | null {
  if (content.length === 0) return null;
  const cut = (meta.notes ?? []).some((n) => /inside a line|is cut at byte|line cut/.test(n));
  return {
    start: range.start,
    end: range.end,
    byteStart: meta.start_byte,
    byteEnd: meta.end_byte,
    hashes: cut ? null : lineHashes(content, range.end - range.start + 1),
    contentHash: fnv1a(content),
  };
}

export interface Served {
  seq: number;
  /** Absolute path of the file. */
  file: string;
  version: string;
  /** The lines and bytes shown, and their hashes … */
  range: ServedPiece | null;
  /** … or an answer without one (an outline), by the hash of its text. */
  textHash: number | null;
  /** Token/byte ratio of the answer (for tokens saved by a pointer to it). */
  tokensPerByte: number;
}

const MAX_RECORDS = 400;

export class ServedIndex {
  private records: Served[] = [];
  /** Every file's records are of one version (add drops the others): that version, and how many records hold it. */
  private readonly versions = new Map<string, { version: string; count: number }>();

  /**
   * An earlier answer that showed all of `piece` in this version of the file: whole lines inside
   * whole lines it showed with the same hashes (and inside its bytes, where both know them), or a
   * piece of a line shown with exactly the same bytes and text.
   */
  findPiece(file: string, version: string, piece: ServedPiece): Served | undefined {
    for (let i = this.records.length - 1; i >= 0; i--) {
      const r = this.records[i]!;
      const shown = r.range;
      if (r.file !== file || r.version !== version || !shown) continue;
      if (piece.hashes && shown.hashes) {
        if (shown.start > piece.start || shown.end < piece.end) continue;
        if (
          piece.byteStart !== null &&
          shown.byteStart !== null &&
          piece.byteEnd !== null &&
          shown.byteEnd !== null &&
          (shown.byteStart > piece.byteStart || shown.byteEnd < piece.byteEnd)
        )
          continue;
        const offset = piece.start - shown.start;
        if (piece.hashes.every((h, k) => shown.hashes![offset + k] === h)) return r;
      } else if (
        piece.byteStart !== null &&
        piece.byteStart === shown.byteStart &&
        piece.byteEnd === shown.byteEnd &&
        piece.contentHash === shown.contentHash
      ) {
        return r;
      }
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
    this.forgetOtherVersions(record.file, record.version);
    this.records.push(record);
    const held = this.versions.get(record.file);
    if (held) held.count++;
    else this.versions.set(record.file, { version: record.version, count: 1 });
    if (this.records.length > MAX_RECORDS) {
      for (const dropped of this.records.splice(0, this.records.length - MAX_RECORDS)) {
        const of = this.versions.get(dropped.file)!;
        if (--of.count === 0) this.versions.delete(dropped.file);
      }
    }
  }

  /** A newer version of the file was seen: its earlier answers are stale. */
  forgetOtherVersions(file: string, version: string): void {
    // Most calls read a version already held, or a file not held: nothing to drop, no pass over the records.
    const held = this.versions.get(file);
    if (!held || held.version === version) return;
    this.records = this.records.filter((r) => r.file !== file);
    this.versions.delete(file);
  }
}
