// Deeply nested code: an outline is cut at a nesting depth with a note (3,000 nested functions
// overflowed the stack), and a parse that failed in places says so (600 nested ifs in Python hid
// `def outer` silently).
import { strict as assert } from 'node:assert';
import { Lectern } from '../../../src/core/engine';
import type { Host } from '../../../src/core/ground/ports';
import { nodeFileSystem } from '../../../src/node/nodeFileSystem';
import { createWasmLoader } from '../../../src/node/wasmFiles';
import { tempDir, write } from '../helpers';

describe('hardening: deeply nested code', function () {
  this.timeout(60_000);
  let lectern: Lectern;
  before(() => {
    const root = tempDir();
    write(
      root,
      'deep.js',
      'function f() {\n'.repeat(3000).replace(
        /function f\(/g,
        (() => {
          let i = 0;
          return () => `function f${i++}(`;
        })(),
      ) + '}\n'.repeat(3000),
    );
    let py = 'def outer():\n';
    let indent = '    ';
    for (let i = 0; i < 600; i++) {
      py += `${indent}if x:\n`;
      indent += '    ';
    }
    write(root, 'deep.py', `${py}${indent}pass\n\ndef after():\n    pass\n`);
    const host: Host = { fs: nodeFileSystem, roots: () => [{ name: 'ws', path: root }], loadWasm: createWasmLoader() };
    lectern = new Lectern(host, () => ({ sessionGuard: false }));
  });

  it('3,000 nested functions: the outline answers, cut at a depth, and says so', async () => {
    const r = await lectern.invoke('lectern_read', { target: 'deep.js', outline: true });
    assert.ok(r.ok, r.text.slice(0, 300));
    assert.match(r.text, /function f0\(\)/);
    assert.match(r.text, /nested deeper than 64 levels not listed/);
    const symbol = await lectern.invoke('lectern_read', {
      mode: 'symbol',
      target: 'f3',
      path: 'deep.js',
      include_body: false,
    });
    assert.ok(symbol.ok, symbol.text.slice(0, 300));
  });

  it('600 nested ifs: a parse that failed in places says so, in the outline and when a symbol is not found', async () => {
    const outline = await lectern.invoke('lectern_read', { target: 'deep.py', outline: true });
    assert.ok(outline.ok, outline.text.slice(0, 300));
    assert.match(outline.text, /did not parse cleanly/);
    const missing = await lectern.invoke('lectern_read', { mode: 'symbol', target: 'outer', path: 'deep.py' });
    if (!missing.ok) assert.match(missing.text, /did not parse cleanly/);
  });
});
