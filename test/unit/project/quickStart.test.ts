// README's quick start gives one measured figure per command and condition (cold, fresh clone with the host cached,
// again), each measurement dated or named, and no second figure for the same thing ("an earlier measurement").
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';

const readme = readFileSync('README.md', 'utf8');
const quickStart = readme.slice(
  readme.indexOf('## Quick start'),
  readme.indexOf('\n## ', readme.indexOf('## Quick start') + 3),
);

describe("README's quick start figures", () => {
  it('names each command once per condition, with one duration after each condition', () => {
    for (const command of ['`npm start`', '`npm test`']) {
      const line = quickStart.split('\n- ').find((item) => item.startsWith(command));
      assert.ok(line, `no figures for ${command}`);
      const conditions = [...line.matchAll(/\*\*([^*]+)\*\*[^\d]*(\d+ min \d+ s|\d+ s|about \d+ min)/g)];
      const names = conditions.map((m) => m[1]);
      assert.ok(names.length >= 2, `${command}: ${names.join(', ')}`);
      assert.equal(new Set(names).size, names.length, `${command} names a condition twice: ${names.join(', ')}`);
      assert.ok(names.includes('again'), `${command}: no figure for a second run`);
    }
    assert.doesNotMatch(quickStart, /earlier measurement/);
  });
});
