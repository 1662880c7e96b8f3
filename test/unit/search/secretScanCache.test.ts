// A warm workspace search skips the secret scan of a file version an earlier search's scan found
// nothing in (ground/fileClasses.ts `clean`, search/prefilter.ts `learn`): a file holding a URL
// password or a private key is redacted on every search; a clean file edited to hold one is
// redacted; unsaved text, UTF-16 and files too large are never taken for clean; a search with
// secrets allowed leaves a clean version clean. The engine counts the scans it spares.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import { Lectern } from '../../../src/core/engine';
import type { DocumentsPort, Host } from '../../../src/core/ground/ports';
import { WORKSPACE_SEARCH_LIMITS } from '../../../src/core/search/workspaceLimits';
import { nodeFileSystem } from '../../../src/node/nodeFileSystem';
import { tempDir, write } from '../helpers';

const PASSWORD = 'hunter2secret';
const BODY = 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASC';
const KEY = `# needle: the deploy key\n-----BEGIN PRIVATE KEY-----\n${BODY}\n-----END PRIVATE KEY-----\n`;
const URL = `remote = https://alice:${PASSWORD}@example.com/needle.git\n`;

/** Modified `hoursAgo`: settled, so a search remembers what it read of the file. */
function settle(file: string, hoursAgo = 1): void {
  const when = new Date(Date.now() - hoursAgo * 3_600_000);
  fs.utimesSync(file, when, when);
}

function workspace(documents?: DocumentsPort) {
  const root = tempDir('lectern-clean-');
  const host: Host = { fs: nodeFileSystem, roots: () => [{ name: 'ws', path: root }], documents };
  const lectern = new Lectern(host, () => ({ sessionGuard: false }));
  const search = async (allowSecrets = false) => {
    const before = lectern.secretScansSpared;
    const r = await lectern.invoke('lectern_search', { query: 'needle', after: 3 }, { allowSecrets });
    assert.ok(r.ok, r.text);
    return { text: r.text, spared: lectern.secretScansSpared - before };
  };
  return { root, search };
}

const leaks = (text: string) => text.includes(PASSWORD) || text.includes(BODY);

describe('a warm search skips the secret scan of versions known clean', () => {
  it('redacts a URL password and a private key on every search, and spares only the clean files', async () => {
    const { root, search } = workspace();
    for (const [name, text] of [
      ['url.txt', URL],
      ['key.txt', KEY],
      ['a.ts', 'const site = "https://example.com/needle";\n'],
      ['b.ts', 'const needle = 2;\n'],
    ])
      settle(write(root, name!, text!));
    const spared: number[] = [];
    for (let i = 0; i < 4; i++) {
      const { text, spared: n } = await search();
      assert.ok(!leaks(text), `search ${i + 1} showed a secret:\n${text}`);
      assert.match(text, /alice:\*{13}@example\.com/);
      assert.ok(text.includes('*'.repeat(BODY.length)), text);
      spared.push(n);
    }
    assert.deepEqual(spared, [0, 2, 2, 2], 'the clean files a.ts and b.ts, from the second search on');
  });

  it('redacts a clean file edited to hold a key or a password, settled or just now', async () => {
    const { root, search } = workspace();
    const file = write(root, 'notes.txt', 'needle here\n');
    settle(file);
    await search();
    assert.equal((await search()).spared, 1);
    fs.writeFileSync(file, KEY);
    settle(file, 0.5);
    let r = await search();
    assert.ok(!leaks(r.text), r.text);
    assert.equal(r.spared, 0);
    assert.ok(!leaks((await search()).text), 'the edited version was taken for the clean one');
    fs.writeFileSync(file, URL);
    r = await search();
    assert.ok(!leaks(r.text) && r.spared === 0, r.text);
    assert.ok(!leaks((await search()).text));
  });

  it('never takes unsaved text, UTF-16 or a file too large for clean; secrets allowed leave a clean version clean', async () => {
    const dirty = new Map<string, string>();
    const { root, search } = workspace({
      dirty: (p) => (dirty.has(p) ? { text: dirty.get(p)!, version: 2 } : undefined),
    });
    const edited = write(root, 'edited.txt', 'needle\n');
    const utf16 = write(
      root,
      'wide.txt',
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('needle\n', 'utf16le')]),
    );
    const large = write(root, 'large.txt', `needle\n${'x'.repeat(WORKSPACE_SEARCH_LIMITS.maxFileBytes)}\n`);
    const clean = write(root, 'clean.txt', 'needle\n');
    for (const file of [edited, utf16, large, clean]) settle(file);
    await search();
    assert.equal((await search()).spared, 2, 'edited.txt and clean.txt');
    dirty.set(edited, KEY);
    const r = await search();
    assert.ok(!leaks(r.text), `an unsaved key was shown:\n${r.text}`);
    assert.equal(r.spared, 1, 'clean.txt alone');
    dirty.clear();
    const allowed = await search(true);
    assert.equal(allowed.spared, 0, 'a search with secrets allowed scans nothing');
    assert.equal((await search()).spared, 2, 'secrets allowed made a clean version unknown');
  });
});
