// Workspace search with ripgrep as the candidate finder (src/node/ripgrep.ts, search/prefilter.ts),
// and warm engines with or without it (their kept grams, search/gramFilter.ts), answer exactly as a
// new engine's own search alone: a property over generated trees (exclusions,
// .gitignore, binary and UTF-16 files, a file over the size limit, a symlink out of the root,
// secrets, a private key, Unicode case partners, case variants for the kept cased grams, CRLF,
// lines longer than an excerpt, several literals on a line, invalid UTF-8), searched warm after some
// files changed. And the port itself: what it finds, its failures, no process left behind.
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { Lectern } from '../../../src/core/engine';
import type { Host } from '../../../src/core/ground/ports';
import { WORKSPACE_SEARCH_LIMITS } from '../../../src/core/search/workspaceLimits';
import { nodeFileSystem } from '../../../src/node/nodeFileSystem';
import { createRipgrepFinder, ripgrepInVscode } from '../../../src/node/ripgrep';
import { eventually } from '../../shared/eventually';
import { tempDir, write } from '../helpers';
import { codeServerAppRoot, testRipgrep } from './ripgrepLocation';

const RG = testRipgrep();

/** Pieces of lines: the words queries look for, their case and Unicode fold partners, and traps. */
const PIECES = [
  'needle',
  'Needle',
  'NEEDLE',
  'nee dle',
  'ſtar',
  'star',
  '\u212Aelvin',
  'kelvin',
  'İstanbul',
  'istanbul',
  'Ünïcödé',
  'ünïcödé',
  'fn  is_match(',
  'fn is_match',
  'function readSync(',
  'async (',
  'Sync(',
  'x'.repeat(420),
  'a*b',
  '-flag',
  '\t',
  ' ',
  '\r\n',
  '\n',
];
const QUERIES = [
  'needle',
  '***',
  'NEEDLE',
  'Needle',
  'Sync(',
  'star',
  'kelvin',
  'istanbul',
  'ÜNÏCÖDÉ',
  'is_match',
  '-flag',
  'a*b',
  'e d',
];
const REGEXES = [
  'function\\s+\\w+Sync\\(',
  'Needle.*Sync',
  'fn\\s+is_match',
  'ne+dle',
  'st[a-z]r',
  '(?i)kelvin',
  'n.e',
  '^Needle',
  '\\bstar\\b',
  'x?y?',
  'needle|kelvin',
  'Needle|Sync\\(',
  'st(ar|ub)|ne+dle',
  '(Needle|star)\\s*Sync',
];

const line = fc.array(fc.constantFrom(...PIECES), { maxLength: 12 }).map((parts) => parts.join(''));
const text = fc.array(line, { maxLength: 8 }).map((lines) => lines.join('\n'));

/** How a generated file is written: as text, or with bytes that make it binary, UTF-16 or not UTF-8. */
const encoding = fc.constantFrom('utf8', 'utf8', 'utf8', 'bom', 'utf16', 'nul-head', 'nul-late', 'latin1');

function bytesOf(content: string, how: string): Uint8Array {
  const utf8 = Buffer.from(content, 'utf8');
  switch (how) {
    case 'bom':
      return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8]);
    case 'utf16':
      return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(content, 'utf16le')]);
    case 'nul-head':
      return Buffer.concat([utf8, Buffer.from([0]), utf8]);
    case 'nul-late':
      // A NUL after the first 8 KB: the file is still text.
      return Buffer.concat([Buffer.alloc(9000, 0x20), utf8, Buffer.from([0]), utf8]);
    case 'latin1':
      return Buffer.concat([Buffer.from([0xe9, 0x0a]), utf8]);
    default:
      return utf8;
  }
}

const NAMES = ['a.ts', 'b.md', 'src/c.ts', 'src/deep/d.txt', '-dash.ts', 'sp ace.js', 'ünï/e.ts', 'f.crlf'];

const file = fc.record({ name: fc.constantFrom(...NAMES), content: text, how: encoding });
const change = fc.record({ at: fc.nat(), content: text, how: encoding, settled: fc.boolean() });
const tree = fc.uniqueArray(file, { selector: (f) => f.name, minLength: 1, maxLength: 8 });
/** Where: the workspace, a folder, a glob, a hidden or excluded folder named (the walker enters it then). */
const where = fc.constantFrom<Record<string, string>>(
  {},
  {},
  { target: 'src' },
  { target: 'src/**/*.ts' },
  { target: '.hidden' },
  { include: 'node_modules/**' },
  { exclude: 'src/deep' },
);
const query = fc
  .tuple(
    fc.oneof(
      fc.record({ query: fc.constantFrom(...QUERIES), is_regex: fc.constant(false), case_sensitive: fc.boolean() }),
      fc.record({ query: fc.constantFrom(...REGEXES), is_regex: fc.constant(true), case_sensitive: fc.boolean() }),
    ),
    where,
  )
  .map(([q, w]) => ({ ...q, ...w }));

/** The files every tree has: excluded, ignored, secret, too large, a private key, a link out of the root. */
function fixedFiles(root: string, outside: string): void {
  write(root, 'node_modules/pkg/index.js', 'needle in node_modules\n');
  write(root, '.hidden/h.ts', 'needle hidden star\n');
  write(root, 'src/.cache/i.ts', 'needle in a hidden folder\n');
  write(root, 'src/build/j.ts', 'needle in an excluded folder\n');
  write(root, '.gitignore', 'ignored.txt\n');
  write(root, 'ignored.txt', 'needle ignored\n');
  write(root, '.env', 'NEEDLE=secret\n');
  write(root, 'key.txt', '-----BEGIN PRIVATE KEY-----\nneedleneedle\n-----END PRIVATE KEY-----\nneedle after\n');
  write(root, 'url.txt', 'https://user:needle@example.com/ a*b\n');
  write(root, 'big.log', Buffer.alloc(WORKSPACE_SEARCH_LIMITS.maxFileBytes + 10, 'needle\n'));
  write(outside, 'secret.ts', 'needle outside\n');
  fs.symlinkSync(path.join(outside, 'secret.ts'), path.join(root, 'link.ts'));
  fs.symlinkSync(outside, path.join(root, 'linkdir'));
}

/** Files an hour old: versions the search remembers (a version modified moments ago is not). */
function settle(root: string, hoursAgo = 1): void {
  const when = new Date(Date.now() - hoursAgo * 3_600_000);
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) fs.utimesSync(path.join(entry.parentPath, entry.name), when, when);
  }
}

const hostOf = (root: string, withFinder: boolean): Host => ({
  fs: nodeFileSystem,
  roots: () => [{ name: 'ws', path: root }],
  ...(withFinder ? { candidates: createRipgrepFinder(RG!) } : {}),
});

const settings = () => ({ sessionGuard: false });

/** An answer without its session's counters (a new engine's session has had one call). */
const answer = (response: unknown): unknown =>
  JSON.parse(
    JSON.stringify(response, (_key, value: unknown) =>
      value && typeof value === 'object' && 'search_count' in value ? undefined : value,
    ),
  );

describe('workspace search with ripgrep as the candidate finder', function () {
  before(function () {
    if (!RG) this.skip(); // no ripgrep here: neither on PATH nor in the host cache (npm run host:ensure)
  });

  it('answers as Lectern alone, warm, after files changed (generated trees)', async function () {
    this.timeout(240_000);
    await fc.assert(
      fc.asyncProperty(
        tree,
        fc.array(change, { maxLength: 3 }),
        fc.array(query, { minLength: 1, maxLength: 4 }),
        async (files, changes, queries) => {
          const root = tempDir('lectern-rg-');
          const outside = tempDir('lectern-rg-outside-');
          fixedFiles(root, outside);
          for (const f of files) write(root, f.name, bytesOf(f.content, f.how));
          settle(root);
          const own = new Lectern(hostOf(root, false), settings);
          const withRg = new Lectern(hostOf(root, true), settings);
          // The first search learns the files' classes; the next ones may rule files out.
          for (const first of [{}, { target: '.hidden' }, { include: 'node_modules/**' }, { target: 'src' }]) {
            await withRg.invoke('lectern_search', { query: 'needle', ...first });
            await own.invoke('lectern_search', { query: 'needle', ...first });
          }
          // Files rewritten: new text or another kind (binary, UTF-16…), settled again or just modified.
          for (const c of changes) write(root, files[c.at % files.length]!.name, bytesOf(c.content, c.how));
          if (changes.some((c) => c.settled)) settle(root, 2);
          // Each query twice: the warm engines keep the grams of the files they read (search/gramFilter.ts).
          for (const q of [...queries, ...queries]) {
            const expected = answer(await new Lectern(hostOf(root, false), settings).invoke('lectern_search', q));
            assert.deepEqual(answer(await own.invoke('lectern_search', q)), expected, JSON.stringify(q));
            assert.deepEqual(answer(await withRg.invoke('lectern_search', q)), expected, JSON.stringify(q));
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('rules files out: a warm search reads only the files that hold the text', async function () {
    const root = tempDir('lectern-rg-');
    for (let i = 0; i < 20; i++) write(root, `f${i}.ts`, i === 7 ? 'const needle = a->b;\n' : 'nothing here\n');
    settle(root);
    const reads: string[] = [];
    const host = hostOf(root, true);
    const counting: Host = {
      ...host,
      fs: { ...host.fs, readFileSync: (p, max) => (reads.push(path.basename(p)), host.fs.readFileSync!(p, max)) },
    };
    const lectern = new Lectern(counting, settings);
    await lectern.invoke('lectern_search', { query: 'anything' });
    assert.equal(reads.length, 20);
    reads.length = 0;
    // The second search reads every file again (the engine keeps their grams from then on); where
    // grams cannot tell (no run of three word characters), the finder rules files out.
    let r = await lectern.invoke('lectern_search', { query: 'NEEDLE' });
    assert.match(r.text, /1 match in 1 file \(20 files searched\)/);
    assert.equal(reads.length, 20);
    reads.length = 0;
    const served = lectern.keptBytesServed;
    r = await lectern.invoke('lectern_search', { query: '->' });
    assert.match(r.text, /1 match in 1 file \(20 files searched\)/);
    // f7 alone is scanned, from the bytes the engine kept of its version (ground/fileBytes.ts).
    assert.equal(reads.length, 0);
    assert.equal(lectern.keptBytesServed - served, 1);
  });

  describe('the port', () => {
    it('names the files under a folder that hold the literal, case folded or not, by its own walk', async () => {
      const root = tempDir('lectern-rg-');
      const outside = tempDir('lectern-rg-outside-');
      write(root, 'a.txt', 'Kelvin\n');
      write(root, 'b.txt', '\u212Aelvin\n');
      write(root, '-c.txt', 'kelvin\0binary\n');
      write(root, 'd.txt', 'other\n');
      write(root, '.hidden.txt', 'kelvin\n');
      write(root, '.gitignore', 'a.txt\n');
      write(root, 'sub/e.txt', 'kelvin\n');
      write(root, 'sub/node_modules/f.txt', 'kelvin\n');
      write(root, '.git/g.txt', 'kelvin\n');
      write(root, 'build/h.txt', 'kelvin\n');
      write(outside, 'i.txt', 'kelvin\n');
      fs.symlinkSync(path.join(outside, 'i.txt'), path.join(root, 'link.txt'));
      fs.symlinkSync(outside, path.join(root, 'linkdir'));
      const finder = createRipgrepFinder(RG!);
      const limits = { skipFolders: ['node_modules', 'build'], timeoutMs: 10_000 };
      const folded = await finder.filesContaining(root, '', { literals: ['kelvin'], caseSensitive: false }, limits);
      assert.deepEqual([...folded!].sort(), ['-c.txt', '.hidden.txt', 'a.txt', 'b.txt', 'sub/e.txt']);
      const exact = await finder.filesContaining(root, '', { literals: ['kelvin'], caseSensitive: true }, limits);
      assert.deepEqual([...exact!].sort(), ['-c.txt', '.hidden.txt', 'sub/e.txt']);
      const under = await finder.filesContaining(root, 'sub', { literals: ['kelvin'], caseSensitive: true }, limits);
      assert.deepEqual([...under!], ['sub/e.txt']);
      const either = await finder.filesContaining(
        root,
        '',
        { literals: ['kelvin', 'other'], caseSensitive: true },
        limits,
      );
      assert.deepEqual([...either!].sort(), ['-c.txt', '.hidden.txt', 'd.txt', 'sub/e.txt']);
    });

    it('cannot tell when the folder is missing, the engine is missing, or the time is up', async () => {
      const root = tempDir('lectern-rg-');
      write(root, 'a.txt', 'needle\n');
      const query = { literals: ['needle'], caseSensitive: true };
      const limits = { skipFolders: [], timeoutMs: 10_000 };
      const finder = createRipgrepFinder(RG!);
      assert.deepEqual([...(await finder.filesContaining(root, '', query, limits))!], ['a.txt']);
      assert.equal(await finder.filesContaining(root, 'gone', query, limits), undefined);
      assert.equal(await finder.filesContaining(root, '', query, { ...limits, timeoutMs: 0 }), undefined);
      const missing = createRipgrepFinder(path.join(root, 'no-rg'));
      assert.equal(await missing.filesContaining(root, '', query, limits), undefined);
    });

    it('a cancelled or timed-out search kills ripgrep at once: no process is left', async function () {
      if (process.platform !== 'linux') this.skip();
      const root = tempDir('lectern-rg-');
      write(root, 'a.txt', 'needle\n');
      // A named pipe nobody writes to: ripgrep waits on it until it is killed.
      execFileSync('mkfifo', [path.join(root, 'pipe')]);
      const query = { literals: ['needle'], caseSensitive: false };
      const signal = { isCancellationRequested: false };
      const finder = createRipgrepFinder(RG!);
      const others = new Set(childrenOf(process.pid));
      const ours = () => childrenOf(process.pid).filter((pid) => !others.has(pid));
      const asked = finder.filesContaining(root, 'pipe', query, { skipFolders: [], timeoutMs: 60_000, signal });
      await eventually(() => ours().length === 1, { what: 'ripgrep to run', seen: () => `${ours().length}` });
      signal.isCancellationRequested = true;
      let started = Date.now();
      assert.equal(await asked, undefined);
      // Either would hang on the pipe for good without the kill; the bounds leave room for a busy machine.
      assert.ok(Date.now() - started < 5_000);
      assert.deepEqual(ours(), []);
      started = Date.now();
      assert.equal(await finder.filesContaining(root, 'pipe', query, { skipFolders: [], timeoutMs: 200 }), undefined);
      assert.ok(Date.now() - started < 5_000);
      assert.deepEqual(ours(), []);
    });
  });

  it("finds the ripgrep VS Code ships from its appRoot (code-server's layout)", function () {
    const appRoot = codeServerAppRoot();
    if (!fs.existsSync(appRoot)) this.skip(); // no host cache: npm run host:ensure
    const rg = ripgrepInVscode(appRoot);
    assert.ok(rg && fs.existsSync(rg), `no rg under ${appRoot}`);
    assert.equal(ripgrepInVscode(tempDir('lectern-rg-')), undefined);
  });
});

/** Process ids whose parent is `pid` (Linux /proc). */
function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}
