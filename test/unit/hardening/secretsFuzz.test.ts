// fast-check over the secrets policy with real files: generated secret names and their variants
// (backups, editors' copies, trailing spaces and dots, case) are refused and never searched; links
// inside the workspace to secret folders are judged by where they lead; private key blocks inside
// random text never reach an answer, whatever window of the file is read or searched.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import type { ToolResponse } from '../../../src/core/ground/contract';
import { DEFAULT_SECRET_PATTERNS, secretMatcher } from '../../../src/core/ground/secrets';
import { BACKUP_SUFFIXES } from '../../../src/core/ground/secretVariants';
import { workspace } from '../helpers';

const MARK = 'SeCrEtMaRk';
/** What searches look for: part of the mark, so the query a search echoes never holds the whole mark. */
const QUERY = MARK.slice(1, -2);
const word = fc.stringMatching(/^[a-z][a-z0-9_-]{0,8}$/);

/** A concrete name for a pattern without a slash ("*.key" → "<word>.key", "client_secret*.json" → "client_secret<word>.json"). */
const namePatterns = DEFAULT_SECRET_PATTERNS.filter((p) => !p.includes('/'));
const secretName = fc.tuple(fc.constantFrom(...namePatterns), word).map(([pattern, w]) => pattern.replace(/\*/g, w));

/** What makes a copy of a name: suffixes, a trailing space or dot, Emacs' #…#, Vim's .name.swp. */
const variant = fc.oneof(
  fc.constantFrom(...BACKUP_SUFFIXES).map((s) => (n: string) => `${n}${s}`),
  fc.constantFrom(' ', '.', '  ', '. ').map((s) => (n: string) => `${n}${s}`),
  fc.constant((n: string) => `#${n}#`),
  fc.constant((n: string) => (n.startsWith('.') ? `${n}.swp` : `.${n}.swp`)),
  fc.constant((n: string) => n.toUpperCase()),
);
const variantName = fc
  .tuple(secretName, fc.array(variant, { minLength: 0, maxLength: 3 }))
  .map(([name, steps]) => steps.reduce((n, step) => step(n), name));

function leaks(r: ToolResponse): boolean {
  return JSON.stringify(r).includes(MARK);
}

describe('hardening: secrets fuzz (fast-check, real files)', () => {
  it('generated secret names and their variants are refused by reads and skipped by searches', async () => {
    const matches = secretMatcher([]);
    // One workspace for every run (each run's files in a folder of its own, removed after it).
    const ws = workspace();
    let run = 0;
    await fc.assert(
      fc.asyncProperty(variantName, fc.array(word, { maxLength: 2 }), async (name, names) => {
        assert.ok(matches([...names, name].join('/')), `${JSON.stringify(name)} is judged secret`);
        if (process.platform === 'win32' && /[ .]$/.test(name)) return; // such names cannot be made there
        const folders = [`run${run++}`, ...names];
        const rel = [...folders, name].join('/');
        ws.write(rel, `${MARK} in ${name}\n`);
        const read = await ws.lectern.invoke('lectern_read', { target: rel });
        assert.equal(read.error?.code, 'SECRET_PATH', `${JSON.stringify(rel)}: ${read.text.slice(0, 200)}`);
        const search = await ws.lectern.invoke('lectern_search', { query: QUERY });
        assert.ok(search.ok && !leaks(search), `${JSON.stringify(rel)}: ${search.text.slice(0, 300)}`);
        const folder = folders.join('/');
        const scoped = await ws.lectern.invoke('lectern_search', { query: QUERY, target: folder });
        assert.ok(!leaks(scoped), `${JSON.stringify(rel)} in ${folder}: ${scoped.text.slice(0, 300)}`);
        fs.rmSync(path.join(ws.root, folders[0]!), { recursive: true, force: true });
      }),
      { numRuns: 60 },
    );
  });

  it('links inside the workspace to secret folders are judged by where they lead', async function () {
    if (process.platform === 'win32') this.skip();
    const secretFolders = ['.aws', '.ssh', '.gnupg', '.azure', '.config/gcloud'];
    const ws = workspace();
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...secretFolders),
        fc.array(word, { minLength: 1, maxLength: 3 }),
        word,
        fc.constantFrom('folder', 'folder/', 'glob', 'absolute', 'read'),
        async (secretFolder, linkNames, file, how) => {
          const top = `run${run++}`;
          const linkPath = [top, ...linkNames];
          ws.write(`${top}/${secretFolder}/${file}`, `${MARK} ${file}\n`);
          const link = path.join(ws.root, ...linkPath);
          fs.mkdirSync(path.dirname(link), { recursive: true });
          fs.symlinkSync(path.relative(path.dirname(link), path.join(ws.root, top, secretFolder)), link);
          const rel = linkPath.join('/');
          const r =
            how === 'read'
              ? await ws.lectern.invoke('lectern_read', { target: `${rel}/${file}` })
              : await ws.lectern.invoke('lectern_search', {
                  query: QUERY,
                  target: how === 'folder' ? rel : how === 'folder/' ? `${rel}/` : how === 'glob' ? `${rel}/**` : link,
                });
          assert.ok(!leaks(r), `${secretFolder} via ${rel} (${how}): ${r.text.slice(0, 300)}`);
          fs.rmSync(path.join(ws.root, top), { recursive: true, force: true });
        },
      ),
      { numRuns: 40 },
    );
  });

  it('private key blocks inside random text never reach an answer, whatever window is read or searched', async () => {
    const kinds = ['RSA ', 'EC ', 'DSA ', 'OPENSSH ', 'ENCRYPTED ', ''];
    const line = fc.stringMatching(/^[ -~]{0,60}$/).filter((l) => !l.includes('PRIVATE KEY') && !l.includes(MARK));
    const body = fc.array(fc.stringMatching(/^[A-Za-z0-9+/]{8,56}$/), { minLength: 1, maxLength: 30 });
    const style = fc.constantFrom('plain', 'indented', 'quoted', 'json', 'pgp', 'headers');
    const ws = workspace();
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(line, { maxLength: 20 }),
        fc.constantFrom(...kinds),
        body,
        style,
        fc.array(line, { maxLength: 20 }),
        fc.nat(),
        fc.nat(),
        async (before, kind, bodyLines, how, after, a, b) => {
          const marked = bodyLines.map((l, i) => (i % 3 === 0 ? `${l.slice(0, 4)}${MARK}${l.slice(4)}` : l));
          const begin = how === 'pgp' ? 'PGP PRIVATE KEY BLOCK' : `${kind}PRIVATE KEY`;
          let block: string;
          if (how === 'json')
            block = `{"private_key": "-----BEGIN ${begin}-----\\n${marked.join('\\n')}\\n-----END ${begin}-----\\n"}`;
          else {
            const pad = how === 'indented' ? '    ' : '';
            const lines = marked.map((l) => (how === 'quoted' ? `  "${l}\\n" +` : `${pad}${l}`));
            const headers =
              how === 'headers'
                ? ['Proc-Type: 4,ENCRYPTED', 'DEK-Info: AES-128-CBC,0A1B', '']
                : how === 'pgp'
                  ? ['Version: x', '']
                  : [];
            block = [`${pad}-----BEGIN ${begin}-----`, ...headers, ...lines, `${pad}-----END ${begin}-----`].join('\n');
          }
          const text = [...before, block, ...after].join('\n') + '\n';
          const target = `notes/file${run++}.txt`;
          ws.write(target, text);
          const lines = text.split('\n').length;
          const first = (a % lines) + 1;
          const last = first + (b % 40);
          const start = a % text.length;
          for (const input of [
            { target },
            { target, start_line: first, end_line: last },
            { target, start_byte: start, max_bytes: 1 + (b % 2000) },
            { target, tail: 1 + (b % 30) },
          ]) {
            const r = await ws.lectern.invoke('lectern_read', input);
            assert.ok(!leaks(r), `${JSON.stringify(input)} of ${JSON.stringify(text)}: ${r.text.slice(0, 500)}`);
          }
          const query = before[a % Math.max(1, before.length)]?.trim().slice(0, 6) || 'BEGIN';
          for (const input of [
            { query: 'BEGIN', after: 40 },
            { query, before: 40, after: 40 },
            { query: 'END', before: 40 },
            { target, query: 'BEGIN', after: 40 },
          ]) {
            const r = await ws.lectern.invoke('lectern_search', input);
            assert.ok(!leaks(r), `${JSON.stringify(input)} of ${JSON.stringify(text)}: ${r.text.slice(0, 500)}`);
          }
          fs.rmSync(path.join(ws.root, target));
        },
      ),
      { numRuns: 60 },
    );
  });
});
