// The JSON schema the model sees leaves out what costs tokens and no call (tools/jsonSchema.ts):
// defaults of false or 0, upper bounds, and empty lists. This holds every such omission, for every
// field of the primary tools, to what makes it safe: an omitted default is what an absent value does
// (the same answer), a value above an omitted bound is clamped with a note (never a failed call), and
// an empty list either works or is refused with an example that validates.
import { strict as assert } from 'node:assert';
import type { ToolResponse } from '../../../src/core/ground/contract';
import { inputSchema } from '../../../src/core/tools/jsonSchema';
import { primaryTools } from '../../../src/core/tools/definitions';
import { validateInput } from '../../../src/core/tools/validate';
import { workspace } from '../helpers';

/** A call of `tool` that takes `field`: the mode it belongs to, and what that mode needs besides. */
function callTaking(tool: string, field: string, modes: readonly string[] | undefined): Record<string, unknown> {
  if (tool === 'lectern_search') return { query: 'value', target: 'a.ts' };
  if (tool === 'lectern_stat') return { target: 'a.ts' };
  // The plainest mode that takes it (symbol mode needs the grammars, which this host does not load).
  const mode =
    ['file', 'snippet', 'outline', 'diff_preview', 'symbol'].find((m) => !modes || modes.includes(m)) ?? modes![0]!;
  if (mode === 'snippet') return { mode, target: 'a.ts', start_line: 3 };
  if (mode === 'symbol') return { mode, target: 'total' };
  return { mode, target: 'a.ts' };
}

function exampleOf(r: ToolResponse): Record<string, unknown> {
  const m = /Example: (?:[a-z_]+ )?(\{.*\})\s*$/.exec(r.error!.hint);
  assert.ok(m, `no example in the hint: ${r.error!.hint}`);
  return JSON.parse(m[1]!);
}

describe('what the schema leaves out costs no call', () => {
  const setup = () => {
    const ws = workspace();
    ws.write(
      'a.ts',
      [
        'export function total(values: number[]): number {',
        '  let sum = 0;',
        '  for (const value of values) sum += value;',
        '  return sum;',
        '}',
        '',
      ].join('\n'),
    );
    return ws;
  };

  it('names every omission it checks (a field added with a bound or a false/0 default is checked too)', () => {
    const omitted = primaryTools.flatMap((tool) =>
      Object.entries(tool.fields)
        .filter(([, f]) => f.maximum !== undefined || f.default === false || f.default === 0)
        .map(([name]) => `${tool.name}.${name}`),
    );
    assert.ok(omitted.length >= 8, omitted.join(', '));
    for (const tool of primaryTools) {
      const properties = inputSchema(tool).properties as Record<string, Record<string, unknown>>;
      for (const [name, field] of Object.entries(tool.fields)) {
        if (field.maximum !== undefined) assert.equal(properties[name]!.maximum, undefined, `${tool.name}.${name}`);
        if (field.default === false || field.default === 0)
          assert.equal(properties[name]!.default, undefined, `${tool.name}.${name}`);
      }
    }
  });

  it('a default of false or 0 left out of the schema answers exactly as the absent value', async () => {
    for (const tool of primaryTools) {
      for (const [name, field] of Object.entries(tool.fields)) {
        if (field.default !== false && field.default !== 0) continue;
        const ws = setup();
        const base = callTaking(tool.name, name, field.modes);
        const absent = await ws.lectern.invoke(tool.name, base, { sessionId: 'absent' });
        const explicit = await ws.lectern.invoke(
          tool.name,
          { ...base, [name]: field.default },
          { sessionId: 'explicit' },
        );
        assert.ok(absent.ok, `${tool.name} ${JSON.stringify(base)}: ${absent.text}`);
        assert.equal(explicit.text, absent.text, `${tool.name}.${name}`);
      }
    }
  });

  it('a value above a bound left out of the schema is clamped with a note, never refused', async () => {
    for (const tool of primaryTools) {
      for (const [name, field] of Object.entries(tool.fields)) {
        if (field.maximum === undefined) continue;
        const ws = setup();
        const input = { ...callTaking(tool.name, name, field.modes), [name]: field.maximum + 1 };
        assert.equal(validateInput(tool, input).input[name], field.maximum, `${tool.name}.${name}`);
        const r = await ws.lectern.invoke(tool.name, input);
        assert.ok(r.ok, `${tool.name} ${JSON.stringify(input)}: ${r.text}`);
        assert.ok(
          r.text.includes(`${name} ${field.maximum + 1} is above its maximum; used ${field.maximum}.`),
          `${tool.name}.${name}: ${r.text}`,
        );
      }
    }
  });

  it('an empty list (no minItems in the schema) works or is refused with an example that validates', async () => {
    for (const tool of primaryTools) {
      for (const [name, field] of Object.entries(tool.fields)) {
        if (field.type !== 'path-or-paths') continue;
        const ws = setup();
        const input = { ...callTaking(tool.name, name, field.modes), [name]: [] };
        const r = await ws.lectern.invoke(tool.name, input);
        if (r.ok) continue;
        assert.equal(r.error!.code, 'INVALID_ARGS', `${tool.name}.${name}: ${r.text}`);
        const example = exampleOf(r);
        assert.doesNotThrow(() => validateInput(tool, example), `${tool.name}.${name}: ${JSON.stringify(example)}`);
      }
    }
  });
});
