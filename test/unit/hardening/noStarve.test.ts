// One request cannot starve the others: a references read of 200,000 uses keeps its meta to a
// fixed count (the rest paged as the text is), gives the host's thread a turn at least every few
// tens of milliseconds while it parses and lists them (the parse runs on the outline thread), so a
// stat on another session answers meanwhile; a name of thousands of characters is refused.
import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { Lectern } from '../../../src/core/engine';
import { MAX_META_REFERENCES } from '../../../src/core/navigate/referencesAnswer';
import { MAX_NAME_CHARS } from '../../../src/core/symbols/namePath';
import { createNodeHost, type NodeHost } from '../../../src/node/nodeHost';
import { fails, ok, tempDir, write } from '../helpers';
import { stallWithStats } from '../../shared/longestStall';

/** The longest gap between event-loop turns while `work` runs, and a stat on another session timed meanwhile. */
function whileRunning<T>(lectern: Lectern, work: () => Promise<T>) {
  return stallWithStats(() => ok(lectern, 'lectern_stat', { target: 'a.ts' }), work, 50);
}

describe('hardening: no request starves another', function () {
  this.timeout(240_000);
  const hosts: NodeHost[] = [];
  after(async () => {
    for (const host of hosts) await host.dispose();
  });

  function engine(files: Record<string, string>): Lectern {
    const root = tempDir('lectern-starve-');
    for (const [name, text] of Object.entries(files)) write(root, name, text);
    // The CLI's and the MCP server's host: the outline thread and workers (started from source here).
    const host = createNodeHost(() => [{ name: path.basename(root), path: root }], {
      bundleDir: path.join(__dirname, '../../../src/node'),
    });
    hosts.push(host);
    return new Lectern({ ...host, symbolCache: undefined }, () => ({ sessionGuard: false }));
  }

  it('references of 200,000 uses: meta holds a fixed count, the host answers a stat on another session meanwhile', async () => {
    // 1,000 lines of 200 uses: the old answer held 54,600 entries (4 MB) for 5 lines of text, and the host 136 s.
    const lectern = engine({
      'a.ts': `export function foo() { return 1; }\n${`bar(${'foo,'.repeat(200)});\n`.repeat(1_000)}`,
    });
    await lectern.invoke('lectern_read', { mode: 'references', target: 'bar' }); // warm: grammars, tokenizer, threads
    const { result, stallMs, statMs } = await whileRunning(lectern, () =>
      lectern.invoke('lectern_read', { mode: 'references', target: 'foo' }, { sessionId: 'scanner' }),
    );
    assert.ok(result.ok, result.text);
    assert.equal(result.meta.total_uses, 200_000);
    const entries = result.meta.references as unknown[];
    assert.ok(entries.length <= MAX_META_REFERENCES, `${entries.length} entries`);
    assert.ok(JSON.stringify(result.meta).length < 200_000, `${JSON.stringify(result.meta).length} bytes of meta`);
    // The rest is paged the way the text is: the next call starts at the first line not shown.
    assert.ok(result.meta.next, 'a next call');
    const shownLines = result.text.split('\n').filter((line) => / · \(module\) · /.test(line)).length;
    assert.equal(entries.length, shownLines * 200);
    // Behaviour bounds, not speed claims: seconds of work, yet the host's thread turns and a stat answers.
    assert.ok(statMs.length > 0, 'a stat ran during the call');
    assert.ok(
      stallMs < 500,
      `the host's thread was held ${Math.round(stallMs)} ms; stats took ${statMs.map(Math.round).join(', ')} ms`,
    );
  });

  it('a line with more uses than meta holds lists its first ones and says how many are left out', async () => {
    const lectern = engine({
      'a.ts': `export function foo() { return 1; }\nbar(${'foo,'.repeat(MAX_META_REFERENCES + 500)});\n`,
    });
    const r = await ok(lectern, 'lectern_read', { mode: 'references', target: 'foo' });
    assert.equal((r.meta.references as unknown[]).length, MAX_META_REFERENCES);
    assert.equal(r.meta.references_omitted, 500);
    assert.match(r.text, /\(×1,500\)|\(×1500\)/);
  });

  it('a name of thousands of characters is refused with INVALID_ARGS, in references and symbol reads', async () => {
    const name = 'f'.repeat(4_096);
    const lectern = engine({ 'a.ts': `export function ${name}() {}\n${`${name}();\n`.repeat(200)}` });
    for (const mode of ['references', 'symbol']) {
      const r = await fails(lectern, 'lectern_read', { mode, target: name }, 'INVALID_ARGS');
      assert.match(r.text, new RegExp(`at most ${MAX_NAME_CHARS}`));
    }
    // A name at the limit is a name.
    const longest = 'g'.repeat(MAX_NAME_CHARS);
    const ws = engine({ 'b.ts': `export function ${longest}() {}\n${longest}();\n` });
    const r = await ok(ws, 'lectern_read', { mode: 'references', target: longest });
    assert.equal(r.meta.total_uses, 1);
  });
});
