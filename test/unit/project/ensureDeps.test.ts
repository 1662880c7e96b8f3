// ensureDeps never runs npm ci through a linked node_modules (a worktree sharing another checkout's
// dependencies): npm ci empties the folder the link points to, for every checkout that uses it.
import { strict as assert } from 'node:assert';
import { mkdirSync, readdirSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDeps } from '../../../scripts/ensure-deps.mjs';
import { tempDir } from '../helpers';

describe('ensureDeps', () => {
  it('leaves a linked node_modules alone when the lock file is newer, and says so', () => {
    const dir = tempDir();
    const shared = join(dir, 'shared-node_modules');
    mkdirSync(join(shared, 'some-package'), { recursive: true });
    writeFileSync(join(shared, '.package-lock.json'), '{}');
    utimesSync(join(shared, '.package-lock.json'), new Date(1_000_000), new Date(1_000_000));
    const checkout = join(dir, 'checkout');
    mkdirSync(checkout);
    writeFileSync(join(checkout, 'package.json'), '{ "name": "x", "version": "1.0.0" }');
    writeFileSync(join(checkout, 'package-lock.json'), '{ "name": "x", "lockfileVersion": 3, "packages": {} }');
    symlinkSync(shared, join(checkout, 'node_modules'), 'dir');
    const said: string[] = [];
    assert.equal(ensureDeps({ root: checkout, log: (m: string) => said.push(m) }), false);
    assert.deepEqual(readdirSync(shared).sort(), ['.package-lock.json', 'some-package']);
    assert.match(said.join('\n'), /node_modules links to .*shared-node_modules: not running npm ci here/);
  });
});
