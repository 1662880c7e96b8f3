// The probe's stale answers, one per mode: a file rewritten at the same size with its modification time
// put back (as `cp -p`, `rsync -t`, `tar x` and a checkout within one tick leave it) is answered as it is
// now, by a warm engine and by a new process over the persistent symbol cache.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Lectern } from '../../../src/core/engine';
import type { Host } from '../../../src/core/ground/ports';
import type { StatInfo } from '../../../src/core/read/statInfo';
import { nodeFileSystem } from '../../../src/node/nodeFileSystem';
import { createSymbolCache } from '../../../src/node/symbolCacheStore';
import { createWasmLoader } from '../../../src/node/wasmFiles';
import { extractorVersion } from '../../../src/core/symbols/extractorVersion';
import { fails, ok, tempDir } from '../helpers';
import { MTIME_S } from './world';

const OLD = 'export function alpha(): number {\n  return 1; // OLD_TEXT\n}\n';
const NEW = 'export class Bravo {\n  go() { return 2; } // NEW_TEXT\n}\n';

/** `text` padded with a comment to `size` bytes. */
const sized = (text: string, size: number) => `${text}//${'-'.repeat(size - text.length - 3)}\n`;

function setUp() {
  const root = tempDir('lectern-stale-');
  const cacheDir = path.join(tempDir('lectern-stale-cache-'), 'c');
  const roots = () => [{ name: 'ws', path: root }];
  const engine = () => {
    const host: Host = {
      fs: nodeFileSystem,
      roots,
      loadWasm: createWasmLoader(),
      symbolCache: createSymbolCache(cacheDir, roots),
    };
    return new Lectern(host, () => ({ sessionGuard: false }));
  };
  /** Writes `data` at `name`, its modification time put back; a rewrite keeps the size and the inode. */
  const put = (name: string, data: string | Buffer) => {
    const file = path.join(root, name);
    const before = fs.existsSync(file) ? fs.statSync(file) : undefined;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, data);
    fs.utimesSync(file, MTIME_S, MTIME_S);
    const after = fs.statSync(file);
    if (before) assert.deepEqual([after.size, after.mtimeMs, after.ino], [before.size, before.mtimeMs, before.ino]);
  };
  return { root, cacheDir, roots, engine, put };
}

const SIZE = 120;

describe('same-size rewrites with the modification time put back are answered as they are now', function () {
  this.timeout(60_000);

  for (const cold of [false, true]) {
    const when = cold ? 'in a new process' : 'warm';

    it(`symbol reads (${when})`, async () => {
      const { engine, put } = setUp();
      put('src/a.ts', sized(OLD, SIZE));
      let lectern = engine();
      assert.match(
        (await ok(lectern, 'lectern_read', { mode: 'symbol', target: 'alpha', path: 'src/a.ts' })).content,
        /OLD_TEXT/,
      );
      await lectern.dispose();
      put('src/a.ts', sized(NEW, SIZE));
      if (cold) lectern = engine();
      const read = await lectern.invoke('lectern_read', { mode: 'symbol', target: 'alpha', path: 'src/a.ts' });
      assert.equal(read.ok, false, `a symbol of the old version answered:\n${read.text}`);
      const bravo = await ok(lectern, 'lectern_read', { mode: 'symbol', target: 'Bravo', path: 'src/a.ts' });
      assert.match(bravo.content, /NEW_TEXT/);
      assert.doesNotMatch(bravo.text, /OLD_TEXT/);
    });

    it(`outlines (${when})`, async () => {
      const { engine, put } = setUp();
      put('src/a.ts', sized(OLD, SIZE));
      let lectern = engine();
      assert.match((await ok(lectern, 'lectern_read', { target: 'src/a.ts', outline: true })).text, /alpha/);
      await lectern.dispose();
      put('src/a.ts', sized(NEW, SIZE));
      if (cold) lectern = engine();
      const outline = await ok(lectern, 'lectern_read', { target: 'src/a.ts', outline: true });
      assert.match(outline.text, /Bravo/);
      assert.doesNotMatch(outline.text, /alpha/);
    });

    it(`the map and references (${when})`, async () => {
      const { engine, put } = setUp();
      put('src/a.ts', sized(`${OLD}export const one = alpha();\n`, SIZE));
      let lectern = engine();
      assert.match((await ok(lectern, 'lectern_read', { mode: 'map' })).text, /alpha/);
      await ok(lectern, 'lectern_read', { mode: 'references', target: 'alpha' });
      await lectern.dispose();
      put('src/a.ts', sized(`${NEW}export const two = new Bravo();\n`, SIZE));
      if (cold) lectern = engine();
      const map = await ok(lectern, 'lectern_read', { mode: 'map' });
      assert.match(map.text, /Bravo/);
      assert.doesNotMatch(map.text, /alpha/);
      const uses = await ok(lectern, 'lectern_read', { mode: 'references', target: 'Bravo' });
      assert.match(uses.text, /src\/a\.ts/);
      assert.equal((await lectern.invoke('lectern_read', { mode: 'references', target: 'alpha' })).ok, false);
    });

    it(`snippets (${when})`, async () => {
      const { engine, put } = setUp();
      put('src/a.ts', sized(OLD, SIZE));
      let lectern = engine();
      const snippet = { mode: 'snippet', target: 'src/a.ts', start_line: 2, end_line: 2, expand: 'block' };
      assert.match((await ok(lectern, 'lectern_read', snippet)).content, /OLD_TEXT/);
      await lectern.dispose();
      put('src/a.ts', sized(NEW, SIZE));
      if (cold) lectern = engine();
      const now = await ok(lectern, 'lectern_read', snippet);
      assert.match(now.content, /NEW_TEXT/);
      assert.doesNotMatch(now.content, /OLD_TEXT|alpha/);
    });
  }

  it('a persisted outline without a change time and inode (an older cache) is not used', async () => {
    const { root, cacheDir, roots, engine, put } = setUp();
    put('src/a.ts', sized(NEW, SIZE));
    const stat = fs.statSync(path.join(root, 'src/a.ts'));
    const planted = { name: 'planted', kind: 'function' as const, startLine: 1, endLine: 3, contextStartLine: 1 };
    const symbol = { ...planted, signature: 'function planted()', bodyStartLine: 1, children: [] };
    const outline = { size: stat.size, mtimeMs: stat.mtimeMs, symbols: [symbol], read: { grammar: 'typescript' } };
    await createSymbolCache(cacheDir, roots).save(
      extractorVersion(),
      new Map([[path.join(root, 'src/a.ts'), outline]]),
    );
    const lectern = engine();
    const answer = await ok(lectern, 'lectern_read', { target: 'src/a.ts', outline: true });
    assert.match(answer.text, /Bravo/);
    assert.doesNotMatch(answer.text, /planted/);
  });

  it('line ranges of a file with a line index (3,000 lines rewritten as 2,211 of the same size)', async () => {
    const { engine, put } = setUp();
    const many = Array.from({ length: 3000 }, (_, i) => `old line ${i + 1}`.padEnd(29, '.')).join('\n') + '\n';
    const size = Buffer.byteLength(many);
    const fewer = Array.from({ length: 2210 }, (_, i) => `new line ${i + 1}`.padEnd(39, '.')).join('\n') + '\n';
    put('big.txt', sized(fewer, size));
    const lectern = engine();
    put('big.txt', many);
    assert.match(
      (await ok(lectern, 'lectern_read', { target: 'big.txt', start_line: 1500, end_line: 1502 })).content,
      /old line 1500/,
    );
    assert.match((await ok(lectern, 'lectern_read', { target: 'big.txt', tail: 2 })).content, /old line 3000/);
    put('big.txt', sized(fewer, size));
    const range = await ok(lectern, 'lectern_read', { target: 'big.txt', start_line: 1500, end_line: 1502 });
    assert.equal(range.meta.total_lines, 2211, range.text);
    assert.match(range.content, /^new line 1500\.*\nnew line 1501/);
  });

  it('the encoding: a UTF-16 file rewritten as UTF-8 of the same byte length, and back', async () => {
    const { engine, put } = setUp();
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('const wide = "UTF16_TEXT";\n', 'utf16le')]);
    const utf8 = sized('const narrow = "UTF8_TEXT";\n', utf16.length);
    put('enc.ts', utf16);
    const lectern = engine();
    assert.match((await ok(lectern, 'lectern_read', { target: 'enc.ts' })).content, /UTF16_TEXT/);
    put('enc.ts', utf8);
    const read = await ok(lectern, 'lectern_read', { target: 'enc.ts' });
    assert.equal(read.content, utf8);
    assert.equal((read.meta.stat as StatInfo | undefined)?.encoding ?? read.meta.encoding, 'utf-8');
    put('enc.ts', utf16);
    assert.match((await ok(lectern, 'lectern_read', { target: 'enc.ts' })).content, /UTF16_TEXT/);
  });

  it('search and stat (they key on the change time already)', async () => {
    const { engine, put } = setUp();
    put('notes.txt', 'one OLD_TEXT\ntwo\n');
    const lectern = engine();
    assert.equal((await ok(lectern, 'lectern_search', { query: 'TEXT' })).content, 'notes.txt:1:one OLD_TEXT');
    assert.equal(((await ok(lectern, 'lectern_stat', { target: 'notes.txt' })).meta.stat as StatInfo).total_lines, 2);
    put('notes.txt', 'one two NEW_TEXT\n');
    assert.equal((await ok(lectern, 'lectern_search', { query: 'TEXT' })).content, 'notes.txt:1:one two NEW_TEXT');
    assert.equal(((await ok(lectern, 'lectern_stat', { target: 'notes.txt' })).meta.stat as StatInfo).total_lines, 1);
  });

  it('a file created or renamed since the last workspace lookup is in the next one (no watcher)', async () => {
    const { root, engine, put } = setUp();
    put('src/a.ts', 'export function alpha(): number {\n  return 1;\n}\n');
    const lectern = engine();
    await ok(lectern, 'lectern_read', { mode: 'symbol', target: 'alpha' });
    // Within a second of that listing: a new file, and a file renamed to a name no listing saw.
    put('src/b.ts', 'export function bravo(): number {\n  return 2;\n}\n');
    assert.match((await ok(lectern, 'lectern_read', { mode: 'symbol', target: 'bravo' })).content, /return 2/);
    fs.renameSync(path.join(root, 'src/a.ts'), path.join(root, 'src/moved.ts'));
    const moved = await ok(lectern, 'lectern_read', { mode: 'symbol', target: 'alpha' });
    assert.match(moved.text, /^src\/moved\.ts/);
    const map = await ok(lectern, 'lectern_read', { mode: 'map' });
    assert.doesNotMatch(map.text, /src\/a\.ts/);
  });

  it('a host with a watcher whose report has not arrived yet: a miss lists the workspace again', async () => {
    const { roots, put } = setUp();
    put('src/a.ts', 'export function alpha(): number {\n  return 1;\n}\n');
    // A watcher that reports nothing (its events still on their way): the listing is kept until one does.
    const host: Host = { fs: nodeFileSystem, roots, loadWasm: createWasmLoader(), watchesFiles: true };
    const lectern = new Lectern(host, () => ({ sessionGuard: false }));
    await ok(lectern, 'lectern_read', { mode: 'symbol', target: 'alpha' });
    put('src/b.ts', 'export function bravo(): number {\n  return 2;\n}\n');
    assert.match((await ok(lectern, 'lectern_read', { mode: 'symbol', target: 'bravo' })).content, /return 2/);
    // References of a name declared only in a file newer than the listing: declared, used nowhere.
    await ok(lectern, 'lectern_read', { mode: 'symbol', target: 'alpha' });
    put('src/c.ts', 'export function charlie(): number {\n  return 3;\n}\n');
    const refs = await fails(lectern, 'lectern_read', { mode: 'references', target: 'charlie' }, 'NOT_FOUND');
    assert.match(refs.text, /charlie is declared but used nowhere/);
  });
});
