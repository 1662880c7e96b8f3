// The tools never throw into the host, whatever the input (VS Code does not validate input against
// the schema): every call resolves to one structured answer, and none is an unexpected failure.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import type { ToolResponse } from '../../../src/core/ground/contract';
import { allTools } from '../../../src/core/tools/definitions';
import { workspace, type Workspace } from '../helpers';

const toolNames = [...allTools.map((t) => t.name), 'no_such_tool', ''];

function checkAnswer(r: unknown, input: unknown): void {
  const context = () => fc.stringify(input).slice(0, 300);
  assert.ok(r !== null && typeof r === 'object', `not an object for ${context()}`);
  const response = r as ToolResponse;
  assert.equal(typeof response.ok, 'boolean', context());
  assert.equal(typeof response.text, 'string', context());
  assert.ok(response.text.length > 0, context());
  assert.equal(typeof response.content, 'string', context());
  assert.ok(response.meta && typeof response.meta === 'object', context());
  assert.equal(typeof response.meta.token_estimate, 'number');
  // A several-target answer is ok=false when any target failed; the errors are in its results (see report).
  if (!response.ok && !response.results) {
    assert.ok(response.error, `ok=false without error for ${context()}`);
    assert.notEqual(response.error.code, 'INTERNAL', `unexpected failure for ${context()}: ${response.text}`);
  }
  if (response.results)
    assert.equal(
      response.ok,
      response.results.every((sub) => sub.ok),
    );
  for (const sub of response.results ?? []) checkAnswer(sub, input);
}

describe('fuzz: invoke never throws', function () {
  this.timeout(120_000);
  let ws: Workspace;
  before(() => {
    ws = workspace();
    ws.write('a.txt', 'alpha\nbeta\r\ngamma 😀\n');
    ws.write('src/b.ts', 'export const b = 1;\n');
    ws.write('bin.dat', Buffer.from([0, 1, 2]));
  });

  it('with any value as input, for every tool', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...toolNames),
        fc.anything({ withBigInt: true, withNullPrototype: true, withObjectString: true }),
        async (tool, input) => {
          checkAnswer(await ws.lectern.invoke(tool, input), input);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('with real field names and any values', async () => {
    const names = [...new Set(allTools.flatMap((t) => Object.keys(t.fields)))];
    const value = fc.oneof(
      fc.anything({ maxDepth: 1 }),
      fc.constantFrom(
        'a.txt',
        'src/b.ts',
        'bin.dat',
        'missing',
        '.',
        '..',
        '/',
        '/etc/passwd',
        'a.txt/x',
        '(a+)+$',
        '[',
        '',
      ),
      fc.integer({ min: -3, max: 300 }),
      fc.constantFrom(0, 1, 2, 1e9, Number.MAX_SAFE_INTEGER, 2 ** 53, -0, NaN, Infinity, 1.5),
      fc.array(fc.constantFrom('a.txt', 'missing', 'bin.dat', 'src'), { minLength: 1, maxLength: 3 }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...toolNames),
        fc.dictionary(fc.constantFrom(...names), value, { maxKeys: 5 }),
        async (tool, input) => {
          checkAnswer(await ws.lectern.invoke(tool, input), input);
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('with a cancelled signal', async () => {
    const r = await ws.lectern.invoke(
      'lectern_search',
      { target: 'a.txt', query: 'a' },
      { signal: { isCancellationRequested: true } },
    );
    assert.equal(r.ok, false);
    assert.equal(r.error?.code, 'CANCELLED');
  });
});
