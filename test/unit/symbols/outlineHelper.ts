// Parses source text with the shipped grammars and returns its outline, for per-language tests.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { extractOutline } from '../../../src/core/symbols/outline';
import { LANGUAGES } from '../../../src/core/symbols/languages/index';
import { TreeSitter } from '../../../src/core/symbols/treeSitter';
import type { OutlineSymbol } from '../../../src/core/ground/symbolTypes';
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
    `${'  '.repeat(depth)}${s.kind} ${s.scope ? `${s.scope}.` : ''}${s.name} [${s.startLine}-${s.endLine}]${s.contextStartLine < s.startLine ? ` ctx ${s.contextStartLine}` : ''}`,
    ...flatten(s.children, depth + 1),
  ]);
}

/** Every symbol of a tree, depth first. */
export function allSymbols(symbols: OutlineSymbol[]): OutlineSymbol[] {
  return symbols.flatMap((s) => [s, ...allSymbols(s.children)]);
}

/** The symbol at a slash-separated path of names ("Namespace/Class/method"); throws naming the names there are. */
export function symbolAt(symbols: OutlineSymbol[], path: string): OutlineSymbol {
  const [head, ...rest] = path.split('/');
  const found = symbols.find((s) => s.name === head);
  if (!found) throw new Error(`no symbol ${head} in ${symbols.map((s) => s.name).join(', ')}`);
  return rest.length === 0 ? found : symbolAt(found.children, rest.join('/'));
}

/** A language's fixture file under test/fixtures/symbols/<language>/. */
export function fixtureText(language: string, name: string): string {
  return readFileSync(join(__dirname, '../../fixtures/symbols', language, name), 'utf8');
}

/**
 * CPU milliseconds (best of three, after the grammar is loaded and warm) to compile a language's
 * outline query: wall time on a loaded machine says little. The process's CPU counts its other
 * threads too (an earlier test's worker still ending), so the tests' bound only catches a query
 * that takes seconds; compile times are figures for the bench.
 */
export async function outlineCompileCpuMs(grammar: string): Promise<number> {
  const runtime = new TreeSitter(createWasmLoader());
  const spec = LANGUAGES.find((l) => l.grammar === grammar)!;
  const language = await runtime.language(spec);
  runtime.query(spec, language, '(identifier) @warm');
  let best = Infinity;
  for (let i = 0; i < 3; i++) {
    const started = process.cpuUsage();
    runtime.query(spec, language, `${spec.outline}${' '.repeat(i)}`);
    const used = process.cpuUsage(started);
    best = Math.min(best, (used.user + used.system) / 1000);
  }
  runtime.dispose();
  return best;
}
