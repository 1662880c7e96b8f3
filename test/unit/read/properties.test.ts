// Property tests of file reads over random files: windows are whole lines and valid UTF-8,
// `content` is exactly the bytes [start_byte, end_byte), following `next` covers the file once,
// and line numbers, byte offsets, head, tail and ranges agree with an independent split.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import type { ToolResponse } from '../../../src/core/ground/contract';
import { Lectern } from '../../../src/core/engine';
import type { Settings } from '../../../src/core/ground/settings';
import { nodeFileSystem } from '../../../src/node/nodeFileSystem';
import { fileBytes, settings as settingsArb } from '../arbitraries';
import { count, FileModel, tempDir, write } from '../helpers';

const RUNS = Number(process.env.LECTERN_PROPERTY_RUNS ?? 120);

let dir: string;
let serial = 0;

before(() => {
  dir = tempDir('lectern-props-');
});

interface Fixture {
  lectern: Lectern;
  target: string;
  model: FileModel;
}

function fixture(bytes: Uint8Array, settings: Partial<Settings> = {}): Fixture {
  const target = `f${++serial}.txt`;
  write(dir, target, bytes);
  const lectern = new Lectern({ fs: nodeFileSystem, roots: () => [{ name: 'w', path: dir }] }, () => ({
    sessionGuard: false,
    ...settings,
  }));
  return { lectern, target, model: new FileModel(bytes) };
}

async function read(f: Fixture, input: Record<string, unknown>): Promise<ToolResponse> {
  const response = await f.lectern.invoke('lectern_read', { mode: 'file', target: f.target, ...input });
  assert.equal(typeof response.ok, 'boolean');
  assert.equal(typeof response.text, 'string');
  return response;
}

function expectOk(response: ToolResponse): asserts response is ToolResponse & { ok: true } {
  assert.ok(response.ok, `not ok: ${response.text.slice(0, 500)}`);
}

const notes = (r: ToolResponse) => (r.meta.notes ?? []).join('\n');

/** Checks one answer's range against the model: the invariants every successful read keeps. */
function checkRange(f: Fixture, r: ToolResponse, options: { maxBytes?: number } = {}): void {
  const { model } = f;
  const s = r.meta.start_byte!;
  const e = r.meta.end_byte!;
  assert.equal(r.meta.total_bytes, model.size, 'total_bytes');
  assert.ok(s >= model.base, `start_byte ${s} is before the text (BOM ${model.base})`);
  assert.ok(e <= model.size && s <= e, `bad range [${s}, ${e}) of ${model.size}`);
  assert.ok(model.isCharBoundary(s), `start_byte ${s} splits a character`);
  assert.ok(model.isCharBoundary(e), `end_byte ${e} splits a character`);
  // (b) content is exactly the bytes of the range, and they are valid UTF-8.
  assert.equal(r.content, model.text(s, e), 'content differs from the bytes [start_byte, end_byte)');
  assert.ok(!r.text.includes('\r'), 'a CR reached the model-facing text');
  if (/line cut to fit the token cap|line cut: /.test(r.text))
    assert.ok(r.meta.notes?.length, 'a line display was cut without a note');
  if (r.text.includes('[line cut to fit the token cap]'))
    assert.equal(r.meta.preview_degraded, true, 'display cut by the token cap, not marked degraded');
  if (model.size === model.base) {
    assert.equal(s, e);
    return;
  }
  assert.ok(e > s, 'an answer with no bytes on a non-empty file');
  // (a) whole lines, or a marked continuation / cut of an over-long line.
  if (!model.isLineStart(s)) assert.match(notes(r), /continuing it/, `start_byte ${s} is inside a line, unmarked`);
  if (!model.isLineEnd(e))
    assert.match(
      notes(r),
      new RegExp(`(cut at byte|up to byte) ${count(e)}`),
      `end_byte ${e} is inside a line, unmarked`,
    );
  if (options.maxBytes !== undefined)
    assert.ok(e - s <= Math.max(options.maxBytes, 4), `window of ${e - s} bytes > max_bytes ${options.maxBytes}`);
  // (d) line numbers agree with the bytes.
  assert.equal(r.meta.total_lines, model.totalLines, 'total_lines');
  assert.equal(r.meta.start_line, model.lineOf(s), 'start_line');
  assert.equal(r.meta.end_line, model.lineOf(e - 1), 'end_line');
  assert.deepEqual(r.location, { file: f.target, line: r.meta.start_line, end_line: r.meta.end_line });
}

const numberIn = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

/** Follows meta.next from `first` to the end; checks every page and that they tile the text. */
async function follow(
  f: Fixture,
  first: Record<string, unknown>,
  check: (r: ToolResponse) => void,
): Promise<ToolResponse[]> {
  const pages: ToolResponse[] = [];
  let input: Record<string, unknown> | null = first;
  let expectedStart = f.model.base;
  while (input) {
    assert.ok(pages.length <= f.model.size + 2, 'paging does not terminate');
    const r = await read(f, input);
    expectOk(r);
    check(r);
    assert.equal(
      r.meta.start_byte,
      expectedStart,
      `page ${pages.length + 1} starts at ${r.meta.start_byte}, not where the last ended (${expectedStart})`,
    );
    expectedStart = r.meta.end_byte!;
    pages.push(r);
    if (r.meta.next) {
      assert.ok(r.meta.end_byte! < f.model.size, 'next given at the end of the file');
      // A short range the agent bounded itself and got whole keeps its next call in meta only.
      // offset/limit bound a range as start_line/end_line do.
      const from = numberIn(input.start_line) ?? numberIn(input.offset) ?? 1;
      const limit = numberIn(input.limit);
      const last = numberIn(input.end_line) ?? (limit !== undefined ? from + limit - 1 : undefined);
      const shortRange = last !== undefined && last - from < 60 && r.meta.end_line === last;
      if (!shortRange) assert.match(r.text, /\[Next: lectern_read /, 'next not named in the footer');
    }
    input = r.meta.next;
  }
  assert.equal(expectedStart, f.model.size, 'paging stopped before the end of the file');
  return pages;
}

describe('properties: file reads over random files', function () {
  this.timeout(120_000);

  it('(a, b, c, d) following byte windows from start_byte 0 covers every byte once, in whole lines', async () => {
    await fc.assert(
      fc.asyncProperty(fileBytes, fc.integer({ min: 1, max: 300 }), settingsArb, async (bytes, maxBytes, settings) => {
        const f = fixture(bytes, settings);
        const pages = await follow(f, { start_byte: 0, max_bytes: maxBytes }, (r) => {
          checkRange(f, r, { maxBytes });
          if (r.meta.next) assert.equal(r.meta.next.start_byte, r.meta.end_byte);
        });
        assert.equal(pages.map((p) => p.content).join(''), f.model.text(f.model.base, f.model.size));
      }),
      { numRuns: RUNS },
    );
  });

  it('(a, b, d) a window at any start_byte snaps to a line start or continues an over-long line', async () => {
    await fc.assert(
      fc.asyncProperty(
        fileBytes,
        fc.nat(),
        fc.integer({ min: 1, max: 300 }),
        settingsArb,
        async (bytes, seed, maxBytes, settings) => {
          const f = fixture(bytes, settings);
          const start = f.model.size === 0 ? 0 : seed % (f.model.size + 2);
          const r = await read(f, { start_byte: start, max_bytes: maxBytes });
          if (start >= f.model.size && f.model.size > f.model.base) {
            assert.equal(r.error?.code, 'OUT_OF_RANGE', r.text);
            assert.equal(r.meta.total_bytes, f.model.size);
            return;
          }
          if (start > f.model.base && f.model.size === f.model.base) {
            assert.equal(r.error?.code, 'OUT_OF_RANGE', r.text);
            return;
          }
          expectOk(r);
          checkRange(f, r, { maxBytes });
          const s = r.meta.start_byte!;
          assert.ok(s <= Math.max(start, f.model.base), `window starts after the asked byte (${s} > ${start})`);
          // A snap never skips a line start: nothing between the window start and the asked byte begins a line.
          for (let b = s + 1; b <= start && b < f.model.size; b++)
            assert.ok(!f.model.isLineStart(b), `snapped past the line start ${b}`);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('(c) following next from offset 1 (line reads) covers every byte once', async () => {
    await fc.assert(
      fc.asyncProperty(
        fileBytes,
        fc.oneof(fc.constant(undefined), fc.integer({ min: 1, max: 40 })),
        fc.boolean(),
        settingsArb,
        async (bytes, limit, range, settings) => {
          const f = fixture(bytes, settings);
          const first = range
            ? { start_line: 1, ...(limit ? { end_line: limit } : {}) }
            : { offset: 1, ...(limit ? { limit } : {}) };
          const pages = await follow(f, first, (r) => checkRange(f, r));
          assert.equal(pages.map((p) => p.content).join(''), f.model.text(f.model.base, f.model.size));
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('(c) following next from the default read covers every byte once', async () => {
    await fc.assert(
      fc.asyncProperty(fileBytes, settingsArb, async (bytes, settings) => {
        const f = fixture(bytes, settings);
        const pages = await follow(f, {}, (r) => checkRange(f, r));
        if (pages.length === 1 && !pages[0]!.meta.preview_degraded) assert.equal(pages[0]!.meta.truncated, false);
      }),
      { numRuns: RUNS },
    );
  });

  it('(f) line ranges agree with an independent split; past the end is OUT_OF_RANGE with the line count', async () => {
    await fc.assert(
      fc.asyncProperty(
        fileBytes,
        fc.integer({ min: 1, max: 320 }),
        fc.oneof(fc.constant(undefined), fc.integer({ min: 0, max: 320 })),
        fc.boolean(),
        settingsArb,
        async (bytes, start, span, range, settings) => {
          const f = fixture(bytes, settings);
          const total = f.model.totalLines;
          const end = span === undefined ? undefined : start + span;
          const input = range
            ? { start_line: start, ...(end ? { end_line: end } : {}) }
            : { offset: start, ...(span !== undefined ? { limit: span + 1 } : {}) };
          const r = await read(f, input);
          if (total === 0 && start === 1) {
            expectOk(r);
            assert.match(r.text, /exists and is empty \(0 lines/);
            assert.equal(r.content, '');
            return;
          }
          if (start > total) {
            assert.equal(r.error?.code, 'OUT_OF_RANGE', r.text);
            assert.equal(r.meta.total_lines, total);
            if (total > 0) assert.match(r.error!.message, new RegExp(`has ${count(total)} lines?\\.`));
            return;
          }
          expectOk(r);
          checkRange(f, r);
          assert.equal(r.meta.start_line, start);
          const wantedLast = end === undefined ? total : Math.min(end, total);
          const last = r.meta.end_line!;
          assert.ok(last <= wantedLast, `read past the asked end (${last} > ${wantedLast})`);
          if (last < wantedLast) {
            // Fewer lines than asked: only allowed under a cap, and said so with the resume point.
            assert.ok(r.meta.preview_degraded || end === undefined, `lines ${last + 1}-${wantedLast} dropped silently`);
            assert.ok(r.meta.next, 'no next after a shortened range');
          }
          assert.equal(r.content, f.model.lines(start, last));
          assert.equal(r.meta.truncated, start > 1 || last < total);
          if (end !== undefined && end > total && last === total) assert.equal(r.meta.next, null);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('(e) head and tail agree with an independent split', async () => {
    await fc.assert(
      fc.asyncProperty(
        fileBytes,
        fc.integer({ min: 1, max: 320 }),
        fc.boolean(),
        settingsArb,
        async (bytes, n, head, settings) => {
          const f = fixture(bytes, settings);
          const total = f.model.totalLines;
          const r = await read(f, head ? { head: n } : { tail: n });
          expectOk(r);
          checkRange(f, r);
          if (total === 0) {
            assert.equal(r.content, '');
            return;
          }
          const want = Math.min(n, total);
          const first = r.meta.start_line!;
          const last = r.meta.end_line!;
          const got = last - first + 1;
          assert.ok(got >= 1, 'no line at all');
          assert.equal(r.meta.total_lines, total);
          if (head) {
            assert.equal(first, 1);
            assert.equal(r.content, f.model.lines(1, last));
          } else {
            assert.equal(last, total);
            assert.equal(r.content, f.model.lines(first, total));
          }
          if (got < want) assert.ok(r.meta.preview_degraded, `${want - got} lines dropped silently`);
          else assert.equal(got, want);
          assert.equal(r.meta.truncated, got < total);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
