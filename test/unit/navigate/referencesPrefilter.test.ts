// references at scale: the host's candidate finder (ripgrep, the word prefilter workspace search
// uses) rules out files whose bytes lack the name, so only candidates are read and parsed; a page
// stops once it has a page's worth of uses, and following each answer's next call lists every use
// once, in order, as one unpaged answer does (a property over generated workspaces).
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { Lectern } from '../../../src/core/engine';
import type { Host } from '../../../src/core/ground/ports';
import { WORD_FILTER_LIMITS } from '../../../src/core/navigate/wordFilter';
import { createRipgrepFinder } from '../../../src/node/ripgrep';
import { testRipgrep } from '../search/ripgrepLocation';
import { followPages, navWorkspace, readAlone, refsOf } from './navHelpers';

const RG = testRipgrep();

/** Lines of generated files: uses of `run`, a longer word that holds it, a comment and a string. */
const LINES = ['  run(x);', 'const a = 1;', '// run in a comment', 'runner();', 'run(); run(2);', "log('run');"];

const DECLARES = 'export function run(n?: number): void {}\n';

/** Reads through the host's synchronous fast path (what the scan reads each file with), by base name. */
function counting(host: Host, reads: string[]): Host {
  return {
    ...host,
    fs: { ...host.fs, readFileSync: (p, max) => (reads.push(path.basename(p)), host.fs.readFileSync!(p, max)) },
  };
}

/** Files an hour old: unchanged since long before a finder runs on them. */
async function settle(root: string): Promise<void> {
  const when = new Date(Date.now() - 3_600_000);
  let changed = 0;
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    fs.utimesSync(file, when, when);
    changed = Math.max(changed, fs.statSync(file).ctimeMs);
  }
  // Setting the times changes the change time to now, to a fraction of a millisecond, and a finder
  // that starts within that millisecond could not tell it from a later change: wait until the clock
  // has passed it (a local run of the navigation tests had a first call quick enough for that).
  while (Date.now() <= changed) await new Promise((resolve) => setTimeout(resolve, 1));
}

describe('references with the word prefilter and pages', function () {
  this.timeout(120_000);
  before(function () {
    if (!RG) this.skip(); // no ripgrep here: neither on PATH nor in the host cache (npm run host:ensure)
  });

  it('reads only the files whose bytes hold the name, and answers as without the finder', async () => {
    const files: Record<string, string> = { 'src/run.ts': DECLARES };
    for (let i = 0; i < 30; i++)
      files[`src/f${String(i).padStart(2, '0')}.ts`] =
        i % 10 === 3 ? `import { run } from './run';\nrun(${i});\n` : i % 10 === 5 ? 'runner();\n' : 'const a = 1;\n';
    const { host } = navWorkspace(files);
    const reads: string[] = [];
    const withFinder = new Lectern(counting({ ...host, candidates: createRipgrepFinder(RG!) }, reads), () => ({
      sessionGuard: false,
    }));
    const alone = new Lectern(host, () => ({ sessionGuard: false }));
    const r = await readAlone(withFinder, { mode: 'references', target: 'run' });
    assert.deepEqual(r, await readAlone(alone, { mode: 'references', target: 'run' }));
    assert.match(r.text, /^references run · 6 uses in 3 files/);
    // The three users, the three that say "runner", and the declaring file: not the other 24.
    assert.deepEqual(reads.sort(), ['f03.ts', 'f05.ts', 'f13.ts', 'f15.ts', 'f23.ts', 'f25.ts', 'run.ts']);
  });

  it("a page stops looking once it has a page's worth of uses, and says which files it counted", async () => {
    const files: Record<string, string> = { 'src/run.ts': DECLARES };
    for (let i = 0; i < 12; i++) files[`src/u${String(i).padStart(2, '0')}.ts`] = `run(1);\nrun(2);\n`;
    const { host } = navWorkspace(files);
    const reads: string[] = [];
    const lectern = new Lectern(counting({ ...host, candidates: createRipgrepFinder(RG!) }, reads), () => ({
      sessionGuard: true,
      maxSingleReadLines: 3,
    }));
    const r = await readAlone(lectern, { mode: 'references', target: 'run' });
    assert.ok(r.ok, r.text);
    assert.match(r.text, /^references run · 4 uses in 2 files/);
    assert.match(r.text, /Uses counted in source files 1–3 of 13 \(a page's worth\)/);
    assert.deepEqual(r.meta.next, { mode: 'references', target: 'run', file_offset: 2, start_line: 2 });
    assert.deepEqual(reads.sort(), ['run.ts', 'u00.ts', 'u01.ts']);
  });

  it("later pages take the finder's answer again, and read a file changed since", async () => {
    const files: Record<string, string> = { 'src/run.ts': DECLARES, 'src/zz.ts': 'const a = 1;\n' };
    for (let i = 0; i < 8; i++) files[`src/u${i}.ts`] = `run(1);\nrun(2);\n`;
    for (let i = 0; i < 8; i++) files[`src/v${i}.ts`] = 'const b = 2;\n';
    const { host, root } = navWorkspace(files);
    await settle(root);
    // The stat times just set count as settled (their change time is now).
    const saved = WORD_FILTER_LIMITS.settledMs;
    WORD_FILTER_LIMITS.settledMs = 0;
    try {
      const finder = createRipgrepFinder(RG!);
      let asked = 0;
      const reads: string[] = [];
      const counted: Host = {
        ...counting(host, reads),
        candidates: { filesContaining: (...args) => (asked++, finder.filesContaining(...args)) },
      };
      const lectern = new Lectern(counted, () => ({ sessionGuard: true, maxSingleReadLines: 3 }));
      const first = await readAlone(lectern, { mode: 'references', target: 'run' });
      assert.ok(first.ok, first.text);
      // Written after the finder ran: the next pages read it (its bytes now hold the name).
      fs.writeFileSync(path.join(root, 'src/zz.ts'), 'run(9);\n');
      reads.length = 0;
      const uses = await followPages(lectern, first.meta.next as Record<string, unknown>);
      assert.equal(asked, 1);
      assert.ok(
        uses.some((use) => use.path === 'src/zz.ts' && use.line === 1),
        JSON.stringify(uses),
      );
      // The files without the name, unchanged since the finder ran, were not read again.
      assert.deepEqual(
        reads.filter((name) => name.startsWith('v')),
        [],
      );
    } finally {
      WORD_FILTER_LIMITS.settledMs = saved;
    }
  });

  it('every page, followed by its next call, lists each use once and in order (generated workspaces)', async () => {
    const file = fc.array(fc.constantFrom(...LINES), { maxLength: 8 });
    const folder = fc.constantFrom('src', 'src/deep', 'test', 'docs');
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(folder, file), { minLength: 1, maxLength: 14 }),
        fc.integer({ min: 1, max: 4 }),
        async (generated, pageLines) => {
          const files: Record<string, string> = { 'src/run.ts': DECLARES };
          generated.forEach(([dir, lines], i) => (files[`${dir}/g${i}.ts`] = `${lines.join('\n')}\n`));
          const { host } = navWorkspace(files);
          const whole = await readAlone(new Lectern(host, () => ({ sessionGuard: false })), {
            mode: 'references',
            target: 'run',
          });
          const expected = whole.ok ? refsOf(whole.meta) : [];
          assert.ok(whole.ok || whole.error?.code === 'NOT_FOUND', whole.text);
          if (!whole.ok) return;
          const paged = new Lectern({ ...host, candidates: createRipgrepFinder(RG!) }, () => ({
            sessionGuard: true,
            maxSingleReadLines: pageLines,
          }));
          const uses = await followPages(paged, { mode: 'references', target: 'run' });
          assert.deepEqual(uses, expected);
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe('references on a slow listing', () => {
  it('the time budget is for reading files: a listing that took it all still leaves the page its files', async () => {
    const files: Record<string, string> = { 'src/run.ts': DECLARES };
    for (let i = 0; i < 5; i++) files[`src/u${i}.ts`] = 'run(1);\n';
    const { host } = navWorkspace(files);
    // Each folder listed moves the clock 20 s on: the listing alone outlasts the 10 s budget.
    const realNow = Date.now;
    let skew = 0;
    const slow: Host = {
      ...host,
      fs: { ...host.fs, readdirSync: (p) => ((skew += 20_000), host.fs.readdirSync!(p)) },
    };
    Date.now = () => realNow() + skew;
    try {
      const r = await readAlone(new Lectern(slow, () => ({ sessionGuard: false })), {
        mode: 'references',
        target: 'run',
      });
      assert.ok(r.ok, r.text);
      assert.match(r.text, /^references run · 5 uses in 5 files/);
      assert.doesNotMatch(r.text, /Out of time/);
    } finally {
      Date.now = realNow;
    }
  });
});
