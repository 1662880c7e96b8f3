// fast-check generators for file contents: multi-byte UTF-8, CRLF/LF mixes, no final newline,
// empty files, one huge line, many tiny lines, an optional BOM.
import fc from 'fast-check';
import type { Settings } from '../../src/core/ground/settings';

const char = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('a', 'b', 'x', ' ', '\t', '{', '}', '=', '0') },
  { weight: 2, arbitrary: fc.constantFrom('é', 'ß', 'ж', 'ñ') }, // 2 bytes
  { weight: 2, arbitrary: fc.constantFrom('€', '中', 'か', '✓') }, // 3 bytes
  { weight: 2, arbitrary: fc.constantFrom('😀', '𝄞', '🚀') }, // 4 bytes
);

const lineText = (maxLength: number) => fc.array(char, { maxLength }).map((cs) => cs.join(''));
const eol = fc.constantFrom('\n', '\r\n');

function join(lines: { text: string; eol: string }[], finalNewline: boolean): string {
  const text = lines.map((l) => l.text + l.eol).join('');
  if (finalNewline || lines.length === 0) return text;
  return text.slice(0, text.length - lines[lines.length - 1]!.eol.length);
}

const ordinary = fc
  .tuple(fc.array(fc.record({ text: lineText(40), eol }), { maxLength: 50 }), fc.boolean())
  .map(([lines, finalNewline]) => join(lines, finalNewline));

const hugeLine = fc
  .tuple(lineText(60), fc.integer({ min: 5, max: 40 }), fc.constantFrom('', '\n', '\r\n'))
  .map(([piece, times, end]) => (piece.length === 0 ? 'z' : piece).repeat(times) + end);

const tinyLines = fc
  .tuple(fc.array(fc.record({ text: lineText(2), eol }), { minLength: 1, maxLength: 300 }), fc.boolean())
  .map(([lines, finalNewline]) => join(lines, finalNewline));

/** A short long-line file next to ordinary lines: the mix the windows must handle. */
const mixed = fc
  .tuple(ordinary, hugeLine, ordinary)
  .map(([a, b, c]) => (a.length > 0 && !a.endsWith('\n') ? a + '\n' : a) + b + c);

const fileText = fc.oneof(
  { weight: 5, arbitrary: ordinary },
  { weight: 1, arbitrary: fc.constant('') },
  { weight: 2, arbitrary: hugeLine },
  { weight: 2, arbitrary: tinyLines },
  { weight: 2, arbitrary: mixed },
);

const BOM = new Uint8Array([0xef, 0xbb, 0xbf]);

/** File bytes: the text in UTF-8, sometimes after a BOM. */
export const fileBytes = fc.tuple(fileText, fc.boolean()).map(([text, bom]) => {
  const body = new TextEncoder().encode(text);
  if (!bom) return body;
  const out = new Uint8Array(body.length + 3);
  out.set(BOM, 0);
  out.set(body, 3);
  return out;
});

/** Settings from the defaults down to token caps small enough to cut inside a line. */
export const settings: fc.Arbitrary<Partial<Settings>> = fc.oneof(
  fc.constant({}),
  fc.record({ contextTokens: fc.integer({ min: 900, max: 4000 }), maxReadShare: fc.constant(0.2) }),
  fc.record({ contextTokens: fc.integer({ min: 170, max: 400 }), maxReadShare: fc.constant(1) }),
  fc.record({ maxPreviewChars: fc.integer({ min: 1, max: 400 }) }),
);
