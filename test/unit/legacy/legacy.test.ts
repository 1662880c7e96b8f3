// The single-purpose legacy tools: each is a thin wrapper whose flat answer carries the same
// result as the primary tool called directly.
import { strict as assert } from 'node:assert';
import type { LegacyResult, ToolResponse } from '../../../src/core/ground/contract';
import { workspace, type Workspace } from '../helpers';

const lines = Array.from({ length: 120 }, (_, i) => `row ${i + 1}${i % 7 === 0 ? ' needle' : ''}`).join('\n') + '\n';

function legacyOf(r: ToolResponse): LegacyResult {
  assert.ok(r.legacy, 'no legacy result');
  assert.deepEqual(JSON.parse(r.text), JSON.parse(JSON.stringify(r.legacy)), 'text is not the legacy JSON');
  return r.legacy;
}

/** The legacy fields, as they should be derived from the primary answer. */
function expected(operation: string, primary: ToolResponse, content: string): LegacyResult {
  const out: LegacyResult = {
    success: primary.ok,
    operation,
    path: primary.ok ? (primary.target as string) : null,
    start_line: primary.meta.start_line,
    end_line: primary.meta.end_line,
    line_count: primary.meta.total_lines,
    truncated: primary.meta.truncated,
    content,
  };
  if (primary.error) out.error = primary.error;
  return out;
}

describe('legacy tools', () => {
  let ws: Workspace;
  before(() => {
    ws = workspace();
    ws.write('src/data.txt', lines);
  });

  const cases: [string, Record<string, unknown>, string, Record<string, unknown>][] = [
    ['read_file', { path: 'src/data.txt' }, 'lectern_read', { target: 'src/data.txt' }],
    [
      'read_file',
      { path: 'src/data.txt', start_line: 10, end_line: 20 },
      'lectern_read',
      { target: 'src/data.txt', start_line: 10, end_line: 20 },
    ],
    [
      'read_file',
      { path: 'src/data.txt', start_line: 100 },
      'lectern_read',
      { target: 'src/data.txt', start_line: 100 },
    ],
    [
      'read_file_range',
      { path: 'src/data.txt', start_line: 5, end_line: 9 },
      'lectern_read',
      { target: 'src/data.txt', start_line: 5, end_line: 9 },
    ],
    ['read_file_head', { path: 'src/data.txt' }, 'lectern_read', { target: 'src/data.txt', head: 50 }],
    ['read_file_head', { path: 'src/data.txt', lines: 3 }, 'lectern_read', { target: 'src/data.txt', head: 3 }],
    ['read_file_tail', { path: 'src/data.txt', lines: 4 }, 'lectern_read', { target: 'src/data.txt', tail: 4 }],
    ['read_file_tail', { path: 'src/data.txt' }, 'lectern_read', { target: 'src/data.txt', tail: 50 }],
  ];

  for (const [tool, input, primaryTool, primaryInput] of cases) {
    it(`${tool} ${JSON.stringify(input)} equals ${primaryTool} ${JSON.stringify(primaryInput)}`, async () => {
      const run = await ws.lectern.run(tool, input);
      const direct = await ws.lectern.invoke(primaryTool, primaryInput);
      assert.ok(direct.ok, direct.text);
      assert.equal(run.primary?.content, direct.content);
      // The same answer; only the session's view differs (one call later).
      const { stabilization: _a, ...primaryMeta } = run.primary!.meta;
      const { stabilization: _b, ...directMeta } = direct.meta;
      assert.deepEqual(primaryMeta, directMeta);
      assert.deepEqual(legacyOf(run.response), expected(tool, direct, direct.content));
    });
  }

  it('search_in_file equals lectern_search; content lists "line: text"', async () => {
    const run = await ws.lectern.run('search_in_file', { path: 'src/data.txt', query: 'NEEDLE', max_matches: 5 });
    const direct = await ws.lectern.invoke('lectern_search', {
      target: 'src/data.txt',
      query: 'NEEDLE',
      max_matches: 5,
    });
    const legacy = legacyOf(run.response);
    assert.equal(
      legacy.content,
      'row 1 needle\nrow 8 needle\nrow 15 needle\nrow 22 needle\nrow 29 needle'
        .split('\n')
        .map((t) => `${parseInt(t.slice(4), 10)}: ${t}`)
        .join('\n'),
    );
    assert.deepEqual(legacy, expected('search_in_file', direct, legacy.content));
    assert.equal(legacy.truncated, true);
    const regex = await ws.lectern.run('search_in_file', {
      path: 'src/data.txt',
      query: '^row 1[0-9]$',
      is_regex: true,
      case_sensitive: true,
    });
    assert.deepEqual(
      regex.primary?.meta.matches,
      (
        await ws.lectern.invoke('lectern_search', {
          target: 'src/data.txt',
          query: '^row 1[0-9]$',
          is_regex: true,
          case_sensitive: true,
        })
      ).meta.matches,
    );
  });

  it('stat_file equals lectern_stat; content is its text', async () => {
    const run = await ws.lectern.run('stat_file', { path: 'src/data.txt' });
    const direct = await ws.lectern.invoke('lectern_stat', { target: 'src/data.txt' });
    const legacy = legacyOf(run.response);
    assert.deepEqual(legacy, expected('stat_file', direct, direct.text));
    assert.equal(legacy.line_count, 120);
    const missing = legacyOf(await ws.lectern.invoke('stat_file', { path: 'missing.txt' }));
    assert.equal(missing.success, true);
    assert.match(missing.content, /exists: false/);
  });

  it("errors come back as success: false with the primary tool's error", async () => {
    const past = legacyOf(
      await ws.lectern.invoke('read_file_range', { path: 'src/data.txt', start_line: 500, end_line: 510 }),
    );
    assert.equal(past.success, false);
    assert.equal(past.error?.code, 'OUT_OF_RANGE');
    assert.match(past.error!.message, /has 120 lines/);
    const swapped = legacyOf(
      await ws.lectern.invoke('read_file_range', { path: 'src/data.txt', start_line: 9, end_line: 5 }),
    );
    assert.equal(swapped.error?.code, 'INVALID_ARGS');
    const missingParam = legacyOf(await ws.lectern.invoke('read_file_range', { path: 'src/data.txt', start_line: 9 }));
    assert.equal(missingParam.error?.code, 'INVALID_ARGS');
    assert.match(missingParam.error!.message, /Missing required parameter "end_line"/);
    const unknown = legacyOf(await ws.lectern.invoke('read_file', { target: 'src/data.txt' }));
    assert.equal(unknown.error?.code, 'INVALID_ARGS');
    assert.match(unknown.error!.message, /Unknown parameter "target" for read_file/);
    const nf = legacyOf(await ws.lectern.invoke('read_file', { path: 'nope.txt' }));
    assert.deepEqual([nf.success, nf.error?.code], [false, 'NOT_FOUND']);
  });

  // KNOWN BUG, outside the files this suite may fix: Lectern.run (engine.ts) catches a failed
  // legacy call after losing the primary call, so legacyResponse gets no path.
  it('a failed legacy read still names its path', async () => {
    const past = legacyOf(
      await ws.lectern.invoke('read_file_range', { path: 'src/data.txt', start_line: 500, end_line: 510 }),
    );
    assert.equal(past.path, 'src/data.txt');
    const nf = legacyOf(await ws.lectern.invoke('read_file', { path: 'nope.txt' }));
    assert.equal(nf.path, 'nope.txt');
  });
});
