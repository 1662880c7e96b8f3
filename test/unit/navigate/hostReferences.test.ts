// Mode "references" with a host language server (Host.references): what the server names passes the
// scan's path rules, a server that answers short or never answers gives way to tree-sitter, and the
// answer says which answered.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Lectern } from '../../../src/core/engine';
import type { ReferenceLocation } from '../../../src/core/ground/ports';
import { REFERENCE_LIMITS } from '../../../src/core/navigate/referenceScan';
import { ok, tempDir, write } from '../helpers';
import { navWorkspace, refsOf } from './navHelpers';
import { RUNNERS_TS } from '../../shared/runners';

const RACE_TS = `import { Sprinter, Walker } from './runners';

export function race(a: Sprinter, b: Walker): number {
  return a.run() + b.run();
}
`;

const USE_RUN = `import { Sprinter } from '../src/runners';\nexport const first = new Sprinter().run();\n`;

/** 1-based line and column of the `nth` (0-based) occurrence of `needle` in `text`. */
function place(text: string, needle: string, nth = 0): { line: number; column: number } {
  let at = -1;
  for (let i = 0; i <= nth; i++) at = text.indexOf(needle, at + 1);
  assert.ok(at >= 0, `${needle} #${nth} is in the text`);
  const before = text.slice(0, at).split('\n');
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}

/** A language server's answer, as VS Code's adapter names its engine. */
const engine = (locations: ReferenceLocation[]) => ({ locations, engine: 'language server' });

const located = (file: string, text: string, needle: string, nth = 0): ReferenceLocation => ({
  path: file,
  ...place(text, needle, nth),
});

describe('mode references with a host language server', () => {
  it("lists only what the server names that the scan's path rules would read", async () => {
    const outside = tempDir('lectern-nav-outside-');
    const outsideFile = write(outside, 'far.ts', USE_RUN);
    const files = {
      'src/runners.ts': RUNNERS_TS,
      'src/race.ts': RACE_TS,
      'vendor/lib.ts': USE_RUN,
      'ignored/gen.ts': USE_RUN,
      '.gitignore': 'ignored/\n',
      'private/keys.ts': USE_RUN,
      'other/more.ts': USE_RUN,
    };
    let root = '';
    const server = async (file: string, line: number, column: number) =>
      engine([
        { path: file, line, column },
        located(path.join(root, 'src/race.ts'), RACE_TS, 'run('),
        ...['vendor/lib.ts', 'ignored/gen.ts', 'private/keys.ts', 'other/more.ts'].map((name) =>
          located(path.join(root, name), USE_RUN, 'run('),
        ),
        located(outsideFile, USE_RUN, 'run('),
      ]);
    const ws = navWorkspace(files, { references: server });
    root = ws.root;
    const lectern = new Lectern(ws.host, () => ({ sessionGuard: false, secretPatterns: ['private/**'] }));
    const all = await ok(lectern, 'lectern_read', { mode: 'references', target: 'Sprinter.run' });
    assert.equal(all.meta.answered_by, 'language server');
    assert.deepEqual(
      refsOf(all.meta).map((u) => `${u.path}:${u.line}:${u.column}:${u.enclosing}`),
      ['other/more.ts:2:37:first', 'src/race.ts:4:12:race'],
    );
    assert.doesNotMatch(all.text, /vendor|ignored|private|far\.ts/);
    const scoped = await ok(lectern, 'lectern_read', { mode: 'references', target: 'Sprinter.run', path: 'src' });
    assert.deepEqual(
      refsOf(scoped.meta).map((u) => u.path),
      ['src/race.ts'],
    );
  });

  it('gives way to tree-sitter when the server names no use in a file tree-sitter is sure of', async () => {
    const files = {
      'src/help.ts': 'export function helper(): number {\n  return 1;\n}\n',
      'src/a.ts': "import { helper } from './help';\nexport const a = helper();\n",
      'src/b.ts': "import { helper } from './help';\nexport const b = helper();\n",
    };
    let root = '';
    const ws = navWorkspace(files, {
      // A server whose project holds a.ts only (as TypeScript's does for a file in no tsconfig).
      references: async () =>
        engine([
          located(path.join(root, 'src/a.ts'), files['src/a.ts'], 'helper'),
          located(path.join(root, 'src/a.ts'), files['src/a.ts'], 'helper', 1),
        ]),
    });
    root = ws.root;
    const r = await ok(ws.lectern, 'lectern_read', { mode: 'references', target: 'helper' });
    assert.equal(r.meta.answered_by, 'tree-sitter');
    assert.deepEqual(
      refsOf(r.meta).map((u) => `${u.path}:${u.line}`),
      ['src/a.ts:1', 'src/a.ts:2', 'src/b.ts:1', 'src/b.ts:2'],
    );
    assert.doesNotMatch(r.text, /language server/, 'a server still loading its project would answer the same');
  });

  it('does not wait for a server that never answers: tree-sitter answers and says why', async () => {
    const saved = REFERENCE_LIMITS.languageServerMs;
    REFERENCE_LIMITS.languageServerMs = 50;
    try {
      const ws = navWorkspace(
        { 'src/runners.ts': RUNNERS_TS, 'src/race.ts': RACE_TS },
        { references: () => new Promise<undefined>(() => undefined) },
      );
      const r = await ok(ws.lectern, 'lectern_read', { mode: 'references', target: 'Sprinter.run' });
      assert.equal(r.meta.answered_by, 'tree-sitter');
      assert.match(r.text, /\(tree-sitter\)/);
      assert.match(r.text, /The language server did not answer within 0\.05 s: tree-sitter answered\./);
      assert.match(
        r.text,
        /A server still starting answers a later call: lectern_read \{"mode":"references","target":"Sprinter\.run"\}/,
      );
    } finally {
      REFERENCE_LIMITS.languageServerMs = saved;
    }
  });

  it("waits as long as the host says its engine may take (VS Code's servers starting with the editor), not the usual limit", async () => {
    const saved = REFERENCE_LIMITS.languageServerMs;
    REFERENCE_LIMITS.languageServerMs = 50;
    try {
      let root = '';
      // A server that answers after 300 ms: late by the usual limit, in time by the host's.
      const slow = (file: string, line: number, column: number) =>
        new Promise<ReturnType<typeof engine>>((resolve) =>
          setTimeout(
            () =>
              resolve(engine([{ path: file, line, column }, located(path.join(root, 'src/race.ts'), RACE_TS, 'run(')])),
            300,
          ),
        );
      const answers: string[] = [];
      for (const referencesWaitMs of [undefined, 5_000]) {
        const ws = navWorkspace(
          { 'src/runners.ts': RUNNERS_TS, 'src/race.ts': RACE_TS },
          { references: slow, ...(referencesWaitMs ? { referencesWaitMs } : {}) },
        );
        root = ws.root;
        const r = await ok(ws.lectern, 'lectern_read', { mode: 'references', target: 'Sprinter.run' });
        answers.push(String(r.meta.answered_by));
        if (referencesWaitMs) assert.doesNotMatch(r.text, /did not answer/);
        else assert.match(r.text, /did not answer within 0\.05 s/);
      }
      assert.deepEqual(answers, ['tree-sitter', 'language server']);
    } finally {
      REFERENCE_LIMITS.languageServerMs = saved;
    }
  });

  it('asks again while a server that has not answered yet names no use (its project loading), and not once it has', async () => {
    let root = '';
    let asked = 0;
    let loaded = 3; // the server names the uses from its third answer on
    const server = async (file: string, line: number, column: number) => {
      asked++;
      const uses = asked >= loaded ? [located(path.join(root, 'src/race.ts'), RACE_TS, 'run(')] : [];
      return engine([{ path: file, line, column }, ...uses]);
    };
    const ws = navWorkspace({ 'src/runners.ts': RUNNERS_TS, 'src/race.ts': RACE_TS }, { references: server });
    root = ws.root;
    const first = await ok(ws.lectern, 'lectern_read', { mode: 'references', target: 'Sprinter.run' });
    assert.equal(first.meta.answered_by, 'language server');
    assert.equal(asked, 3);
    assert.doesNotMatch(first.text, /named no use/);
    // Warm now: a short answer is taken at once (tree-sitter, sure of a.run(), answers), not asked again.
    asked = 0;
    loaded = Infinity;
    const later = await ok(ws.lectern, 'lectern_read', { mode: 'references', target: 'Sprinter.run', path: 'src' });
    assert.equal(asked, 1);
    assert.equal(later.meta.answered_by, 'tree-sitter');
  });

  it('a server that fails or has nothing to say leaves the answer to tree-sitter, without a note', async () => {
    for (const references of [async () => undefined, () => Promise.reject(new Error('server crashed'))]) {
      const ws = navWorkspace({ 'src/runners.ts': RUNNERS_TS, 'src/race.ts': RACE_TS }, { references });
      const r = await ok(ws.lectern, 'lectern_read', { mode: 'references', target: 'Sprinter.run' });
      assert.equal(r.meta.answered_by, 'tree-sitter');
      assert.doesNotMatch(r.text, /language server/);
      assert.ok(fs.existsSync(ws.root));
    }
  });

  it('numbers files as tree-sitter does, so a page the server cannot answer continues where the last one stopped', async () => {
    const uses = (n: number, prefix: string) =>
      `import { helper } from './help';\n${Array.from({ length: n }, (_, i) => `export const ${prefix}${i} = helper();`).join('\n')}\n`;
    // b.ts mentions no helper: tree-sitter's file numbers count it, a server's list of places does not.
    const files = {
      'src/a.ts': uses(150, 'a'),
      'src/b.ts': 'export const b = 1;\n',
      'src/c.ts': uses(150, 'c'),
      'src/d.ts': uses(150, 'd'),
      'src/help.ts': 'export function helper(): number {\n  return 1;\n}\n',
    };
    let root = '';
    let asked = 0;
    const everyUse = () =>
      ['src/a.ts', 'src/c.ts', 'src/d.ts'].flatMap((name) => {
        const text = files[name as keyof typeof files];
        const count = text.split('helper').length - 1;
        return Array.from({ length: count }, (_, nth) => located(path.join(root, name), text, 'helper', nth));
      });
    // Answers the first page, then is gone (a restarted or busy server): later pages are tree-sitter's.
    const ws = navWorkspace(files, {
      references: async () => (asked++ === 0 ? engine(everyUse()) : Promise.reject(new Error('server restarting'))),
    });
    root = ws.root;
    const plain = navWorkspace(files);
    const first = await ok(ws.lectern, 'lectern_read', { mode: 'references', target: 'helper' });
    const scanned = await ok(plain.lectern, 'lectern_read', { mode: 'references', target: 'helper' });
    assert.equal(first.meta.answered_by, 'language server');
    assert.equal(scanned.meta.answered_by, 'tree-sitter');
    assert.deepEqual(first.meta.next, scanned.meta.next);
    const seen = refsOf(first.meta).map((u) => `${u.path}:${u.line}`);
    let next = first.meta.next as Record<string, unknown> | null;
    while (next) {
      const page = await ok(ws.lectern, 'lectern_read', next);
      assert.equal(page.meta.answered_by, 'tree-sitter');
      seen.push(...refsOf(page.meta).map((u) => `${u.path}:${u.line}`));
      next = page.meta.next as Record<string, unknown> | null;
    }
    const expected = ['src/a.ts', 'src/c.ts', 'src/d.ts'].flatMap((name) =>
      Array.from({ length: 151 }, (_, i) => `${name}:${i + 1}`),
    );
    assert.deepEqual(seen, expected);
  });
});
