// Resident hosts count tokens on a thread of their own (src/node/tokenizerThread.ts): the counts are the host's
// own counter's, the table's load does not hold the host's event loop, and a thread that cannot start leaves
// counting to the host's thread with the same counts.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { createNodeHost, rootsOf } from '../../../src/node/nodeHost';
import { nodeTokenCounter } from '../../../src/node/tokenizer';
import { startTokenizerThread, type TokenizerThread } from '../../../src/node/tokenizerThread';
import { longestStall } from '../../shared/longestStall';
import { tempDir, write } from '../helpers';

const modules = path.resolve(__dirname, '../../../node_modules');
const sourceDir = path.resolve(__dirname, '../../../src/node');

describe('the tokenizer thread', function () {
  this.timeout(120_000);
  let thread: TokenizerThread;

  before(async () => {
    thread = startTokenizerThread(sourceDir);
  });
  after(() => thread.dispose());

  it('loads its table without holding the host: the event loop keeps turning until it is ready', async () => {
    const fresh = startTokenizerThread(sourceDir);
    try {
      const { stallMs, wallMs } = await longestStall(() => fresh.ready);
      assert.ok(stallMs < 100, `the host was held ${stallMs.toFixed(0)} ms (wall ${wallMs.toFixed(0)} ms)`);
      assert.equal(fresh.count('hello world'), nodeTokenCounter('hello world'));
    } finally {
      await fresh.dispose();
    }
  });

  it('counts every text as the host thread counts it (pieces, surrogates, lone halves, special-token text)', async () => {
    await thread.ready;
    const real = fs.readFileSync(path.join(modules, 'picomatch/lib/parse.js'), 'utf8');
    for (const text of ['', 'x', real, real.slice(0, 2001), 'a'.repeat(9000), '<|endoftext|> <|im_start|>'])
      assert.equal(thread.count(text), nodeTokenCounter(text));
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.string({ unit: 'grapheme' }),
            // Surrogate halves alone or paired: the shared buffer carries code units, never characters.
            fc.string({ unit: fc.integer({ min: 0xd800, max: 0xdfff }).map((unit) => String.fromCharCode(unit)) }),
            fc.constantFrom('<|endoftext|>', '\n', '😀', ' '.repeat(40)),
          ),
          {
            maxLength: 300,
          },
        ),
        (parts) => {
          const text = parts.join('');
          assert.equal(thread.count(text), nodeTokenCounter(text));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a thread that cannot start leaves counting to the host thread, with the same counts', async () => {
    const dir = tempDir('lectern-tokenizer-thread-');
    write(dir, 'tokenizerWorker.js', "throw new Error('no table here');\n");
    const broken = startTokenizerThread(dir);
    try {
      await broken.ready;
      assert.equal(broken.count('const a = 1;'), nodeTokenCounter('const a = 1;'));
    } finally {
      await broken.dispose();
    }
  });

  it("a resident Node host's counter is the thread's, its counts the host thread's", async () => {
    const root = tempDir('lectern-tokenizer-host-');
    const host = createNodeHost(() => rootsOf([root]), { bundleDir: sourceDir, tokenizerThread: true });
    try {
      const count = await host.tokenCounter!();
      assert.notEqual(count, nodeTokenCounter, 'the resident host counts on the thread');
      assert.equal(count('function f() { return 1; }'), nodeTokenCounter('function f() { return 1; }'));
    } finally {
      await host.dispose();
    }
  });
});
