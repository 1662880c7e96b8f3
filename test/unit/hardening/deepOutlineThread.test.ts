// A small file that nests thousands deep (8,000 nested functions, ~150 KB) is parsed and queried for
// ~200 ms: under the outline thread's size threshold, that held the host's thread in one slice
// (`npm run bench:event-loop -- --only=8,000-deep`). A scan of its brackets now sends it to the
// outline thread; an ordinary file stays here.
import { strict as assert } from 'node:assert';
import { Lectern } from '../../../src/core/engine';
import type { Host, OutlineThreadPort } from '../../../src/core/ground/ports';
import { nestsDeeply } from '../../../src/core/symbols/nesting';
import { nodeFileSystem } from '../../../src/node/nodeFileSystem';
import { createOutlineThread } from '../../../src/node/outlineThread';
import { createWasmLoader } from '../../../src/node/wasmFiles';
import { tempDir, write } from '../helpers';

describe('hardening: a deeply nested small file is outlined on the outline thread', function () {
  this.timeout(120_000);

  it('8,000 nested functions go to the thread; a flat file does not; same answer', async () => {
    const root = tempDir();
    const deep = `${Array.from({ length: 8_000 }, (_, i) => `function f${i}() {\n`).join('')}${'}\n'.repeat(8_000)}`;
    write(root, 'nest.js', deep);
    write(root, 'flat.js', 'function warm() {}\n');
    write(root, 'flat2.js', Array.from({ length: 1_000 }, (_, i) => `function f${i}() {}\n`).join(''));
    const thread = createOutlineThread(`${__dirname}/../../../src/node`);
    const jobs: number[] = [];
    const counting: OutlineThreadPort = {
      outline: (job, ms, signal) => (jobs.push(job.text.length), thread.outline(job, ms, signal)),
    };
    const engine = (outlineThread?: OutlineThreadPort) => {
      const host: Host = {
        fs: nodeFileSystem,
        roots: () => [{ name: 'ws', path: root }],
        loadWasm: createWasmLoader(),
        ...(outlineThread ? { outlineThread } : {}),
      };
      return new Lectern(host, () => ({ sessionGuard: false }));
    };
    try {
      const lectern = engine(counting);
      await lectern.invoke('lectern_read', { target: 'flat.js', outline: true }); // loads the grammar here
      jobs.length = 0;
      const flat = await lectern.invoke('lectern_read', { target: 'flat2.js', outline: true });
      assert.ok(flat.ok, flat.text.slice(0, 300));
      assert.deepEqual(jobs, [], 'a flat file stays on the calling thread');
      const withThread = await lectern.invoke('lectern_read', { target: 'nest.js', outline: true });
      assert.ok(withThread.ok, withThread.text.slice(0, 300));
      assert.deepEqual(jobs, [deep.length], 'the deep file was outlined on the thread');
      const here = await engine().invoke('lectern_read', { target: 'nest.js', outline: true });
      assert.equal(withThread.text, here.text);
    } finally {
      thread.dispose?.();
    }
  });

  it('nestsDeeply: depth of brackets, closers matched', () => {
    assert.equal(nestsDeeply('('.repeat(999)), false);
    assert.equal(nestsDeeply('('.repeat(1_000)), true);
    assert.equal(nestsDeeply('()'.repeat(5_000)), false);
    assert.equal(nestsDeeply(`${'{'.repeat(600)}${'}'.repeat(600)}${'['.repeat(600)}`), false);
  });
});
