// Secrets written the ways files hold them: key blocks whose lines carry a comment prefix (docs,
// code comments, configs, quoted mail), PuTTY and SSH2 key text, and URL passwords in every form
// (percent-encoded, holding '/', '@', brackets, '*', '$', JSON-escaped, very long). Each is redacted
// in a read, a window inside it, a workspace search, a file search, a snippet and a symbol read;
// and redaction stays linear on long adversarial lines.
import { strict as assert } from 'node:assert';
import { Lectern } from '../../../src/core/engine';
import { redactSecrets } from '../../../src/core/text/redact';
import { nodeFileSystem } from '../../../src/node/nodeFileSystem';
import { createWasmLoader } from '../../../src/node/wasmFiles';
import { ok, workspace, type Workspace } from '../helpers';

const MARK = 'SeCrEtBoDy';
const BODY = (n: number) =>
  Array.from({ length: n }, (_, i) => `MIIEv${i}${MARK}QIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIB`);
const PREFIXES = ['// ', '# ', ' * ', '- ', '> ', '; ', '-- ', '    ', '\t', '> > ', '% ', '//', '#'];
const block = (prefix: string) =>
  ['-----BEGIN RSA PRIVATE KEY-----', 'Proc-Type: 4,ENCRYPTED', '', ...BODY(6), '-----END RSA PRIVATE KEY-----'].map(
    (line) => `${prefix}${line}`.trimEnd(),
  );

const PUTTY = [
  'PuTTY-User-Key-File-3: ssh-ed25519',
  'Encryption: none',
  'Comment: eddsa-key-20240101',
  'Public-Lines: 2',
  'AAAAC3NzaC1lZDI1NTE5AAAAIBzvzvPublicHalfOnly',
  'AAAAPublicHalfOnlyToo',
  'Private-Lines: 3',
  ...BODY(3),
  `Private-MAC: 8a7b${MARK}0123456789abcdef`,
];
const SSH2 = [
  '---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----',
  'Comment: "rsa-key-20240101"',
  ...BODY(5),
  '---- END SSH2 ENCRYPTED PRIVATE KEY ----',
];

/** URL passwords in each form, and what must stay of the line. */
const URLS: { line: string; kept: RegExp }[] = [
  { line: `https://bot:p%40ss${MARK}%2F@example.com/r.git`, kept: /https:\/\/bot:\*+@example\.com\/r\.git/ },
  { line: `https://bot:pa/ss${MARK}@example.com/r.git`, kept: /https:\/\/bot:\*+@example\.com/ },
  { line: `{"url": "https:\\/\\/bot:pa\\/${MARK}@example.com\\/r"}`, kept: /https:\\\/\\\/bot:\*+@example\.com/ },
  { line: `https://bot:first@${MARK}@example.com/r`, kept: /https:\/\/bot:\*+@example\.com\/r/ },
  { line: `https://bot:${MARK}${'z'.repeat(700)}@example.com/r`, kept: /https:\/\/bot:\*{700,}@example\.com/ },
  { line: `https://bot:a(b)${MARK}@example.com/r`, kept: /https:\/\/bot:\*+@example\.com/ },
  { line: `https://bot:a*${MARK}@example.com/r`, kept: /https:\/\/bot:\*+@example\.com/ },
  { line: `https://bot:p$${MARK}@example.com/r`, kept: /https:\/\/bot:\*+@example\.com/ },
];

function assertRedacted(text: string, what: string): void {
  assert.ok(!text.includes(MARK), `${what}: ${text.slice(0, 3000)}`);
}

function parsing(ws: Workspace): Lectern {
  const roots = ws.host.roots();
  return new Lectern({ fs: nodeFileSystem, roots: () => roots, loadWasm: createWasmLoader() }, () => ({
    sessionGuard: false,
  }));
}

/** A whole read, windows starting inside, a tail, a file search and a workspace search with context: none shows the mark. */
async function assertEverywhere(ws: Workspace, target: string, lines: number, query: string): Promise<void> {
  const whole = await ok(ws.lectern, 'lectern_read', { target });
  assertRedacted(whole.text, `read ${target}`);
  for (let start = 2; start < lines; start += 3) {
    const window = await ok(ws.lectern, 'lectern_read', { target, start_line: start, end_line: start + 1 });
    assertRedacted(window.text, `${target} lines ${start}-${start + 1}`);
  }
  const tail = await ok(ws.lectern, 'lectern_read', { target, tail: 3 });
  assertRedacted(tail.text, `tail of ${target}`);
  const snippet = await ok(ws.lectern, 'lectern_read', { target, mode: 'snippet', start_line: 3, end_line: 4 });
  assertRedacted(snippet.text, `snippet of ${target}`);
  const found = await ok(ws.lectern, 'lectern_search', { query: MARK.slice(1, -1), target });
  assert.equal(found.meta.total_matches, 0, `file search ${target}: ${found.text}`);
  for (const input of [
    { query, target, after: 40 },
    { query, after: 40, before: 2 },
  ]) {
    const r = await ok(ws.lectern, 'lectern_search', input);
    assert.ok(Number(r.meta.total_matches ?? 0) > 0, `${JSON.stringify(input)} finds the line: ${r.text}`);
    assertRedacted(JSON.stringify(r), JSON.stringify(input));
  }
}

describe('hardening: secrets in every form a file writes them', () => {
  for (const prefix of PREFIXES) {
    it(`a key block whose lines start with ${JSON.stringify(prefix)}`, async () => {
      const ws = workspace();
      const lines = ['intro', ...block(prefix), 'outro'];
      ws.write('docs/keys.txt', `${lines.join('\n')}\n`);
      await assertEverywhere(ws, 'docs/keys.txt', lines.length, 'BEGIN RSA');
      const whole = await ok(ws.lectern, 'lectern_read', { target: 'docs/keys.txt' });
      assert.ok(whole.text.includes(`${prefix.trimEnd()}`), whole.text);
      assert.match(whole.text, /\*{40}/);
    });
  }

  it('a window deep inside a long commented block, far into a large file, is redacted too', async () => {
    const ws = workspace();
    const prefix = Array.from({ length: 3000 }, (_, i) => `# line ${i} of ordinary text`).join('\n');
    const body = BODY(400).map((line) => `# ${line}`);
    const lines = [
      prefix,
      '# -----BEGIN OPENSSH PRIVATE KEY-----',
      ...body,
      '# -----END OPENSSH PRIVATE KEY-----',
      'tail',
    ];
    ws.write('big/notes.sh', `${lines.join('\n')}\n`);
    for (const input of [{ start_line: 3200, end_line: 3210 }, { start_line: 3390, end_line: 3400 }, { tail: 10 }]) {
      const r = await ok(ws.lectern, 'lectern_read', { target: 'big/notes.sh', ...input });
      assertRedacted(r.text, JSON.stringify(input));
    }
    const search = await ok(ws.lectern, 'lectern_search', { target: 'big/notes.sh', query: 'tail', before: 8 });
    assertRedacted(search.text, 'search before tail');
  });

  it('PuTTY key files (the private lines and the MAC; the public lines stay)', async () => {
    const ws = workspace();
    ws.write('docs/putty.txt', `${PUTTY.join('\n')}\n`);
    await assertEverywhere(ws, 'docs/putty.txt', PUTTY.length, 'Private-Lines');
    const whole = await ok(ws.lectern, 'lectern_read', { target: 'docs/putty.txt' });
    assert.match(whole.text, /PublicHalfOnly/);
    // Commented, as a doc shows one.
    ws.write('docs/putty.md', `${PUTTY.map((l) => `> ${l}`).join('\n')}\n`);
    await assertEverywhere(ws, 'docs/putty.md', PUTTY.length, 'Private-Lines');
  });

  it('SSH2 key text (---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----)', async () => {
    const ws = workspace();
    ws.write('docs/ssh2.txt', `intro\n${SSH2.join('\n')}\noutro\n`);
    await assertEverywhere(ws, 'docs/ssh2.txt', SSH2.length + 2, 'SSH2');
  });

  it('key blocks in code comments are redacted in symbol reads too', async () => {
    const ws = workspace();
    const doc = block(' * ').join('\n');
    const inner = block('  // ').join('\n');
    ws.write(
      'src/keys.ts',
      `export const a = 1;\n\n/**\n * Fixture:\n${doc}\n */\nexport function loadKey(): string {\n${inner}\n  return 'https://bot:pa/${MARK}@example.com/r';\n}\n`,
    );
    const lectern = parsing(ws);
    for (const input of [
      { target: 'loadKey', mode: 'symbol', path: 'src/keys.ts' },
      { target: 'src/keys.ts' },
      { target: 'src/keys.ts', mode: 'snippet', start_line: 8, end_line: 9 },
    ]) {
      const r = await ok(lectern, 'lectern_read', input);
      assertRedacted(r.text, JSON.stringify(input));
    }
    const search = await ok(lectern, 'lectern_search', { query: 'loadKey', before: 12, after: 12 });
    assertRedacted(JSON.stringify(search), 'search around loadKey');
  });

  for (const { line, kept } of URLS) {
    it(`a URL password: ${line.slice(0, 60)}`, async () => {
      const ws = workspace();
      const lines = ['#!/bin/sh', 'set -e', `git clone "${line}" repo`, 'echo done'];
      ws.write('deploy/run.sh', `${lines.join('\n')}\n`);
      await assertEverywhere(ws, 'deploy/run.sh', lines.length, 'clone');
      const whole = await ok(ws.lectern, 'lectern_read', { target: 'deploy/run.sh' });
      assert.match(whole.text, kept);
    });
  }

  it('URLs that hold no password stay as written', () => {
    for (const text of [
      'http://localhost:8080/@vite/client',
      'https://registry.npmjs.org/@scope/pkg',
      'https://cdn.jsdelivr.net/npm/pkg@1.2.3/x.js',
      'https://bot:${TOKEN}@example.com/r',
      'https://bot:$TOKEN@example.com/r',
      'https://bot:<password>@example.com/r',
      'https://bot:%(password)s@example.com/r',
      'git@github.com:org/repo.git',
      'see http://host:80/x and mailto:a@b.c',
    ]) {
      const bytes = new TextEncoder().encode(text);
      assert.equal(redactSecrets(bytes), 0, text);
      assert.equal(new TextDecoder().decode(bytes), text);
    }
  });

  it('adversarial lines of 2 MB are redacted in linear time (bounded: each well under 5 s)', () => {
    const size = 2 << 20;
    const inputs: Record<string, string> = {
      markers: 'PRIVATE KEY'.repeat(size / 11),
      words: 'BEGIN PRIVATE KEY'.repeat(size / 17),
      begins: '-----BEGIN RSA PRIVATE KEY-----'.repeat(size / 31),
      plus: `-----BEGIN RSA PRIVATE KEY-----\n${'+'.repeat(size)}x`,
      prefixes: `-----BEGIN RSA PRIVATE KEY-----\n${'# '.repeat(size / 2)}x`,
      urls: 'a://'.repeat(size / 4),
      colons: 'a://a:'.repeat(size / 6),
      json: 'a:\\/\\/b:'.repeat(size / 8),
      ats: `https://u:${'@'.repeat(size)}`,
      hosts: `https://u:${'@h.c'.repeat(size / 4)}`,
      putty: 'Private-Lines: 9999\n'.repeat(size / 20),
    };
    for (const [name, text] of Object.entries(inputs)) {
      const bytes = Buffer.from(text);
      const started = performance.now();
      redactSecrets(bytes);
      const ms = performance.now() - started;
      assert.ok(ms < 5000, `${name}: ${Math.round(ms)} ms for 2 MB`);
    }
  });
});
