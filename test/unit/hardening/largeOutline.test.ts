// Very large files: above a size (or tree size) an outline lists the top-level declarations only,
// with a note saying so and how to reach members; symbol reads still find members, from the text of
// the declaration that holds them; a parse cut by its deadline says so. The bounds are made small
// here so that files of a few KB take the path an 8 MB file takes (bench:hardening measures those).
import { strict as assert } from 'node:assert';
import { generateSource } from '../../../bench/largeSource';
import { Lectern } from '../../../src/core/engine';
import type { Host, OutlineThreadPort } from '../../../src/core/ground/ports';
import { SYMBOL_LIMITS } from '../../../src/core/symbols/service';
import { nodeFileSystem } from '../../../src/node/nodeFileSystem';
import { createOutlineThread } from '../../../src/node/outlineThread';
import { createWasmLoader } from '../../../src/node/wasmFiles';
import { tempDir, write } from '../helpers';

const saved = { ...SYMBOL_LIMITS };
/** A path as long as a vendored bundle's: the outline's footer names it in every call it offers. */
const LONG_BUNDLE =
  'packages/vendored-visualisation-toolkit/distribution/umd/production/visualisation-toolkit.bundle.js';

describe('hardening: outlines of very large files', function () {
  this.timeout(120_000);
  let root: string;

  before(() => {
    root = tempDir();
    write(root, 'big.ts', generateSource('typescript', 24_000));
    write(root, 'big.py', generateSource('python', 24_000));
    write(root, 'big.js', generateSource('javascript', 24_000));
    write(root, 'small.ts', generateSource('typescript', 1_500));
  });
  afterEach(() => Object.assign(SYMBOL_LIMITS, saved));

  const engine = (thread?: OutlineThreadPort) => {
    const host: Host = {
      fs: nodeFileSystem,
      roots: () => [{ name: 'ws', path: root }],
      loadWasm: createWasmLoader(),
      ...(thread ? { outlineThread: thread } : {}),
    };
    return new Lectern(host, () => ({ sessionGuard: false }));
  };

  for (const file of ['big.ts', 'big.py', 'big.js']) {
    it(`${file}: top-level declarations only, with a note; members still readable by name`, async () => {
      SYMBOL_LIMITS.fullOutlineChars = 4_000;
      const lectern = engine();
      const outline = await lectern.invoke('lectern_read', { target: file, outline: true });
      assert.ok(outline.ok, outline.text.slice(0, 300));
      assert.match(outline.text, /class Client5\b/);
      assert.match(
        outline.text,
        /this outline lists its top-level declarations only\. Members of one: lectern_read \{"mode":"symbol","target":"Client0","path":"[^"]+","include_body":false\}/,
      );
      assert.doesNotMatch(outline.text, /send\d/, 'no members in a top-level outline');

      const member = await lectern.invoke('lectern_read', { mode: 'symbol', target: 'Client5.send2', path: file });
      assert.ok(member.ok, member.text.slice(0, 400));
      assert.equal(
        (member.meta.resolved_symbol as { qualified_name?: string } | undefined)?.qualified_name,
        'Client5.send2',
      );
      assert.equal((member.meta.resolved_symbol as { kind?: string } | undefined)?.kind, 'method');
      assert.match(member.content, /send2\(/);
      assert.match(member.content, /fetch\(/, 'the body, not the signature only');

      const type = await lectern.invoke('lectern_read', {
        mode: 'symbol',
        target: 'Client6',
        path: file,
        include_body: false,
      });
      assert.ok(type.ok, type.text.slice(0, 400));
      assert.match(type.text, /\[L\d+-\d+\] .*send0\(/, 'the members of a top-level type are listed');
      assert.match(type.text, /Members \(\d+\)/);

      // A bare member name: looked for in the declarations that mention it (send5 is in several classes).
      const bare = await lectern.invoke('lectern_read', { mode: 'symbol', target: 'send5', path: file });
      assert.equal(bare.error?.code, 'AMBIGUOUS_SYMBOL', bare.text.slice(0, 400));
      const listed = bare.text.split('\n').filter((l) => / method /.test(l));
      assert.ok(listed.length > 1 && listed.every((l) => /method Client\d+\.send5$/.test(l)), bare.text.slice(0, 600));
    });
  }

  it('a missing member in a top-level-only outline is looked for in the whole file before NOT_FOUND', async () => {
    SYMBOL_LIMITS.fullOutlineChars = 4_000;
    const missing = await engine().invoke('lectern_read', {
      mode: 'symbol',
      target: 'Client5.nothere',
      path: 'big.ts',
    });
    assert.equal(missing.error?.code, 'NOT_FOUND');
    assert.doesNotMatch(missing.text, /top-level declarations only/, 'the whole file was looked at: no caveat');
    assert.match(missing.text, /lectern_search \{"target":"big\.ts","query":"nothere"\}/);
  });

  it("a bundle's outline lists the declarations directly inside its wrapper function, and they are read by name from it", async () => {
    // A UMD/IIFE bundle (typescript.js): the top level is `var ts = {};` and one call; everything else is inside it.
    const body = Array.from({ length: 300 }, (_, i) => `  function helper${i}(x) {\n    return x + ${i};\n  }`).join(
      '\n',
    );
    write(
      root,
      'bundle.js',
      `var lib = {};\n(function (exports) {\n${body}\n  function createChecker(host) {\n    function checkModule(node) {\n      function visitChild(child) {\n        return child.kind;\n      }\n      return host.check(node);\n    }\n    return { checkModule };\n  }\n  exports.createChecker = createChecker;\n  if (typeof exports === 'object') {\n    function hiddenHelper(y) {\n      return y * 2;\n    }\n    exports.hiddenHelper = hiddenHelper;\n  }\n})(lib);\n`,
    );
    SYMBOL_LIMITS.fullOutlineChars = 4_000;
    const onThread = createOutlineThread(`${__dirname}/../../../src/node`);
    let jobs = 0;
    const counting: OutlineThreadPort = { outline: (job, ms, signal) => (jobs++, onThread.outline(job, ms, signal)) };
    for (const thread of [undefined, counting]) {
      if (thread) SYMBOL_LIMITS.threadChars = 1_000;
      const lectern = engine(thread);
      jobs = 0;
      const outline = await lectern.invoke('lectern_read', { target: 'bundle.js', outline: true });
      assert.match(
        outline.text,
        /top-level declarations only, with those directly inside its wrapper function \(lines 2-\d+\)/,
      );
      assert.match(outline.text, /function helper7\(x\)/);
      assert.match(outline.text, /function createChecker\(host\)/);
      assert.doesNotMatch(outline.text, /checkModule/, 'one level only: members are outlined on demand');
      const nested = await lectern.invoke('lectern_read', {
        mode: 'symbol',
        target: 'createChecker.checkModule',
        path: 'bundle.js',
      });
      assert.ok(nested.ok, nested.text.slice(0, 400));
      assert.match(nested.content, /return host\.check\(node\);/);
      const bare = await lectern.invoke('lectern_read', { mode: 'symbol', target: 'helper7', path: 'bundle.js' });
      assert.ok(bare.ok, bare.text.slice(0, 400));
      assert.match(bare.content, /return x \+ 7;/);
      if (thread) assert.equal(jobs, 1, 'the outline alone: names in the wrapper need no whole outline');
    }
    // A declaration below the wrapper's own level that no listed declaration holds (inside an \`if\`):
    // the whole outline. One two levels down in a listed one is found in that one's own outline.
    jobs = 0;
    const hidden = await engine(counting).invoke('lectern_read', {
      mode: 'symbol',
      target: 'hiddenHelper',
      path: 'bundle.js',
    });
    assert.ok(hidden.ok, hidden.text.slice(0, 400));
    assert.match(hidden.content, /return y \* 2;/);
    assert.equal(jobs, 2, 'the outline, then the whole outline on the thread');
    jobs = 0;
    const deep = await engine(counting).invoke('lectern_read', {
      mode: 'symbol',
      target: 'visitChild',
      path: 'bundle.js',
    });
    assert.ok(deep.ok, deep.text.slice(0, 400));
    assert.match(deep.content, /return child\.kind;/);
    assert.equal(jobs, 1, 'the outline; createChecker is outlined alone, here');
    // A name the file never mentions: NOT_FOUND from the top-level outline alone, no whole parse.
    jobs = 0;
    const absent = await engine(counting).invoke('lectern_read', {
      mode: 'symbol',
      target: 'neverWritten',
      path: 'bundle.js',
    });
    assert.equal(absent.error?.code, 'NOT_FOUND');
    assert.equal(jobs, 1, 'one outline job (the top level)');
    onThread.dispose?.();
  });

  it('a bare name a listed declaration has is that declaration: no declaration that mentions it is parsed for members', async () => {
    const users = Array.from({ length: 20 }, (_, i) => `function user${i}() {\n  return shared(${i});\n}`).join('\n');
    write(root, 'many.js', `${users}\nfunction shared(n) {\n  return n * 3;\n}\n${'// padding\n'.repeat(400)}`);
    SYMBOL_LIMITS.fullOutlineChars = 4_000;
    const r = await engine().invoke('lectern_read', { mode: 'symbol', target: 'shared', path: 'many.js' });
    assert.ok(r.ok, r.text.slice(0, 400));
    assert.match(r.content, /return n \* 3;/);
    assert.doesNotMatch(r.text, /members were looked for/);
  });

  it("an outline cut to fit holds its long footer within the cap too (a bundle's notes and calls)", async () => {
    const body = Array.from(
      { length: 400 },
      (_, i) =>
        `  function someRatherLongHelperName${i}(alpha, beta, gamma) {\n    return alpha + beta + gamma + ${i};\n  }`,
    ).join('\n');
    write(root, LONG_BUNDLE, `var lib = {};\n(function (exports) {\n${body}\n})(lib);\n`);
    SYMBOL_LIMITS.fullOutlineChars = 4_000;
    const { loadTokenCounter } = await import('../../../src/core/ground/tokens');
    const countTokens = await loadTokenCounter();
    for (const contextTokens of [4_000, 6_000, 9_000]) {
      const host: Host = {
        fs: nodeFileSystem,
        roots: () => [{ name: 'ws', path: root }],
        loadWasm: createWasmLoader(),
      };
      const lectern = new Lectern(host, () => ({ sessionGuard: false, contextTokens, maxReadShare: 0.25 }));
      const outline = await lectern.invoke('lectern_read', { target: LONG_BUNDLE, outline: true });
      assert.ok(outline.ok, outline.text.slice(0, 300));
      assert.match(outline.text, /more entries after line/);
      assert.match(outline.text, /directly inside its wrapper function/);
      assert.ok(
        countTokens(outline.text) <= contextTokens * 0.25,
        `${countTokens(outline.text)} tokens against a cap of ${contextTokens * 0.25}`,
      );
    }
  });

  it('under the bounds the outline is whole, members included (no note)', async () => {
    const outline = await engine().invoke('lectern_read', { target: 'big.ts', outline: true });
    assert.ok(outline.ok);
    assert.match(outline.text, /method .*send0\(/);
    assert.doesNotMatch(outline.text, /top-level declarations only/);
  });

  it('a tree with more nodes than the bound is top-level only too, however few its characters', async () => {
    SYMBOL_LIMITS.fullOutlineNodes = 500;
    const outline = await engine().invoke('lectern_read', { target: 'big.py', outline: true });
    assert.match(outline.text, /top-level declarations only/);
    SYMBOL_LIMITS.fullOutlineNodes = saved.fullOutlineNodes;
    const small = await engine().invoke('lectern_read', { target: 'small.ts', outline: true });
    assert.doesNotMatch(small.text, /top-level declarations only/);
  });

  it('on the outline thread: the same answers, computed off the calling thread', async () => {
    SYMBOL_LIMITS.fullOutlineChars = 4_000;
    SYMBOL_LIMITS.threadChars = 100;
    const thread = createOutlineThread(`${__dirname}/../../../src/node`);
    let jobs = 0;
    const counting: OutlineThreadPort = { outline: (job, ms, signal) => (jobs++, thread.outline(job, ms, signal)) };
    try {
      const lectern = engine(counting);
      const outline = await lectern.invoke('lectern_read', { target: 'big.ts', outline: true });
      assert.match(outline.text, /top-level declarations only/);
      const member = await lectern.invoke('lectern_read', { mode: 'symbol', target: 'Client5.send2', path: 'big.ts' });
      assert.ok(member.ok, member.text.slice(0, 300));
      assert.match(member.content, /send2\(/);
      assert.ok(jobs >= 2, `the outline and the member lookup ran on the thread (${jobs} jobs)`);
      // Identical to the inline answer.
      const inline = await engine().invoke('lectern_read', { target: 'big.ts', outline: true });
      assert.equal(outline.text, inline.text);
    } finally {
      thread.dispose?.();
    }
  });

  it('a snippet grown to its block parses on the thread too, with the same answer', async () => {
    SYMBOL_LIMITS.threadChars = 1_000;
    const thread = createOutlineThread(`${__dirname}/../../../src/node`);
    let jobs = 0;
    const counting: OutlineThreadPort = {
      outline: thread.outline,
      enclosingBlock: (job, ms, signal) => (jobs++, thread.enclosingBlock!(job, ms, signal)),
    };
    try {
      // A line inside Client5.send2's body.
      const line =
        generateSource('typescript', 24_000)
          .split('\n')
          .findIndex((l, i, all) => /send2\(/.test(l) && all.slice(0, i).some((p) => /class Client5\b/.test(p))) + 2;
      const input = { mode: 'snippet', target: 'big.ts', start_line: line, expand: 'block' };
      const threaded = await engine(counting).invoke('lectern_read', input);
      const inline = await engine().invoke('lectern_read', input);
      assert.equal(jobs, 1);
      assert.ok(threaded.ok, threaded.text.slice(0, 300));
      assert.match(threaded.text, /Expanded lines/);
      assert.equal(threaded.text, inline.text);
    } finally {
      thread.dispose?.();
    }
  });

  it('a parse cut by its deadline says so, inline and on the thread', async () => {
    const slow = generateSource('typescript', 3 * 1024 * 1024);
    write(root, 'slow.ts', slow);
    SYMBOL_LIMITS.parseDeadlineMs = 1;
    SYMBOL_LIMITS.parseDeadlinePerMiBMs = 0;
    const inline = await engine().invoke('lectern_read', { target: 'slow.ts', outline: true });
    assert.equal(inline.ok, false);
    assert.equal(inline.error?.code, 'TIMEOUT');
    assert.match(inline.text, /Parsing slow\.ts took too long/);
    SYMBOL_LIMITS.threadChars = 1_000;
    const thread = createOutlineThread(`${__dirname}/../../../src/node`);
    try {
      const threaded = await engine(thread).invoke('lectern_read', { target: 'slow.ts', outline: true });
      assert.equal(threaded.error?.code, 'TIMEOUT');
      assert.match(threaded.text, /Parsing slow\.ts took too long/);
    } finally {
      thread.dispose?.();
    }
  });
});
