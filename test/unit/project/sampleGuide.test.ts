// The sample workspace's guide walks through every palette command (the reads that work without a model) and
// says how to try the web worker host; the names it asks to type are in the sample.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';

const guide = readFileSync('sample-workspace/README.md', 'utf8');
const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as {
  contributes: { commands: { command: string; title: string }[] };
};

describe("the sample workspace's guide", () => {
  it('names every command of the palette by its title', () => {
    const untold = manifest.contributes.commands.filter(
      (c) => !guide.includes(`Lectern: ${c.title}`.replace(/…$/, '')),
    );
    const resetOnly = untold.filter((c) => !guide.includes(`**${c.title}**`));
    assert.deepEqual(
      resetOnly.map((c) => c.title),
      [],
    );
  });

  it('says how to run Lectern in the web worker host', () => {
    assert.match(guide, /npm start -- --web/);
    const start = readFileSync('scripts/start.mjs', 'utf8');
    assert.match(start, /'--web'/);
  });

  it('asks for symbols the sample holds', () => {
    const sources = ['src/inventory.ts', 'py/report.py', 'go/ratelimit.go'].map((f) =>
      readFileSync(`sample-workspace/${f}`, 'utf8'),
    );
    for (const name of ['restock', 'summarise', 'AllowN'])
      assert.ok(
        sources.some((text) => text.includes(name)),
        name,
      );
  });
});
