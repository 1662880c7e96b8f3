// lectern.maxReadTokens / --max-read-tokens: unset, the share of the context alone caps an answer;
// set, the smaller of the two — for every read (a range, a whole file, an ephemeral read), on real
// code, counted with the real tokenizer.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from '../../../src/cli/args';
import { Lectern } from '../../../src/core/engine';
import { normalizeSettings, responseTokenCap, type Settings } from '../../../src/core/ground/settings';
import { loadTokenCounter } from '../../../src/core/ground/tokens';
import { nodeFileSystem } from '../../../src/node/nodeFileSystem';
import { settingsToFlags } from '../../../src/node/settingFlags';
import { call, tempDir, write } from '../helpers';

// Real code no test wrote: TypeScript's own declarations (hundreds of KB).
const SOURCE = fs.readFileSync(path.resolve(__dirname, '../../../node_modules/typescript/lib/lib.es5.d.ts'), 'utf8');

describe('settings: maxReadTokens', () => {
  it('unset, the share decides; set, the smaller of the two; anything not a whole number >= 1 is unset', () => {
    const share = normalizeSettings({ contextTokens: 100_000, maxReadShare: 0.2 });
    assert.equal(share.maxReadTokens, null);
    assert.equal(responseTokenCap(share), 20_000);
    assert.equal(responseTokenCap(normalizeSettings({ contextTokens: 100_000, maxReadTokens: 3000 })), 3000);
    assert.equal(responseTokenCap(normalizeSettings({ contextTokens: 10_000, maxReadTokens: 3000 })), 2000);
    for (const odd of [0, -5, Number.NaN, Infinity, null])
      assert.equal(normalizeSettings({ maxReadTokens: odd as number }).maxReadTokens, null, String(odd));
  });

  it('caps every read of real code at it, ephemeral ones too, with the call that reads on', async () => {
    const root = tempDir();
    write(root, 'lib.d.ts', SOURCE);
    const count = await loadTokenCounter();
    const settings: Partial<Settings> = { sessionGuard: true, maxReadTokens: 1500 };
    const lectern = new Lectern({ fs: nodeFileSystem, roots: () => [{ name: 'ws', path: root }] }, () => settings);
    for (const input of [
      { target: 'lib.d.ts', start_line: 1, end_line: 900 },
      { target: 'lib.d.ts', head: 2000 },
      { target: 'lib.d.ts', start_line: 2000, end_line: 2900, ephemeral: true },
    ]) {
      const answer = await call(lectern, 'lectern_read', input);
      assert.ok(answer.ok, JSON.stringify(answer.error));
      const tokens = count(answer.text);
      assert.ok(tokens <= 1500, `${JSON.stringify(input)}: ${tokens} tokens over a ceiling of 1500`);
      assert.ok(answer.meta.next, `${JSON.stringify(input)}: no call to read on`);
    }
    // Without the ceiling the same range comes whole (the share of 128,000 tokens is 25,600).
    settings.maxReadTokens = null;
    const whole = await call(lectern, 'lectern_read', { target: 'lib.d.ts', start_line: 3000, end_line: 3900 });
    assert.ok(count(whole.text) > 1500, 'the range fits the share: the ceiling was what cut it');
  });

  it('is a CLI flag, and VS Code passes it to lectern mcp only when it is set', () => {
    assert.equal(parseArgs(['call', 'lectern_stat', '{}', '--max-read-tokens', '3000']).settings.maxReadTokens, 3000);
    assert.deepEqual(settingsToFlags({ maxReadTokens: 3000 }), ['--max-read-tokens', '3000']);
    assert.deepEqual(settingsToFlags({ maxReadTokens: null }), []);
  });
});
