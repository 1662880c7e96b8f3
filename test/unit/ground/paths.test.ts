// Path resolution: multi-root folders by name, ambiguity, not-found hints, and the workspace
// boundary (absolute paths and symlinks resolved to their real path).
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Lectern } from '../../../src/core/engine';
import type { Host } from '../../../src/core/ground/ports';
import { nodeFileSystem } from '../../../src/node/nodeFileSystem';
import { fails, ok, tempDir, write } from '../helpers';

describe('paths: multi-root workspaces', () => {
  let api: string;
  let web: string;
  let lectern: Lectern;
  before(() => {
    const base = tempDir();
    api = path.join(base, 'api');
    web = path.join(base, 'web');
    write(api, 'src/only-api.ts', 'api only\n');
    write(api, 'src/shared.ts', 'api shared\n');
    write(web, 'src/shared.ts', 'web shared\n');
    write(web, 'api/inner.ts', 'a folder named like the other root\n');
    const host: Host = {
      fs: nodeFileSystem,
      roots: () => [
        { name: 'api', path: api },
        { name: 'web', path: web },
      ],
    };
    lectern = new Lectern(host, () => ({ sessionGuard: false }));
  });

  it('a path in one folder resolves there, shown with the folder name', async () => {
    const r = await ok(lectern, 'lectern_read', { target: 'src/only-api.ts' });
    assert.equal(r.content, 'api only\n');
    assert.equal(r.target, 'api/src/only-api.ts');
    assert.match(r.text, /^api\/src\/only-api\.ts · /);
  });

  it('a folder-name prefix picks the folder', async () => {
    const r = await ok(lectern, 'lectern_read', { target: 'web/src/shared.ts' });
    assert.equal(r.content, 'web shared\n');
    const a = await ok(lectern, 'lectern_read', { target: 'api/src/shared.ts' });
    assert.equal(a.content, 'api shared\n');
  });

  it('a relative path that exists in two folders answers AMBIGUOUS_PATH with both prefixed options', async () => {
    const r = await fails(lectern, 'lectern_read', { target: 'src/shared.ts' }, 'AMBIGUOUS_PATH');
    assert.equal(r.error!.message, '"src/shared.ts" exists in 2 workspace folders.');
    assert.equal(r.error!.hint, 'Prefix the folder name: "api/src/shared.ts" or "web/src/shared.ts".');
    for (const option of r.error!.hint.match(/"[^"]+"/g)!)
      await ok(lectern, 'lectern_read', { target: JSON.parse(option) });
    await fails(lectern, 'lectern_search', { target: 'src/shared.ts', query: 'x' }, 'AMBIGUOUS_PATH');
  });

  it('a folder-name prefix wins over a same-named directory in another folder, when both exist', async () => {
    // Only web/api/inner.ts exists: "api/inner.ts" finds it.
    const only = await ok(lectern, 'lectern_read', { target: 'api/inner.ts' });
    assert.equal(only.target, 'web/api/inner.ts');
    write(api, 'inner.ts', 'api root inner\n');
    const named = await ok(lectern, 'lectern_read', { target: 'api/inner.ts' });
    assert.equal(named.content, 'api root inner\n');
    assert.equal(named.target, 'api/inner.ts');
    const inWeb = await ok(lectern, 'lectern_read', { target: 'web/api/inner.ts' });
    assert.equal(inWeb.content, 'a folder named like the other root\n');
  });

  it('NOT_FOUND names the workspace folders in its hint', async () => {
    const r = await fails(lectern, 'lectern_read', { target: 'src/nope.ts' }, 'NOT_FOUND');
    assert.match(r.error!.hint, /relative to a workspace folder \(api, web\), optionally prefixed by its name/);
  });

  it('stat works across folders too', async () => {
    const r = await ok(lectern, 'lectern_stat', { target: 'web/src/shared.ts' });
    assert.equal((r.meta.stat as { exists: boolean }).exists, true);
    assert.equal(r.target, 'web/src/shared.ts');
  });
});

describe('paths: the workspace boundary', () => {
  let root: string;
  let outside: string;
  let lectern: Lectern;
  before(() => {
    root = tempDir();
    outside = tempDir('lectern-outside-');
    write(root, 'inside.txt', 'inside\n');
    write(outside, 'secret.txt', 'secret\n');
    fs.symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'link-out.txt'));
    fs.symlinkSync(outside, path.join(root, 'dir-out'));
    fs.symlinkSync(path.join(root, 'inside.txt'), path.join(root, 'link-in.txt'));
    lectern = new Lectern({ fs: nodeFileSystem, roots: () => [{ name: 'w', path: root }] });
  });

  it('an absolute path outside the workspace answers OUTSIDE_WORKSPACE', async () => {
    const r = await fails(lectern, 'lectern_read', { target: path.join(outside, 'secret.txt') }, 'OUTSIDE_WORKSPACE');
    assert.match(r.error!.message, /is outside the workspace folders/);
    assert.ok(!r.text.includes('secret\n'));
    await fails(
      lectern,
      'lectern_search',
      { target: path.join(outside, 'secret.txt'), query: 'secret' },
      'OUTSIDE_WORKSPACE',
    );
  });

  it('../ out of the workspace is outside too', async () => {
    await fails(lectern, 'lectern_read', { target: `../${path.basename(outside)}/secret.txt` }, 'OUTSIDE_WORKSPACE');
  });

  it('a symlink inside the workspace pointing outside answers OUTSIDE_WORKSPACE', async () => {
    await fails(lectern, 'lectern_read', { target: 'link-out.txt' }, 'OUTSIDE_WORKSPACE');
    await fails(lectern, 'lectern_read', { target: 'dir-out/secret.txt' }, 'OUTSIDE_WORKSPACE');
    const multi = await lectern.invoke('lectern_read', { target: ['inside.txt', 'link-out.txt'] });
    assert.deepEqual(
      multi.results!.map((x) => x.error?.code ?? 'ok'),
      ['ok', 'OUTSIDE_WORKSPACE'],
    );
  });

  it('a symlink inside pointing inside is fine', async () => {
    const r = await ok(lectern, 'lectern_read', { target: 'link-in.txt' });
    assert.equal(r.content, 'inside\n');
  });

  it('allowOutside: true reads them', async () => {
    for (const target of [path.join(outside, 'secret.txt'), 'link-out.txt', 'dir-out/secret.txt']) {
      const r = await lectern.invoke('lectern_read', { target }, { allowOutside: true });
      assert.ok(r.ok, r.text);
      assert.equal(r.content, 'secret\n');
    }
    const s = await lectern.invoke(
      'lectern_search',
      { target: 'link-out.txt', query: 'secret' },
      { allowOutside: true },
    );
    assert.equal(s.meta.total_matches, 1);
  });

  it('stat of an outside path says so and does not read its content unless allowed', async () => {
    const r = await ok(lectern, 'lectern_stat', { target: 'link-out.txt' });
    const s = r.meta.stat as { outside_workspace: boolean; total_lines: number | null; exists: boolean };
    assert.deepEqual([s.exists, s.outside_workspace, s.total_lines], [true, true, null]);
    assert.match(r.text, /outside the workspace/);
    const allowed = await lectern.invoke('lectern_stat', { target: 'link-out.txt' }, { allowOutside: true });
    assert.equal((allowed.meta.stat as { total_lines: number }).total_lines, 1);
  });

  it('a relative path with no workspace folder open answers NO_WORKSPACE', async () => {
    const none = new Lectern({ fs: nodeFileSystem, roots: () => [] });
    await fails(none, 'lectern_read', { target: 'a.txt' }, 'NO_WORKSPACE');
    const abs = await none.invoke('lectern_read', { target: path.join(root, 'inside.txt') });
    assert.equal(abs.error?.code, 'OUTSIDE_WORKSPACE');
  });
});
