// What a references read keeps from one page to the next, and what it must not: each file is parsed
// once for its outline and its uses; the ranked listing of the scope is kept while the walk replays
// the same recording with the same secret rules, and made again when a folder changes or the rules do.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Lectern } from '../../../src/core/engine';
import type { Host, OutlineThreadPort } from '../../../src/core/ground/ports';
import type { Settings } from '../../../src/core/ground/settings';
import { REFERENCE_LIMITS } from '../../../src/core/navigate/referenceScan';
import { createOutlineThread } from '../../../src/node/outlineThread';
import { TreeSitter } from '../../../src/core/symbols/treeSitter';
import { followPages, navWorkspace, readAlone, refsOf, type Reference } from './navHelpers';

const DECLARES = 'export function run(n?: number): void {}\n';

/**
 * Every folder and file of `root` an hour old: a walk of it is recorded and replayed (a folder changed
 * within the clock's resolution is not), as a workspace nobody is editing is.
 */
function age(root: string): void {
  const when = new Date(Date.now() - 3_600_000);
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true }))
    fs.utimesSync(path.join(entry.parentPath, entry.name), when, when);
  fs.utimesSync(root, when, when);
}

/** Counts the syntax trees parsed on this thread while `run` runs. */
async function parsesDuring<T>(run: () => Promise<T>): Promise<{ result: T; parses: number }> {
  const parse = TreeSitter.prototype.parse;
  let parses = 0;
  TreeSitter.prototype.parse = function (this: TreeSitter, ...args: Parameters<TreeSitter['parse']>) {
    parses++;
    return parse.apply(this, args);
  };
  try {
    return { result: await run(), parses };
  } finally {
    TreeSitter.prototype.parse = parse;
  }
}

describe('references from page to page', function () {
  this.timeout(60_000);

  it('parses each file that holds the name once, for its outline and its uses together', async () => {
    const files: Record<string, string> = { 'src/run.ts': DECLARES };
    for (let i = 0; i < 4; i++)
      files[`src/u${i}.ts`] = `import { run } from './run';\nfunction f${i}() {\n  run(${i});\n}\n`;
    const { lectern } = navWorkspace(files);
    const { result, parses } = await parsesDuring(() => readAlone(lectern, { mode: 'references', target: 'run' }));
    assert.ok(result.ok, result.text);
    assert.equal(refsOf(result.meta).length, 8); // each file's import and call
    assert.deepEqual(
      refsOf(result.meta)
        .filter((use) => use.kind === 'call')
        .map((use) => use.enclosing),
      ['f0', 'f1', 'f2', 'f3'],
    );
    assert.equal(parses, 5); // the declaring file and the four users, once each
  });

  it("reads a large file's outline and uses in one job on the outline thread, as this thread would", async () => {
    const files: Record<string, string> = { 'src/run.ts': DECLARES };
    const body = Array.from({ length: 30 }, (_, i) => `function g${i}() {\n  run(${i}); // run\n}\n`).join('');
    for (let i = 0; i < 3; i++) files[`src/big${i}.ts`] = `import { run } from './run';\n${body}`;
    const { host } = navWorkspace(files);
    const thread = createOutlineThread(`${__dirname}/../../../src/node`);
    const jobs: string[] = [];
    const counted: OutlineThreadPort = {
      outline: (job, ...rest) => (jobs.push(job.uses ? 'outline and uses' : 'outline'), thread.outline(job, ...rest)),
      uses: (job, ...rest) => (jobs.push('uses'), thread.uses!(job, ...rest)),
    };
    const saved = REFERENCE_LIMITS.threadChars;
    REFERENCE_LIMITS.threadChars = 200; // the three files count as large
    try {
      const input = { mode: 'references', target: 'run' };
      const withThread: Host = { ...host, outlineThread: counted };
      const { result, parses } = await parsesDuring(() =>
        readAlone(new Lectern(withThread, () => ({ sessionGuard: false })), input),
      );
      const alone = await readAlone(new Lectern(host, () => ({ sessionGuard: false })), input);
      assert.ok(result.ok, result.text);
      assert.deepEqual(refsOf(result.meta), refsOf(alone.meta));
      assert.equal(refsOf(result.meta).length, 93); // each file's import and 30 calls, not the comments
      assert.deepEqual(jobs, ['outline and uses', 'outline and uses', 'outline and uses']);
      assert.equal(parses, 1); // here: the declaring file only (too small for the thread, and without the name's uses)
    } finally {
      REFERENCE_LIMITS.threadChars = saved;
      thread.dispose?.();
    }
  });

  it('lists a file added between pages, in a folder the kept listing did not have', async () => {
    const files: Record<string, string> = { 'src/run.ts': DECLARES };
    for (let i = 0; i < 8; i++) files[`src/u${i}.ts`] = 'run(1);\nrun(2);\n';
    const { host, root } = navWorkspace(files);
    age(root);
    const lectern = new Lectern(host, () => ({ sessionGuard: true, maxSingleReadLines: 3 }));
    // Three pages: the walk is recorded, then replayed and its ranked listing kept.
    let input: Record<string, unknown> | null = { mode: 'references', target: 'run' };
    const seen: Reference[] = [];
    for (let i = 0; i < 3 && input; i++) {
      const r = await readAlone(lectern, input);
      assert.ok(r.ok, r.text);
      seen.push(...refsOf(r.meta));
      input = r.meta.next as Record<string, unknown>;
    }
    assert.ok(input, 'more pages to follow');
    fs.mkdirSync(path.join(root, 'src/zz'));
    fs.writeFileSync(path.join(root, 'src/zz/late.ts'), 'run(3);\n');
    seen.push(...(await followPages(lectern, input)));
    assert.ok(
      seen.some((use) => use.path === 'src/zz/late.ts'),
      JSON.stringify(seen.map((u) => u.path)),
    );
    assert.equal(new Set(seen.map((u) => `${u.path}:${u.line}:${u.column}`)).size, seen.length);
  });

  it('leaves out a file the secret rules name once they change between pages', async () => {
    const files: Record<string, string> = { 'src/run.ts': DECLARES };
    for (let i = 0; i < 8; i++) files[`src/u${i}.ts`] = 'run(1);\nrun(2);\n';
    const { host, root } = navWorkspace(files);
    age(root);
    const settings: Partial<Settings> = { sessionGuard: true, maxSingleReadLines: 3 };
    const lectern = new Lectern(host, () => settings);
    let input: Record<string, unknown> | null = { mode: 'references', target: 'run' };
    for (let i = 0; i < 3 && input; i++) {
      const r = await readAlone(lectern, input);
      assert.ok(r.ok, r.text);
      assert.ok(!refsOf(r.meta).some((use) => use.path === 'src/u7.ts'));
      input = r.meta.next as Record<string, unknown>;
    }
    assert.ok(input, 'more pages to follow');
    settings.secretPatterns = ['**/u7.ts'];
    const rest = await followPages(lectern, input);
    assert.ok(rest.length > 0);
    assert.ok(!rest.some((use) => use.path === 'src/u7.ts'), JSON.stringify(rest.map((u) => u.path)));
    settings.secretPatterns = [];
    const again = await followPages(lectern, input);
    assert.ok(again.some((use) => use.path === 'src/u7.ts'));
  });
});
