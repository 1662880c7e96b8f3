// Secrets: private keys, .env and credential files are never returned without the user's approval
// (InvokeOptions.allowSecrets: VS Code's confirmation, the CLI's --allow-secrets on) or the setting;
// workspace searches skip them and say how many.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { secretMatcher } from '../../../src/core/ground/secrets';
import { call, fails, ok, workspace } from '../helpers';

const KEY =
  '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ\n-----END OPENSSH PRIVATE KEY-----\n';

function secretWorkspace(settings = {}) {
  const ws = workspace({ settings });
  ws.write('id_rsa', KEY);
  ws.write('.ssh/id_ed25519', KEY);
  ws.write('.env', 'API_TOKEN=sk-live-PRIVATE KEY-123\n');
  ws.write('.env.example', 'API_TOKEN=PRIVATE KEY placeholder\n');
  ws.write('certs/server.pem', KEY);
  ws.write('.npmrc', '//registry.npmjs.org/:_authToken=PRIVATE KEY\n');
  ws.write('src/app.ts', 'export const note = "PRIVATE KEY handling lives here";\n');
  return ws;
}

describe('hardening: secrets', () => {
  it('reads of secret-looking files answer SECRET_PATH with a hint, in every read mode', async () => {
    const ws = secretWorkspace();
    for (const target of ['id_rsa', '.ssh/id_ed25519', '.env', 'certs/server.pem', '.npmrc']) {
      const r = await fails(ws.lectern, 'lectern_read', { target }, 'SECRET_PATH');
      assert.ok(!r.text.includes('BEGIN OPENSSH'), r.text);
      assert.match(r.error!.hint, /--allow-secrets on/);
      await fails(ws.lectern, 'lectern_read', { target, tail: 2 }, 'SECRET_PATH');
      await fails(ws.lectern, 'lectern_read', { target, start_byte: 0, max_bytes: 100 }, 'SECRET_PATH');
      await fails(ws.lectern, 'lectern_search', { target, query: 'KEY' }, 'SECRET_PATH');
    }
    // A symlink with an innocent name is judged by what it points at.
    fs.symlinkSync(path.join(ws.root, 'id_rsa'), path.join(ws.root, 'notes.txt'));
    await fails(ws.lectern, 'lectern_read', { target: 'notes.txt' }, 'SECRET_PATH');
    // A list of targets answers each on its own.
    const list = await call(ws.lectern, 'lectern_read', { target: ['src/app.ts', 'id_rsa'] });
    assert.ok(!list.text.includes('BEGIN OPENSSH'));
    assert.equal(list.results?.[1]?.error?.code, 'SECRET_PATH');
  });

  it('templates and public halves are not secrets; stat answers metadata', async () => {
    const ws = secretWorkspace();
    ws.write('id_rsa.pub', 'ssh-ed25519 AAAA public\n');
    await ok(ws.lectern, 'lectern_read', { target: '.env.example' });
    await ok(ws.lectern, 'lectern_read', { target: 'id_rsa.pub' });
    const stat = await ok(ws.lectern, 'lectern_stat', { target: 'id_rsa' });
    assert.equal((stat.meta.stat as { exists?: boolean } | undefined)?.exists, true);
  });

  it('a workspace search skips them and says how many', async () => {
    const ws = secretWorkspace();
    const r = await ok(ws.lectern, 'lectern_search', { query: 'PRIVATE KEY' });
    assert.ok(!r.text.includes('BEGIN OPENSSH') && !r.text.includes('sk-live'), r.text);
    assert.match(r.text, /src\/app\.ts/);
    assert.match(r.text, /\.env\.example/);
    assert.match(r.text, /4 secret-looking files .* not searched/);
    const folder = await ok(ws.lectern, 'lectern_search', { query: 'PRIVATE', target: '.ssh' });
    assert.ok(!folder.text.includes('BEGIN OPENSSH'), folder.text);
    const glob = await ok(ws.lectern, 'lectern_search', { query: 'PRIVATE', target: '**/*' });
    assert.ok(!glob.text.includes('BEGIN OPENSSH'), glob.text);
  });

  it('the approval (or the setting) lets them through', async () => {
    const ws = secretWorkspace();
    const read = await ws.lectern.invoke('lectern_read', { target: 'id_rsa' }, { allowSecrets: true });
    assert.ok(read.ok && read.content.includes('BEGIN OPENSSH'), read.text);
    const search = await ws.lectern.invoke('lectern_search', { query: 'BEGIN OPENSSH' }, { allowSecrets: true });
    assert.equal(search.meta.total_matches, 2); // id_rsa, certs/server.pem (.ssh is a hidden folder)
    const allowed = secretWorkspace({ allowSecrets: true });
    await ok(allowed.lectern, 'lectern_read', { target: '.env' });
  });

  it('the patterns are configurable: more globs, and "!" exemptions', async () => {
    const ws = secretWorkspace({ secretPatterns: ['*.secret', '!.npmrc'] });
    ws.write('config/db.secret', 'password\n');
    await fails(ws.lectern, 'lectern_read', { target: 'config/db.secret' }, 'SECRET_PATH');
    await ok(ws.lectern, 'lectern_read', { target: '.npmrc' });
    const match = secretMatcher([]);
    for (const p of [
      '.env',
      'a/.env.local',
      'prod.env',
      '/home/u/.ssh/id_ed25519',
      'ID_RSA',
      'x/.aws/credentials',
      'k/server.KEY',
      '.netrc',
      '.git-credentials',
    ])
      assert.ok(match(p), p);
    for (const p of [
      '.env.example',
      'id_rsa.pub',
      '/home/u/.ssh/known_hosts',
      'environment.ts',
      'src/keyboard.ts',
      'README.md',
    ])
      assert.ok(!match(p), p);
  });
});
