// Sparse line numbers (src/core/text/gutter.ts): for any file and any range, window, head, tail or
// search, a reader recovers every shown line's true number by counting from the numbered line above,
// and taking the gutters off gives back the exact text; the numbered lines are exactly those the rule
// names, and "every" numbers each line as before.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { readGutter, renderBlock, renderGutter, type GutterLine } from '../../../src/core/text/gutter';
import { ok, workspace } from '../helpers';

/** Lines that stress the rule: plain code, blanks, lines that look numbered, separators, tabs. */
const lineText = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      '',
      '  return x;',
      '}',
      'def f(a, b):',
      '\tindented',
      '# note',
      '[section]',
      '[Next: lectern_read {}]',
    ),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.nat(999), fc.constantFrom('\t', ':\t', '-\t', ' ', ':'), fc.constantFrom('x', '', 'y = 1'))
      .map(([n, sep, rest]) => `${n}${sep}${rest}`),
  },
  { weight: 1, arbitrary: fc.constantFrom('--', '-- ', '---', '10') },
  { weight: 2, arbitrary: fc.string({ maxLength: 30 }).map((s) => s.replace(/[\r\n]/g, ' ')) },
);
const fileLines = fc.array(lineText, { minLength: 1, maxLength: 80 });

/** What the rule says must carry a number, for a block from `first` to `last`. */
function mustNumber(n: number, first: number, last: number, text: string): boolean {
  return n === first || n === last || n % 10 === 0 || /^\d+[:-]?\t/.test(text) || text === '--';
}

/** The body of an answer as a reader decodes it: every decoded line, in order. */
function decoded(text: string): GutterLine[] {
  return readGutter(text.split('\n')).filter((l): l is GutterLine => l !== null);
}

describe('line numbers: sparse gutter', () => {
  it('renderBlock renders one block exactly as renderGutter does, in both numberings', () => {
    fc.assert(
      fc.property(
        fc.array(lineText, { maxLength: 80 }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.constantFrom('sparse' as const, 'every' as const),
        (texts, first, numbering) => {
          assert.equal(
            renderBlock(texts, first, numbering),
            renderGutter(
              texts.map((text, i) => ({ number: first + i, text })),
              numbering,
            ),
          );
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('renderGutter then readGutter gives back any ascending lines, gaps as --', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 400 }), { minLength: 1, maxLength: 60 }),
        fc.array(lineText, { minLength: 60, maxLength: 60 }),
        fc.boolean(),
        fc.constantFrom('sparse' as const, 'every' as const),
        (numbers, texts, search, numbering) => {
          numbers.sort((a, b) => a - b);
          const lines: GutterLine[] = numbers.map((number, i) => ({
            number,
            text: texts[i]!,
            ...(search ? { mark: i % 3 === 0 ? (':' as const) : ('-' as const) } : {}),
          }));
          const rendered = renderGutter(lines, numbering).split('\n');
          assert.deepEqual(
            readGutter(rendered).filter((l) => l !== null),
            lines,
          );
          const gaps = numbers.filter((n, i) => i > 0 && n !== numbers[i - 1]! + 1).length;
          assert.equal(rendered.length, lines.length + gaps);
          assert.equal(rendered.filter((l) => l === '--').length, gaps);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('any file, any range/head/tail/window: numbers recovered by counting, text recovered by stripping, numbered lines as the rule says', async function () {
    this.timeout(120_000);
    const ws = workspace();
    const every = workspace({ settings: { lineNumbers: 'every' } });
    let file = 0;
    await fc.assert(
      fc.asyncProperty(
        fileLines,
        fc.oneof(
          fc
            .record({ start_line: fc.integer({ min: 1, max: 80 }), span: fc.integer({ min: 0, max: 80 }) })
            .map(({ start_line, span }) => ({ start_line, end_line: start_line + span })),
          fc.record({ head: fc.integer({ min: 1, max: 90 }) }),
          fc.record({ tail: fc.integer({ min: 1, max: 90 }) }),
          fc.record({ start_byte: fc.nat(600), max_bytes: fc.integer({ min: 1, max: 700 }) }),
          fc.constant({}),
        ),
        async (lines, input) => {
          const name = `f${file++}.txt`;
          ws.write(name, lines.join('\n') + '\n');
          every.write(name, lines.join('\n') + '\n');
          const r = await ws.lectern.invoke('lectern_read', { target: name, ...input });
          if (!r.ok) {
            assert.equal(r.error?.code, 'OUT_OF_RANGE', r.text);
            return;
          }
          const { start_line: first, end_line: last } = r.meta;
          assert.ok(first !== null && last !== null, r.text);
          const body = decoded(r.text);
          // Every line from first to last, each with its own number and its exact text.
          assert.deepEqual(
            body.map((l) => l.number),
            Array.from({ length: last - first + 1 }, (_, i) => first + i),
            r.text,
          );
          // A window narrower than a line may start or end inside it: there, a piece of the line.
          const window = 'start_byte' in input;
          const cut = !r.content.endsWith('\n');
          body.forEach((line, i) => {
            if (window && (i === 0 || i === body.length - 1))
              assert.ok(lines[line.number - 1]!.includes(line.text), `line ${line.number}`);
            else assert.equal(line.text, lines[line.number - 1], `line ${line.number}`);
          });
          if (window)
            assert.equal(
              r.content,
              Buffer.from(lines.join('\n') + '\n')
                .subarray(r.meta.start_byte!, r.meta.end_byte!)
                .toString(),
            );
          assert.equal(body.map((l) => l.text).join('\n') + (cut ? '' : '\n'), r.content);
          // Exactly the lines the rule names carry a number.
          const numbered = new Set(
            r.text.split('\n').flatMap((l) => (/^\d+\t/.test(l) ? [Number(/^\d+/.exec(l)![0])] : [])),
          );
          for (const line of body)
            assert.equal(
              numbered.has(line.number),
              mustNumber(line.number, first, last, line.text),
              `line ${line.number} in ${JSON.stringify(r.text)}`,
            );
          // The older gutter on request: every line numbered, the same lines.
          const e = await ok(every.lectern, 'lectern_read', { target: name, ...input });
          const eBody = e.text.split('\n').filter((l) => /^\d+\t/.test(l));
          assert.deepEqual(
            eBody,
            body.map((l) => `${l.number}\t${l.text}`),
          );
        },
      ),
      { numRuns: 250 },
    );
  });

  it('any file and search, with context or none: matches numbered as grep -n does, context counted, text exact', async function () {
    this.timeout(120_000);
    const ws = workspace();
    let file = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(lineText, fc.constant('hit here')), { minLength: 1, maxLength: 60 }),
        fc.nat(4),
        fc.nat(4),
        async (lines, before, after) => {
          const name = `s${file++}.txt`;
          ws.write(name, lines.join('\n') + '\n');
          const r = await ok(ws.lectern, 'lectern_search', { target: name, query: 'hit', before, after });
          const body = decoded(r.text);
          const hits = lines.flatMap((l, i) => (l.toLowerCase().includes('hit') ? [i + 1] : []));
          const expected = [
            ...new Set(hits.flatMap((n) => Array.from({ length: before + after + 1 }, (_, k) => n - before + k))),
          ]
            .filter((n) => n >= 1 && n <= lines.length)
            .sort((a, b) => a - b);
          assert.deepEqual(
            body.map((l) => l.number),
            expected,
            r.text,
          );
          // Without context every line is a match, shown as a read shows a line (no `:` mark, no `--`).
          const context = before + after > 0;
          for (const line of body) {
            assert.equal(line.text, lines[line.number - 1]);
            assert.equal(line.mark, context ? (hits.includes(line.number) ? ':' : '-') : undefined);
          }
          if (!context) assert.ok(!r.text.split('\n').includes('--'), r.text);
          // A match always carries its number.
          const mark = context ? ':' : '';
          for (const n of hits) assert.ok(r.text.split('\n').includes(`${n}${mark}\t${lines[n - 1]}`), `match ${n}`);
        },
      ),
      { numRuns: 150 },
    );
  });
});
