// The map's rankings kept per file versions (src/core/navigate/mapRankings.ts): a ranking is given
// back only for the same files at the same versions and the same folder, a few folders at most.
import { strict as assert } from 'node:assert';
import { keepRanking, keptRanking, versionsOf, type Ranking } from '../../../src/core/navigate/mapRankings';
import type { IndexedFile } from '../../../src/core/symbols/workspaceIndex';

const file = (name: string, version: string): IndexedFile => ({
  display: name,
  absolute: `/ws/${name}`,
  versionKey: version,
  symbols: [],
});

const ranking = (display: string): Ranking => ({ files: [{ display, symbols: [] }], items: [] });

describe('map rankings kept per file versions', () => {
  it('gives a ranking back for the same files at the same versions only', () => {
    const index = {};
    const before = versionsOf([file('a.ts', 'v1'), file('b.ts', 'v1')]);
    const kept = ranking('a.ts');
    keepRanking(index, '', before, kept);
    assert.equal(keptRanking(index, '', versionsOf([file('a.ts', 'v1'), file('b.ts', 'v1')])), kept);
    assert.equal(keptRanking(index, '', versionsOf([file('a.ts', 'v2'), file('b.ts', 'v1')])), undefined);
    assert.equal(keptRanking(index, '', versionsOf([file('a.ts', 'v1')])), undefined);
    assert.equal(
      keptRanking(index, '', versionsOf([file('a.ts', 'v1'), file('b.ts', 'v1'), file('c.ts', 'v1')])),
      undefined,
    );
    assert.equal(keptRanking(index, 'src', before), undefined, 'another folder');
    assert.equal(keptRanking({}, '', before), undefined, 'another index');
  });

  it('keeps the four folders mapped last', () => {
    const index = {};
    const versions = versionsOf([file('a.ts', 'v1')]);
    for (const folder of ['a', 'b', 'c', 'd']) keepRanking(index, folder, versions, ranking(folder));
    assert.ok(keptRanking(index, 'a', versions), 'a is kept');
    keepRanking(index, 'e', versions, ranking('e'));
    // a was mapped again after b: b is the one mapped longest ago.
    assert.equal(keptRanking(index, 'b', versions), undefined);
    for (const folder of ['a', 'c', 'd', 'e']) assert.ok(keptRanking(index, folder, versions), folder);
  });
});
