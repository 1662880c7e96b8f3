// The SCIP engine's parts on their own: the schema generated from scip.proto, columns between UTF-16
// and a document's encoding, the narrowest occurrence at a place, local symbols per document, and
// scipReferences' answers (no index, a file the index does not cover, a deleted file it names).
import { strict as assert } from 'node:assert';
import { readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import protobuf from 'protobufjs';
import { fromUtf16, toUtf16 } from '../../../../src/node/scip/scipColumns';
import { PositionEncoding, ScipIndex, SLOTS } from '../../../../src/node/scip/scipIndex';
import { loadScip, UnreadableScip } from '../../../../src/node/scip/scipLoad';
import { scipReferences } from '../../../../src/node/scip/scipReferences';
import { SCIP_SCHEMA } from '../../../../src/node/scip/scipSchema';
import { tempDir, write } from '../../helpers';
import { indexedProject } from './scipFixture';

const rootsOf = (root: string) => [{ name: path.basename(root), path: root }];

describe('SCIP engine', function () {
  this.timeout(60_000);

  it('scipSchema.ts is what scip.proto generates (npm run scip:schema)', () => {
    const proto = readFileSync(path.join(__dirname, '../../../../src/node/scip/scip.proto'), 'utf8');
    assert.deepEqual(SCIP_SCHEMA, JSON.parse(JSON.stringify(protobuf.parse(proto).root.toJSON())));
  });

  it('columns: UTF-16 to UTF-8 bytes or code points and back, at every code point boundary', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 30 }), fc.nat(40), (line, at) => {
        const boundaries = [0];
        for (const char of line) boundaries.push(boundaries[boundaries.length - 1]! + char.length);
        const utf16 = boundaries[at % boundaries.length]!;
        const prefix = line.slice(0, utf16);
        assert.equal(fromUtf16(line, utf16, PositionEncoding.Utf8), Buffer.byteLength(prefix));
        assert.equal(fromUtf16(line, utf16, PositionEncoding.Utf32), [...prefix].length);
        for (const encoding of [PositionEncoding.Utf8, PositionEncoding.Utf32, PositionEncoding.Utf16])
          assert.equal(toUtf16(line, fromUtf16(line, utf16, encoding), encoding), utf16);
      }),
    );
  });

  it('the narrowest occurrence holds a place; a local symbol is one per document', () => {
    const index = new ScipIndex();
    const occurrence = (range: number[], symbol: string, symbolRoles = 0) => ({ range, symbol, symbolRoles });
    index.add('a.ts', PositionEncoding.Utf16, [
      occurrence([0, 0, 2, 1], 'npm p 1 `a.ts`/outer().', 1),
      occurrence([1, 4, 9], 'npm p 1 `a.ts`/inner().'),
      occurrence([1, 10, 11], 'local 0'),
    ]);
    index.add('b.ts', PositionEncoding.Utf16, [
      occurrence([0, 0, 5], 'npm p 1 `a.ts`/inner().'),
      occurrence([0, 6, 7], 'local 0'),
      occurrence([0, 8], 'npm p 1 `a.ts`/broken().'),
    ]);
    const a = index.document('a.ts')!;
    const b = index.document('b.ts')!;
    assert.equal(b.occurrences.length / SLOTS, 2, 'a range of two numbers is dropped');
    const inner = index.symbolAt(a, 1, 4)!;
    assert.deepEqual(
      index.occurrencesOf(inner).map((o) => [o.document.relativePath, o.line, o.character]),
      [
        ['a.ts', 1, 4],
        ['b.ts', 0, 0],
      ],
    );
    assert.notEqual(index.symbolAt(a, 1, 9), inner, 'the end is outside');
    assert.equal(index.occurrencesOf(index.symbolAt(a, 1, 10)!).length, 1, 'local 0 of a.ts only');
    assert.equal(index.symbolAt(a, 3, 0), undefined);
  });

  it('scipReferences: undefined without an index, for a file it does not cover, or when a file it names is gone', async () => {
    const bare = tempDir('lectern-scip-bare-');
    const file = write(bare, 'a.ts', 'export const a = 1;\n');
    assert.equal(await scipReferences(rootsOf(bare), file, 1, 14), undefined);

    const root = indexedProject();
    const conn = path.join(root, 'src/conn.ts');
    const found = await scipReferences(rootsOf(root), conn, 5, 17);
    assert.deepEqual(
      found?.map((l) => `${path.relative(root, l.path)}:${l.line}:${l.column}`),
      ['src/conn.ts:5:17', 'src/use.ts:1:10', 'src/use.ts:1:30', 'src/use.ts:5:10'],
    );
    const unindexed = write(root, 'src/new.ts', 'export const b = 2;\n');
    assert.equal(await scipReferences(rootsOf(root), unindexed, 1, 14), undefined);
    rmSync(path.join(root, 'src/use.ts'));
    assert.equal(await scipReferences(rootsOf(root), conn, 5, 17), undefined);
  });
});

describe('SCIP engine: the loaded index is the version of the file', function () {
  this.timeout(60_000);

  it('an index.scip rewritten with the same size and its modification time put back is read again', async () => {
    const root = indexedProject();
    const file = path.join(root, 'index.scip');
    utimesSync(file, 1e9, 1e9); // whole seconds, which utimes puts back exactly
    assert.ok(await loadScip(root));
    const before = statSync(file);
    writeFileSync(file, Buffer.alloc(before.size, 0xff));
    utimesSync(file, 1e9, 1e9);
    assert.equal(statSync(file).mtimeMs, before.mtimeMs);
    await assert.rejects(loadScip(root), UnreadableScip);
  });
});
