// Deterministic source-like text for the benchmark: TypeScript-ish lines of varied length and
// indentation, blank lines, comments with multi-byte UTF-8, and the odd very long line.
import { open } from 'node:fs/promises';
import { rng } from './rng';

const encoder = new TextEncoder();

const WORDS = [
  'value',
  'result',
  'items',
  'config',
  'handler',
  'request',
  'buffer',
  'index',
  'options',
  'cache',
  'node',
  'token',
  'range',
  'offset',
  'limit',
  'source',
  'target',
  'entry',
  'state',
  'context',
];
const TYPES = [
  'string',
  'number',
  'boolean',
  'Uint8Array',
  'Promise<void>',
  'Map<string, number>',
  'ReadonlyArray<Entry>',
  'Result | undefined',
];
const PROSE = [
  'résumé of the café menu, naïve façade',
  'Grüße aus Köln — Straße, Maß, Größe',
  '日本語のコメント: 行の範囲を読む',
  '中文注释：按字节窗口读取文件',
  'emoji 🚀 ✨ 🔥 in a comment',
  'Ελληνικά σχόλια για τη μνήμη',
  'русский комментарий о производительности',
  'plain ASCII note about the algorithm',
];

export function makeLineGenerator(seed: number): () => string {
  const r = rng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
  const ident = () => pick(WORDS) + (r() < 0.5 ? pick(WORDS).replace(/^./, (c) => c.toUpperCase()) : '');
  let counter = 0;
  return () => {
    counter++;
    const indent = ' '.repeat(2 * Math.floor(r() * 5));
    const roll = r();
    if (roll < 0.1) return '';
    if (roll < 0.16) return `${indent}}`;
    if (roll < 0.22) return `import { ${ident()}, ${ident()} } from './${pick(WORDS)}/${pick(WORDS)}';`;
    if (roll < 0.3)
      return `${indent}export function ${ident()}${counter}(${ident()}: ${pick(TYPES)}, ${ident()}: ${pick(TYPES)}): ${pick(TYPES)} {`;
    if (roll < 0.45)
      return `${indent}const ${ident()} = await ${ident()}.${ident()}(${ident()}, { ${pick(WORDS)}: ${Math.floor(r() * 1000)} });`;
    if (roll < 0.58) return `${indent}// ${pick(PROSE)} (${counter})`;
    if (roll < 0.68) return `${indent}if (${ident()}.${pick(WORDS)} === "${pick(PROSE)}") return ${ident()};`;
    if (roll < 0.78)
      return `${indent}${ident()} = ${ident()}.filter((x) => x.${pick(WORDS)} > ${Math.floor(r() * 99)}).map((x) => x.${pick(WORDS)});`;
    if (roll < 0.88)
      return `${indent}return { ${pick(WORDS)}: ${ident()}, ${pick(WORDS)}: ${ident()}, ${pick(WORDS)}: ${ident()} };`;
    if (roll < 0.99) return `${indent}${ident()}.push(${ident()});`;
    // About 1 line in 100 is a long string literal (200-900 characters).
    const parts: string[] = [];
    const n = 5 + Math.floor(r() * 20);
    for (let i = 0; i < n; i++) parts.push(pick(PROSE));
    return `${indent}const ${ident()}Text = '${parts.join(' ')}';`;
  };
}

/** Exactly `size` bytes of whole lines (ending with a newline); `lines` is how many. */
export function makeBlock(size: number, seed: number): { bytes: Uint8Array; lines: number } {
  const next = makeLineGenerator(seed);
  const pieces: string[] = [];
  let bytes = 0;
  const reserve = 64;
  for (;;) {
    const line = next() + '\n';
    const length = encoder.encode(line).length;
    if (bytes + length > size - reserve) break;
    pieces.push(line);
    bytes += length;
  }
  // Pad with ASCII comment lines to the exact size.
  let left = size - bytes;
  while (left > 0) {
    const length = left > 120 ? 80 : left;
    pieces.push(length === 1 ? '\n' : length === 2 ? '/\n' : '//' + '-'.repeat(length - 3) + '\n');
    left -= length;
  }
  const out = encoder.encode(pieces.join(''));
  if (out.length !== size) throw new Error(`block is ${out.length} bytes, wanted ${size}`);
  let lines = 0;
  for (let at = out.indexOf(10); at !== -1; at = out.indexOf(10, at + 1)) lines++;
  return { bytes: out, lines };
}

const MiB = 1024 * 1024;

/**
 * Writes a file of exactly `size` bytes: one generated block for small files, a repeated 1 MiB
 * block for larger ones (fast even at 1 GiB). Returns its line count.
 */
export async function writeBenchFile(path: string, size: number, seed = 42): Promise<{ lines: number }> {
  const handle = await open(path, 'w');
  try {
    if (size <= MiB) {
      const block = makeBlock(size, seed);
      await handle.write(block.bytes);
      return { lines: block.lines };
    }
    if (size % MiB !== 0) throw new Error('sizes above 1 MiB must be whole MiB');
    const block = makeBlock(MiB, seed);
    const blocks = size / MiB;
    // Write 16 MiB at a time.
    const group = Math.min(16, blocks);
    const big = new Uint8Array(group * MiB);
    for (let i = 0; i < group; i++) big.set(block.bytes, i * MiB);
    let written = 0;
    while (written < blocks) {
      const n = Math.min(group, blocks - written);
      let done = 0;
      while (done < n * MiB) done += (await handle.write(big, done, n * MiB - done)).bytesWritten;
      written += n;
    }
    return { lines: block.lines * blocks };
  } finally {
    await handle.close();
  }
}
