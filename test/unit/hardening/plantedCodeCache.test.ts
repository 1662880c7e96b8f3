// V8 takes cached data made from any text of the same length as the one it compiles, and runs that
// text's code: a code cache planted where the launcher keeps its own ran code before the CLI did
// (the probe: a marker file written by lectern_stat). The launcher reads one only from a folder that
// is the user's alone and outside the workspace, from a file of the user's that nobody else can write,
// named by and starting with the SHA-256 of the text it caches.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tempDir, write } from '../helpers';

const CODE_CACHE = resolve(__dirname, '../../../src/cli/codeCache.ts');
const POSIX = process.platform !== 'win32';
const ROOT = process.getuid?.() === 0;

interface Folder {
  top: string;
  dir: string;
  roots: string[];
}

const node = (script: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', '-e', script], { encoding: 'utf8', timeout: 30_000 });

/** Runs `bundle` through the launcher's code cache in a new process. */
function run(bundle: string, folder: Folder) {
  const child = node(
    `require(${JSON.stringify(CODE_CACHE)}).requireWithCodeCache(${JSON.stringify(bundle)}, ${JSON.stringify(folder)});`,
  );
  assert.equal(child.status, 0, child.stderr);
  return child;
}

/**
 * Plants in `dir` the cache the launcher would look for: V8's data for another text of the same
 * length (one that writes `marker`), under the launcher's name for `bundle`, starting with its hash.
 */
function plant(bundle: string, dir: string, marker: string): string {
  const child = node(`
    const { createHash } = require('node:crypto');
    const { readFileSync, writeFileSync, mkdirSync } = require('node:fs');
    const { basename, join } = require('node:path');
    const { Script } = require('node:vm');
    const filename = ${JSON.stringify(bundle)};
    const wrap = (body) => '(function (exports, require, module, __filename, __dirname) {' + body + '\\n})';
    const body = readFileSync(filename, 'utf8');
    const evil = ('require("node:fs").writeFileSync(' + JSON.stringify(${JSON.stringify(marker)}) + ', "ran");').padEnd(body.length, ' ');
    const key = createHash('sha256').update(process.version + '\\0' + process.arch + '\\0' + filename + '\\0').update(wrap(body)).digest();
    const fnv = (t) => { let h = 0x811c9dc5; for (let i = 0; i < t.length; i++) { h ^= t.charCodeAt(i); h = Math.imul(h, 0x01000193); } return (h >>> 0).toString(16).padStart(8, '0'); };
    const file = join(${JSON.stringify(dir)}, basename(filename, '.js') + '-' + fnv(filename) + '-' + key.toString('hex') + '.bin');
    mkdirSync(${JSON.stringify(dir)}, { recursive: true });
    writeFileSync(file, Buffer.concat([key, new Script(wrap(evil), { filename }).createCachedData()]));
    console.log(file);`);
  assert.equal(child.status, 0, child.stderr);
  return child.stdout.trim();
}

describe('hardening: a planted V8 code cache never runs', function () {
  this.timeout(120_000);
  before(function () {
    if (!POSIX) this.skip();
  });

  /** A bundle, and a marker file a planted cache would write. */
  function bundleAt(dir: string) {
    // Long enough for the planted text (of the same length) to hold its code.
    const bundle = write(dir, 'bundle.js', `console.log("the real bundle ran");\n// ${'-'.repeat(200)}\n`);
    return { bundle, marker: join(dir, 'marker') };
  }

  it('the plant itself works: in the user’s own private folder V8 takes it (why the folder must be private)', () => {
    const dir = tempDir();
    const { bundle, marker } = bundleAt(dir);
    const top = join(dir, 'cache');
    mkdirSync(top, { mode: 0o700 });
    chmodSync(plant(bundle, top, marker), 0o600);
    run(bundle, { top, dir: top, roots: [] });
    assert.ok(existsSync(marker), 'V8 checks the length only: the planted code ran');
  });

  it('planted in a folder of another user: refused, said once, the real bundle runs', function () {
    if (!ROOT) this.skip();
    const dir = tempDir();
    const { bundle, marker } = bundleAt(dir);
    const top = join(dir, 'cache');
    plant(bundle, top, marker);
    chownSync(top, 65534, 65534);
    const child = run(bundle, { top, dir: top, roots: [] });
    assert.ok(!existsSync(marker), 'the planted code ran');
    assert.match(child.stdout, /the real bundle ran/);
    assert.equal(child.stderr.match(/lectern: the cache folder is not used/g)?.length, 1, child.stderr);
  });

  it('planted as a file others can write, or another user’s file, in the user’s own folder: not read', function () {
    const dir = tempDir();
    const { bundle, marker } = bundleAt(dir);
    const top = join(dir, 'cache');
    mkdirSync(top, { mode: 0o700 });
    const file = plant(bundle, top, marker);
    chmodSync(file, 0o666);
    run(bundle, { top, dir: top, roots: [] });
    assert.ok(!existsSync(marker), 'a file others could write ran');
    if (!ROOT) return;
    const again = plant(bundle, top, marker);
    chmodSync(again, 0o600);
    chownSync(again, 65534, 65534);
    run(bundle, { top, dir: top, roots: [] });
    assert.ok(!existsSync(marker), 'another user’s file ran');
  });

  it('planted in a cache folder inside a workspace folder: refused', () => {
    const workspace = tempDir();
    const { bundle, marker } = bundleAt(tempDir());
    const top = join(workspace, '.cache', 'lectern');
    const dir = join(top, 'code');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    chmodSync(plant(bundle, dir, marker), 0o600);
    const child = run(bundle, { top, dir, roots: [workspace] });
    assert.ok(!existsSync(marker), 'the planted code ran');
    assert.match(child.stderr, /is inside the workspace folder/);
    assert.equal(readdirSync(dir).length, 1, 'nothing written there either');
  });

  it('the cache of another text (another bundle or version) is never given to V8', () => {
    const dir = tempDir();
    const { bundle, marker } = bundleAt(dir);
    const top = join(dir, 'cache');
    mkdirSync(top, { mode: 0o700 });
    const other = write(dir, 'other.js', `console.log("the fake bundle ran");\n// ${'-'.repeat(200)}\n`);
    run(other, { top, dir: top, roots: [] }); // its cache, written at exit
    const [made] = readdirSync(top);
    // The other bundle's cache under this bundle's name: its hash is not this text's.
    const file = plant(bundle, top, marker);
    spawnSync('cp', [join(top, made!), file]);
    chmodSync(file, 0o600);
    const child = run(bundle, { top, dir: top, roots: [] });
    assert.match(child.stdout, /the real bundle ran/, 'V8 ran the other text of the same length');
  });
});
