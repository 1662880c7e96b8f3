// A diff summary with a changed secret-looking file lists it as withheld (its path, no counts, a
// note) and every other change as usual; a preview of the file itself is still refused.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import { diffWorkspace, Repo } from '../diff/gitRepo';

describe('hardening: secrets in a diff summary', () => {
  it('a changed key, .env and a link to a key are withheld; the other changes are listed with their counts', async function () {
    const repo = Repo.init();
    repo.write('src/app.ts', 'export const a = 1;\n').write('.env', 'TOKEN=old-SECRET-MARK\n');
    repo.write('config/tls.key', 'old key SECRET-MARK\n').commitAll();
    repo.write('src/app.ts', 'export const a = 2;\nexport const b = 3;\n').write('.env', 'TOKEN=new-SECRET-MARK\n');
    repo.write('config/tls.key', 'new key SECRET-MARK\n').write('id_rsa.bak', 'untracked key SECRET-MARK\n');
    if (process.platform !== 'win32') fs.symlinkSync('config/tls.key', repo.path('notes.txt'));
    const ws = diffWorkspace(repo.root);
    for (const input of [{}, { target: '.' }, { against: 'INDEX' }]) {
      const summary = await ws.preview(input);
      assert.ok(summary.ok, summary.text);
      assert.ok(!summary.text.includes('SECRET-MARK'), summary.text);
      assert.match(summary.text, /modified src\/app\.ts \+2 -1/);
      for (const name of [
        '.env',
        'config/tls.key',
        'id_rsa.bak',
        ...(process.platform === 'win32' ? [] : ['notes.txt']),
      ])
        assert.match(
          summary.text,
          new RegExp(`${name.replace(/\./g, '\\.')} \\+\\? -\\? \\(.*withheld: looks like a secret`),
        );
      assert.match(summary.text, /secret-looking files? .* withheld/);
    }
    await fails(ws.preview({ target: '.env' }), 'SECRET_PATH');
    // Approved: counted and previewed like any change.
    const approved = await ws.lectern.invoke('lectern_read', { mode: 'diff_preview' }, { allowSecrets: true });
    assert.ok(approved.ok && !approved.text.includes('withheld'), approved.text);
  });

  it('unsaved buffers of secret-looking files are withheld too (against WORKTREE)', async () => {
    const repo = Repo.init();
    repo.write('.env', 'TOKEN=disk\n').write('a.txt', 'a\n').commitAll();
    const ws = diffWorkspace(repo.root);
    ws.buffers.set(repo.path('.env'), 'TOKEN=buffer-SECRET-MARK\n');
    ws.buffers.set(repo.path('a.txt'), 'a\nb\n');
    const summary = await ws.preview({ against: 'WORKTREE' });
    assert.ok(summary.ok, summary.text);
    assert.match(summary.text, /\.env \+\? -\? \(withheld: looks like a secret\)/);
    assert.match(summary.text, /a\.txt \+1 -0/);
  });
});

async function fails(pending: Promise<{ ok: boolean; error?: { code: string }; text: string }>, code: string) {
  const r = await pending;
  assert.equal(r.error?.code, code, r.text);
}
