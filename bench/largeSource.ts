// Deterministic generated source of a given size for the large-file benchmarks and tests: TypeScript,
// JavaScript or Python made of many top-level classes (with fields and methods), functions,
// interfaces and constants, the shape of generated API clients and bundles.
import { rng } from './rng';

export type LargeLanguage = 'typescript' | 'javascript' | 'python';

export const EXTENSIONS: Record<LargeLanguage, string> = { typescript: 'ts', javascript: 'js', python: 'py' };

function tsClass(i: number, r: () => number, typed: boolean): string {
  const t = (s: string) => (typed ? s : '');
  const methods = 3 + Math.floor(r() * 6);
  const out = [
    `/** Client number ${i}: talks to the service. */`,
    `export class Client${i} {`,
    typed ? `  private count: number = ${i};` : `  count = ${i};`,
  ];
  for (let m = 0; m < methods; m++) {
    out.push(`  /** Sends request ${m}. */`);
    out.push(`  async send${m}(input${t(': string')}, limit${t(': number')} = ${m})${t(': Promise<number>')} {`);
    out.push(`    return (await fetch(input + limit)).status * ${i % 97};`);
    out.push('  }');
  }
  out.push('}', '');
  return out.join('\n');
}

function tsOther(i: number, typed: boolean): string {
  if (!typed)
    return `export function helper${i}(a, b) {\n  return a + b * ${i};\n}\n\nexport const LIMIT_${i} = ${i * 3};\n`;
  return `export interface Shape${i} {\n  id: number;\n  name: string;\n  next?: Shape${i};\n}\n\nexport function helper${i}(a: number, b: number): number {\n  return a + b * ${i};\n}\n\nexport const LIMIT_${i} = ${i * 3};\n`;
}

function pyClass(i: number, r: () => number): string {
  const methods = 3 + Math.floor(r() * 6);
  const out = [`class Client${i}:`, `    """Client number ${i}: talks to the service."""`, `    count = ${i}`, ''];
  for (let m = 0; m < methods; m++) {
    out.push(`    def send${m}(self, value, limit=${m}):`);
    out.push(`        """Sends request ${m}."""`);
    out.push(`        return fetch(value + str(limit)).status * ${i % 97}`);
    out.push('');
  }
  out.push('');
  return out.join('\n');
}

function pyOther(i: number): string {
  return `def helper${i}(a, b):\n    return a + b * ${i}\n\n\nLIMIT_${i} = ${i * 3}\n\n`;
}

/** About `bytes` bytes (a little more: whole declarations) of `language` source; same seed, same text. */
export function generateSource(language: LargeLanguage, bytes: number, seed = 14): string {
  const r = rng(seed);
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    // Client0…Client6 are classes, 7…9 the rest, in every ten.
    const isClass = i % 10 < 7;
    const piece =
      language === 'python'
        ? isClass
          ? pyClass(i, r)
          : pyOther(i)
        : isClass
          ? tsClass(i, r, language === 'typescript')
          : tsOther(i, language === 'typescript');
    parts.push(piece);
    size += piece.length;
  }
  return parts.join('\n');
}
