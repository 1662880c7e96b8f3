// Following the late note: a language server still starting makes `references` answer from
// tree-sitter and say a later identical call may get the server's answer. That answer is
// provisional (meta.provisional): asking again is never a repeated call, and once the server
// answers, the session's repeat rules apply as to any call.
import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import type { ToolResponse } from '../../../src/core/ground/contract';
import type { EngineReferences } from '../../../src/core/ground/ports';
import { errorResponse } from '../../../src/core/ground/errors';
import { LecternError } from '../../../src/core/ground/contract';
import { isProvisional } from '../../../src/core/session/answerParts';
import { REFERENCE_LIMITS } from '../../../src/core/navigate/referenceScan';
import { RACE_TS, RUNNERS_TS } from '../../shared/runners';
import { codes } from '../session/helpers';
import { navWorkspaceWith, refsOf } from './navHelpers';

const CALL = { mode: 'references', target: 'Sprinter.run' };

/** 1-based line and column of the first `needle` in `text`. */
function place(text: string, needle: string) {
  const before = text.slice(0, text.indexOf(needle)).split('\n');
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}

/** A workspace whose language server is late (never answers) for the first `lateCalls` calls, then answers. */
function startingServer(lateCalls: number) {
  let asked = 0;
  let root = '';
  const ws = navWorkspaceWith(
    { 'src/runners.ts': RUNNERS_TS, 'src/race.ts': RACE_TS },
    {
      references: (): Promise<EngineReferences | undefined> =>
        asked++ < lateCalls
          ? new Promise(() => undefined)
          : Promise.resolve({
              engine: 'language server',
              locations: [{ path: path.join(root, 'src/race.ts'), ...place(RACE_TS, 'run()') }],
            }),
    },
    { sessionGuard: true },
  );
  root = ws.root;
  return { ...ws, call: () => ws.lectern.invoke('lectern_read', CALL, {}) as Promise<ToolResponse> };
}

describe('mode references: following the language-server-late note', () => {
  let saved: number;
  beforeEach(() => {
    saved = REFERENCE_LIMITS.languageServerMs;
    REFERENCE_LIMITS.languageServerMs = 30;
  });
  afterEach(() => {
    REFERENCE_LIMITS.languageServerMs = saved;
  });

  it('the identical call the note names gets the server once it answers, never a repeat warning', async () => {
    const ws = startingServer(4);
    for (let i = 1; i <= 4; i++) {
      const late = await ws.call();
      assert.ok(late.ok, late.text);
      assert.equal(late.meta.answered_by, 'tree-sitter');
      assert.equal(late.meta.provisional, true);
      assert.match(late.text, /A server still starting answers a later call/);
      assert.deepEqual(codes(late), [], `late call ${i}`);
    }
    const answered = await ws.call();
    assert.ok(answered.ok, answered.text);
    assert.equal(answered.meta.answered_by, 'language server');
    assert.equal(answered.meta.provisional, undefined);
    assert.deepEqual(
      refsOf(answered.meta).map((u) => `${u.path}:${u.line}`),
      ['src/race.ts:4'],
    );
    assert.deepEqual(codes(answered), []);
    // From the server's first answer on, repeats count as for any call: the 3rd identical one warns.
    assert.deepEqual(codes(await ws.call()), []);
    assert.deepEqual(codes(await ws.call()), ['REPEATED_CALL']);
  });

  it('six identical late answers never give REPEATED_CALL', async () => {
    const ws = startingServer(Infinity);
    for (let i = 1; i <= 6; i++) {
      const late = await ws.call();
      assert.ok(late.ok, `call ${i}: ${late.text}`);
      assert.equal(late.meta.provisional, true);
      assert.deepEqual(codes(late), [], `late call ${i}`);
    }
  });

  it('an ordinary repeated references call (no server) is still warned, then refused', async () => {
    const ws = navWorkspaceWith({ 'src/runners.ts': RUNNERS_TS, 'src/race.ts': RACE_TS }, {}, { sessionGuard: true });
    const answers: ToolResponse[] = [];
    for (let i = 1; i <= 5; i++) answers.push(await ws.lectern.invoke('lectern_read', CALL, {}));
    assert.equal(answers[0]!.meta.provisional, undefined);
    assert.deepEqual(
      answers.slice(0, 4).map((a) => codes(a)),
      [[], [], ['REPEATED_CALL'], ['REPEATED_CALL']],
    );
    assert.equal(answers[4]!.error?.code, 'REPEATED_CALL');
  });

  it('a list read is provisional when one of its answers is', () => {
    const answer = () => errorResponse('references', 'x', new LecternError('NOT_FOUND', 'm', 'h'));
    const late = { ...answer(), meta: { ...answer().meta, provisional: true as const } };
    assert.equal(isProvisional(answer()), false);
    assert.equal(isProvisional(late), true);
    assert.equal(isProvisional({ ...answer(), results: [answer(), late] }), true);
  });

  it('a server that names no use where tree-sitter sees possible ones is not taken for "used nowhere"', async () => {
    const USE_TS = `export function go(x: any): number {\n  return x.run();\n}\n`;
    let root = '';
    const ws = navWorkspaceWith(
      { 'src/runners.ts': RUNNERS_TS, 'src/use.ts': USE_TS },
      {
        // A server still analysing: only the declaration itself.
        references: async (): Promise<EngineReferences> => ({
          engine: 'language server',
          locations: [{ path: path.join(root, 'src/runners.ts'), ...place(RUNNERS_TS, 'run()') }],
        }),
      },
      { sessionGuard: true },
    );
    root = ws.root;
    const r = await ws.lectern.invoke('lectern_read', CALL, {});
    assert.ok(r.ok, r.text);
    assert.match(r.text, /\(tree-sitter\)/);
    assert.match(r.text, /~2 · go · return x\.run\(\);/);
    assert.match(
      r.text,
      /named no use where tree-sitter sees possible ones[^\n]*lectern_read \{"mode":"references","target":"Sprinter\.run"\}/,
    );
    assert.ok(isProvisional(r));
  });
});
