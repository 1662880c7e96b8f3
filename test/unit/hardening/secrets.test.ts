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

  it('.ssh/config is a secret (only known_hosts is exempt), in every mode', async () => {
    const ws = workspace();
    ws.write('.ssh/config', 'Host prod\n  IdentityFile ~/.ssh/prod_key\n  User deploy-SECRET-MARK\n');
    ws.write('.ssh/known_hosts', 'github.com ssh-ed25519 AAAA\n');
    await fails(ws.lectern, 'lectern_read', { target: '.ssh/config' }, 'SECRET_PATH');
    await fails(ws.lectern, 'lectern_read', { target: '.ssh/config', start_line: 2, end_line: 3 }, 'SECRET_PATH');
    await fails(ws.lectern, 'lectern_search', { target: '.ssh/config', query: 'Host' }, 'SECRET_PATH');
    const folder = await ok(ws.lectern, 'lectern_search', { target: '.ssh', query: 'SECRET-MARK' });
    assert.ok(!folder.text.includes('deploy-SECRET-MARK'), folder.text);
    await ok(ws.lectern, 'lectern_read', { target: '.ssh/known_hosts' });
  });

  it('a folder link to a secret folder is judged by where it leads: as a search target, through a glob, read', async () => {
    const ws = workspace();
    ws.write('.aws/config', '[default]\naws_secret_access_key = SECRET-MARK-aws\n');
    ws.write('docs/readme.md', 'nothing here\n');
    fs.symlinkSync('../.aws', path.join(ws.root, 'docs/cloud'));
    for (const input of [
      { target: 'docs/cloud', query: 'SECRET-MARK' },
      { target: 'docs/cloud/', query: 'aws_secret' },
      { target: 'docs/cloud/**', query: 'SECRET-MARK' },
      { target: 'docs/cloud/*', query: 'SECRET-MARK' },
      { target: path.join(ws.root, 'docs/cloud'), query: 'SECRET-MARK' },
    ]) {
      const r = await ok(ws.lectern, 'lectern_search', input);
      assert.ok(!r.text.includes('SECRET-MARK-aws'), `${JSON.stringify(input)}: ${r.text}`);
      assert.match(r.text, /1 secret-looking file .* not searched/, JSON.stringify(input));
    }
    await fails(ws.lectern, 'lectern_read', { target: 'docs/cloud/config' }, 'SECRET_PATH');
    // The workspace folder itself reached through a link to a secret folder.
    const linked = path.join(ws.root, 'linked-root');
    fs.symlinkSync(path.join(ws.root, '.aws'), linked);
    const viaLink = workspace({ roots: [{ name: 'linked-root', path: linked }] });
    const r = await ok(viaLink.lectern, 'lectern_search', { query: 'SECRET-MARK' });
    assert.ok(!r.text.includes('SECRET-MARK-aws'), r.text);
  });

  it('backups and variants of a secret are secrets: in reads and in workspace searches', async () => {
    const ws = workspace();
    const names = [
      'id_rsa.bak',
      'id_rsa~',
      'tls.key.old',
      '.env ',
      '.env.',
      'id_ed25519.orig',
      '.id_rsa.swp',
      '#id_rsa#',
    ];
    for (const name of names) ws.write(`keys/${name}`, `${KEY}SECRET-MARK ${name}\n`);
    ws.write('keys/id_rsa.pub.bak', 'ssh-ed25519 AAAA public SECRET-MARK pub\n');
    for (const name of names) await fails(ws.lectern, 'lectern_read', { target: `keys/${name}` }, 'SECRET_PATH');
    const r = await ok(ws.lectern, 'lectern_search', { query: 'SECRET-MARK' });
    for (const name of names) assert.ok(!r.text.includes(`SECRET-MARK ${name}`), `${name}: ${r.text}`);
    assert.match(r.text, /SECRET-MARK pub/);
    assert.match(r.text, new RegExp(`${names.length} secret-looking files .* not searched`));
  });
});
