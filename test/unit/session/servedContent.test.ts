// De-duplication keyed on what was served: over any sequence of reads (ranges, byte windows, head,
// tail, whole files) and changes to the file, every answer's lines and bytes are in what the model
// was shown (now or earlier, of this version of the file), and paging the file to its end shows all of it.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import fc from 'fast-check';
import type { ToolResponse } from '../../../src/core/ground/contract';
import { sessionWorkspace } from './helpers';
import { readGutter } from '../../../src/core/text/gutter';

type Op =
  | { kind: 'range'; a: number; b: number }
  | { kind: 'window'; at: number; size: number }
  | { kind: 'head' | 'tail'; n: number }
  | { kind: 'whole' }
  | { kind: 'change'; text: string[] };

const lineArb = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: fc.constantFrom('a', 'b', ' ', '{', '}', 'é', '€', 'x'), maxLength: 30 }) },
  { weight: 2, arbitrary: fc.nat({ max: 20000 }).map((n) => 'm'.repeat(n)) },
  { weight: 1, arbitrary: fc.constant('same line') },
);
const linesArb = fc.array(lineArb, { minLength: 1, maxLength: 60 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .record({
        kind: fc.constant('range' as const),
        a: fc.integer({ min: 1, max: 70 }),
        b: fc.integer({ min: 0, max: 30 }),
      })
      .map((o) => ({ ...o, b: o.a + o.b })),
  },
  // Windows of a few common sizes (an agent paging with its own offsets), and any size.
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('window' as const),
      at: fc.oneof(
        fc.nat({ max: 20000 }),
        fc.nat({ max: 12 }).map((k) => k * 512),
      ),
      size: fc.oneof(fc.constantFrom(512, 1024), fc.integer({ min: 1, max: 5000 })),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constantFrom('head' as const, 'tail' as const),
      n: fc.integer({ min: 1, max: 40 }),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'whole' as const }) },
  { weight: 1, arbitrary: linesArb.map((text) => ({ kind: 'change' as const, text })) },
);

/** What the model saw of the current version: the bytes of the file it was shown (verified against the file). */
class Shown {
  private covered: boolean[] = [];
  constructor(private bytes: Buffer) {}

  reset(bytes: Buffer): void {
    this.bytes = bytes;
    this.covered = [];
  }

  private lineSpans(): Array<[number, number]> {
    const spans: Array<[number, number]> = [];
    let start = 0;
    for (let i = 0; i < this.bytes.length; i++) {
      if (this.bytes[i] !== 0x0a) continue;
      spans.push([start, i + 1]);
      start = i + 1;
    }
    if (start < this.bytes.length) spans.push([start, this.bytes.length]);
    return spans;
  }

  /** Lines the gutter numbers (src/core/text/gutter.ts) whose text is the file's line, and a window's content where it is the file's bytes and in the text. */
  absorb(response: ToolResponse, window: boolean): void {
    const spans = this.lineSpans();
    for (const line of readGutter(response.text.split('\n'))) {
      const span = line ? spans[line.number - 1] : undefined;
      if (!line || !span) continue;
      const text = this.bytes.subarray(span[0], span[1]).toString('utf8').replace(/\n$/, '');
      if (text === line.text) for (let b = span[0]; b < span[1]; b++) this.covered[b] = true;
    }
    const { start_byte: start, end_byte: end } = response.meta;
    if (window && start !== null && end !== null && response.content.length > 0) {
      const same = Buffer.from(response.content).equals(this.bytes.subarray(start, end));
      const inText = response.content.split('\n').every((piece) => response.text.includes(piece));
      if (same && inText) for (let b = start; b < end; b++) this.covered[b] = true;
    }
  }

  missingBytes(start: number, end: number): number {
    let missing = 0;
    for (let b = start; b < end; b++) if (!this.covered[b]) missing++;
    return missing;
  }

  missingLines(start: number, end: number): number[] {
    const spans = this.lineSpans();
    const out: number[] = [];
    for (let n = start; n <= end; n++) {
      const span = spans[n - 1];
      // Lines longer than the display cut are shown cut in line reads by design (marked, never pointed to).
      if (span && span[1] - span[0] <= 2000 && this.missingBytes(span[0], span[1]) > 0) out.push(n);
    }
    return out;
  }
}

describe('session: de-duplication never points to text not shown', () => {
  it('byte windows through one long line of repeating text each show their bytes', async () => {
    const ws = sessionWorkspace();
    ws.write('min.js', 'ab'.repeat(10_000) + '\n');
    for (const at of [0, 4096, 8192]) {
      const r = await ws.call('lectern_read', { target: 'min.js', start_byte: at, max_bytes: 4096 });
      assert.equal(r.content, 'ab'.repeat(2048), `window at ${at}`);
      assert.doesNotMatch(r.text, /DEDUPLICATED/);
    }
    const again = await ws.call('lectern_read', { target: 'min.js', start_byte: 4096, max_bytes: 4096 });
    assert.equal(again.content, '', 'the very same bytes again: a pointer');
    assert.equal((again.meta.deduplicated_from as { seq: number } | undefined)?.seq, 2);
  });

  it('any reads and changes: every answer is in what the model saw; paging shows the whole file', async function () {
    this.timeout(120_000);
    await fc.assert(
      fc.asyncProperty(linesArb, fc.array(opArb, { minLength: 1, maxLength: 14 }), async (initial, ops) => {
        const ws = sessionWorkspace({
          maxReadsPerSession: 100_000,
          maxTotalReadLines: 10_000_000,
          maxSingleReadLines: 100_000,
        });
        const file = ws.write('f.txt', initial.join('\n') + '\n');
        let mtime = 1_000_000;
        const shown = new Shown(fs.readFileSync(file));
        const read = async (input: Record<string, unknown>, window: boolean) => {
          const r = await ws.call('lectern_read', { target: 'f.txt', ...input });
          if (!r.ok) return r;
          shown.absorb(r, window);
          const { start_line, end_line, start_byte, end_byte } = r.meta;
          if (window && start_byte !== null && end_byte !== null) {
            assert.equal(
              shown.missingBytes(start_byte, end_byte),
              0,
              `bytes ${start_byte}-${end_byte} claimed but not shown: ${r.text.slice(0, 300)}`,
            );
          } else if (start_line !== null && end_line !== null) {
            assert.deepEqual(
              shown.missingLines(start_line, end_line),
              [],
              `lines claimed but not shown: ${r.text.slice(0, 300)}`,
            );
          }
          return r;
        };
        for (const op of ops) {
          if (op.kind === 'change') {
            fs.writeFileSync(file, op.text.join('\n') + '\n');
            fs.utimesSync(file, new Date(mtime), new Date((mtime += 1000)));
            shown.reset(fs.readFileSync(file));
          } else if (op.kind === 'range') await read({ start_line: op.a, end_line: op.b }, false);
          else if (op.kind === 'window') await read({ start_byte: op.at, max_bytes: op.size }, true);
          else if (op.kind === 'whole') await read({}, false);
          else await read({ [op.kind]: op.n }, false);
        }
        // Paging by byte windows from the start, as [Next] says: the union is the file.
        let next: Record<string, unknown> | null = { mode: 'file', target: 'f.txt', start_byte: 0, max_bytes: 4096 };
        for (let i = 0; next && i < 200; i++) next = (await read(next, true)).meta.next;
        const total = fs.statSync(file).size;
        assert.equal(shown.missingBytes(0, total), 0, 'paging to the end showed every byte');
      }),
      { numRuns: 60 },
    );
  });
});
