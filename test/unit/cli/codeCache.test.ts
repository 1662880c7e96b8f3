// The launcher's code cache on a Node without module.enableCompileCache: a bundle run through it runs as
// `require` runs it (its exports, require, __filename, __dirname), the first process writes the cache at
// exit, the next one uses it (V8 accepts it), and a changed bundle or a damaged cache file only costs a compile.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tempDir, write } from '../helpers';

const CODE_CACHE = resolve(__dirname, '../../../src/cli/codeCache.ts');

/** Runs `bundle` through requireWithCodeCache in a new process; what it printed, and whether V8 took the cache. */
function run(bundle: string, cacheDir: string): { out: string; rejected: string } {
  const script = `
    const vm = require('node:vm');
    const compiled = [];
    const Script = vm.Script;
    vm.Script = class extends Script { constructor(...args) { super(...args); compiled.push(this); } };
    require(${JSON.stringify(CODE_CACHE)}).requireWithCodeCache(${JSON.stringify(bundle)}, ${JSON.stringify({ top: cacheDir, dir: cacheDir, roots: [] })});
    process.on('exit', () => console.log('rejected=' + String(compiled[0].cachedDataRejected)));`;
  const child = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], { encoding: 'utf8', timeout: 30_000 });
  assert.equal(child.status, 0, child.stderr);
  const lines = child.stdout.trim().split('\n');
  return { out: lines.slice(0, -1).join('\n'), rejected: lines[lines.length - 1]!.replace('rejected=', '') };
}

describe('cli: the launcher code cache (Node before 22.1)', function () {
  this.timeout(60_000);

  it('runs the bundle as require does, writes the cache at exit and uses it next time', () => {
    const dir = tempDir();
    write(dir, 'helper.js', 'module.exports = 41;\n');
    const bundle = write(
      dir,
      'bundle.js',
      '"use strict";\nconst n = require("./helper.js") + 1;\nmodule.exports.n = n;\nconsole.log(n, typeof exports, __filename.endsWith("bundle.js"), __dirname.length > 0, this === module.exports);\n',
    );
    const cache = join(dir, 'cache');
    const first = run(bundle, cache);
    assert.equal(first.out, '42 object true true true');
    assert.equal(first.rejected, 'undefined', 'no cache the first time');
    const files = readdirSync(cache);
    assert.equal(files.length, 1);
    const second = run(bundle, cache);
    assert.equal(second.out, first.out);
    assert.equal(second.rejected, 'false', 'V8 takes the cache the second time');

    // A damaged cache is refused by V8 and written again.
    writeFileSync(join(cache, files[0]!), readFileSync(join(cache, files[0]!)).subarray(0, 100));
    assert.equal(run(bundle, cache).rejected, 'true');
    assert.equal(run(bundle, cache).rejected, 'false');

    // Another version of the bundle gets a cache file of its own; the older one is dropped.
    writeFileSync(bundle, readFileSync(bundle, 'utf8').replace('+ 1', '+ 2'));
    utimesSync(bundle, new Date(), new Date(Date.now() + 5_000));
    const changed = run(bundle, cache);
    assert.equal(changed.out, '43 object true true true');
    assert.equal(changed.rejected, 'undefined');
    const now = readdirSync(cache);
    assert.equal(now.length, 1);
    assert.notEqual(now[0], files[0]);
  });
});
