// Session metrics and the SessionApi: deterministic counters, meta.stabilization on every answer,
// the timeline, sessions by id, idle reset, reset, change events, export and restore.
import { strict as assert } from 'node:assert';
import { Lectern } from '../../../src/core/engine';
import type { SessionSnapshot } from '../../../src/core/ground/stabilization';
import { budgetLimits, budgetState } from '../../../src/core/session/budget';
import { Metrics } from '../../../src/core/session/metrics';
import { MAX_TIMELINE, Session } from '../../../src/core/session/session';
import type { TimelineEntry } from '../../../src/core/ground/stabilization';
import fc from 'fast-check';
import { DEFAULT_STABILIZATION } from '../../../src/core/ground/stabilization';
import { DEFAULT_SETTINGS, normalizeSettings } from '../../../src/core/ground/settings';
import { numberedLines, sessionWorkspace, wideLines, stab, T0, type SessionWorkspace } from './helpers';

/** A scripted session: searches, reads (one repeated, one excluded, one low-relevance), a failure. */
async function script(ws: SessionWorkspace): Promise<void> {
  const steps: [string, Record<string, unknown>][] = [
    ['lectern_search', { target: 'src/app.ts', query: 'handler' }],
    ['lectern_read', { target: 'src/app.ts', start_line: 1, end_line: 120 }],
    ['lectern_read', { target: 'src/app.ts', start_line: 10, end_line: 20 }],
    ['lectern_read', { mode: 'symbol', target: 'handler', path: 'src/app.ts' }],
    ['lectern_read', { target: 'src/util.ts' }],
    ['lectern_read', { target: 'node_modules/dep/index.js' }],
    ['lectern_stat', { target: 'src/app.ts' }],
    ['lectern_read', { target: 'missing.ts' }],
    ['lectern_read', { target: 'src/app.ts', start_line: 200, end_line: 600 }],
  ];
  for (const [tool, input] of steps) {
    await ws.call(tool, input);
    ws.clock.now += 1000;
  }
}

function files(ws: SessionWorkspace): void {
  ws.write(
    'src/app.ts',
    `export function handler() {\n  return 1;\n}\n${numberedLines(500, '// filler: a line of the application, long enough to be worth a pointer')}`,
  );
  ws.write('src/util.ts', 'export const util = 1;\n');
  ws.write('node_modules/dep/index.js', 'module.exports = {};\n');
}

describe('session: metrics', () => {
  it('the counters of a scripted session', async () => {
    const ws = sessionWorkspace();
    files(ws);
    await script(ws);
    const s = ws.lectern.session.snapshot();
    const m = s.metrics;
    assert.equal(m.search_count, 1);
    // Reads that answered: 1-120, the pointer (10-20), the symbol (inside 1-120, but 3 lines cost less
    // than a pointer), util, dep, 200-499 (capped at 300 lines).
    assert.equal(m.reads_count, 6);
    assert.equal(m.deduplicated_reads, 1);
    assert.equal(m.reads_lines_total, 120 + 3 + 1 + 1 + 300);
    assert.equal(m.max_read_span, 300);
    assert.equal(m.avg_read_span, (120 + 3 + 1 + 1 + 300) / 5);
    assert.equal(m.preview_degraded_count, 1);
    assert.equal(m.read_after_search_ratio, 4 / 6);
    assert.ok(m.tokens_served > 0);
    assert.ok(m.tokens_saved > 0);
    assert.ok(m.reads_chars_total > 0);
    assert.equal(s.budget_state, 'ok');
    assert.deepEqual(s.limits, {
      maxReadsPerSession: 25,
      maxTotalReadLines: 2500,
      maxSingleReadLines: 300,
      maxPreviewChars: 12_000,
      hardLimitMultiplier: 2,
    });
    // The timeline: one entry per call, in order, with flags and absolute paths.
    assert.deepEqual(
      s.timeline.map((e) => [e.seq, e.tool, e.mode, e.file, e.start_line, e.end_line, e.ok]),
      [
        [1, 'lectern_search', 'search', 'src/app.ts', 1, 1, true],
        [2, 'lectern_read', 'file', 'src/app.ts', 1, 120, true],
        [3, 'lectern_read', 'file', 'src/app.ts', 10, 20, true],
        [4, 'lectern_read', 'symbol', 'src/app.ts', 1, 3, true],
        [5, 'lectern_read', 'file', 'src/util.ts', 1, 1, true],
        [6, 'lectern_read', 'file', 'node_modules/dep/index.js', 1, 1, true],
        [7, 'lectern_stat', 'stat', 'src/app.ts', null, null, true],
        [8, 'lectern_read', 'file', 'missing.ts', null, null, false],
        [9, 'lectern_read', 'file', 'src/app.ts', 200, 499, true],
      ],
    );
    assert.deepEqual(
      s.timeline.map((e) => e.at_unix_ms),
      [0, 1, 2, 3, 4, 5, 6, 7, 8].map((i) => T0 + i * 1000),
    );
    assert.deepEqual(
      s.timeline.map((e) =>
        Object.entries(e.flags)
          .filter(([, on]) => on)
          .map(([flag]) => flag),
      ),
      [[], [], ['deduplicated'], [], ['low_relevance'], ['excluded'], [], [], ['degraded']],
    );
    assert.equal(s.timeline[1]!.absolute, `${ws.root}/src/app.ts`);
    assert.deepEqual(
      s.warnings.map((w) => w.code),
      ['DEDUPLICATED', 'LOW_RELEVANCE', 'EXCLUDED_PATH'],
    );
    assert.equal(
      s.timeline.reduce((sum, e) => sum + e.tokens, 0),
      m.tokens_served,
    );
  });

  it('are deterministic: the same script gives the same snapshot, export and answers', async () => {
    const ws = sessionWorkspace();
    files(ws);
    await script(ws);
    const first = ws.lectern.session.exportJson();
    // A second engine over the same files, the same clock.
    const other = new Lectern(ws.host, () => ({ sessionGuard: true }));
    ws.clock.now = T0;
    await script({ ...ws, lectern: other, call: (tool, input) => other.invoke(tool, input) });
    assert.equal(other.session.exportJson(), first);
    // And the same engine after a reset.
    ws.clock.now = T0;
    ws.lectern.session.reset();
    await script(ws);
    assert.equal(ws.lectern.session.exportJson(), first);
    assert.deepEqual(JSON.parse(first), ws.lectern.session.snapshot());
  });

  it('every answer carries meta.stabilization: errors, unknown tools, invalid input, legacy tools', async () => {
    const ws = sessionWorkspace();
    ws.write('a.txt', 'a\n');
    const answers = [
      await ws.call('lectern_read', { target: 'a.txt' }),
      await ws.call('lectern_read', { target: 'a.txt', bogus: 1 }),
      await ws.call('no_such_tool', {}),
      await ws.call('lectern_stat', { target: 'a.txt' }),
      await ws.call('lectern_search', { target: 'a.txt', query: '(', is_regex: true }),
      await ws.call('read_file_head', { path: 'a.txt' }),
      await ws.call('stat_file', { path: 'nope.txt' }),
      await ws.call('lectern_read', { mode: 'diff_preview', target: 'a.txt', against: 'WORKTREE' }),
    ];
    answers.forEach((r, i) => {
      const s = stab(r);
      assert.equal(s.budget_state, 'ok', `answer ${i}`);
      assert.ok(Array.isArray(s.warnings));
      assert.equal(s.metrics_snapshot.tokens_served > 0, true);
    });
    assert.deepEqual(
      answers.map((r) => r.ok),
      [true, false, false, true, false, true, true, true],
    );
    assert.equal(ws.lectern.session.snapshot().timeline.length, answers.length);
    // Each answer's snapshot counts the calls up to it.
    assert.deepEqual(
      answers.map((r) => stab(r).metrics_snapshot.reads_count),
      [1, 1, 1, 1, 1, 2, 2, 3],
    );
  });

  it('sessions by id; idle reset after idleResetMinutes; reset; change events; restore', async () => {
    const ws = sessionWorkspace({ idleResetMinutes: 10 });
    ws.write('a.txt', wideLines(10));
    const seen: SessionSnapshot[] = [];
    const off = ws.lectern.session.onDidChange((s) => seen.push(s));
    await ws.call('lectern_read', { target: 'a.txt' });
    await ws.call('lectern_read', { target: 'a.txt' }, 'chat-1');
    await ws.call('lectern_read', { target: 'a.txt' }, 'chat-1');
    assert.deepEqual(
      seen.map((s) => [s.id, s.metrics.reads_count, s.metrics.deduplicated_reads]),
      [
        ['default', 1, 0],
        ['chat-1', 1, 0],
        ['chat-1', 2, 1],
      ],
    );
    assert.equal(ws.lectern.session.snapshot().metrics.reads_count, 1);
    assert.equal(ws.lectern.session.snapshot('chat-1').metrics.reads_count, 2);
    // Idle for longer than 10 minutes: the next call starts a new session.
    ws.clock.now += 10 * 60_000 + 1;
    const fresh = await ws.call('lectern_read', { target: 'a.txt' }, 'chat-1');
    assert.equal(fresh.content, wideLines(10), 'a new session has no pointers');
    assert.equal(stab(fresh).metrics_snapshot.reads_count, 1);
    assert.equal(ws.lectern.session.snapshot('chat-1').started_at_unix_ms, ws.clock.now);
    assert.equal(ws.lectern.session.snapshot('chat-1').timeline[0]!.seq, 1);
    // Reset: announced, and empty.
    ws.lectern.session.reset('chat-1');
    assert.deepEqual(seen.at(-1)!.metrics, new Metrics().snapshot());
    assert.equal(seen.at(-1)!.id, 'chat-1');
    // Restore: the saved counters and timeline come back (another engine, as after a window reload).
    await ws.call('lectern_read', { target: 'a.txt', start_line: 1, end_line: 4 }, 'chat-2');
    await ws.call('lectern_read', { target: 'a.txt', start_line: 5, end_line: 6 }, 'chat-2');
    const saved = JSON.parse(ws.lectern.session.exportJson('chat-2')) as SessionSnapshot;
    const reloaded = new Lectern(ws.host, () => ({ sessionGuard: true }));
    const heard: string[] = [];
    reloaded.session.onDidChange((s) => heard.push(s.id));
    reloaded.session.restore(saved);
    assert.deepEqual(heard, ['chat-2']);
    assert.deepEqual(reloaded.session.snapshot('chat-2'), saved);
    const next = await reloaded.invoke(
      'lectern_read',
      { target: 'a.txt', start_line: 1, end_line: 4 },
      { sessionId: 'chat-2' },
    );
    assert.equal(next.content, wideLines(4), 'no pointers into a previous window');
    const m = stab(next).metrics_snapshot;
    assert.deepEqual([m.reads_count, m.reads_lines_total, m.avg_read_span], [3, 10, 10 / 3]);
    assert.equal(reloaded.session.snapshot('chat-2').timeline.at(-1)!.seq, 3);
    off();
    const count = seen.length;
    await ws.call('lectern_read', { target: 'a.txt' });
    assert.equal(seen.length, count, 'unsubscribed');
  });

  it('a listener that throws costs no answer', async () => {
    const ws = sessionWorkspace();
    ws.write('a.txt', 'a\n');
    ws.lectern.session.onDidChange(() => {
      throw new Error('boom');
    });
    const heard: number[] = [];
    ws.lectern.session.onDidChange((s) => heard.push(s.metrics.reads_count));
    assert.ok((await ws.call('lectern_read', { target: 'a.txt' })).ok);
    assert.deepEqual(heard, [1]);
  });

  it('settings: the stabilization defaults, and bad values fall back to them', () => {
    assert.deepEqual(normalizeSettings({}), DEFAULT_SETTINGS);
    const defaults: Record<string, unknown> = { ...normalizeSettings(undefined) };
    for (const [name, value] of Object.entries(DEFAULT_STABILIZATION)) assert.deepEqual(defaults[name], value, name);
    assert.equal(defaults.sessionGuard, true);
    const bad = normalizeSettings({
      maxReadsPerSession: -1,
      maxTotalReadLines: Number.NaN,
      maxSingleReadLines: 12.7,
      hardLimitMultiplier: 0.5,
      relevance: 'loud' as never,
      exclusions: 'block',
      excludeGlobs: ['**/gen', '', 3 as never],
      ephemeralShare: 4,
      idleResetMinutes: undefined,
      sessionGuard: 'yes' as never,
    });
    assert.deepEqual(
      [
        bad.maxReadsPerSession,
        bad.maxTotalReadLines,
        bad.maxSingleReadLines,
        bad.hardLimitMultiplier,
        bad.relevance,
        bad.exclusions,
        bad.excludeGlobs,
        bad.ephemeralShare,
        bad.idleResetMinutes,
        bad.sessionGuard,
      ],
      [25, 2500, 12, 1, 'warn', 'block', ['**/gen'], 1, 30, true],
    );
  });

  it('budget states from the counters', () => {
    const limits = { ...DEFAULT_STABILIZATION };
    assert.equal(budgetState({ reads_count: 24, reads_lines_total: 2499 }, limits), 'ok');
    assert.equal(budgetState({ reads_count: 25, reads_lines_total: 0 }, limits), 'soft');
    assert.equal(budgetState({ reads_count: 0, reads_lines_total: 2500 }, limits), 'soft');
    assert.equal(budgetState({ reads_count: 50, reads_lines_total: 0 }, limits), 'hard');
    assert.equal(budgetState({ reads_count: 0, reads_lines_total: 5000 }, limits), 'hard');
    // 1.5 × 25 = 37.5: hard from 38 reads.
    assert.equal(
      budgetState({ reads_count: 37, reads_lines_total: 0 }, { ...limits, hardLimitMultiplier: 1.5 }),
      'soft',
    );
    assert.equal(
      budgetState({ reads_count: 38, reads_lines_total: 0 }, { ...limits, hardLimitMultiplier: 1.5 }),
      'hard',
    );
  });

  it('the timeline shows the last MAX_TIMELINE entries, in order, however they were added, and stays bounded', () => {
    const limits = budgetLimits(DEFAULT_SETTINGS);
    const entry = (seq: number): TimelineEntry => ({
      seq,
      at_unix_ms: seq,
      tool: 'lectern_read',
      mode: 'file',
      file: `f${seq}.ts`,
      absolute: null,
      start_line: 1,
      end_line: 1,
      tokens: 1,
      ok: true,
      flags: { degraded: false, deduplicated: false, ephemeral: false, low_relevance: false, excluded: false },
    });
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 250, maxLength: 400, size: 'max' }),
        (batches) => {
          const session = new Session('t', 0);
          let seq = 0;
          for (const size of batches) {
            session.addTimeline(Array.from({ length: size }, () => entry(++seq)));
            const shown = session.snapshot(limits).timeline.map((e) => e.seq);
            const expected = Array.from(
              { length: Math.min(seq, MAX_TIMELINE) },
              (_, i) => seq - Math.min(seq, MAX_TIMELINE) + i + 1,
            );
            assert.deepEqual(shown, expected);
            assert.ok(session.timeline.length <= 2 * MAX_TIMELINE);
          }
        },
      ),
      { numRuns: 15 },
    );
    // Snapshots share the entries, which nobody can change (a listener hears a snapshot on every call).
    const session = new Session('t', 0);
    session.addTimeline([entry(1), entry(2)]);
    const [first, second] = [session.snapshot(limits), session.snapshot(limits)];
    assert.equal(first.timeline[1], second.timeline[1]);
    assert.ok(Object.isFrozen(first.timeline[0]) && Object.isFrozen(first.timeline[0]!.flags));
    assert.notEqual(first.timeline, second.timeline);
  });
});
