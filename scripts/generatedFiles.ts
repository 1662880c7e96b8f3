// The deterministic files the answer recorder (scripts/record-answers.ts) and the web host's comparison
// (scripts/host/webWorkspace.ts) both answer calls over: one generator, so both sides read the same bytes.
import * as fs from 'node:fs';
import * as path from 'node:path';

export const FIXED_TIME = new Date('2024-01-02T03:04:05Z');

export function put(root: string, rel: string, data: string | Uint8Array): void {
  const file = path.join(root, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, data);
}

/** Deterministic text of `n` lines, each a little different. */
export function lines(n: number, prefix: string, eol = '\n'): string {
  return (
    Array.from({ length: n }, (_, i) => `${prefix} ${String(i + 1).padStart(5, '0')} ${'x'.repeat(i % 37)}`).join(eol) +
    eol
  );
}

/** Every file and folder under `dir` (not .git) gets FIXED_TIME, so answers that show times do not vary. */
export function touchAll(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === '.git') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) touchAll(full);
    fs.utimesSync(full, FIXED_TIME, FIXED_TIME);
  }
  fs.utimesSync(dir, FIXED_TIME, FIXED_TIME);
}

/** gen/: text of several sizes, line ends, encodings and edge cases, and a binary file. */
export function putTextSamples(root: string): void {
  put(root, 'gen/small.txt', lines(40, 'small'));
  put(root, 'gen/large.txt', lines(6000, 'large'));
  put(
    root,
    'gen/utf16.txt',
    Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(lines(30, 'wide ünïcödé'), 'utf16le')]),
  );
  put(root, 'gen/crlf.txt', lines(50, 'crlf', '\r\n'));
  put(root, 'gen/bom.txt', '\ufeff' + lines(10, 'bom'));
  put(
    root,
    'gen/binary.bin',
    Uint8Array.from({ length: 4096 }, (_, i) => (i * 37) % 256),
  );
  put(root, 'gen/empty.txt', '');
  put(root, 'gen/nonl.txt', 'no newline at end');
  put(root, 'gen/unicode.md', '# Ünïcødé 😀\n' + lines(20, 'emoji 😀 é 中文'));
}
