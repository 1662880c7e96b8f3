// A symbol read returns the symbol and little else: per language, the median answer is at most 1.2×
// the tokens of the symbol's own span (doc comments included) over real code (this repository's
// TypeScript, scanners and libraries it installs), and at most 1.6× over the fixtures' short methods,
// the span numbered as every read answers (sparse line numbers) — so the ratio measures what a symbol
// read adds: its header and anything beyond the span.
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { Lectern } from '../../../src/core/engine';
import { openText } from '../../../src/core/read/openText';
import { languageForPath } from '../../../src/core/symbols/languages/index';
import { flattenSymbols, qualifiedName } from '../../../src/core/symbols/namePath';
import { SymbolService } from '../../../src/core/symbols/service';
import { loadTokenCounter } from '../../../src/core/ground/tokens';
import { renderGutter } from '../../../src/core/text/gutter';
import { nodeFileSystem } from '../../../src/node/nodeFileSystem';
import { createWasmLoader } from '../../../src/node/wasmFiles';

const repo = resolve(__dirname, '..', '..', '..');
const fixtures = join(repo, 'test/fixtures/symbols');

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)],
  );
}

function realFiles(): string[] {
  const out = [
    join(repo, 'node_modules/@types/node/http.d.ts'),
    join(repo, 'node_modules/mocha/lib/runner.js'),
    join(repo, 'sample-workspace/src/inventory.ts'),
    // This project's own TypeScript.
    join(repo, 'src/core/read/openedRead.ts'),
    join(repo, 'src/core/engine.ts'),
    join(repo, 'src/core/symbols/symbolRead.ts'),
    // Hand-written C scanners that ship with the grammar packages.
    join(repo, 'node_modules/tree-sitter-python/src/scanner.c'),
    join(repo, 'node_modules/tree-sitter-rust/src/scanner.c'),
    join(repo, 'node_modules/tree-sitter-javascript/src/scanner.c'),
  ];
  try {
    const json = dirname(
      execFileSync('python3', ['-c', 'import json; print(json.__file__)'], { encoding: 'utf8' }).trim(),
    );
    out.push(join(json, 'decoder.py'), join(json, 'encoder.py'));
  } catch {
    // no python3: the fixtures still cover Python
  }
  return out.filter((f) => existsSync(f));
}

const READ_KINDS = new Set(['function', 'method', 'class', 'struct', 'interface', 'enum', 'type', 'module']);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

describe('symbol answers are the symbol and little else', function () {
  this.timeout(120_000);

  it("median answer ≤ 1.2× the span's own tokens on real code, ≤ 1.6× on the fixtures' short methods, per language", async () => {
    const files = [...filesUnder(fixtures), ...realFiles()].filter((f) => languageForPath(f));
    const count = await loadTokenCounter();
    // Paths as an agent sees them in a workspace, relative to its folder (e.g. java/OrderService.java).
    const realRoots = [...new Set(files.filter((f) => !f.startsWith(fixtures)).map((f) => dirname(f)))].map((dir) => ({
      name: basename(dir) === 'src' ? basename(dirname(dir)) : basename(dir),
      path: dir,
    }));
    const engines = {
      // Many reads of one engine: the session guard (budgets, de-duplication) would answer some with pointers.
      fixtures: new Lectern(
        { fs: nodeFileSystem, roots: () => [{ name: 'fixtures', path: fixtures }], loadWasm: createWasmLoader() },
        () => ({ sessionGuard: false }),
      ),
      real: new Lectern({ fs: nodeFileSystem, roots: () => realRoots, loadWasm: createWasmLoader() }, () => ({
        sessionGuard: false,
      })),
    };
    const ratios = new Map<string, number[]>();
    const plain: number[] = [];
    for (const file of files) {
      const fixture = file.startsWith(fixtures);
      const grammar = `${languageForPath(file)!.grammar} (${fixture ? 'fixtures' : 'real code'})`;
      const lectern = fixture ? engines.fixtures : engines.real;
      const root = fixture ? { name: '', path: fixtures } : realRoots.find((r) => file.startsWith(r.path + '/'))!;
      const flat = await symbolsOf(file, root);
      assert.ok(flat.length > 0, `${file} has no symbols`);
      for (const input of flat) {
        const answer = await lectern.invoke('lectern_read', input);
        assert.ok(answer.ok, `${JSON.stringify(input)}: ${answer.text}`);
        if (answer.meta.preview_degraded) continue; // over the cap: a signature answer, not a span
        // What agents read by name: declarations with bodies. Fields and variables are one-liners
        // an outline already shows whole; a header would dominate them.
        if (!READ_KINDS.has(String((answer.meta.resolved_symbol as { kind: string }).kind))) continue;
        const lines = answer.content.replace(/\n$/, '').split('\n');
        // One- and two-line declarations (overload signatures, abstract members) are shown whole
        // by the outline already; nobody spends a call on them.
        if (lines.length < 3) continue;
        const spanTokens = count(
          renderGutter(
            lines.map((line, i) => ({ number: answer.meta.start_line! + i, text: line.replace(/\r$/, '') })),
            'sparse',
          ),
        );
        plain.push(answer.meta.token_estimate / count(answer.content));
        const list = ratios.get(grammar) ?? [];
        list.push(answer.meta.token_estimate / spanTokens);
        ratios.set(grammar, list);
      }
    }
    const report: string[] = [];
    for (const [grammar, list] of ratios) {
      const m = median(list);
      report.push(`${grammar}: median ${m.toFixed(3)} over ${list.length} symbols`);
    }
    report.push(`all languages, against the span as plain text (no line numbers): median ${median(plain).toFixed(3)}`);
    console.log(`      ${report.join('\n      ')}`);
    for (const [grammar, list] of ratios) {
      // Real code meets the 1.2 target. The hand-written fixtures are mostly 3-8 line methods, where
      // the ~12-token header alone is 20-40% of the span: they are held to 1.6 (1.5 while the span was
      // counted with every line numbered; sparse numbering made the reference ~6% cheaper).
      const bound = grammar.endsWith('(real code)') ? 1.2 : 1.6;
      const m = median(list);
      assert.ok(m <= bound, `${grammar}: median answer/span token ratio ${m.toFixed(3)} > ${bound}`);
    }
    // The 1.2 bound holds something: real code of at least TypeScript, JavaScript and C is measured.
    const real = [...ratios.keys()].filter((k) => k.endsWith('(real code)'));
    assert.ok(real.length >= 3, `real code measured: ${real.join(', ')}`);
    assert.ok(
      new Set([...ratios.keys()].map((k) => k.split(' ')[0])).size >= 11,
      `languages measured: ${[...ratios.keys()].join(', ')}`,
    );
  });
});

/** Exact inputs for every symbol of a file: qualified names, with index where names repeat. */
async function symbolsOf(file: string, root: { name: string; path: string }): Promise<Record<string, unknown>[]> {
  const target = root.name ? `${root.name}/${relative(root.path, file)}` : relative(root.path, file);
  const service = new SymbolService(createWasmLoader());
  const path = { absolute: file, display: target, root: undefined, outside: false };
  const text = await openText({ fs: nodeFileSystem, roots: () => [] }, path);
  const outline = await service.outline(text, file, target);
  await text.source.close();
  if (outline.status !== 'ok') return [];
  const flat = flattenSymbols(outline.symbols);
  const seen = new Map<string, number>();
  return flat.map((item) => {
    const name = qualifiedName(item.path);
    const index = (seen.get(name) ?? 0) + 1;
    seen.set(name, index);
    const total = flat.filter((o) => qualifiedName(o.path) === name).length;
    return { mode: 'symbol', target: `/${name}`, path: target, ...(total > 1 ? { index } : {}) };
  });
}
