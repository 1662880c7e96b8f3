// Files larger than one scan chunk (64 KiB) and than one line read (256 KiB): tails that cross
// chunk edges, line ranges past the byte cap, windows deep in the file, and a last line too long to show.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import type { ToolResponse } from '../../../src/core/ground/contract';
import { count, FileModel, ok, workspace, type Workspace } from '../helpers';

const PIECES = ['x', 'é', '中', '😀', '\t', 'word ', '\r'];

/** A deterministic pseudo-random file of about `size` bytes, from a seed. */
function makeFile(seed: number, size: number, longLine: number): Uint8Array {
  let state = seed >>> 0 || 1;
  const rand = (n: number) => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % n;
  };
  const parts: string[] = [];
  let bytes = 0;
  while (bytes < size) {
    const length = rand(8) === 0 ? rand(3000) : rand(80);
    let line = '';
    for (let i = 0; i < length; i++) line += PIECES[rand(PIECES.length)];
    line = line.replace(/\r/g, '') + (rand(3) === 0 ? '\r\n' : '\n');
    parts.push(line);
    bytes += Buffer.byteLength(line);
  }
  if (longLine > 0) parts.push('y'.repeat(longLine) + (rand(2) === 0 ? '\n' : ''));
  return new TextEncoder().encode(parts.join(''));
}

function checkExact(model: FileModel, r: ToolResponse): void {
  const s = r.meta.start_byte!;
  const e = r.meta.end_byte!;
  assert.equal(r.content, model.text(s, e));
  assert.equal(r.meta.total_lines, model.totalLines);
  assert.equal(r.meta.start_line, model.lineOf(s));
  assert.equal(r.meta.end_line, model.lineOf(e - 1));
  if (!model.isLineStart(s))
    assert.match(r.text, /continuing it|starts inside a line/, `start ${s} inside a line, unmarked`);
  if (!model.isLineEnd(e))
    assert.match(r.text, new RegExp(`(cut at byte|up to byte) ${count(e)}`), `end ${e} inside a line, unmarked`);
}

describe('large files (several chunks)', function () {
  this.timeout(120_000);
  let ws: Workspace;
  let serial = 0;
  before(() => {
    ws = workspace();
  });

  it('tail, head, line ranges and windows agree with an independent split', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer(),
        fc.integer({ min: 60_000, max: 400_000 }),
        fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 300_000 })),
        fc.integer({ min: 1, max: 6000 }),
        fc.nat(),
        async (seed, size, longLine, n, where) => {
          const bytes = makeFile(seed, size, longLine);
          const model = new FileModel(bytes);
          const target = `big${++serial}.txt`;
          ws.write(target, bytes);
          const total = model.totalLines;

          const tail = await ok(ws.lectern, 'lectern_read', { target, tail: n });
          checkExact(model, tail);
          assert.equal(tail.meta.end_byte, model.size);
          assert.equal(tail.meta.end_line, total);
          const tailLines = tail.meta.end_line! - tail.meta.start_line! + 1;
          if (tailLines < Math.min(n, total)) assert.equal(tail.meta.preview_degraded, true);
          else assert.equal(tail.meta.start_line, total - Math.min(n, total) + 1);

          const head = await ok(ws.lectern, 'lectern_read', { target, head: n });
          checkExact(model, head);
          assert.equal(head.meta.start_byte, 0);

          const line = 1 + (where % total);
          const range = await ok(ws.lectern, 'lectern_read', { target, start_line: line, end_line: line + n });
          checkExact(model, range);
          assert.equal(range.meta.start_line, line);
          if (range.meta.end_line! < Math.min(line + n, total))
            assert.ok(range.meta.next, 'a shortened range names no next call');

          const byte = where % model.size;
          const window = await ok(ws.lectern, 'lectern_read', {
            target,
            start_byte: byte,
            max_bytes: 1 + ((n * 37) % 262_144),
          });
          checkExact(model, window);
          assert.ok(window.meta.start_byte! <= byte);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('following next from offset 1 and from start_byte 0 covers a large file exactly once', async () => {
    const bytes = makeFile(7, 700_000, 270_000);
    const model = new FileModel(bytes);
    ws.write('pages.txt', bytes);
    for (const first of [{ offset: 1 }, { start_line: 1, end_line: 5000 }, { start_byte: 0, max_bytes: 200_000 }]) {
      let input: Record<string, unknown> | null = { target: 'pages.txt', ...first };
      let at = 0;
      let pages = 0;
      while (input) {
        const r = await ok(ws.lectern, 'lectern_read', input);
        checkExact(model, r);
        assert.equal(
          r.meta.start_byte,
          at,
          `${JSON.stringify(first)}: page ${pages + 1} does not start where the last ended`,
        );
        at = r.meta.end_byte!;
        input = r.meta.next;
        assert.ok(++pages < 2000, 'paging does not terminate');
      }
      assert.equal(at, model.size, `${JSON.stringify(first)} stopped early`);
    }
  });
});
