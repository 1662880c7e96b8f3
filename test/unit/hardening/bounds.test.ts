// Every input is bounded before any work, and every answer is bounded in all of its fields
// (SECURITY.md, promise 5). Huge glob lists, long globs, targets, names and queries answer a short
// INVALID_ARGS that names the bound and quotes the input as a short prefix; a search of a file
// with very long lines answers within the cap in text, content, meta and MCP structuredContent,
// and the call it offers reads the cut line whole.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import type { ToolResponse } from '../../../src/core/ground/contract';
import { INPUT_BOUNDS } from '../../../src/core/ground/schema';
import { callResult } from '../../../src/mcp/connection';
import { call, workspace, type Workspace } from '../helpers';

/** An error answer to a bounded input: JSON at most this long, whatever the input's size. */
const MAX_ERROR_JSON = 4_000;

/** A run of `n` characters of the input must never come back. */
function echoesRun(answer: ToolResponse, text: string, n = 300): boolean {
  return text.length >= n && JSON.stringify(answer).includes(text.slice(0, n));
}

async function refusedShort(ws: Workspace, tool: string, input: unknown, bound: RegExp, echoed: string) {
  const r = await call(ws.lectern, tool, input);
  assert.equal(r.ok, false, r.text.slice(0, 300));
  assert.equal(r.error?.code, 'INVALID_ARGS', r.text.slice(0, 300));
  assert.match(r.text, bound);
  const size = JSON.stringify(r).length;
  assert.ok(size <= MAX_ERROR_JSON, `${size} chars of JSON`);
  assert.ok(!echoesRun(r, echoed), 'the input is echoed beyond a short prefix');
  assert.ok(r.mode.length <= 100, `mode of ${r.mode.length} chars`);
}

describe('hardening: every input bounded before work', function () {
  this.timeout(120_000);
  const ws = workspace();
  ws.write('a.txt', 'alpha\n');
  const letters = fc.constantFrom(...'abcxyz*?/{},.é');

  it('100,000 include globs (and exclude globs) answer INVALID_ARGS naming the bound', async () => {
    const globs = Array.from({ length: 100_000 }, (_, i) => `src/f${i}/**/*.ts`);
    for (const field of ['include', 'exclude'])
      await refusedShort(ws, 'lectern_search', { query: 'alpha', [field]: globs }, /at most 64/, globs.join(''));
  });

  it('glob lists over the count, in a list or a comma string, answer INVALID_ARGS', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: INPUT_BOUNDS.globs + 1, max: 3_000 }),
        fc.constantFrom('include', 'exclude'),
        fc.boolean(),
        async (count, field, asString) => {
          const globs = Array.from({ length: count }, (_, i) => `g${i % 10}`);
          // A comma string holds several globs within the length of one string.
          const value = asString ? globs.slice(0, 300).join(',') : globs;
          if (asString && value.length > INPUT_BOUNDS.globChars) return;
          await refusedShort(ws, 'lectern_search', { query: 'alpha', [field]: value }, /at most 64/, globs.join(''));
        },
      ),
      { numRuns: 25 },
    );
  });

  it('long globs, targets, queries, modes and names answer INVALID_ARGS with a short prefix of the input', async () => {
    const long = (min: number) =>
      fc
        .tuple(fc.string({ unit: letters, minLength: 1, maxLength: 8 }), fc.integer({ min, max: 300_000 }))
        .map(([unit, size]) => unit.repeat(Math.ceil(size / unit.length)).slice(0, size));
    const cases = fc.oneof(
      long(INPUT_BOUNDS.globChars + 1).map((g) => ['lectern_search', { query: 'a', include: [g] }, g] as const),
      long(INPUT_BOUNDS.globChars + 1).map((g) => ['lectern_search', { query: 'a', exclude: g }, g] as const),
      long(INPUT_BOUNDS.stringChars + 1).map((t) => ['lectern_search', { query: 'a', target: t }, t] as const),
      long(INPUT_BOUNDS.stringChars + 1).map((t) => ['lectern_read', { target: ['a.txt', t] }, t] as const),
      long(INPUT_BOUNDS.stringChars + 1).map((t) => ['lectern_stat', { target: t }, t] as const),
      long(INPUT_BOUNDS.stringChars + 1).map((m) => ['lectern_read', { target: 'a.txt', mode: m }, m] as const),
      long(INPUT_BOUNDS.queryChars + 1).map((q) => ['lectern_search', { query: q }, q] as const),
      long(INPUT_BOUNDS.queryChars + 1).map((q) => ['lectern_search', { query: q, target: 'a.txt' }, q] as const),
      long(200).map((k) => ['lectern_read', { target: 'a.txt', [k]: 1 }, k] as const),
    );
    await fc.assert(
      fc.asyncProperty(cases, async ([tool, input, given]) => {
        const bound = /at most [\d,]+|Unknown parameter/;
        await refusedShort(ws, tool, input, bound, given);
      }),
      { numRuns: 60 },
    );
  });

  it('a list of more targets than one call takes answers INVALID_ARGS', async () => {
    const targets = Array.from({ length: 100_000 }, (_, i) => `missing/${i}.txt`);
    await refusedShort(ws, 'lectern_read', { target: targets }, /at most 1,000/, targets.join(''));
  });

  it('an unknown tool with a long name answers with a short mode and no echo', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 100, max: 1_000_000 }), async (size) => {
        const name = 'x'.repeat(size);
        const r = await call(ws.lectern, name, { target: 'a.txt' });
        assert.equal(r.error?.code, 'INVALID_ARGS');
        assert.ok(r.mode.length <= 100, `mode of ${r.mode.length} chars`);
        assert.ok(JSON.stringify(r).length <= MAX_ERROR_JSON, `${JSON.stringify(r).length} chars`);
      }),
      { numRuns: 8 },
    );
  });
});

describe('hardening: every answer bounded in all of its fields', function () {
  this.timeout(120_000);

  it("the session's warning about a read outside the latest search quotes that search's long query as a short prefix", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1_001, max: INPUT_BOUNDS.queryChars }), async (size) => {
        const ws = workspace({ settings: { sessionGuard: true } });
        const query = 'q'.repeat(size);
        ws.write('a.txt', `${query}\n`);
        ws.write('b.txt', 'other\n');
        const found = await call(ws.lectern, 'lectern_search', { query });
        assert.equal(found.meta.total_matches, 1);
        const r = await call(ws.lectern, 'lectern_read', { target: 'b.txt' });
        assert.match(r.text, /LOW_RELEVANCE/);
        assert.ok(JSON.stringify(r).length <= MAX_ERROR_JSON, `${JSON.stringify(r).length} chars`);
        assert.ok(!echoesRun(r, query), 'the query is echoed beyond a short prefix');
      }),
      { numRuns: 5 },
    );
  });

  /** Reads a byte window and every window its answers name next, until `end`: the text read. */
  async function readWindows(ws: Workspace, first: Record<string, unknown>, end: number): Promise<string> {
    let next: Record<string, unknown> | null = first;
    let text = '';
    for (let calls = 0; next && calls < 50; calls++) {
      const r = await call(ws.lectern, 'lectern_read', next);
      assert.ok(r.ok, r.text.slice(0, 300));
      text += r.content;
      if ((r.meta.end_byte ?? Infinity) >= end) return text;
      next = r.meta.next as Record<string, unknown> | null;
    }
    return text;
  }

  it('a search of long lines keeps text, content, meta and structuredContent within the cap, and the offered call reads the cut line', async () => {
    const ws = workspace({ settings: { contextTokens: 40_000, maxReadShare: 0.5 } }); // a 20,000-token cap
    const cap = 20_000;
    const filler = fc.constantFrom('y', 'é', '中', '😀', 'ab ');
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(filler, fc.integer({ min: 0, max: 120_000 }), fc.integer({ min: 0, max: 120_000 })), {
          minLength: 1,
          maxLength: 4,
        }),
        fc.integer({ min: 0, max: 3 }),
        async (shapes, context) => {
          const lines = shapes.map(([unit, before, after]) => `${unit.repeat(before)}NEEDLE${unit.repeat(after)}`);
          const file = ws.write('long.txt', `first\n${lines.join('\n')}\nlast\n`);
          const r = await call(ws.lectern, 'lectern_search', {
            query: 'needle',
            target: 'long.txt',
            before: context,
            after: context,
          });
          assert.ok(r.ok, r.text.slice(0, 300));
          assert.equal(r.meta.total_matches, lines.length);
          assert.ok(r.meta.token_estimate <= cap, `${r.meta.token_estimate} tokens`);
          assert.ok(r.content.length <= r.text.length, `content ${r.content.length} > text ${r.text.length}`);
          const meta = JSON.stringify(r.meta).length;
          assert.ok(meta <= r.text.length + 4_000, `meta ${meta} chars for ${r.text.length} of text`);
          const structured = JSON.stringify(callResult(r, true).structuredContent).length;
          assert.ok(structured <= 3 * r.text.length + 6_000, `structuredContent ${structured} chars`);
          const matches = r.meta.matches as { line: number; text: string; start_byte?: number; line_bytes?: number }[];
          for (const m of matches) assert.ok(m.text.length <= 500, `a match's text of ${m.text.length} chars`);
          const cut = matches.find((m) => m.start_byte !== undefined);
          if (!cut) return;
          // The note's call reads that line, from its first byte, to its end.
          const offered = /from its first byte: lectern_read (\{.*?\})/.exec(r.text);
          assert.ok(offered, r.text.slice(-600));
          const request = JSON.parse(offered![1]!) as Record<string, unknown>;
          assert.equal(request.start_byte, cut.start_byte);
          const whole = await readWindows(ws, request, cut.start_byte! + cut.line_bytes!);
          // Windows may read on past the line's end: the line is what comes before its line break.
          const line = whole.split('\n')[0]!;
          const expected = lines[cut.line - 2]!;
          assert.ok(
            line === expected,
            `line ${cut.line} of ${file}: read ${line.length} chars, expected ${expected.length}`,
          );
        },
      ),
      { numRuns: 20 },
    );
  });
});
