// Secrets inside ordinary files: a private key block's lines and a URL's password are shown as '*'
// (byte for byte, so line numbers and offsets stay true) with a note, in every answer that shows
// file text; the marker lines stay; the user's approval shows them.
import { strict as assert } from 'node:assert';
import { REDACTED_NOTE, redactSecrets } from '../../../src/core/text/redact';
import { diffWorkspace, Repo } from '../diff/gitRepo';
import { Lectern } from '../../../src/core/engine';
import { nodeFileSystem } from '../../../src/node/nodeFileSystem';
import { createWasmLoader } from '../../../src/node/wasmFiles';
import { ok, workspace } from '../helpers';

/** A key body whose every line holds the marker "SeCrEtBoDy" (so no answer may hold it). */
const BODY = Array.from(
  { length: 20 },
  (_, i) => `MIIEv${i}SeCrEtBoDyQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7`,
).join('\n');
const PEM = `-----BEGIN RSA PRIVATE KEY-----\n${BODY}\n-----END RSA PRIVATE KEY-----\n`;
const TS = `export const before = 1;\n\nexport function loadKey(): string {\n  return \`${PEM}\`;\n}\n\nexport const after = 2;\n`;
const JSON_KEY = `{"type": "service_account", "private_key": "-----BEGIN PRIVATE KEY-----\\n${BODY.replace(/\n/g, '\\n')}\\n-----END PRIVATE KEY-----\\n", "client_email": "x@y"}\n`;
const GIT_CONFIG = '[remote "origin"]\n\turl = https://deploy:ghp_SeCrEtBoDy123@github.com/org/repo.git\n';

function assertRedacted(text: string, what: string): void {
  assert.ok(!text.includes('SeCrEtBoDy'), `${what}: ${text.slice(0, 2000)}`);
}

describe('hardening: secrets inside ordinary files are redacted', () => {
  it('a key block in a file: whole reads, windows that start inside the block, tails, byte windows', async () => {
    const ws = workspace();
    ws.write('src/keys.ts', TS);
    ws.write('notes/key.txt', `intro\n${PEM}outro\n`);
    const whole = await ok(ws.lectern, 'lectern_read', { target: 'notes/key.txt' });
    assertRedacted(whole.text, 'whole');
    assert.match(whole.text, /-----BEGIN RSA PRIVATE KEY-----/);
    assert.match(whole.text, /\*{40}/);
    assert.ok(whole.text.includes(REDACTED_NOTE), whole.text);
    for (const input of [
      { start_line: 8, end_line: 12 },
      { tail: 5 },
      { start_byte: 700, max_bytes: 300 },
      { start_line: 2, end_line: 2 },
    ]) {
      const r = await ok(ws.lectern, 'lectern_read', { target: 'notes/key.txt', ...input });
      assertRedacted(r.text, JSON.stringify(input));
    }
    // A list of targets: the answer that shows the redacted lines says so.
    const list = await ok(ws.lectern, 'lectern_read', { target: ['src/keys.ts', 'notes/key.txt'] });
    assertRedacted(list.text, 'list');
    assert.ok(list.text.includes(REDACTED_NOTE), list.text);
    // Line numbers and sizes stay true: the file's lines are all there.
    assert.equal(whole.meta.total_lines, 24);
    // Symbols need the parser: the same folder through a host that loads it.
    const roots = ws.host.roots();
    const parsing = new Lectern({ fs: nodeFileSystem, roots: () => roots, loadWasm: createWasmLoader() }, () => ({
      sessionGuard: false,
    }));
    const symbol = { target: 'loadKey', mode: 'symbol', path: 'src/keys.ts' };
    // The second symbol read comes from the cached parse: it says so all the same.
    for (const input of [{ target: 'src/keys.ts' }, symbol, symbol]) {
      const r = await ok(parsing, 'lectern_read', input);
      assertRedacted(r.text, JSON.stringify(input));
      assert.match(r.text, /return `-----BEGIN RSA PRIVATE KEY-----/);
      assert.ok(r.text.includes(REDACTED_NOTE), r.text);
    }
    const snippet = await ok(parsing, 'lectern_read', { target: 'src/keys.ts', mode: 'snippet', start_line: 10 });
    assertRedacted(snippet.text, 'snippet');
  });

  it('a window deep inside a long key block, far into a large file, is redacted too', async () => {
    const ws = workspace();
    const prefix = Array.from({ length: 3000 }, (_, i) => `line ${i} of ordinary text, nothing secret here`).join('\n');
    const longBody = Array.from(
      { length: 400 },
      (_, i) => `${String(i).padStart(4, '0')}SeCrEtBoDy${'Q'.repeat(50)}`,
    ).join('\n');
    const text = `${prefix}\n-----BEGIN OPENSSH PRIVATE KEY-----\n${longBody}\n-----END OPENSSH PRIVATE KEY-----\ntail\n`;
    ws.write('big/notes.txt', text);
    const bodyStart = text.indexOf('-----BEGIN');
    for (const input of [
      { start_line: 3200, end_line: 3210 },
      { start_line: 3390, end_line: 3410 },
      { start_byte: bodyStart + 20_000, max_bytes: 500 },
      { start_byte: bodyStart + 3, max_bytes: 400 },
      { tail: 10 },
    ]) {
      const r = await ok(ws.lectern, 'lectern_read', { target: 'big/notes.txt', ...input });
      assertRedacted(r.text, JSON.stringify(input));
      assert.match(r.text, /\*{20}/, `${JSON.stringify(input)}: ${r.text}`);
    }
    const search = await ok(ws.lectern, 'lectern_search', { target: 'big/notes.txt', query: 'tail', before: 5 });
    assertRedacted(search.text, 'search before tail');
  });

  it('search matches and their context, in a file and over the workspace', async () => {
    const ws = workspace();
    ws.write('notes/key.txt', `intro\n${PEM}outro\n`);
    ws.write('config/service.json', JSON_KEY);
    // The key's body is not found: its bytes are redacted before the search (the query is echoed, nothing else).
    for (const target of [undefined, 'notes/key.txt', 'config/service.json']) {
      const r = await ok(ws.lectern, 'lectern_search', { query: 'SeCrEtBoDy', ...(target ? { target } : {}) });
      assert.equal(r.meta.total_matches, 0, r.text);
    }
    for (const input of [
      { query: 'BEGIN', after: 3 },
      { query: 'outro', before: 4 },
      { query: 'private_key' },
      { target: 'notes/key.txt', query: 'BEGIN', after: 5 },
      { target: 'config/service.json', query: 'private_key' },
    ]) {
      const r = await ok(ws.lectern, 'lectern_search', input);
      assertRedacted(r.text, JSON.stringify(input));
      assertRedacted(JSON.stringify(r.meta), JSON.stringify(input));
    }
  });

  it('a URL with a password (.git/config, .git/FETCH_HEAD, any file): the password is starred, placeholders stay', async () => {
    const ws = workspace();
    ws.write('.git/config', GIT_CONFIG);
    ws.write('.git/FETCH_HEAD', 'abc\t\tbranch main of https://x:SeCrEtBoDy99@example.com/r\n');
    ws.write('deploy.sh', 'git clone "https://bot:${TOKEN}@example.com/r.git"\ncurl https://u:SeCrEtBoDy7@h/x\n');
    for (const target of ['.git/config', '.git/FETCH_HEAD', 'deploy.sh']) {
      const r = await ok(ws.lectern, 'lectern_read', { target });
      assertRedacted(r.text, target);
    }
    const script = await ok(ws.lectern, 'lectern_read', { target: 'deploy.sh' });
    assert.match(script.text, /https:\/\/bot:\$\{TOKEN\}@example\.com/);
    assert.match(script.text, /https:\/\/u:\*{11}@h\/x/);
    const config = await ok(ws.lectern, 'lectern_read', { target: '.git/config' });
    assert.match(config.text, /https:\/\/deploy:\*+@github\.com/);
  });

  it('a diff preview shows both sides redacted', async () => {
    const repo = Repo.init();
    repo.write('key.txt', `a\n${PEM}b\n`).commitAll();
    repo.write('key.txt', `a\n${PEM.replace(/MIIEv/g, 'MIIEw')}c\n`);
    const ws = diffWorkspace(repo.root);
    const r = await ws.preview({ target: 'key.txt' });
    assert.ok(r.ok, r.text);
    assertRedacted(r.text, 'diff');
    assert.match(r.text, /\+c/);
  });

  it('the approval shows them; text without a marker is untouched', async () => {
    const ws = workspace();
    ws.write('notes/key.txt', `intro\n${PEM}outro\n`);
    const approved = await ws.lectern.invoke('lectern_read', { target: 'notes/key.txt' }, { allowSecrets: true });
    assert.ok(approved.ok && approved.text.includes('SeCrEtBoDy'), approved.text);
    const after = await ok(ws.lectern, 'lectern_read', { target: 'notes/key.txt' });
    assertRedacted(after.text, 'after an approved read');
    const plain = new TextEncoder().encode('no marker here\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n');
    const copy = plain.slice();
    assert.equal(redactSecrets(copy), 0);
    assert.deepEqual(copy, plain);
  });
});
