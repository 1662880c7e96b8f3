// Name paths across language shapes: members declared outside their type, types beside their
// impl blocks, C++ written in .h files.
import { strict as assert } from 'node:assert';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Lectern } from '../../../src/core/engine';
import { nodeFileSystem } from '../../../src/node/nodeFileSystem';
import { createWasmLoader } from '../../../src/node/wasmFiles';

const fixtures = resolve(__dirname, '../../fixtures/symbols');

describe('name paths across language shapes', function () {
  this.timeout(30_000);
  let root: string;
  let lectern: Lectern;

  before(() => {
    root = mkdtempSync(join(tmpdir(), 'lectern-resolution-'));
    copyFileSync(join(fixtures, 'go/server.go'), join(root, 'server.go'));
    copyFileSync(join(fixtures, 'rust/cache.rs'), join(root, 'cache.rs'));
    writeFileSync(join(root, 'shapes.h'), 'namespace geo {\nclass Circle {\n public:\n  double area() const;\n};\n}\n');
    writeFileSync(join(root, 'plain.h'), 'struct point { int x; int y; };\nint add(int a, int b);\n');
    lectern = new Lectern({
      fs: nodeFileSystem,
      roots: () => [{ name: 'ws', path: root }],
      loadWasm: createWasmLoader(),
    });
  });

  after(() => rmSync(root, { recursive: true, force: true }));

  it('resolves Go methods under their receiver type (Server.Start)', async () => {
    const r = await lectern.invoke('lectern_read', { mode: 'symbol', target: 'Server.Start' });
    assert.ok(r.ok, r.text);
    assert.match(r.text, /^server\.go:\d+-\d+ method Server\.Start\n/);
    assert.match(r.content, /func \(s \*Server\) Start\(/);
  });

  it('a bare Rust type name means the type, not its impl blocks; index still reaches them', async () => {
    const r = await lectern.invoke('lectern_read', { mode: 'symbol', target: 'Cache', path: 'cache.rs' });
    assert.ok(r.ok, r.text);
    assert.match(r.content, /^(\/\/\/.*\n|#\[.*\]\n)*pub struct Cache/m);
    const impl = await lectern.invoke('lectern_read', { mode: 'symbol', target: 'Cache', path: 'cache.rs', index: 2 });
    assert.ok(impl.ok, impl.text);
    assert.match(impl.content, /^impl/m);
  });

  it('parses a .h file written in C++ as C++, and a C header as C', async () => {
    const cpp = await lectern.invoke('lectern_read', { mode: 'symbol', target: 'geo.Circle.area' });
    assert.ok(cpp.ok, cpp.text);
    assert.match(cpp.text, /^shapes\.h:4-4 method geo\.Circle\.area\n/);
    const c = await lectern.invoke('lectern_read', { target: 'plain.h', outline: true });
    assert.match(c.text, /^\[L1\] struct point$/m);
    assert.match(c.text, /^\[L2\] function int add\(int a, int b\);$/m);
  });
});
