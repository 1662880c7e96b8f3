// The user cache folder holds outlines that copy file text, and what is read back from it is served:
// its folders are created 0700 and its files 0600 (another local user can neither read nor write
// them), a looser folder of the user's is tightened, and a folder of another user, a symbolic link
// planted below it, or a cache folder inside a workspace folder is not used, which the log says once.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, statSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { Lectern } from '../../../src/core/engine';
import type { Host } from '../../../src/core/ground/ports';
import { extractorVersion } from '../../../src/core/symbols/extractorVersion';
import { resetCacheWarning } from '../../../src/node/cacheFolder';
import { nodeFileSystem } from '../../../src/node/nodeFileSystem';
import { createSymbolCache } from '../../../src/node/symbolCacheStore';
import { createWasmLoader } from '../../../src/node/wasmFiles';
import { tempDir, write } from '../helpers';

const POSIX = process.platform !== 'win32';
const ROOT = process.getuid?.() === 0;
/** `nobody`: another local user, for the tests that run as root. */
const OTHER = 65534;

/** A workspace with one TypeScript file, and a symbol read of it through a cache kept in `top`. */
async function symbolRead(top: string, root = tempDir()) {
  write(root, 'a.ts', 'export function handler() {\n  return 1;\n}\n');
  const roots = () => [{ name: 'ws', path: root }];
  const host: Host = { fs: nodeFileSystem, roots, loadWasm: createWasmLoader() };
  const cache = createSymbolCache(top, roots);
  const engine = new Lectern({ ...host, symbolCache: cache }, () => ({ sessionGuard: false }));
  const answer = await engine.invoke('lectern_read', { mode: 'symbol', target: 'handler', path: 'a.ts' });
  await engine.dispose();
  assert.ok(answer.ok, answer.text);
  return { root, cache, answer };
}

/** What the log said (stderr) while `run` ran. */
async function logOf(run: () => Promise<unknown>): Promise<string> {
  const lines: string[] = [];
  const write = process.stderr.write;
  resetCacheWarning();
  process.stderr.write = ((line: string) => (lines.push(line), true)) as typeof process.stderr.write;
  try {
    await run();
  } finally {
    process.stderr.write = write;
  }
  return lines.join('');
}

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    out.push(path);
    if (statSync(path).isDirectory()) walk(path, out);
  }
  return out;
}

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('hardening: the cache folder is the user’s alone', function () {
  this.timeout(60_000);
  before(function () {
    if (!POSIX) this.skip();
  });

  it('folders are made 0700 (the missing parent too) and files 0600', async () => {
    const base = join(tempDir(), 'xdg');
    const top = join(base, 'lectern');
    await symbolRead(top);
    const made = walk(top);
    assert.ok(
      made.some((p) => /shard-\d\d\.json$/.test(p)),
      made.join(', '),
    );
    assert.equal(modeOf(base), 0o700);
    for (const path of [top, ...made])
      assert.equal(modeOf(path), statSync(path).isDirectory() ? 0o700 : 0o600, `${path} ${modeOf(path).toString(8)}`);
  });

  it('another local user can neither read a shard nor plant a file', async function () {
    if (!ROOT) this.skip();
    const home = tempDir();
    chmodSync(home, 0o755); // a home folder others may pass through
    const top = join(home, '.cache', 'lectern');
    await symbolRead(top);
    const shard = walk(top).find((p) => /shard-\d\d\.json$/.test(p))!;
    const asOther = (command: string) =>
      spawnSync('sh', ['-c', command], { uid: OTHER, gid: OTHER, encoding: 'utf8', timeout: 10_000 });
    assert.notEqual(asOther(`cat '${shard}'`).status, 0, 'another user read the shard');
    assert.notEqual(asOther(`echo planted > '${shard}.planted'`).status, 0, 'another user wrote beside it');
    assert.ok(!existsSync(`${shard}.planted`));
  });

  it('a looser folder of the user’s own is tightened', async () => {
    const top = join(tempDir(), 'lectern');
    mkdirSync(join(top, 'symbols'), { recursive: true });
    chmodSync(top, 0o777);
    chmodSync(join(top, 'symbols'), 0o755);
    const log = await logOf(() => symbolRead(top));
    assert.equal(log, '');
    assert.equal(modeOf(top), 0o700);
    assert.equal(modeOf(join(top, 'symbols')), 0o700);
  });

  it('a shared folder of the user’s own (sticky, as /tmp) is not used, and left as it is', async () => {
    const top = join(tempDir(), 'shared');
    mkdirSync(top);
    chmodSync(top, 0o1777);
    const log = await logOf(() => symbolRead(top));
    assert.match(log, /is a shared folder \(sticky bit\)/);
    assert.equal(statSync(top).mode & 0o7777, 0o1777);
  });

  it('a folder of another user is not used, open or closed, and the log says so once', async function () {
    if (!ROOT) this.skip();
    for (const mode of [0o700, 0o777]) {
      const top = join(tempDir(), 'lectern');
      mkdirSync(top);
      chownSync(top, OTHER, OTHER);
      chmodSync(top, mode);
      let cache: ReturnType<typeof createSymbolCache> | undefined;
      const log = await logOf(async () => {
        ({ cache } = await symbolRead(top));
        await symbolRead(top); // a second store in the same process says nothing more
      });
      assert.equal(log.split('\n').filter(Boolean).length, 1, log);
      assert.match(log, /lectern: the cache folder is not used \(.* belongs to another user \(uid 65534\)\)/);
      assert.deepEqual(readdirSync(top), [], 'nothing written');
      assert.equal((await cache!.load(extractorVersion())).size, 0);
    }
  });

  it('a symbolic link planted below the cache folder is not followed', async () => {
    const top = join(tempDir(), 'lectern');
    const elsewhere = tempDir();
    mkdirSync(top);
    symlinkSync(elsewhere, join(top, 'symbols'));
    const log = await logOf(() => symbolRead(top));
    assert.match(log, /symbols is a symbolic link/);
    assert.deepEqual(readdirSync(elsewhere), []);
  });

  it('a cache folder inside a workspace folder ($LECTERN_CACHE_DIR, $XDG_CACHE_HOME) is not used', async () => {
    const root = tempDir();
    const top = join(root, '.cache', 'lectern');
    let answer: Awaited<ReturnType<typeof symbolRead>>['answer'] | undefined;
    const log = await logOf(async () => {
      ({ answer } = await symbolRead(top, root));
    });
    assert.match(answer!.text, /function handler/);
    assert.match(log, /is inside the workspace folder/);
    assert.equal(log.split('\n').filter(Boolean).length, 1);
    assert.ok(!existsSync(join(root, '.cache')), 'nothing made in the workspace');
  });
});
