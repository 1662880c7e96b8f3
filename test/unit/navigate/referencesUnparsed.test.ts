// References that found no use while files mentioning the name went unparsed: the answer says it is
// incomplete (INCOMPLETE, never "used nowhere") and names calls that, run as written, show those lines.
import { strict as assert } from 'node:assert';
import { REFERENCE_LIMITS } from '../../../src/core/navigate/referenceScan';
import { fails, ok } from '../helpers';
import { navWorkspace } from './navHelpers';

const DECL = `export function helperFn(n: number): number {\n  return n + 1;\n}\n`;
const BIG = `import { helperFn } from './decl';\n\n${'// padding line to make this file large\n'.repeat(2_000)}export const answer = helperFn(41);\n`;

/** The calls an answer names, as `tool {json}`. */
function namedCalls(text: string): { tool: string; input: Record<string, unknown> }[] {
  return [...text.matchAll(/(lectern_\w+) (\{[^\n]*?\})(?=$|\n|,| or)/gm)].map((m) => ({
    tool: m[1]!,
    input: JSON.parse(m[2]!) as Record<string, unknown>,
  }));
}

describe('references with files that could not be parsed', () => {
  const saved = REFERENCE_LIMITS.maxFileBytes;
  afterEach(() => (REFERENCE_LIMITS.maxFileBytes = saved));

  it('answers INCOMPLETE, not "used nowhere", and its search call shows the unparsed use', async () => {
    REFERENCE_LIMITS.maxFileBytes = 64 * 1024;
    const { lectern } = navWorkspace({ 'decl.ts': DECL, 'big.ts': BIG });
    const answer = await fails(lectern, 'lectern_read', { mode: 'references', target: 'helperFn' }, 'INCOMPLETE');
    assert.doesNotMatch(answer.text, /used nowhere/);
    assert.match(answer.text, /big\.ts/);
    const searches = namedCalls(answer.text).filter((c) => c.tool === 'lectern_search');
    assert.ok(searches.length > 0, answer.text);
    const found = await ok(lectern, searches[0]!.tool, searches[0]!.input);
    assert.match(found.text, /helperFn\(41\)/);
  });

  it('a file too large to parse that does not hold the name leaves the answer NOT_FOUND', async () => {
    REFERENCE_LIMITS.maxFileBytes = 64 * 1024;
    const { lectern } = navWorkspace({ 'decl.ts': DECL, 'big.ts': BIG.replace(/helperFn/g, 'otherFn') });
    const answer = await fails(lectern, 'lectern_read', { mode: 'references', target: 'helperFn' }, 'NOT_FOUND');
    assert.match(answer.text, /used nowhere/);
  });
});
