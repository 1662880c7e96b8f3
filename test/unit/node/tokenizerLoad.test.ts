// The exact tokenizer (a 3 MB table, ~50 MB once loaded) loads when a count first needs it, not at
// a resident engine's first call: answers far under every cap report estimates and never count, their
// session footers included. Answers are the same as with the table loaded from the start.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Lectern } from '../../../src/core/engine';
import type { ToolResponse } from '../../../src/core/ground/contract';
import {
  countingOnFirstUse,
  loadTokenCounter,
  type TokenCounter,
  type Tokenizer,
} from '../../../src/core/ground/tokens';
import { createNodeHost, rootsOf } from '../../../src/node/nodeHost';
import { tempDir, write } from '../helpers';

const modules = path.resolve(__dirname, '../../../node_modules');

describe('the tokenizer loads at the first count that needs it', function () {
  this.timeout(60_000);
  let tokenizer: Tokenizer;
  let exact: TokenCounter;
  before(async () => {
    tokenizer = await import('gpt-tokenizer/encoding/o200k_base');
    exact = await loadTokenCounter();
  });

  it('countingOnFirstUse loads nothing before the first count, then once, and counts as the loaded counter does', () => {
    let loads = 0;
    const count = countingOnFirstUse(() => (loads++, tokenizer));
    assert.equal(loads, 0);
    const text = fs.readFileSync(path.join(modules, 'picomatch/lib/parse.js'), 'utf8');
    for (const piece of [text.slice(0, 500), text, '', 'x'.repeat(5000)]) assert.equal(count(piece), exact(piece));
    assert.equal(loads, 1);
  });

  it('a resident session answers small reads, with footers, without loading it; a read near the cap loads it; answers as with it loaded', async () => {
    const root = tempDir('lectern-tokenizer-');
    const real = fs.readFileSync(path.join(modules, 'picomatch/lib/parse.js'), 'utf8');
    write(root, 'src/small.js', real.split('\n').slice(0, 80).join('\n'));
    write(root, 'node_modules/dep/index.js', real.split('\n').slice(80, 120).join('\n'));
    write(root, 'big.js', `${real}\n${real}\n${real}`);
    const realLines = real.split('\n');
    // 200 long lines: over max_preview_chars (12,000), under the line cap of a read.
    write(
      root,
      'medium.js',
      Array.from({ length: 200 }, (_, i) => realLines.slice(3 * i, 3 * i + 3).join(' ')).join('\n'),
    );
    const calls: [string, object][] = [
      ['lectern_read', { target: 'src/small.js', head: 30 }],
      ['lectern_stat', { target: 'src/small.js' }],
      ['lectern_read', { target: 'node_modules/dep/index.js', head: 20 }],
      ['lectern_search', { query: 'token', target: 'src/small.js' }],
      ['lectern_search', { query: 'token' }],
      ['lectern_read', { target: 'src/missing.js' }],
      // Over max_preview_chars: the character cap decides, the bytes it admits fit the token cap.
      ['lectern_read', { target: 'medium.js' }],
      // Read again: answered with pointers to the earlier answers (a file's lines, then a list's).
      ['lectern_read', { target: 'src/small.js', head: 30 }],
      ['lectern_read', { target: ['src/small.js', 'node_modules/dep/index.js'], head: 20 }],
      ['lectern_read', { target: ['src/small.js', 'node_modules/dep/index.js'], head: 20 }],
      ['lectern_read', { mode: 'symbol', target: 'splitTopLevel', path: 'src/small.js' }],
      ['lectern_read', { target: 'src/small.js', outline: true }],
    ];
    const near: [string, object] = ['lectern_read', { target: 'big.js' }];
    let loads = 0;
    const lazy = new Lectern(
      createNodeHost(() => rootsOf([root]), { tokenCounter: countingOnFirstUse(() => (loads++, tokenizer)) }),
      () => ({}),
    );
    const eager = new Lectern(
      createNodeHost(() => rootsOf([root]), { tokenCounter: exact }),
      () => ({}),
    );
    const answers = async (engine: Lectern, list: [string, object][]): Promise<ToolResponse[]> => {
      const out: ToolResponse[] = [];
      for (const [tool, input] of list) out.push(await engine.invoke(tool, input, { sessionId: 's' }));
      return out;
    };
    try {
      const small = await answers(lazy, calls);
      assert.equal(loads, 0, 'no count for answers far under the cap');
      assert.ok(
        [small[3]!, small[4]!].every((r) => r.ok && /\btoken\b/.test(r.text)),
        'searches of a file and of the workspace that find lines count nothing',
      );
      assert.equal(small[5]!.error?.code, 'NOT_FOUND', 'an error is estimated too');
      assert.ok(small[6]!.meta.truncated && small[6]!.meta.end_line! < 200, 'a read cut by characters counts nothing');
      assert.ok(small[7]!.meta.deduplicated_from, 'a read again is a pointer, estimated too');
      assert.ok(
        small[9]!.results?.some((r) => r.meta.deduplicated_from),
        'a list read again points to what it read, and its own figure is estimated again',
      );
      assert.ok(
        small.some((r) => r.meta.stabilization!.warnings.length > 0),
        'an answer carries a session footer (its warning), estimated too',
      );
      assert.ok(
        small[10]!.ok && small[10]!.text.includes('splitTopLevel') && small[11]!.ok && small[11]!.meta.outline,
        'a symbol read and an outline far under the cap count nothing',
      );
      const big = await answers(lazy, [near]);
      assert.equal(loads, 1, 'the read near the cap counts');
      assert.ok(big[0]!.meta.truncated, 'the whole-file read is cut at the cap');
      const figures = (rs: ToolResponse[]) => rs.map((r) => [r.text, r.meta.token_estimate, r.meta.stabilization]);
      assert.deepEqual(figures([...small, ...big]), figures(await answers(eager, [...calls, near])));
    } finally {
      await lazy.dispose();
      await eager.dispose();
    }
  });
});
