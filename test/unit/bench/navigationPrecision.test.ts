// bench:navigation --precision's scoring: the lines a references answer lists (read from its text, as an
// agent reads it), marked `~` or not, scored against an oracle's lines; and the seeded draw of symbols.
import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { lecternFor, referencesOf } from '../../../bench/navigationPrecision/lectern';
import type { Declaration } from '../../../bench/navigationPrecision/oracle';
import { median, parseReferences, pooled, scoreAnswer } from '../../../bench/navigationPrecision/scoring';
import { drawSymbols, stratumOf, namesDeclared } from '../../../bench/navigationPrecision/select';

const ROOT = join(__dirname, '..', '..', '..');

describe('bench:navigation --precision scoring', () => {
  it('reads the files, the lines and the ~ marks of an answer, not its header or bracketed lines', () => {
    const text = [
      "references Store.get · 4 uses in 2 files (tree-sitter) · src/ 4 · ~ marks 1 line that may be another symbol's",
      'src/store.ts',
      '  12 · Store.load · return this.get(key); (×2)',
      '  ~40 · <module> · cache.get(key)',
      'src/deep/user · name.ts',
      '  7 · User.name · store.get(1)',
      'Store.get is declared in 2 files: src/store.ts (path "src"), v3/store.ts (path "v3"). A file\'s uses are tied (→) to the one it imports; ~ marks a use tied to none.',
      'v3/use.ts → v3/store.ts',
      '  3 · run · store.get(2)',
      '[3 lines of 4 shown. Next: lectern_read {"mode":"references","target":"Store.get","file_offset":2}]',
    ].join('\n');
    assert.deepEqual(parseReferences(text), [
      { at: 'src/store.ts:12', marked: false },
      { at: 'src/store.ts:40', marked: true },
      { at: 'src/deep/user · name.ts:7', marked: false },
      { at: 'v3/use.ts:3', marked: false },
    ]);
  });

  it("parses the engine's own references answer: the certain call and the ~ call on another receiver", async () => {
    const dir = mkdtempSync(join(os.tmpdir(), 'lectern-precision-'));
    try {
      mkdirSync(join(dir, 'src'));
      const store = [
        'export class Store {',
        '  private items = new Map<string, number>();',
        '  get(key: string) {',
        '    return this.items.get(key);',
        '  }',
        '  twice(key: string) {',
        '    return this.get(key);',
        '  }',
        '}',
        '',
      ].join('\n');
      writeFileSync(join(dir, 'src', 'store.ts'), store);
      const engine = { host: {}, settings: {}, dispose: async () => undefined };
      const lectern = lecternFor(dir, engine, ROOT);
      const run = await referencesOf(lectern, 'Store.get', (text) => text.length);
      await lectern.dispose();
      const listed = parseReferences(run.pages.join('\n'));
      assert.deepEqual(listed, [
        { at: 'src/store.ts:4', marked: true },
        { at: 'src/store.ts:7', marked: false },
      ]);
      assert.equal(run.answeredBy, 'tree-sitter');
      const score = scoreAnswer(listed, { uses: ['src/store.ts:7'], defs: [] }, 'src/store.ts:3');
      assert.deepEqual([score.unmarkedRight, score.unmarked, score.markedRight, score.marked], [1, 1, 0, 1]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('scores recall over the oracle, precision of unmarked and of ~ lines apart; the own declaration is neither', () => {
    const listed = [
      { at: 'a.ts:1', marked: false }, // the declaration asked about
      { at: 'a.ts:5', marked: false }, // right
      { at: 'a.ts:5', marked: true }, // the same line again, marked on a later page: still certain
      { at: 'a.ts:9', marked: false }, // another declaration: wrong
      { at: 'b.ts:2', marked: true }, // right
      { at: 'b.ts:3', marked: true }, // wrong
    ];
    const score = scoreAnswer(listed, { uses: ['a.ts:5', 'b.ts:2', 'c.ts:4', 'a.ts:1'], defs: ['a.ts:9'] }, 'a.ts:1');
    assert.deepEqual(
      { ...score },
      {
        oracle: 3,
        found: 2,
        unmarked: 2,
        unmarkedRight: 1,
        marked: 2,
        markedRight: 1,
        wrong: ['a.ts:9', 'b.ts:3 ~'],
        missed: ['c.ts:4'],
      },
    );
    const none = scoreAnswer([], { uses: [], defs: [] }, 'a.ts:1');
    assert.deepEqual(pooled([score, none]), { recall: 2 / 3, unmarked: 1 / 2, marked: 1 / 2 });
    assert.deepEqual(pooled([none]), { recall: undefined, unmarked: undefined, marked: undefined });
    assert.equal(median([3, 1, 2]), 2);
    assert.equal(median([4, 1, 2, 3]), 2.5);
  });

  it('draws the same stratified symbols for a seed, and a common name by its declarations', () => {
    const declaration = (name: string, kind: Declaration['kind'], path = name, uses = 1): Declaration => ({
      name,
      path,
      kind,
      file: `${path}.go`,
      line: 1,
      uses: Array.from({ length: uses }, (_, i) => `x.go:${i + 1}`),
      defs: [],
    });
    const declarations = [
      ...Array.from({ length: 20 }, (_, i) => declaration(`fn${i}`, 'function')),
      declaration('get', 'method', 'A.get'),
      declaration('get', 'method', 'B.get'),
      declaration('unused', 'type', 'unused', 0),
      declaration('T', 'type'),
    ];
    const names = namesDeclared(declarations);
    assert.equal(stratumOf(declarations[20]!, names), 'common name');
    assert.equal(stratumOf(declarations[22]!, names), undefined);
    const draw = (seed: number) => drawSymbols([{ repo: 'r', declarations }], 3, seed).map((c) => c.declaration.path);
    assert.deepEqual(draw(7), draw(7));
    assert.notDeepEqual(draw(7), draw(8));
    const strata = drawSymbols([{ repo: 'r', declarations }], 3, 7).map((c) => c.stratum);
    assert.deepEqual(strata, ['function', 'function', 'function', 'common name', 'common name']);
  });
});
