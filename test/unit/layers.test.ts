// The core's layers (CONTRIBUTING.md): every import points down or sideways within a layer, never up;
// there is no import cycle; src/core imports neither `vscode` nor Node's modules. Type-only imports
// count: a type that must come from above is in the wrong place.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { builtinModules } from 'node:module';

const CORE = path.resolve(__dirname, '../../src/core');

/** Layer of a file under src/core, by its first folder (lower imports nothing higher). */
export const LAYERS: Record<string, number> = {
  text: 0,
  ground: 1,
  read: 2,
  symbols: 2,
  search: 2,
  diff: 2,
  history: 2,
  session: 3,
  modes: 4,
  tools: 5,
  legacy: 5,
  'engine.ts': 6,
};

function layerOf(file: string): number {
  const first = path.relative(CORE, file).split(path.sep)[0]!;
  const layer = LAYERS[first];
  if (layer === undefined)
    throw new Error(`${path.relative(CORE, file)} is in no layer: add its folder to LAYERS and CONTRIBUTING.md`);
  return layer;
}

function coreFiles(dir = CORE): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? coreFiles(full) : e.name.endsWith('.ts') ? [full] : [];
  });
}

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g;

export function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)].map((m) => (m[1] ?? m[2] ?? m[3])!);
}

function resolveLocal(from: string, spec: string): string | undefined {
  const base = path.resolve(path.dirname(from), spec);
  return [base + '.ts', path.join(base, 'index.ts'), base].find((f) => fs.existsSync(f) && fs.statSync(f).isFile());
}

export interface Graph {
  edges: Map<string, string[]>;
  external: Map<string, string[]>;
}

export function coreGraph(): Graph {
  const edges = new Map<string, string[]>();
  const external = new Map<string, string[]>();
  for (const file of coreFiles()) {
    const local: string[] = [];
    const outside: string[] = [];
    for (const spec of importsOf(file)) {
      if (spec.startsWith('.')) {
        const target = resolveLocal(file, spec);
        assert.ok(target, `${path.relative(CORE, file)}: cannot resolve ${spec}`);
        local.push(target);
      } else outside.push(spec);
    }
    edges.set(file, local);
    external.set(file, outside);
  }
  return { edges, external };
}

export function upwardImports(graph: Graph): string[] {
  const up: string[] = [];
  for (const [file, targets] of graph.edges) {
    for (const target of targets) {
      if (layerOf(target) > layerOf(file)) up.push(`${path.relative(CORE, file)} → ${path.relative(CORE, target)}`);
    }
  }
  return up;
}

/** Every strongly connected group of more than one file (or a file importing itself). */
export function cycles(graph: Graph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(path.relative(CORE, w));
      } while (w !== v);
      if (group.length > 1 || (graph.edges.get(v) ?? []).includes(v)) found.push(group.sort());
    }
  };
  for (const v of graph.edges.keys()) if (!index.has(v)) visit(v);
  return found;
}

const NODE_MODULES = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
/**
 * Known exception: node:path's pure string functions (join, relative, isAbsolute…), used for the
 * host's own path syntax (POSIX or Windows); every host bundles them. No other Node module.
 */
const ALLOWED = new Set(['node:path']);

describe('layers of src/core', () => {
  const graph = coreGraph();

  it('has files in every layer it names, and every file in a layer', () => {
    const counts = new Map<number, number>();
    for (const file of graph.edges.keys()) counts.set(layerOf(file), (counts.get(layerOf(file)) ?? 0) + 1);
    for (const layer of new Set(Object.values(LAYERS)))
      assert.ok((counts.get(layer) ?? 0) > 0, `layer ${layer} is empty`);
  });

  it('imports only downward or within a layer', () => {
    assert.deepEqual(upwardImports(graph), []);
  });

  it('has no import cycle', () => {
    assert.deepEqual(cycles(graph), []);
  });

  it('imports neither vscode nor Node modules', () => {
    const bad: string[] = [];
    for (const [file, specs] of graph.external) {
      for (const spec of specs)
        if (spec === 'vscode' || spec.startsWith('vscode/') || (NODE_MODULES.has(spec) && !ALLOWED.has(spec)))
          bad.push(`${path.relative(CORE, file)} imports ${spec}`);
    }
    assert.deepEqual(bad, []);
  });

  it('would catch an upward import and a cycle (the checks can fail)', () => {
    const a = path.join(CORE, 'ground/a.ts');
    const b = path.join(CORE, 'modes/b.ts');
    const fake: Graph = {
      edges: new Map([
        [a, [b]],
        [b, [a]],
      ]),
      external: new Map(),
    };
    assert.deepEqual(upwardImports(fake), ['ground/a.ts → modes/b.ts']);
    assert.equal(cycles(fake).length, 1);
  });
});
