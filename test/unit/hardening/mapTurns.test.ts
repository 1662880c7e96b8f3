// A map of a folder of thousands of files ranks, orders and fits thousands of declarations on the
// host's thread; the host gets a turn every few tens of milliseconds meanwhile (the index's scope
// filter, the reference graph, the ordering, the fitting), so a stat on another session answers (it
// was held 210-550 ms by the probe's map of 2,000 files: `npm run bench:event-loop`).
import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { Lectern } from '../../../src/core/engine';
import { createNodeHost, type NodeHost } from '../../../src/node/nodeHost';
import { stallWithStats } from '../../shared/longestStall';
import { ok, tempDir, write } from '../helpers';

const FILES = 2_000;

/** File `i`: ten declarations, and uses of names other files declare (the graph has links). */
function source(i: number): string {
  const other = (k: number) => (i * k + 7) % FILES;
  const methods = Array.from(
    { length: 7 },
    (_, m) =>
      `  read${i}Entry${m}() { return step${other(m + 11)}Handler(${m}) + new Store${other(m + 3)}().read${other(m + 3)}Entry${m}(); }`,
  );
  return [
    `export function step${i}Handler(input: number) { return next${other(3)}Value(input) + step${other(5)}Handler(input); }`,
    `export const next${i}Value = (n: number) => n + ${i};`,
    `export class Store${i} {`,
    ...methods,
    `}`,
    '',
  ].join('\n');
}

describe('hardening: a map of thousands of files lets the host run', function () {
  this.timeout(240_000);
  let host: NodeHost | undefined;
  after(async () => {
    await host?.dispose();
  });

  it('2,000 files: the host answers a stat on another session meanwhile', async () => {
    const root = tempDir('lectern-map-turns-');
    write(root, 'a.ts', 'export const a = 1;\n');
    write(root, 'warm/w.ts', 'export class Warm { warmUp() { return 1; } }\n');
    for (let i = 0; i < FILES; i++) write(root, `big/f${i}.ts`, source(i));
    // The CLI's and the MCP server's host: the outline thread and workers (started from source here).
    host = createNodeHost(() => [{ name: path.basename(root), path: root }], {
      bundleDir: path.join(__dirname, '../../../src/node'),
    });
    const lectern = new Lectern({ ...host, symbolCache: undefined }, () => ({ sessionGuard: false }));
    await ok(lectern, 'lectern_stat', { target: 'a.ts' });
    // The index built first (a call continues the last one's build), by maps of a glob: the map of the
    // folder then ranks afresh (a ranking is kept per target) and its time goes to ranking and fitting.
    for (let call = 0; call < 20; call++) {
      const built = await ok(lectern, 'lectern_read', { mode: 'map', target: 'big/*.ts' });
      if (!built.text.includes('still being built')) break;
    }
    const { result, stallMs, statMs } = await stallWithStats(
      () => lectern.invoke('lectern_stat', { target: 'a.ts' }, { sessionId: 'other' }),
      () => lectern.invoke('lectern_read', { mode: 'map', target: 'big' }, { sessionId: 'mapper' }),
    );
    assert.ok(result.ok, result.text);
    assert.match(result.text, /^map of big\/ · 2,000 files, 20,000 declarations · most used first/);
    // Behaviour bounds, not speed claims: the host's thread turns and a stat answers.
    assert.ok(statMs.length > 1, `${statMs.length} stats ran during the call`);
    assert.ok(
      stallMs < 250,
      `the host's thread was held ${Math.round(stallMs)} ms; stats took ${statMs.map(Math.round).join(', ')} ms`,
    );
  });
});
