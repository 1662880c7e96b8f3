// Columns between the core's terms (UTF-16 code units, as VS Code and the core count) and a SCIP
// document's position encoding (UTF-8 bytes for Go and Rust indexers, UTF-32 code points for
// Python's). An unspecified encoding is taken as UTF-16, what scip-typescript writes.
import { PositionEncoding } from './scipIndex';

const counts = (encoding: PositionEncoding) =>
  encoding === PositionEncoding.Utf8 || encoding === PositionEncoding.Utf32;

/** Whether converting this document's columns needs its lines' text. */
export const needsText = counts;

/** The length of one code point in the encoding's units. */
function unitsOf(codePoint: number, encoding: PositionEncoding): number {
  if (encoding === PositionEncoding.Utf32) return 1;
  return codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
}

/** A UTF-16 offset in the line as the document's encoding counts it. */
export function fromUtf16(line: string, utf16: number, encoding: PositionEncoding): number {
  if (!counts(encoding)) return utf16;
  let units = 0;
  for (let i = 0; i < utf16 && i < line.length;) {
    const codePoint = line.codePointAt(i)!;
    units += unitsOf(codePoint, encoding);
    i += codePoint > 0xffff ? 2 : 1;
  }
  return units;
}

/** The document encoding's offset in the line as UTF-16 code units. */
export function toUtf16(line: string, offset: number, encoding: PositionEncoding): number {
  if (!counts(encoding)) return offset;
  let units = 0;
  let i = 0;
  while (units < offset && i < line.length) {
    const codePoint = line.codePointAt(i)!;
    units += unitsOf(codePoint, encoding);
    i += codePoint > 0xffff ? 2 : 1;
  }
  return i;
}
