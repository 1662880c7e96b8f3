// Deep nesting cannot hold the host's thread past a deadline: each step to a parent or a sibling in
// a tree costs the node's depth, so describing every symbol of 8,000 nested Ruby modules (135 KB)
// took 119 s on the host's thread, and another call waited as long. Symbols surely cut by the
// nesting limit are now counted, not described; a parse and walk on the host's thread get a short
// time, then move to the outline thread; a walk past its deadline answers TIMEOUT.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { Lectern } from '../../../src/core/engine';
import type { Host, OutlineThreadPort } from '../../../src/core/ground/ports';
import { languageForPath } from '../../../src/core/symbols/languages/index';
import { extractOutline, OutlineOutOfTime } from '../../../src/core/symbols/outline';
import { SYMBOL_LIMITS } from '../../../src/core/symbols/service';
import { TreeSitter } from '../../../src/core/symbols/treeSitter';
import { nodeFileSystem } from '../../../src/node/nodeFileSystem';
import { createOutlineThread } from '../../../src/node/outlineThread';
import { createWasmLoader } from '../../../src/node/wasmFiles';
import { tempDir, write } from '../helpers';
import { longestStall } from '../../shared/longestStall';

const saved = { ...SYMBOL_LIMITS };

/** `depth` nested declarations in one of four languages, with a function at the bottom. */
const NESTED: Record<string, (depth: number) => string> = {
  rb: (depth) => {
    const open = Array.from({ length: depth }, (_, i) => `module M${i}\n`).join('');
    return `${open}def bottom; end\n${'end\n'.repeat(depth)}`;
  },
  py: (depth) => {
    const open = Array.from({ length: depth }, (_, i) => `${' '.repeat(i)}class C${i}:\n`).join('');
    return `${open}${' '.repeat(depth)}def bottom(): pass\n`;
  },
  js: (depth) => `${Array.from({ length: depth }, (_, i) => `function f${i}() {\n`).join('')}${'}\n'.repeat(depth)}`,
  c: (depth) => `int main() {\n${'{\n'.repeat(depth)}int x;\n${'}\n'.repeat(depth)}}\n`,
};

describe('hardening: deep nesting and the deadline', function () {
  this.timeout(180_000);
  let root: string;
  let thread: OutlineThreadPort;

  before(() => {
    root = tempDir('lectern-nesting-');
    thread = createOutlineThread(`${__dirname}/../../../src/node`);
  });
  after(() => thread.dispose?.());
  afterEach(() => Object.assign(SYMBOL_LIMITS, saved));

  const engine = (withThread = true) => {
    const host: Host = {
      fs: nodeFileSystem,
      roots: () => [{ name: 'ws', path: root }],
      loadWasm: createWasmLoader(),
      ...(withThread ? { outlineThread: thread } : {}),
    };
    return new Lectern(host, () => ({ sessionGuard: false }));
  };

  it('8,000 nested Ruby modules: the outline answers, cut with its count, and a stat answers while it runs', async () => {
    write(root, 'deep.rb', NESTED.rb!(8_000));
    const lectern = engine();
    const finished: string[] = [];
    const { stallMs, result } = await longestStall(() =>
      Promise.all([
        lectern.invoke('lectern_read', { target: 'deep.rb', outline: true }).then((r) => (finished.push('outline'), r)),
        lectern.invoke('lectern_stat', { target: 'deep.rb' }).then((r) => (finished.push('stat'), r)),
      ]),
    );
    const [outline, stat] = result;
    assert.ok(outline.ok, outline.text.slice(0, 300));
    assert.match(outline.text, /module M0\b/);
    assert.match(outline.text, /7937 symbols nested deeper than 64 levels not listed/);
    assert.ok(stat.ok);
    assert.deepEqual(finished, ['stat', 'outline']);
    // Generous on a loaded 2-core machine: before, the host's thread was held for minutes.
    assert.ok(stallMs < 5_000, `the host's thread was held ${Math.round(stallMs)} ms`);
  });

  it('a walk past its time ends with OutlineOutOfTime (the answer is TIMEOUT), not a frozen host', async () => {
    const runtime = new TreeSitter(createWasmLoader());
    const spec = languageForPath('deep.js')!;
    const text = NESTED.js!(500);
    const tree = (await runtime.parse(spec, text, 60_000))!;
    try {
      const query = runtime.query(spec, await runtime.language(spec));
      let asked = 0;
      const outOfTime = () => ++asked > 3;
      assert.throws(
        () => extractOutline(tree, query, spec, text, { cut: 0 }, undefined, tree.rootNode, outOfTime),
        OutlineOutOfTime,
      );
      assert.ok(asked <= 5, `asked ${asked} times: the walk went on after its time was up`);
    } finally {
      tree.delete();
      runtime.dispose();
    }
  });

  it('a deadline too short answers TIMEOUT with the calls that still work', async () => {
    write(root, 'slow.rb', NESTED.rb!(3_000));
    SYMBOL_LIMITS.hostThreadMs = 1;
    SYMBOL_LIMITS.parseDeadlineMs = 2; // the parse of 3,000 modules takes longer
    SYMBOL_LIMITS.parseDeadlinePerMiBMs = 0;
    for (const lectern of [engine(), engine(false)]) {
      const r = await lectern.invoke('lectern_read', { target: 'slow.rb', outline: true });
      assert.equal(r.error?.code, 'TIMEOUT', r.text.slice(0, 300));
      assert.match(r.text, /lectern_search \{"target":"slow\.rb"/);
      assert.match(r.text, /start_line\/end_line/);
    }
  });

  it('generated nesting in Ruby, Python, JavaScript and C: an outline or TIMEOUT, the host never held, the same with and without the thread', async () => {
    let file = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('rb', 'py', 'js', 'c'),
        fc.integer({ min: 1, max: 4_000 }),
        async (ending, depth) => {
          const name = `gen${file++}.${ending}`;
          write(root, name, NESTED[ending]!(ending === 'py' ? Math.min(depth, 400) : depth));
          const { stallMs, result: threaded } = await longestStall(() =>
            engine().invoke('lectern_read', { target: name, outline: true }),
          );
          assert.ok(stallMs < 5_000, `${name}: the host's thread was held ${Math.round(stallMs)} ms`);
          const inline = await engine(false).invoke('lectern_read', { target: name, outline: true });
          for (const r of [threaded, inline]) {
            if (!r.ok) assert.equal(r.error?.code, 'TIMEOUT', r.text.slice(0, 300));
            else if (depth > 64 && ending !== 'c')
              assert.match(r.text, /nested deeper than 64 levels not listed|did not parse cleanly/);
          }
          if (threaded.ok && inline.ok) assert.equal(threaded.text, inline.text);
        },
      ),
      { numRuns: 8 },
    );
  });
});
