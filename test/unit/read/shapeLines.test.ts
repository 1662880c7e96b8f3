// A read capped by max_preview_chars keeps the lines the exact counts would keep: where the lines the
// character cap admits fit the token cap in UTF-8 bytes (a token is at least a byte), no count is made.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { shapeLines, splitLines } from '../../../src/core/read/shape';
import { loadTokenCounter, type TokenCounter } from '../../../src/core/ground/tokens';

/** The line-by-line fit as the exact counts decide it (numbering 'every': each line carries its number). */
function greedy(
  shown: string[],
  first: number,
  o: { maxChars: number; tokenCap: number; reserve: number; keepEnd: boolean },
  count: TokenCounter,
) {
  const order = o.keepEnd
    ? shown.map((text, i) => [text, first + i] as const).reverse()
    : shown.map((t, i) => [t, first + i] as const);
  let kept = 0;
  let chars = 0;
  let tokens = o.reserve;
  let cappedBy: 'chars' | 'tokens' | null = null;
  for (const [text, number] of order) {
    const rendered = `${number}\t${text}\n`;
    if (kept > 0 && chars + rendered.length > o.maxChars) {
      cappedBy = 'chars';
      break;
    }
    const cost = count(rendered);
    if (tokens + cost > o.tokenCap) {
      cappedBy = 'tokens';
      break;
    }
    chars += rendered.length;
    tokens += cost;
    kept++;
  }
  return { kept, cappedBy };
}

describe('shapeLines under the character cap', function () {
  this.timeout(60_000);
  let exact: TokenCounter;
  before(async () => {
    exact = await loadTokenCounter();
  });

  it('keeps the lines exact counts keep, and counts only where the bytes do not settle it (property)', () => {
    const line = fc.oneof(
      fc.string({ maxLength: 80 }),
      fc.stringMatching(/^[ a-z(){};=.]{0,120}$/),
      fc.constantFrom('const x = 1;', '    return value;', '日本語のテキスト', 'émigré — naïve', ''),
    );
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 2, maxLength: 60 }),
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 20, max: 4000 }),
        fc.integer({ min: 10, max: 6000 }),
        fc.integer({ min: 0, max: 40 }),
        fc.boolean(),
        (texts, first, maxChars, tokenCap, reserve, keepEnd) => {
          const text = texts.map((t) => t.replace(/[\r\n\0]/g, ' ')).join('\n');
          const all = splitLines(Buffer.from(text, 'utf8'), 'f');
          const shown = all.map((l) => l.shown);
          const rendered = shown.map((t, i) => `${first + i}\t${t}\n`);
          // The character cap binds (the whole, without its last newline, does not fit it), and the first
          // line met fits the token cap.
          fc.pre(rendered.join('').length - 1 > maxChars);
          fc.pre(reserve + exact(rendered[keepEnd ? rendered.length - 1 : 0]!) <= tokenCap);
          let counts = 0;
          const shaped = shapeLines(all, first, {
            maxChars,
            tokenCap,
            reserveTokens: reserve,
            countTokens: (t) => (counts++, exact(t)),
            keepEnd,
            allowLineCut: false,
            numbering: 'every',
            lastLineEnds: false,
          });
          const want = greedy(shown, first, { maxChars, tokenCap, reserve, keepEnd }, exact);
          assert.equal(shaped.lines.length, want.kept);
          assert.deepEqual(
            shaped.lines.map((l) => l.shown),
            keepEnd ? shown.slice(shown.length - want.kept) : shown.slice(0, want.kept),
          );
          assert.equal(shaped.cappedBy, want.cappedBy);
          const bytes = Buffer.byteLength(
            (keepEnd ? rendered.slice(rendered.length - want.kept) : rendered.slice(0, want.kept)).join(''),
          );
          // Admitted by the character cap alone and within the token cap in bytes: nothing counted.
          if (want.cappedBy === 'chars' && reserve + bytes + String(first + shown.length).length + 1 <= tokenCap)
            assert.equal(counts, 0);
        },
      ),
      { numRuns: 300 },
    );
  });
});
