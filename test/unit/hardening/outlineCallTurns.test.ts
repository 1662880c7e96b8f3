// The outline of a multi-MB file is parsed on the outline thread; what stays on the host's thread
// (reading and splitting the text, taking the symbols back from the thread, counting, rendering and
// measuring the answer) gives the host a turn every few tens of milliseconds, so a stat on another
// session answers meanwhile. Taking 120,000 symbols back held the host's thread 0.5-1.4 s in one slice.
import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { Lectern } from '../../../src/core/engine';
import { SYMBOL_LIMITS } from '../../../src/core/symbols/service';
import { createNodeHost, type NodeHost } from '../../../src/node/nodeHost';
import { nodeTokenCounter } from '../../../src/node/tokenizer';
import { stallWithStats } from '../../shared/longestStall';
import { ok, tempDir, write } from '../helpers';

/** Generated TypeScript of many short top-level declarations: the most symbols for its size. */
const declarations = (count: number) =>
  Array.from({ length: count }, (_, i) => `export function f${i}() {}\n`).join('');

describe('hardening: the whole outline call of a large file lets the host run', function () {
  this.timeout(240_000);
  let host: NodeHost | undefined;
  const saved = { ...SYMBOL_LIMITS };
  after(async () => {
    Object.assign(SYMBOL_LIMITS, saved);
    await host?.dispose();
  });

  it('120,000 declarations (3.2 MB): the host answers a stat on another session meanwhile', async () => {
    SYMBOL_LIMITS.parseDeadlineMs = 120_000; // a loaded machine parses slowly: the bound is the host's turns, not the parse
    const root = tempDir('lectern-outline-turns-');
    write(root, 'a.ts', 'export const a = 1;\n');
    write(root, 'big.ts', declarations(120_000));
    // The CLI's and the MCP server's host: the outline thread started from source.
    host = createNodeHost(() => [{ name: path.basename(root), path: root }], {
      bundleDir: path.join(__dirname, '../../../src/node'),
    });
    const lectern = new Lectern({ ...host, symbolCache: undefined }, () => ({ sessionGuard: false }));
    await ok(lectern, 'lectern_read', { target: 'a.ts', outline: true }); // warm: the thread, the grammar
    nodeTokenCounter('warm: the table loads once per process, at its first count');
    const { result, stallMs, statMs } = await stallWithStats(
      () => lectern.invoke('lectern_stat', { target: 'a.ts' }, { sessionId: 'other' }),
      () => lectern.invoke('lectern_read', { target: 'big.ts', outline: true }, { sessionId: 'reader' }),
      20,
    );
    assert.ok(result.ok, result.text.slice(0, 300));
    assert.match(result.text, /120,000 symbols/);
    assert.match(result.text, /^\[L1\] function f0$/m);
    assert.match(result.text, /more entries after line/);
    // Behaviour bounds, not speed claims: seconds of work, yet the host's thread turns and a stat answers.
    assert.ok(statMs.length > 1, `${statMs.length} stats ran during the call`);
    assert.ok(
      stallMs < 400,
      `the host's thread was held ${Math.round(stallMs)} ms; stats took ${statMs.map(Math.round).join(', ')} ms`,
    );
  });
});
