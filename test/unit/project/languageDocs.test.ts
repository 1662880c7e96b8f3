// The docs' statements about how many languages have symbols, and which, against the language registry
// (src/core/ground/languages.json): adding a grammar without saying so in the docs fails here.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { GRAMMARS } from '../../../src/core/ground/languages';

const ROOT = path.resolve(__dirname, '../../..');

function markdownFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? markdownFiles(full) : entry.name.endsWith('.md') ? [full] : [];
  });
}

/** Every "<n> languages" a doc says, with where it says it. */
export function languageCounts(text: string, file: string): { count: number; at: string }[] {
  return [...text.matchAll(/\b(\d+) languages\b/g)].map((m) => ({
    count: Number(m[1]),
    at: `${file}:${text.slice(0, m.index).split('\n').length}`,
  }));
}

describe('the docs on languages', () => {
  const docs = [path.join(ROOT, 'README.md'), ...markdownFiles(path.join(ROOT, 'docs'))];

  it("give the registry's number of grammars wherever they count languages", () => {
    const said = docs.flatMap((file) => languageCounts(fs.readFileSync(file, 'utf8'), path.relative(ROOT, file)));
    assert.ok(said.length >= 2, 'README.md and docs/web.md count the languages');
    assert.deepEqual(
      said.filter((s) => s.count !== GRAMMARS.length),
      [],
      `the registry has ${GRAMMARS.length} grammars`,
    );
  });

  it("list one name per grammar in docs/tools.md's sentence on symbols", () => {
    const tools = fs.readFileSync(path.join(ROOT, 'docs', 'tools.md'), 'utf8').replace(/\s+/g, ' ');
    const list = /tree-sitter grammars \([^)]*\) for ([^.]+)\./.exec(tools)?.[1];
    assert.ok(list, 'docs/tools.md names the languages with grammars');
    const names = list.split(/, | and /);
    assert.equal(names.length, GRAMMARS.length, `docs/tools.md names ${names.join(' | ')}`);
  });

  it('finds a count that differs', () => {
    assert.deepEqual(languageCounts('in 12 languages and\nin 9 languages', 'x.md'), [
      { count: 12, at: 'x.md:1' },
      { count: 9, at: 'x.md:2' },
    ]);
  });
});
