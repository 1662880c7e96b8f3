// A resident engine keeps the bytes of clean text files its searches read (ground/fileBytes.ts) and
// scans them again without opening the file while a stat finds the same version: after any edits
// between searches (same size, the modification time put back, deleted, added, a secret written in)
// the warm engine answers exactly as a new one, and it opens only files it has not kept.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { Lectern } from '../../../src/core/engine';
import type { Host } from '../../../src/core/ground/ports';
import { FileBytes } from '../../../src/core/ground/fileBytes';
import { nodeFileSystem } from '../../../src/node/nodeFileSystem';
import { tempDir, write } from '../helpers';

const settings = () => ({ sessionGuard: false });
const NAMES = ['a.ts', 'b.ts', 'c.ts', 'd/e.ts', 'd/f.ts'];
const TEXTS = [
  'const needle = 1;\n',
  'const noodle = 1;\n',
  'let needle_2 = 3;\n',
  'remote = https://al:hunter2x@h/needle\n',
  'const née = "needle"; // größe ü\n',
  '\ufeffconst needle = "日本";\n',
];

/** Modified `secondsAgo` (settled: a search remembers what it read). */
function age(file: string, secondsAgo: number): void {
  const when = new Date(Date.now() - secondsAgo * 1000);
  fs.utimesSync(file, when, when);
}

function counting(root: string) {
  const opened: string[] = [];
  const host: Host = {
    fs: {
      ...nodeFileSystem,
      readFileSync: (p, max) => (opened.push(path.relative(root, p)), nodeFileSystem.readFileSync!(p, max)),
    },
    roots: () => [{ name: 'ws', path: root }],
  };
  return { lectern: new Lectern(host, settings), opened };
}

type Edit = { file: number; text: number; how: 'rewrite' | 'put back' | 'delete' | 'just now' };
const editArb: fc.Arbitrary<Edit> = fc.record({
  file: fc.nat(NAMES.length - 1),
  text: fc.nat(TEXTS.length - 1),
  how: fc.constantFrom('rewrite' as const, 'put back' as const, 'delete' as const, 'just now' as const),
});

function applyEdit(root: string, edit: Edit, step: number): void {
  const file = path.join(root, NAMES[edit.file]!);
  if (edit.how === 'delete') return fs.rmSync(file, { force: true });
  const before = fs.existsSync(file) ? fs.statSync(file) : undefined;
  write(root, NAMES[edit.file]!, TEXTS[edit.text]!);
  if (edit.how === 'put back' && before) fs.utimesSync(file, before.atime, before.mtime);
  else if (edit.how === 'rewrite') age(file, 3600 - step);
}

describe('kept bytes of clean files', () => {
  it('answer as a new engine does after any edits, opening only files not kept', async function () {
    this.timeout(60_000);
    let spared = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(editArb, { maxLength: 3 }), { minLength: 1, maxLength: 5 }),
        async (rounds) => {
          const root = tempDir('lectern-bytes-');
          for (const [i, name] of NAMES.entries()) age(write(root, name, TEXTS[[0, 1, 2, 4, 5][i]!]!), 7200);
          const { lectern, opened } = counting(root);
          for (let i = 0; i < 2; i++) await lectern.invoke('lectern_search', { query: 'warm' + i }); // learns, keeps
          for (const [step, edits] of rounds.entries()) {
            for (const edit of edits) applyEdit(root, edit, step);
            for (const input of [
              { query: 'needle' },
              { query: 'needle', case_sensitive: true },
              { query: 'n..dle', is_regex: true },
              { query: 'NÉE' },
              { query: '日本', case_sensitive: true },
              { query: 'n.e\\W|needle\\s=', is_regex: true },
            ]) {
              opened.length = 0;
              const warm = await lectern.invoke('lectern_search', input);
              const fresh = await new Lectern(
                { fs: nodeFileSystem, roots: () => [{ name: 'ws', path: root }] },
                settings,
              ).invoke('lectern_search', input);
              assert.equal(
                warm.text,
                fresh.text,
                `${JSON.stringify(input)} after ${JSON.stringify(rounds.slice(0, step + 1))}`,
              );
              spared += NAMES.filter((n) => fs.existsSync(path.join(root, n))).length - opened.length;
            }
          }
          fs.rmSync(root, { recursive: true, force: true });
        },
      ),
      { numRuns: 40 },
    );
    assert.ok(spared > 100, `only ${spared} reads were spared`);
  });

  it('keeps no file whose secrets were redacted, and none once the room is taken', async () => {
    const root = tempDir('lectern-bytes-');
    age(write(root, 'clean.ts', TEXTS[0]!), 7200);
    age(write(root, 'secret.ts', TEXTS[3]!), 7200);
    const { lectern, opened } = counting(root);
    for (let i = 0; i < 2; i++) await lectern.invoke('lectern_search', { query: 'warm' + i });
    opened.length = 0;
    const r = await lectern.invoke('lectern_search', { query: 'needle' });
    assert.deepEqual(opened, ['secret.ts']);
    assert.doesNotMatch(r.text, /hunter2x/);
    // The host's watcher says the file went away (and came back): its bytes are not kept any more.
    lectern.invalidate(path.join(root, 'clean.ts'));
    opened.length = 0;
    await lectern.invoke('lectern_search', { query: 'needle' });
    assert.deepEqual(opened.sort(), ['clean.ts', 'secret.ts']);

    const bytes = new FileBytes(10, 8);
    const version = { size: 4, mtimeMs: 1, ctimeMs: 1, ino: 1, dev: 1 };
    bytes.keep('/a', version, new Uint8Array(4));
    bytes.keep('/b', version, new Uint8Array(9));
    bytes.keep('/c', version, new Uint8Array(7));
    assert.deepEqual(
      [!!bytes.lookup('/a', version), !!bytes.lookup('/b', version), !!bytes.lookup('/c', version)],
      [true, false, false],
    );
    const kept = new Uint8Array([1, 2, 3, 4]);
    bytes.keep('/d', version, kept);
    kept[0] = 9;
    assert.equal(bytes.lookup('/d', version)!.charCodeAt(0), 1, 'a copy is kept');
  });
});
