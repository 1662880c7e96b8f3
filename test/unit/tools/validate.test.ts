// Input validation: every failure is INVALID_ARGS naming the field, with a corrected example that works.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { LecternError, type ToolResponse } from '../../../src/core/ground/contract';
import type { ToolDefinition } from '../../../src/core/ground/schema';
import { lecternRead } from '../../../src/core/tools/definitions';
import { validateInput } from '../../../src/core/tools/validate';
import { fails, ok, workspace, type Workspace } from '../helpers';

/** The corrected call in an INVALID_ARGS hint ("Example: {...}" or "Example: lectern_read {...}"). */
function exampleOf(r: ToolResponse): Record<string, unknown> {
  const m = /Example: (?:[a-z_]+ )?(\{.*\})\s*$/.exec(r.error!.hint);
  assert.ok(m, `no example in the hint: ${r.error!.hint}`);
  return JSON.parse(m[1]!);
}

describe('validation', () => {
  let ws: Workspace;
  before(() => {
    ws = workspace();
    ws.write('a.txt', Array.from({ length: 60 }, (_, i) => `line ${i + 1}\n`).join(''));
  });

  it('an unknown parameter names the closest one ("Did you mean")', async () => {
    const r = await fails(ws.lectern, 'lectern_read', { target: 'a.txt', startLine: 5 }, 'INVALID_ARGS');
    assert.match(
      r.error!.message,
      /^Unknown parameter "startLine" for lectern_read\. Did you mean "start_line"\? Parameters: mode, target, start_line, end_line,/,
    );
    assert.deepEqual(exampleOf(r), { target: 'a.txt', start_line: 10 });
    const far = await fails(ws.lectern, 'lectern_read', { target: 'a.txt', zzzzzzzz: 1 }, 'INVALID_ARGS');
    assert.doesNotMatch(far.error!.message, /Did you mean/);
    const search = await fails(
      ws.lectern,
      'lectern_search',
      { target: 'a.txt', query: 'x', maxMatches: 3 },
      'INVALID_ARGS',
    );
    assert.match(search.error!.message, /Did you mean "max_matches"\?/);
  });

  it('inherited property names are unknown parameters, not a way around validation', async () => {
    for (const key of ['toString', 'constructor', 'hasOwnProperty']) {
      const r = await fails(ws.lectern, 'lectern_read', { target: 'a.txt', [key]: 1 }, 'INVALID_ARGS');
      assert.match(r.error!.message, new RegExp(`Unknown parameter "${key}"`));
    }
    // JSON input can carry an own "__proto__" key; it must not smuggle unchecked fields in.
    const smuggled = JSON.parse('{"target":"a.txt","__proto__":{"offset":-5,"limit":"x"}}');
    const r = await fails(ws.lectern, 'lectern_read', smuggled, 'INVALID_ARGS');
    assert.match(r.error!.message, /Unknown parameter "__proto__"/);
    assert.throws(
      () => validateInput(lecternRead, JSON.parse('{"target":"a.txt","__proto__":{"head":1}}')),
      LecternError,
    );
  });

  it('wrong types name the field, the expectation and what was given', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ target: 'a.txt', offset: '5' }, /^offset must be a whole number >= 1, got the string "5"\.$/],
      [{ target: 'a.txt', limit: 2.5 }, /^limit must be a whole number >= 1, got number 2\.5\.$/],
      [{ target: 'a.txt', head: true }, /^head must be a whole number >= 1, got boolean true\.$/],
      [{ target: 42 }, /^target must be a path or a non-empty list of paths, got number 42\.$/],
      [{ target: [] }, /^target must be a path or a non-empty list of paths, got an array\.$/],
      [{ target: '' }, /^target must be a path or a non-empty list of paths/],
      [{ target: 'a.txt', mode: 'nonexistent' }, /^mode must be one of "file"(, "[a-z_]+")*, got "nonexistent"\.$/],
      [{}, /^Missing required parameter "target"\.$/],
    ];
    for (const [input, message] of cases) {
      const r = await fails(ws.lectern, 'lectern_read', input, 'INVALID_ARGS');
      assert.match(r.error!.message, message, JSON.stringify(input));
    }
    const s = await fails(
      ws.lectern,
      'lectern_search',
      { target: 'a.txt', query: 'x', is_regex: 'yes' },
      'INVALID_ARGS',
    );
    assert.match(s.error!.message, /^is_regex must be true or false, got the string "yes"\.$/);
  });

  it('describes any given value without failing (NaN, BigInt, objects, functions)', async () => {
    const cases: [unknown, RegExp][] = [
      [NaN, /^offset must be a whole number >= 1, got number NaN\.$/],
      [Infinity, /^offset must be a whole number >= 1, got number Infinity\.$/],
      [10n, /^offset must be a whole number >= 1, got bigint 10\.$/],
      [{ a: 'x'.repeat(5000) }, /^offset must be a whole number >= 1, got an object\.$/],
      [() => 1, /^offset must be a whole number >= 1, got a function\.$/],
    ];
    for (const [value, message] of cases) {
      const r = await fails(ws.lectern, 'lectern_read', { target: 'a.txt', offset: value }, 'INVALID_ARGS');
      assert.match(r.error!.message, message);
    }
    const top = await fails(ws.lectern, 'lectern_read', 5n, 'INVALID_ARGS');
    assert.match(top.error!.message, /^The input must be a JSON object, got bigint 5\.$/);
  });

  it('negative numbers are refused with the minimum', async () => {
    const r = await fails(ws.lectern, 'lectern_read', { target: 'a.txt', offset: -3 }, 'INVALID_ARGS');
    assert.equal(r.error!.message, 'offset must be >= 1, got -3. Lines are numbered from 1.');
    const z = await fails(ws.lectern, 'lectern_read', { target: 'a.txt', start_line: 0 }, 'INVALID_ARGS');
    assert.match(z.error!.message, /start_line must be >= 1, got 0\. Lines are numbered from 1\./);
    const b = await fails(ws.lectern, 'lectern_read', { target: 'a.txt', start_byte: -1 }, 'INVALID_ARGS');
    assert.equal(b.error!.message, 'start_byte must be >= 0, got -1.');
    const c = await fails(ws.lectern, 'lectern_search', { target: 'a.txt', query: 'x', before: -1 }, 'INVALID_ARGS');
    assert.match(c.error!.message, /^before must be >= 0, got -1\./);
  });

  it('start_line after end_line answers with the swapped range as the example', async () => {
    const r = await fails(
      ws.lectern,
      'lectern_read',
      { target: 'a.txt', start_line: 30, end_line: 20 },
      'INVALID_ARGS',
    );
    assert.equal(r.error!.message, 'start_line (30) is after end_line (20).');
    assert.deepEqual(exampleOf(r), { target: 'a.txt', start_line: 20, end_line: 30 });
    const o = await fails(ws.lectern, 'lectern_read', { target: 'a.txt', offset: 30, end_line: 20 }, 'INVALID_ARGS');
    assert.equal(o.error!.message, 'offset (30) is after end_line (20).');
    assert.deepEqual(exampleOf(o), { target: 'a.txt', start_line: 20, end_line: 30 });
  });

  it('conflicting parameters answer INVALID_ARGS with a working example', async () => {
    const cases = [
      { head: 5, tail: 5 },
      { head: 5, start_line: 2 },
      { tail: 5, start_byte: 0 },
      { offset: 3, start_line: 3 },
      { limit: 3, end_line: 9 },
      { offset: 50, limit: 5, end_line: 10 },
      { start_line: 50, limit: 5, end_line: 10 },
    ];
    for (const extra of cases) {
      const r = await fails(ws.lectern, 'lectern_read', { target: 'a.txt', ...extra }, 'INVALID_ARGS');
      const example = exampleOf(r);
      const again = await ws.lectern.invoke('lectern_read', example);
      assert.ok(again.ok, `${JSON.stringify(extra)}: the example ${JSON.stringify(example)} fails: ${again.text}`);
    }
  });

  it('values above a maximum are clamped with a note', async () => {
    const r = await ok(ws.lectern, 'lectern_search', { target: 'a.txt', query: 'line', max_matches: 900, before: 50 });
    assert.match(r.text, /\[max_matches 900 is above its maximum; used 500\.\]/);
    assert.match(r.text, /\[before 50 is above its maximum; used 20\.\]/);
  });

  it('a JSON string input is parsed; other non-objects are refused', async () => {
    const r = await ok(ws.lectern, 'lectern_read', JSON.stringify({ target: 'a.txt', head: 1 }));
    assert.equal(r.content, 'line 1\n');
    for (const input of ['not json', null, undefined, 5, [1, 2], true]) {
      const bad = await fails(ws.lectern, 'lectern_read', input, 'INVALID_ARGS');
      assert.match(bad.error!.message, /^The input must be a JSON object/);
    }
  });

  it('an unknown tool answers INVALID_ARGS listing the tools', async () => {
    const r = await fails(ws.lectern, 'lectern_nope', {}, 'INVALID_ARGS');
    assert.match(r.error!.hint, /lectern_read, lectern_search, lectern_stat/);
  });

  it('every INVALID_ARGS from random bad input names a field or the input, with an example that validates', async () => {
    const value = fc.oneof(
      fc.integer({ min: -5, max: 5 }),
      fc.double(),
      fc.string({ maxLength: 4 }),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.nat(), { maxLength: 2 }),
    );
    const key = fc.constantFrom(...Object.keys(lecternRead.fields), 'startLine', 'lines', 'path', 'maxBytes');
    await fc.assert(
      fc.asyncProperty(fc.dictionary(key, value, { maxKeys: 4 }), async (input) => {
        const r = await ws.lectern.invoke('lectern_read', { target: 'a.txt', ...input });
        if (r.ok || r.error!.code !== 'INVALID_ARGS') return;
        const example = exampleOf(r);
        // The example is valid input (it may still be out of range for this file, but never invalid).
        assert.doesNotThrow(
          () => validateInput(lecternRead, example),
          `${JSON.stringify(input)} -> ${JSON.stringify(example)}`,
        );
        // Other modes have their own requirements beyond the schema (e.g. snippet needs start_line).
        if (example.mode !== undefined && example.mode !== 'file') return;
        const again = await ws.lectern.invoke('lectern_read', example);
        assert.notEqual(
          again.error?.code,
          'INVALID_ARGS',
          `${JSON.stringify(input)}: example ${JSON.stringify(example)} -> ${again.text}`,
        );
      }),
      { numRuns: 400 },
    );
  });
});

describe('validation: a parameter of another mode', () => {
  // Built here, so the test does not depend on which modes lectern_read offers today.
  const twoModes: ToolDefinition = {
    ...lecternRead,
    fields: {
      mode: { type: 'string', enum: ['file', 'symbol', 'snippet'], default: 'file', description: 'Mode.' },
      target: { type: 'path-or-paths', description: 'Target.' },
      start_line: { type: 'integer', minimum: 1, modes: ['file'], description: 'First line.' },
      end_line: { type: 'integer', minimum: 1, modes: ['file', 'snippet'], description: 'Last line.' },
      name: { type: 'string', modes: ['symbol'], description: 'Symbol name.' },
    },
    required: ['target'],
  };

  it('answers "<param> is only valid for mode=\'<x>\'. Remove it or switch mode."', () => {
    const error = captured(() => validateInput(twoModes, { mode: 'file', target: 'a.ts', name: 'Foo' }));
    assert.equal(error.code, 'INVALID_ARGS');
    assert.equal(error.message, "name is only valid for mode='symbol'. Remove it or switch mode.");
    assert.match(error.hint, /^Example: \{"target":"a\.ts","mode":"symbol"\}$/);
    const fileParam = captured(() => validateInput(twoModes, { mode: 'symbol', target: 'a.ts', start_line: 3 }));
    assert.equal(fileParam.message, "start_line is only valid for mode='file'. Remove it or switch mode.");
    const twoOf = captured(() => validateInput(twoModes, { mode: 'symbol', target: 'a.ts', end_line: 3 }));
    assert.equal(twoOf.message, "end_line is only valid for mode='file' or mode='snippet'. Remove it or switch mode.");
  });

  it("a type error or a misspelling of another mode's field suggests an example with that mode", () => {
    const typed = captured(() => validateInput(twoModes, { target: 'a.ts', name: 5 }));
    assert.match(typed.message, /^name must be a string, got number 5\.$/);
    const example = JSON.parse(typed.hint.replace(/^Example: /, ''));
    assert.deepEqual(example, { target: 'a.ts', mode: 'symbol', name: 'src/index.ts' });
    assert.doesNotThrow(() => validateInput(twoModes, example));
    const misspelt = captured(() => validateInput(twoModes, { target: 'a.ts', Name: 'x' }));
    assert.match(misspelt.message, /Did you mean "name"\?/);
    assert.doesNotThrow(() => validateInput(twoModes, JSON.parse(misspelt.hint.replace(/^Example: /, ''))));
  });

  it('applies the default mode when none is given, and passes fields of the chosen mode', () => {
    const error = captured(() => validateInput(twoModes, { target: 'a.ts', name: 'Foo' }));
    assert.equal(error.message, "name is only valid for mode='symbol'. Remove it or switch mode.");
    const valid = validateInput(twoModes, { mode: 'symbol', target: 'a.ts', name: 'Foo' });
    assert.deepEqual(valid.input, { mode: 'symbol', target: 'a.ts', name: 'Foo' });
  });
});

function captured(fn: () => unknown): LecternError {
  try {
    fn();
  } catch (error) {
    assert.ok(error instanceof LecternError, `threw ${String(error)}`);
    return error;
  }
  assert.fail('did not throw');
}
