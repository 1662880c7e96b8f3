// Parses source text with the shipped grammars and returns its outline, for per-language tests.
import { extractOutline } from '../../../src/core/symbols/outline';
import { LANGUAGES } from '../../../src/core/symbols/languages/index';
import { TreeSitter } from '../../../src/core/symbols/treeSitter';
import type { OutlineSymbol } from '../../../src/core/symbols/types';
import { createWasmLoader } from '../../../src/node/wasmFiles';

const runtime = new TreeSitter(createWasmLoader());

export async function outlineOf(grammar: string, text: string): Promise<OutlineSymbol[]> {
  const spec = LANGUAGES.find((l) => l.grammar === grammar);
  if (!spec) throw new Error(`no language spec for ${grammar}`);
  const tree = await runtime.parse(spec, text, 10_000);
  if (!tree) throw new Error('parse timed out');
  try {
    return extractOutline(tree, runtime.query(spec, await runtime.language(spec)), spec, text);
  } finally {
    tree.delete();
  }
}

/** `kind name [start-end] (context from N)` per symbol, indented by depth: easy to assert on. */
export function flatten(symbols: OutlineSymbol[], depth = 0): string[] {
  return symbols.flatMap((s) => [
    `${'  '.repeat(depth)}${s.kind} ${s.name} [${s.startLine}-${s.endLine}]${s.contextStartLine < s.startLine ? ` ctx ${s.contextStartLine}` : ''}`,
    ...flatten(s.children, depth + 1),
  ]);
}
