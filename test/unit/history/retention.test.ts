// History retention (src/core/history): the projection a later turn sends to the model, as a pure
// function, with examples for each rule and properties over generated conversations.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { emptyMeta } from '../../../src/core/ground/contract';
import {
  classifyCall,
  classifyLecternRead,
  keptIndexes,
  projectHistory,
  renderChangelog,
  trimOutput,
  type HistoryCall,
  type HistoryTurn,
  type LineRange,
} from '../../../src/core/history';
import { defaultCatalog } from '../../../src/core/tools/catalog';

const traits = (tool: string, input: Record<string, unknown>) => defaultCatalog.traits(tool, input);

const count = (text: string) => countTokens(text);
let nextId = 0;

function read(path: string, range?: LineRange, extra: Partial<HistoryCall> = {}): HistoryCall {
  const id = `c${++nextId}`;
  return {
    id,
    tool: 'lectern_read',
    input: { target: path, ...(range ? { start_line: range.start, end_line: range.end } : {}) },
    kind: 'read',
    path,
    ...(range ? { range } : {}),
    text: `${path} ${range ? `${range.start}-${range.end}` : 'all'} ${'x '.repeat(200)}(${id})`,
    ...extra,
  };
}

function edit(path: string, intent: string, range?: LineRange): HistoryCall {
  const id = `c${++nextId}`;
  return {
    id,
    tool: 'replace_string_in_file',
    input: { filePath: path, explanation: intent },
    kind: 'edit',
    path,
    intent,
    ...(range ? { range } : {}),
    text: `edited ${path}`,
  };
}

function turn(calls: HistoryCall[], extra: Partial<HistoryTurn> = {}): HistoryTurn {
  return { prompt: 'q', rounds: calls.map((c) => ({ response: '', calls: [c] })), answer: 'a', ...extra };
}

const fatesOf = (turns: HistoryTurn[], budget?: number) =>
  projectHistory(turns, { countTokens: count, ...(budget !== undefined ? { budget } : {}) }).fates;

describe('history retention: rules', () => {
  it('reads of the same lines: 1 kept, 2 both, 3–5 first and last, 6+ first, last and 3 sampled', () => {
    assert.deepEqual(keptIndexes(1), [0]);
    assert.deepEqual(keptIndexes(2), [0, 1]);
    for (const n of [3, 4, 5]) assert.deepEqual(keptIndexes(n), [0, n - 1]);
    assert.deepEqual(keptIndexes(6), [0, 1, 3, 4, 5]);
    assert.deepEqual(keptIndexes(9), [0, 2, 4, 6, 8]);
    assert.deepEqual(keptIndexes(30), [0, 7, 15, 22, 29]);
    for (const n of [1, 2, 3, 4, 5, 6, 7, 12]) {
      const reads = Array.from({ length: n }, () => read('src/a.ts', { start: 1, end: 50 }));
      const fates = fatesOf(reads.map((r) => turn([r])));
      const kept = reads.filter((r) => fates[r.id] === 'kept').length;
      assert.equal(kept, n <= 2 ? n : n <= 5 ? 2 : 5, `n=${n}`);
      assert.equal(fates[reads[0]!.id], 'kept');
      assert.equal(fates[reads[n - 1]!.id], 'kept');
    }
  });

  it('reads of different lines of one file are judged apart; pointers name the kept read', () => {
    const top = [
      read('a.ts', { start: 1, end: 40 }),
      read('a.ts', { start: 10, end: 30 }),
      read('a.ts', { start: 1, end: 40 }),
    ];
    const bottom = read('a.ts', { start: 200, end: 260 });
    const turns = [turn([top[0]!, bottom]), turn([top[1]!]), turn([top[2]!])];
    const projection = projectHistory(turns, { countTokens: count });
    assert.equal(projection.fates[bottom.id], 'kept', 'the only read of lines 200-260');
    assert.equal(projection.fates[top[1]!.id], 'pointer');
    const pointer = projection.turns[1]!.rounds[0]!.calls[0]!;
    assert.equal(pointer.pointsTo, top[2]!.id, 'same overlap: the latest kept read');
    assert.equal(pointer.text, '[a.ts L10-30 read again; see turn 3, L1-40]');
    assert.ok(count(pointer.text) < 30);
  });

  it('judged by the lines they hold: each line keeps its first and last read; the others become pointers', () => {
    const reads = [
      read('a.ts', { start: 1, end: 40 }),
      read('a.ts', { start: 1, end: 40 }),
      read('a.ts', { start: 1, end: 40 }),
      read('a.ts', { start: 10, end: 20 }),
    ];
    const fates = fatesOf([turn(reads)]);
    // Lines 1-9 and 21-40: reads 1, 2, 3 (first and last kept); lines 10-20: reads 1-4 (1 and 4 kept).
    assert.deepEqual(
      reads.map((r) => fates[r.id]),
      ['kept', 'pointer', 'kept', 'kept'],
    );
    const spread = [
      read('b.ts', { start: 1, end: 100 }),
      read('b.ts', { start: 50, end: 120 }),
      read('b.ts', { start: 1, end: 20 }),
      read('b.ts', { start: 90, end: 100 }),
    ];
    assert.deepEqual(
      spread.map((r) => fatesOf([turn(spread)])[r.id]),
      ['kept', 'kept', 'kept', 'kept'],
      'read 2 is the only read of lines 101-120, read 3 the last of 1-20',
    );
  });

  it('the only copy of lines an edit or the answer cited stays, even when the budget is tight', () => {
    const reads = [
      read('a.ts', { start: 1, end: 40 }),
      read('a.ts', { start: 1, end: 40 }),
      read('a.ts', { start: 1, end: 40 }),
    ];
    const cited = [
      turn(reads, { citations: [{ path: 'a.ts', range: { start: 5, end: 6 } }] }),
      turn([edit('a.ts', 'fix the off-by-one', { start: 30, end: 30 })]),
    ];
    const tight = projectHistory(cited, { countTokens: count, budget: 0 });
    assert.deepEqual(
      reads.map((r) => tight.fates[r.id]),
      ['pointer', 'pointer', 'kept'],
      'the last read holds lines 5-6 and 30: no other copy is needed',
    );
  });

  it('edits are always kept with their intent; /changes lists them by file', () => {
    const turns = [
      turn([edit('b.ts', 'rename foo to bar'), read('b.ts')]),
      turn([edit('a.ts', 'guard against empty input', { start: 3, end: 9 }), edit('b.ts', 'update the callers')]),
    ];
    const projection = projectHistory(turns, { countTokens: count, budget: 1 });
    for (const call of turns.flatMap((t) => t.rounds.flatMap((r) => r.calls)).filter((c) => c.kind === 'edit'))
      assert.equal(projection.fates[call.id], 'kept');
    assert.equal(projection.withinBudget, false);
    assert.equal(
      renderChangelog(turns),
      '### a.ts\n- turn 2, L3-9 (replace_string_in_file): guard against empty input\n\n### b.ts\n- turn 1 (replace_string_in_file): rename foo to bar\n- turn 2 (replace_string_in_file): update the callers',
    );
  });

  it('long outputs keep their first and last 2k chars with a marker of the cut', () => {
    const lines = Array.from({ length: 2000 }, (_, i) => `line ${i + 1} of the build log`);
    const text = lines.join('\n');
    const cut = trimOutput(text);
    assert.ok(cut.startsWith('line 1 of the build log\n'));
    assert.ok(cut.endsWith('line 2000 of the build log'));
    assert.match(
      cut,
      /\[… \d+ chars \(\d+ lines\) of this output cut from history; first \d+ and last \d+ chars kept …\]/,
    );
    assert.ok(cut.length < 4300, `${cut.length}`);
    const output: HistoryCall = {
      id: 'out1',
      tool: 'run_in_terminal',
      input: { command: 'make' },
      kind: 'output',
      text,
    };
    const projected = projectHistory([turn([output])], { countTokens: count });
    assert.equal(projected.fates.out1, 'trimmed');
    assert.equal(projected.turns[0]!.rounds[0]!.calls[0]!.text, cut);
    const short: HistoryCall = { ...output, id: 'out2', text: 'x'.repeat(10_000) };
    assert.equal(
      projectHistory([turn([short])], { countTokens: count }).fates.out2,
      'kept',
      '10k chars is not over 10k',
    );
  });

  it('an answer repeated word for word by the same call later becomes a pointer to the latest', () => {
    const search = (text: string): HistoryCall => ({
      id: `c${++nextId}`,
      tool: 'lectern_search',
      input: { query: 'emit(' },
      kind: 'other',
      text,
    });
    const [one, two] = ['a.ts:3 emit(\n'.repeat(20), 'a.ts:3 emit(\nb.ts:9 emit(\n'.repeat(20)];
    const calls = [search(one), search(one), search(two), search(two)];
    const p = projectHistory([turn([calls[0]!, calls[1]!]), turn([calls[2]!]), turn([calls[3]!])], {
      countTokens: count,
    });
    assert.deepEqual(
      calls.map((c) => p.fates[c.id]),
      ['pointer', 'kept', 'pointer', 'kept'],
    );
    assert.equal(
      p.turns[0]!.rounds[0]!.calls[0]!.text,
      '[lectern_search {"query":"emit("}: the same answer again in turn 1]',
    );
    assert.equal(p.turns[1]!.rounds[0]!.calls[0]!.pointsTo, calls[3]!.id);
  });

  it('an answer shorter than its pointer would be stays as it is', () => {
    // Found by the property below (never larger than verbatim): six lines of output, repeated.
    const output = (id: string): HistoryCall => ({
      id,
      tool: 'run_in_terminal',
      input: {},
      kind: 'output',
      text: 'out\n'.repeat(6),
    });
    const calls = [output('k1'), output('k2')];
    for (const countTokens of [count, (text: string) => Math.ceil(text.length / 4)]) {
      const p = projectHistory([turn([calls[0]!]), turn([calls[1]!])], { countTokens });
      assert.deepEqual(
        calls.map((c) => p.fates[c.id]),
        ['kept', 'kept'],
      );
      assert.equal(p.tokens, p.verbatimTokens);
    }
    // A read of a few characters the next read holds too: no pointer longer than the read.
    const tiny = [read('a.ts', { start: 1, end: 1 }, { text: 'a' }), read('a.ts', { start: 1, end: 1 }, { text: 'a' })];
    const reads = projectHistory([turn([tiny[0]!]), turn([tiny[1]!])], { countTokens: count });
    assert.ok(reads.tokens <= reads.verbatimTokens);
  });

  it('ephemeral reads are dropped with their call and never count against other reads', () => {
    const big = read('big.json', undefined, { ephemeral: true, text: '' });
    const a = [read('big.json'), read('big.json'), read('big.json')];
    const projection = projectHistory([turn([a[0]!, big]), turn([a[1]!, a[2]!])], { countTokens: count });
    assert.equal(projection.fates[big.id], 'dropped');
    assert.ok(!projection.turns.flatMap((t) => t.rounds.flatMap((r) => r.calls)).some((c) => c.id === big.id));
    assert.deepEqual(
      a.map((r) => projection.fates[r.id]),
      ['kept', 'pointer', 'kept'],
      'three reads, not four',
    );
  });

  it('a de-duplication pointer holds no lines: not counted among the reads, kept as it is', () => {
    const full = [read('a.ts', { start: 1, end: 40 }), read('a.ts', { start: 1, end: 40 })];
    const stub = read(
      'a.ts',
      { start: 1, end: 40 },
      { stub: true, text: 'a.ts · lines 1-40 of 90 · unchanged since call #2' },
    );
    const p = projectHistory([turn([full[0]!, full[1]!, stub])], { countTokens: count });
    assert.deepEqual(
      [full[0]!.id, full[1]!.id, stub.id].map((id) => p.fates[id]),
      ['kept', 'kept', 'kept'],
      'two reads hold the lines: both kept',
    );
    assert.deepEqual(
      classifyLecternRead(
        traits('lectern_read', { target: 'a.ts' }),
        { target: 'a.ts' },
        { file: 'a.ts', start_line: 1, end_line: 40, deduplicated: true },
      ),
      { kind: 'read', path: 'a.ts', range: { start: 1, end: 40 }, stub: true },
    );
  });

  it('a tight budget gives up sampled middles, then first reads, never the last', () => {
    const reads = Array.from({ length: 8 }, () => read('a.ts', { start: 1, end: 80 }));
    const turns = reads.map((r) => turn([r]));
    const loose = projectHistory(turns, { countTokens: count });
    assert.equal(Object.values(loose.fates).filter((f) => f === 'kept').length, 5);
    const budget = loose.tokens - 300;
    const tight = projectHistory(turns, { countTokens: count, budget });
    assert.ok(tight.withinBudget && tight.tokens <= budget, `${tight.tokens} > ${budget}`);
    assert.equal(tight.fates[reads[0]!.id], 'kept', 'first read outlives the sampled middles');
    assert.equal(tight.fates[reads[7]!.id], 'kept');
    const tighter = projectHistory(turns, { countTokens: count, budget: 0 });
    assert.deepEqual(
      Object.entries(tighter.fates)
        .filter(([, f]) => f === 'kept')
        .map(([id]) => id),
      [reads[7]!.id],
    );
  });

  it("classifies Lectern reads, other tools' reads, edits with intents and commands", () => {
    assert.deepEqual(
      classifyLecternRead(
        traits('lectern_read', { mode: 'symbol', target: 'Store.get' }),
        { mode: 'symbol', target: 'Store.get' },
        { file: 'src/store.ts', start_line: 10, end_line: 30 },
      ),
      { kind: 'read', path: 'src/store.ts', range: { start: 10, end: 30 } },
    );
    assert.deepEqual(
      classifyLecternRead(
        traits('lectern_read', { target: 'a.ts', outline: true }),
        { target: 'a.ts', outline: true },
        { file: 'a.ts', start_line: null, end_line: null },
      ),
      { kind: 'read', path: 'a.ts', outline: true },
    );
    const ephemeral = { target: 'a.json', ephemeral: true };
    assert.deepEqual(classifyLecternRead(traits('lectern_read', ephemeral), ephemeral, null), {
      kind: 'read',
      path: 'a.json',
      ephemeral: true,
    });
    assert.deepEqual(classifyCall('copilot_readFile', { filePath: '/w/a.ts', startLine: 5, endLine: 9 }), {
      kind: 'read',
      path: '/w/a.ts',
      range: { start: 5, end: 9 },
    });
    assert.deepEqual(classifyCall('copilot_replaceString', { filePath: 'a.ts', explanation: '  Fix the\n bug ' }), {
      kind: 'edit',
      path: 'a.ts',
      intent: 'Fix the bug',
    });
    assert.deepEqual(classifyCall('run_in_terminal', { command: 'ls' }), { kind: 'output' });
    assert.deepEqual(classifyCall('lectern_search', { query: 'x' }), { kind: 'other' });
    // A failed read holds no lines (not "the whole file").
    const failed = {
      ok: false,
      mode: 'symbol',
      target: 'Nope',
      content: '',
      text: 'Error NOT_FOUND: …',
      meta: { ...emptyMeta() },
      location: null,
      error: { code: 'NOT_FOUND' as const, message: '', hint: '' },
    };
    assert.deepEqual(
      defaultCatalog.retained('lectern_read', { mode: 'symbol', target: 'Nope', path: 'a.ts' }, failed),
      {
        kind: 'other',
      },
    );
    const served = {
      ...failed,
      ok: true,
      error: undefined,
      location: { file: 'a.ts', line: 3, end_line: 9 },
      meta: { ...emptyMeta(), start_line: 3, end_line: 9, deduplicated_from: { seq: 1 } },
    };
    assert.deepEqual(defaultCatalog.retained('lectern_read', { target: 'a.ts' }, served), {
      kind: 'read',
      path: 'a.ts',
      range: { start: 3, end: 9 },
      stub: true,
    });
  });
});

// Generated conversations: a few files, reads of overlapping and disjoint ranges, edits, outputs,
// ephemeral reads, citations.
const paths = [
  'src/a.ts',
  'src/b.ts',
  'lib/a.ts',
  'a/very/long/path/that/goes/on/and/on/into/the/tree/of/folders/file.ts',
];
const rangeArb = fc.option(
  fc
    .tuple(fc.integer({ min: 1, max: 300 }), fc.integer({ min: 0, max: 120 }))
    .map(([s, n]) => ({ start: s, end: s + n })),
  { nil: undefined },
);
const callArb = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('read' as const),
      path: fc.constantFrom(...paths),
      range: rangeArb,
      ephemeral: fc.boolean(),
      outline: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('edit' as const),
      path: fc.constantFrom(...paths),
      range: rangeArb,
      intent: fc.constantFrom('fix the bug', 'rename', 'add a guard'),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('output' as const), size: fc.integer({ min: 10, max: 30_000 }) }),
  },
);
const turnsArb = fc
  .array(
    fc.record({
      calls: fc.array(callArb, { maxLength: 6 }),
      citations: fc.array(
        fc.record({ path: fc.constantFrom(...paths), range: rangeArb.filter((r) => r !== undefined) }),
        { maxLength: 2 },
      ),
    }),
    { minLength: 1, maxLength: 12 },
  )
  .map((spec) => {
    let id = 0;
    return spec.map(({ calls, citations }): HistoryTurn => ({
      prompt: 'question',
      answer: 'answer',
      citations: citations as { path: string; range: LineRange }[],
      rounds: calls.map((c) => {
        const callId = `k${++id}`;
        if (c.kind === 'output')
          return {
            response: '',
            calls: [
              {
                id: callId,
                tool: 'run_in_terminal',
                input: {},
                kind: 'output',
                text: 'out\n'.repeat(Math.ceil(c.size / 4)),
              },
            ],
          };
        if (c.kind === 'edit')
          return {
            response: '',
            calls: [
              {
                id: callId,
                tool: 'apply_patch',
                input: {},
                kind: 'edit',
                path: c.path,
                intent: c.intent,
                ...(c.range ? { range: c.range } : {}),
                text: 'ok',
              },
            ],
          };
        const outline = c.outline && !c.range;
        return {
          response: 'reading',
          calls: [
            {
              id: callId,
              tool: 'lectern_read',
              input: { target: c.path },
              kind: 'read',
              path: c.path,
              ...(c.range && !outline ? { range: c.range } : {}),
              ...(outline ? { outline } : {}),
              ...(c.ephemeral ? { ephemeral: true } : {}),
              text: c.ephemeral ? '' : `content of ${c.path} `.repeat(20),
            },
          ],
        };
      }),
    }));
  });
const budgetArb = fc.option(fc.integer({ min: 0, max: 20_000 }), { nil: undefined });

// Cheap, deterministic stand-in for speed in properties; the examples above use o200k.
const approx = (text: string) => Math.ceil(text.length / 4);

describe('history retention: properties', () => {
  const allCalls = (turns: HistoryTurn[]) => turns.flatMap((t) => t.rounds.flatMap((r) => r.calls));

  it('no edit is lost: every edit is kept with its text, at any budget', () => {
    fc.assert(
      fc.property(turnsArb, budgetArb, (turns, budget) => {
        const p = projectHistory(turns, { countTokens: approx, budget });
        const projected = new Map(p.turns.flatMap((t) => t.rounds.flatMap((r) => r.calls)).map((c) => [c.id, c]));
        for (const call of allCalls(turns).filter((c) => c.kind === 'edit')) {
          assert.equal(projected.get(call.id)?.fate, 'kept');
          assert.equal(projected.get(call.id)?.text, call.text);
        }
      }),
    );
  });

  it('the last read of each file (and of each range of lines) is present, at any budget', () => {
    fc.assert(
      fc.property(turnsArb, budgetArb, (turns, budget) => {
        const p = projectHistory(turns, { countTokens: approx, budget });
        const last = new Map<string, HistoryCall>();
        for (const call of allCalls(turns))
          if (call.kind === 'read' && !call.ephemeral) last.set(`${call.outline}:${call.path}`, call);
        for (const call of last.values()) assert.equal(p.fates[call.id], 'kept', call.id);
      }),
    );
  });

  it('every line read keeps its last read (its latest state), at any budget', () => {
    fc.assert(
      fc.property(turnsArb, budgetArb, (turns, budget) => {
        const p = projectHistory(turns, { countTokens: approx, budget });
        const reads = allCalls(turns).filter((c) => c.kind === 'read' && !c.ephemeral && !c.outline);
        const lines = new Set(
          reads.flatMap((c) =>
            c.range ? [c.range.start, c.range.end, Math.floor((c.range.start + c.range.end) / 2)] : [1],
          ),
        );
        for (const path of paths)
          for (const line of lines) {
            const holding = reads.filter(
              (c) => c.path === path && (!c.range || (c.range.start <= line && line <= c.range.end)),
            );
            if (holding.length > 0) assert.equal(p.fates[holding.at(-1)!.id], 'kept', `${path}:${line}`);
          }
      }),
      { numRuns: 60 },
    );
  });

  it('pointers resolve to kept reads of the same file, in one short line', () => {
    fc.assert(
      fc.property(turnsArb, budgetArb, (turns, budget) => {
        const p = projectHistory(turns, { countTokens: approx, budget });
        const byId = new Map(allCalls(turns).map((c) => [c.id, c]));
        for (const call of p.turns
          .flatMap((t) => t.rounds.flatMap((r) => r.calls))
          .filter((c) => c.fate === 'pointer')) {
          assert.ok(call.pointsTo, call.id);
          const target = byId.get(call.pointsTo)!;
          if (call.kind === 'read') {
            assert.equal(p.fates[call.pointsTo], 'kept');
            assert.equal(target.path, byId.get(call.id)!.path);
          } else {
            // A repeated answer points to the latest identical one, which is there (whole or cut).
            assert.ok(['kept', 'trimmed'].includes(p.fates[call.pointsTo]!));
            assert.deepEqual(
              [target.tool, target.input, target.text],
              [call.tool, call.input, byId.get(call.id)!.text],
            );
          }
          assert.ok(!call.text.includes('\n') && count(call.text) < 30, call.text);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('ephemeral reads never reach the projection', () => {
    fc.assert(
      fc.property(turnsArb, budgetArb, (turns, budget) => {
        const p = projectHistory(turns, { countTokens: approx, budget });
        const ephemeral = new Set(
          allCalls(turns)
            .filter((c) => c.ephemeral)
            .map((c) => c.id),
        );
        for (const call of p.turns.flatMap((t) => t.rounds.flatMap((r) => r.calls))) assert.ok(!ephemeral.has(call.id));
      }),
    );
  });

  it('is deterministic and counts its tokens honestly; within budget whenever the budget allows', () => {
    fc.assert(
      fc.property(turnsArb, budgetArb, (turns, budget) => {
        turns = JSON.parse(JSON.stringify(turns)) as HistoryTurn[];
        const copy = JSON.parse(JSON.stringify(turns)) as HistoryTurn[];
        const a = projectHistory(turns, { countTokens: approx, budget });
        const b = projectHistory(copy, { countTokens: approx, budget });
        assert.deepEqual(a, b);
        assert.deepEqual(turns, copy, 'the history is not changed');
        assert.ok(a.tokens <= a.verbatimTokens, 'never larger than verbatim');
        // The floor: what no budget can give up (everything at its tightest).
        const floor = projectHistory(turns, { countTokens: approx, budget: 0 }).tokens;
        if (budget !== undefined && budget >= floor)
          assert.ok(a.withinBudget && a.tokens <= budget, `${a.tokens} > ${budget}`);
        if (budget !== undefined) assert.equal(a.withinBudget, a.tokens <= budget);
        const unlimited = projectHistory(turns, { countTokens: approx });
        assert.ok(a.tokens <= unlimited.tokens);
      }),
    );
  });
});
