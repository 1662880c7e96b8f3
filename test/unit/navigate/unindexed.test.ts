// A listed source file the symbol index could not index this call (its parse ran out of time on a
// loaded machine, or it is over the index's size limit) is named in the answer, with the read that
// looks inside it: a name declared only there is INCOMPLETE, never NOT_FOUND ("not declared").
import { strict as assert } from 'node:assert';
import { SYMBOL_LIMITS } from '../../../src/core/symbols/service';
import { INDEX_LIMITS } from '../../../src/core/symbols/workspaceIndex';
import { navWorkspace } from './navHelpers';

const many = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => `export function ${prefix}${i}(a: number) { return a + ${i}; }\n`).join('');

const files = {
  'small.ts': 'export function small() { return 1; }\n',
  'big.ts': many('f', 3_000),
};

describe('files the symbol index could not index', function () {
  this.timeout(60_000);
  const saved = { index: { ...INDEX_LIMITS }, symbols: { ...SYMBOL_LIMITS } };
  afterEach(() => {
    Object.assign(INDEX_LIMITS, saved.index);
    Object.assign(SYMBOL_LIMITS, saved.symbols);
  });

  it('a file over the size limit: its names are INCOMPLETE, and the read it names finds them', async () => {
    INDEX_LIMITS.maxFileBytes = 10_000;
    const { lectern } = navWorkspace(files);
    const r = await lectern.invoke('lectern_read', { mode: 'symbol', target: 'f10' });
    assert.equal(r.error?.code, 'INCOMPLETE', r.text);
    assert.match(r.text, /1 source file could not be indexed.*big\.ts \(over the index's/s);
    const call = /lectern_read (\{[^\n]*"outline":true\})/.exec(`${r.text}\n${r.error?.hint ?? ''}`);
    assert.ok(call, r.text);
    const outline = await lectern.invoke('lectern_read', JSON.parse(call[1]!), { sessionId: 'other' });
    assert.match(outline.text, /function f10\b/);
  });

  it('a parse out of time: INCOMPLETE naming the file; the next call, in time, finds the name', async () => {
    SYMBOL_LIMITS.parseDeadlineMs = 0;
    SYMBOL_LIMITS.parseDeadlinePerMiBMs = 0;
    SYMBOL_LIMITS.hostThreadMs = 0;
    const { lectern } = navWorkspace(files);
    const r = await lectern.invoke('lectern_read', { mode: 'symbol', target: 'f10' });
    assert.equal(r.error?.code, 'INCOMPLETE', r.text);
    assert.match(r.text, /big\.ts \(its parse ran out of time: a call again retries it\)/);
    Object.assign(SYMBOL_LIMITS, saved.symbols);
    const again = await lectern.invoke('lectern_read', { mode: 'symbol', target: 'f10' }, { sessionId: 'again' });
    assert.ok(again.ok, again.text);
    assert.match(again.text, /function f10\(/);
  });

  it('every file indexed: a name declared nowhere is NOT_FOUND', async () => {
    const { lectern } = navWorkspace(files);
    const r = await lectern.invoke('lectern_read', { mode: 'symbol', target: 'nowhere' });
    assert.equal(r.error?.code, 'NOT_FOUND', r.text);
  });
});
