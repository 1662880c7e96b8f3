// The words of each file (the map's reference graph) without reading the file again: counted by the
// outline workers while they parse, kept in the persistent symbol cache beside the outlines. Words from
// a worker or the cache must be what the map would count from the file's bytes (countWords over the
// lenient UTF-8 decoding src/core/navigate/fileText.ts makes), and a map must then read no file.
import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { Lectern } from '../../../src/core/engine';
import {
  countPackedWords,
  countWords,
  FileWords,
  unpackWords,
  WORDS_MAX_FILE_BYTES,
} from '../../../src/core/ground/fileWords';
import type { CachedOutline } from '../../../src/core/ground/symbolCachePort';
import { nodeFileSystem } from '../../../src/node/nodeFileSystem';
import { createOutlineWorkers, type OutlineWorkers } from '../../../src/node/outlineWorkers';
import { createSymbolCache } from '../../../src/node/symbolCacheStore';
import { tempDir } from '../helpers';
import { navWorkspace } from './navHelpers';

/** The words the map counts from a file's bytes when it reads it. */
const mapWordsOf = (file: string) => countWords(new TextDecoder('utf-8').decode(readFileSync(file)));

/** Each file's words as the workers hand them over (undefined: none counted). */
async function workerWords(workers: OutlineWorkers, files: readonly string[]) {
  const out = new Map<string, ReturnType<typeof unpackWords>>();
  for await (const parsed of workers.outline(files, 2 * 1024 * 1024))
    out.set(parsed.absolute, parsed.words && unpackWords(parsed.words));
  return out;
}

const utf16le = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
const utf16be = (text: string) => utf16le(text).swap16();

/** Source-like text: identifiers (some short, some with `$` or digits), non-ASCII letters, punctuation. */
const sourceText = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        'export ',
        'function ',
        'class ',
        '(',
        ')',
        '{\n',
        '}\n',
        ' = ',
        ';',
        '.',
        '$',
        '_',
        'é',
        '日本',
        '😀',
        '\t',
        '\r\n',
        '\uFEFF',
      ),
      fc.stringMatching(/^[A-Za-z_$][\w$]{0,8}$/),
      fc.string({ maxLength: 6 }),
    ),
    { maxLength: 60 },
  )
  .map((parts) => parts.join(''));

describe('map words from the outline workers and the symbol cache', function () {
  this.timeout(120_000);
  let workers: OutlineWorkers;
  before(() => {
    workers = createOutlineWorkers(undefined, 2);
  });
  after(() => workers.dispose());

  it('the workers count what the map would read from the same bytes (property: UTF-8 with and without BOM, UTF-16)', async () => {
    const dir = tempDir('lectern-words-');
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(sourceText, fc.constantFrom('utf8', 'bom', 'utf16le', 'utf16be')), {
          minLength: 1,
          maxLength: 8,
        }),
        async (texts) => {
          const files = texts.map(([text, encoding], i) => {
            const file = path.join(dir, `r${run}-f${i}.ts`);
            const bytes =
              encoding === 'utf8'
                ? Buffer.from(text)
                : encoding === 'bom'
                  ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)])
                  : encoding === 'utf16le'
                    ? utf16le(text)
                    : utf16be(text);
            writeFileSync(file, bytes);
            return file;
          });
          run++;
          const words = await workerWords(workers, files);
          for (const file of files) assert.deepEqual(words.get(file), mapWordsOf(file), file);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('the workers count the words of real code like the map, and none in a file over the words limit', async () => {
    const src = path.resolve(__dirname, '../../../src/core');
    const files = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.ts'))
      .map((name) => path.join(src, name));
    assert.ok(files.length > 100, `${files.length} files`);
    const large = path.join(tempDir('lectern-words-'), 'large.ts');
    writeFileSync(large, 'export const someName = 1;\n'.repeat(Math.ceil(WORDS_MAX_FILE_BYTES / 27) + 1));
    const words = await workerWords(workers, [...files, large]);
    for (const file of files) assert.deepEqual(words.get(file), mapWordsOf(file), file);
    assert.equal(words.get(large), undefined);
  });

  it('the engine keeps packed words until a map asks for them; words not well formed are not known', () => {
    const words = new FileWords();
    words.setPacked('/ws/a.ts', 'v1', countPackedWords('class Store { openStore() { return new Store(); } }'));
    words.setPacked('/ws/b.ts', 'v1', { names: 'one\ntwo', counts: [1] });
    words.setPacked('/ws/c.ts', 'v1', { names: 'one', counts: [0] });
    assert.equal(words.get('/ws/a.ts', 'v2'), undefined);
    assert.deepEqual(words.get('/ws/a.ts', 'v1'), {
      names: ['class', 'Store', 'openStore', 'return', 'new'],
      counts: Uint32Array.from([1, 2, 1, 1, 1]),
    });
    assert.equal(words.get('/ws/b.ts', 'v1'), undefined);
    assert.equal(words.get('/ws/c.ts', 'v1'), undefined);
    assert.equal(words.size, 1);
  });

  it('the cache keeps words in shards of their own, each with the version it was counted from; outlines load without them', async () => {
    const dir = tempDir('lectern-words-cache-');
    const roots = () => [{ name: 'ws', path: '/ws' }];
    const words = { names: 'Store\nopenStore', counts: [3, 1] };
    const identity = (mtimeMs: number) => ({ size: 10, mtimeMs, ctimeMs: mtimeMs, ino: 7, dev: 1 });
    const outline = (mtimeMs: number, withWords: boolean): CachedOutline => ({
      ...identity(mtimeMs),
      symbols: [],
      ...(withWords ? { words } : {}),
    });
    const cache = createSymbolCache(dir, roots);
    await cache.save(
      'v',
      new Map([
        ['/ws/a.ts', outline(1, true)],
        ['/ws/b.ts', outline(1, true)],
      ]),
    );
    const fresh = createSymbolCache(dir, roots);
    assert.deepEqual((await fresh.load('v')).get('/ws/a.ts'), outline(1, false));
    assert.deepEqual(await fresh.loadFile!('v', '/ws/a.ts'), outline(1, false));
    assert.deepEqual((await fresh.loadWords!('v')).get('/ws/a.ts'), { ...identity(1), words });
    assert.equal((await fresh.loadWords!('other')).size, 0);
    // A symbol read keeps a.ts's new version (same size, other mtime) without words: the words of mtime 1 stay, marked so.
    await cache.save('v', new Map([['/ws/a.ts', outline(2, false)]]));
    assert.deepEqual((await fresh.load('v')).get('/ws/a.ts'), outline(2, false));
    assert.deepEqual((await fresh.loadWords!('v')).get('/ws/a.ts'), { ...identity(1), words });
    const folder = path.join(dir, 'symbols', readdirSync(path.join(dir, 'symbols'))[0]!);
    for (const shard of readdirSync(folder).filter((name) => name.startsWith('shard-')))
      assert.doesNotMatch(readFileSync(path.join(folder, shard), 'utf8'), /openStore/, shard);
    // A file gone takes its words along.
    await cache.save('v', new Map([['/ws/b.ts', null]]));
    assert.equal((await fresh.loadWords!('v')).has('/ws/b.ts'), false);
  });

  it('a cold map and a map in a new process read no file for its words, and answer alike; a stale entry is read again', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 60; i++)
      files[`src/m${i}.ts`] =
        `import { Base${(i * 7) % 60} } from './m${(i * 7) % 60}';\n\nexport class Base${i} extends Base${(i * 7) % 60} {\n  run${i}(): number {\n    return ${i};\n  }\n}\n`;
    const { root, host } = navWorkspace(files);
    const cacheDir = tempDir('lectern-words-cache-');
    const engine = () => {
      const reads: string[] = [];
      const fs = {
        ...nodeFileSystem,
        readFileSync: (file: string, maxBytes: number) => (
          reads.push(`read ${path.basename(file)}`),
          nodeFileSystem.readFileSync!(file, maxBytes)
        ),
        open: (file: string) => (reads.push(`open ${path.basename(file)}`), nodeFileSystem.open(file)),
      };
      const lectern = new Lectern(
        { ...host, fs, outlineWorkers: workers, symbolCache: createSymbolCache(cacheDir, host.roots) },
        () => ({ sessionGuard: false }),
      );
      return { lectern, reads };
    };
    const cold = engine();
    const first = await cold.lectern.invoke('lectern_read', { mode: 'map' });
    assert.match(first.text, /most used first/);
    assert.deepEqual(cold.reads, [], 'the workers counted every file’s words');
    await cold.lectern.dispose(); // writes the cache, as a process does when it ends
    const restart = engine();
    const second = await restart.lectern.invoke('lectern_read', { mode: 'map' });
    assert.equal(second.text, first.text);
    assert.deepEqual(restart.reads, [], 'the cache held every file’s words');
    await restart.lectern.dispose();

    // m5.ts changes, same size, another mtime: its stored outline and words are not used: it is parsed
    // (opened) on this thread, which counts no words, and read for them.
    const m5 = path.join(root, 'src/m5.ts');
    writeFileSync(m5, readFileSync(m5, 'utf8').replace('Base35', 'Base53'));
    utimesSync(m5, new Date(), new Date(Date.now() + 5_000));
    const stale = engine();
    const third = await stale.lectern.invoke('lectern_read', { mode: 'map' });
    assert.deepEqual(stale.reads, ['open m5.ts', 'read m5.ts']);
    const uncached = await new Lectern(host, () => ({ sessionGuard: false })).invoke('lectern_read', { mode: 'map' });
    assert.equal(third.text, uncached.text);
  });
});
