// The layers of src/ (CONTRIBUTING.md). Inside src/core every import points down or sideways within a
// layer, never up. Beside it each folder imports only what its row allows: the Node ports the core's two
// lowest layers, the worker threads the internals, the hosts the whole core; nothing imports a host (the
// CLI's `lectern mcp` starting the MCP surface is the one row that says otherwise). No import cycle, between
// files or between folders. src/core imports neither `vscode` nor Node's modules; only src/vscode imports
// `vscode`. Type-only imports count: a type that must come from above is in the wrong place.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { builtinModules } from 'node:module';
import ts from 'typescript';

const SRC = path.resolve(__dirname, '../../../src');

const LAYER_LINE = /^# (\S+): layer (\d+) \(/;

/** Layer of a file under src/core, by its first folder (lower imports nothing higher): the first line of each
 * folder's README.md (`# <folder>: layer <n> (<name>)`), and engine.ts's line in src/core/README.md. */
export function readLayers(core = path.join(SRC, 'core')): Record<string, number> {
  const layers: Record<string, number> = {};
  for (const entry of fs.readdirSync(core, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const readme = path.join(core, entry.name, 'README.md');
    const first = fs.existsSync(readme) ? fs.readFileSync(readme, 'utf8').split('\n')[0]! : '';
    const match = LAYER_LINE.exec(first);
    if (!match || match[1] !== entry.name)
      throw new Error(`src/core/${entry.name}/README.md must start "# ${entry.name}: layer <n> (<name>)"`);
    layers[entry.name] = Number(match[2]);
  }
  const engine = /^engine\.ts: layer (\d+) /m.exec(fs.readFileSync(path.join(core, 'README.md'), 'utf8'));
  if (!engine) throw new Error('src/core/README.md must say "engine.ts: layer <n> (<name>)"');
  layers['engine.ts'] = Number(engine[1]);
  return layers;
}

export const LAYERS: Record<string, number> = readLayers();

export interface OuterRule {
  /** The highest layer of src/core its files may import. */
  core: number;
  /** The folders beside src/core it may import. */
  folders: readonly string[];
}

/** The folders of src/ beside src/core, and what each may import (CONTRIBUTING.md's table). */
export const OUTSIDE_CORE: Record<string, OuterRule> = {
  // The ports on Node (fs, the git CLI, sql.js, .wasm files, the worker pools): they implement ground's ports.
  node: { core: LAYERS.ground!, folders: [] },
  // Each worker thread's entry point: runs internals (symbol outlines, regex scans) off the host's thread.
  workers: { core: LAYERS.read!, folders: ['node'] },
  // Hosts. The MCP surface is started by the CLI (`lectern mcp`); no other folder imports a host.
  mcp: { core: LAYERS['engine.ts']!, folders: ['node'] },
  cli: { core: LAYERS['engine.ts']!, folders: ['node', 'mcp'] },
  vscode: { core: LAYERS['engine.ts']!, folders: ['node'] },
  // The web worker extension host: VS Code's adapters that need no Node (its bundle is checked for Node modules).
  web: { core: LAYERS['engine.ts']!, folders: ['vscode'] },
};

/** Files outside src/ that a host may import: data, not code (the CLI prints the package's version). */
const DATA_OUTSIDE_SRC = new Set(['../package.json']);

const rel = (file: string) => path.relative(SRC, file);

/** Where a file of src/ belongs: `core/<first folder or file>` under src/core, else its first folder. */
export function areaOf(file: string): string {
  const parts = rel(file).split(path.sep);
  const area = parts[0] === 'core' ? `core/${parts[1]}` : parts.length > 1 ? parts[0]! : '';
  const known = area.startsWith('core/') ? LAYERS[area.slice(5)] !== undefined : OUTSIDE_CORE[area] !== undefined;
  if (!known)
    throw new Error(
      `${rel(file)} is in no layer: give its folder a README.md naming its layer (src/core) or add it to OUTSIDE_CORE, and to CONTRIBUTING.md`,
    );
  return area;
}

const coreLayer = (area: string) => (area.startsWith('core/') ? LAYERS[area.slice(5)] : undefined);

/** Whether a file of area `from` may import one of area `to`. */
export function mayImport(from: string, to: string): boolean {
  if (from === to) return true;
  const target = coreLayer(to);
  const source = coreLayer(from);
  if (source !== undefined) return target !== undefined && target <= source;
  const rule = OUTSIDE_CORE[from]!;
  return target !== undefined ? target <= rule.core : rule.folders.includes(to);
}

function sourceFiles(dir = SRC): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? sourceFiles(full) : /\.tsx?$/.test(e.name) ? [full] : [];
  });
}

const stringArgument = (node: ts.CallExpression) => {
  const first = node.arguments[0];
  return first && ts.isStringLiteral(first) ? first.text : undefined;
};

/** Every module a file names: imports and re-exports (type-only too), import(), typeof import(), require(). */
export function importsOf(file: string): string[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, kind);
  const specs: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier)
      specs.push((node.moduleSpecifier as ts.StringLiteral).text);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const literal = node.argument.literal;
      if (ts.isStringLiteral(literal)) specs.push(literal.text);
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const named =
        callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === 'require');
      const spec = named ? stringArgument(node) : undefined;
      if (spec !== undefined) specs.push(spec);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specs;
}

function resolveLocal(from: string, spec: string): string | undefined {
  const base = path.resolve(path.dirname(from), spec);
  return [base + '.ts', base + '.tsx', base + '.d.ts', path.join(base, 'index.ts'), base].find(
    (f) => fs.existsSync(f) && fs.statSync(f).isFile(),
  );
}

export interface Graph {
  edges: Map<string, string[]>;
  external: Map<string, string[]>;
}

/** The import graph of src/. A `.js` path with no source file is a bundle loaded at run time (dist/), not an import. */
export function sourceGraph(): Graph {
  const edges = new Map<string, string[]>();
  const external = new Map<string, string[]>();
  for (const file of sourceFiles()) {
    const local: string[] = [];
    const outside: string[] = [];
    for (const spec of importsOf(file)) {
      if (!spec.startsWith('.')) outside.push(spec);
      else {
        const target = resolveLocal(file, spec);
        if (target === undefined && spec.endsWith('.js')) continue;
        assert.ok(target, `${rel(file)}: cannot resolve ${spec}`);
        local.push(target);
      }
    }
    edges.set(file, local);
    external.set(file, outside);
  }
  return { edges, external };
}

/** Imports that the layers forbid: upward in the core, the core reaching out, a folder beyond its row. */
export function forbiddenImports(graph: Graph): string[] {
  const bad: string[] = [];
  for (const [file, targets] of graph.edges) {
    for (const target of targets) {
      const outsideSrc = rel(target).startsWith('..');
      const allowed = outsideSrc
        ? DATA_OUTSIDE_SRC.has(rel(target)) && coreLayer(areaOf(file)) === undefined
        : mayImport(areaOf(file), areaOf(target));
      if (!allowed) bad.push(`${rel(file)} → ${rel(target)}`);
    }
  }
  return bad;
}

/** Every strongly connected group of more than one node (or a node naming itself). */
export function cycles(edges: Map<string, readonly string[]>): string[][] {
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
    for (const w of edges.get(v) ?? []) {
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
        group.push(w);
      } while (w !== v);
      if (group.length > 1 || (edges.get(v) ?? []).includes(v)) found.push(group.sort());
    }
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** The graph between folders of src/ (a file's folder imports its target's folder). */
export function folderEdges(graph: Graph): Map<string, string[]> {
  const folders = new Map<string, Set<string>>();
  for (const [file, targets] of graph.edges) {
    const from = path.dirname(rel(file));
    const to = targets.map((t) => path.dirname(rel(t))).filter((f) => f !== from && !f.startsWith('..'));
    folders.set(from, new Set([...(folders.get(from) ?? []), ...to]));
  }
  return new Map([...folders].map(([folder, targets]) => [folder, [...targets]]));
}

const NODE_MODULES = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
/**
 * Known exception: node:path's pure string functions (join, relative, isAbsolute…), used for the
 * host's own path syntax (POSIX or Windows); every host bundles them. No other Node module.
 */
const ALLOWED = new Set(['node:path']);

/** Platform modules in the wrong place: `vscode` outside src/vscode and src/web, Node's modules in src/core or src/web. */
export function platformImports(graph: Graph): string[] {
  const bad: string[] = [];
  for (const [file, specs] of graph.external) {
    const area = areaOf(file);
    for (const spec of specs) {
      const vscode = spec === 'vscode' || spec.startsWith('vscode/');
      const node = NODE_MODULES.has(spec) && !ALLOWED.has(spec);
      const vscodeHost = area === 'vscode' || area === 'web';
      if ((vscode && !vscodeHost) || (node && (area.startsWith('core/') || area === 'web')))
        bad.push(`${rel(file)} imports ${spec}`);
    }
  }
  return bad;
}

describe('layers of src/', () => {
  const graph = sourceGraph();

  it('puts every file of src/ in a layer, and has files in every layer it names', () => {
    const areas = new Set([...graph.edges.keys()].map(areaOf));
    const named = [...Object.keys(LAYERS).map((l) => `core/${l}`), ...Object.keys(OUTSIDE_CORE)];
    assert.deepEqual(
      named.filter((a) => !areas.has(a)),
      [],
    );
  });

  it('imports only downward, within a layer, or as its row allows', () => {
    assert.deepEqual(forbiddenImports(graph), []);
  });

  it('has no import cycle between files', () => {
    assert.deepEqual(
      cycles(graph.edges).map((group) => group.map(rel)),
      [],
    );
  });

  it('has no import cycle between folders', () => {
    assert.deepEqual(cycles(folderEdges(graph)).sort(), []);
  });

  it('imports vscode only in src/vscode and src/web, and Node modules nowhere in src/core or src/web', () => {
    assert.deepEqual(platformImports(graph), []);
  });

  it("agrees with CONTRIBUTING.md's table: each folder's row names the layer its README gives", () => {
    const contributing = fs.readFileSync(path.resolve(SRC, '../CONTRIBUTING.md'), 'utf8');
    const rows = new Map<string, number>();
    for (const [, n, where] of contributing.matchAll(/^\| (\d+) [^|]+\| ([^|]+) \|/gm))
      for (const [, folder] of where!.matchAll(/`src\/core\/([\w.]+)`/g)) rows.set(folder!, Number(n));
    assert.deepEqual(Object.fromEntries([...rows].sort()), Object.fromEntries(Object.entries(LAYERS).sort()));
  });
});

describe('the layer checks can fail', () => {
  const at = (file: string) => path.join(SRC, file);
  const fake = (pairs: [string, string][]): Graph => ({
    edges: new Map(pairs.map(([from, to]) => [at(from), [at(to)]])),
    external: new Map(),
  });

  it('catches an upward import in the core, the core reaching out, and a folder beyond its row', () => {
    const graph = fake([
      ['core/ground/a.ts', 'core/modes/b.ts'],
      ['core/text/c.ts', 'core/ground/d.ts'],
      ['core/read/e.ts', 'node/f.ts'],
      ['node/g.ts', 'core/symbols/h.ts'],
      ['workers/i.ts', 'core/session/j.ts'],
      ['vscode/k.ts', 'cli/l.ts'],
      ['mcp/m.ts', 'cli/n.ts'],
      ['node/o.ts', 'workers/p.ts'],
      ['core/engine.ts', '../package.json'],
    ]);
    assert.equal(forbiddenImports(graph).length, 9);
  });

  it('lets the rows through that CONTRIBUTING.md allows', () => {
    const graph = fake([
      ['core/ground/a.ts', 'core/text/b.ts'],
      ['core/read/c.ts', 'core/symbols/d.ts'],
      ['node/e.ts', 'core/ground/f.ts'],
      ['workers/g.ts', 'core/search/h.ts'],
      ['workers/i.ts', 'node/j.ts'],
      ['cli/k.ts', 'mcp/l.ts'],
      ['vscode/m.ts', 'core/engine.ts'],
      ['cli/main.ts', '../package.json'],
    ]);
    assert.deepEqual(forbiddenImports(graph), []);
  });

  it('finds a cycle between files and one between folders', () => {
    const graph = fake([
      ['core/read/a.ts', 'core/diff/b.ts'],
      ['core/diff/b.ts', 'core/read/a.ts'],
      ['core/symbols/c.ts', 'core/search/d.ts'],
      ['core/search/e.ts', 'core/symbols/f.ts'],
    ]);
    assert.equal(cycles(graph.edges).length, 1);
    assert.deepEqual(cycles(folderEdges(graph)).sort(), [
      ['core/diff', 'core/read'],
      ['core/search', 'core/symbols'],
    ]);
  });

  it('refuses a core folder whose README does not name its layer', () => {
    const core = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-layers-'));
    try {
      fs.writeFileSync(path.join(core, 'README.md'), 'engine.ts: layer 6 (engine).\n');
      fs.mkdirSync(path.join(core, 'text'));
      fs.writeFileSync(path.join(core, 'text', 'README.md'), '# text: layer 0 (text)\n');
      assert.deepEqual(readLayers(core), { text: 0, 'engine.ts': 6 });
      fs.mkdirSync(path.join(core, 'plugins'));
      assert.throws(() => readLayers(core), /plugins\/README.md must start/);
      fs.writeFileSync(path.join(core, 'plugins', 'README.md'), '# plugins: the plugins\n');
      assert.throws(() => readLayers(core), /plugins\/README.md must start/);
    } finally {
      fs.rmSync(core, { recursive: true, force: true });
    }
  });

  it('refuses a file in no layer and a platform module in the wrong place', () => {
    assert.throws(() => areaOf(at('core/newFolder/a.ts')), /in no layer/);
    assert.throws(() => areaOf(at('plugins/a.ts')), /in no layer/);
    const graph: Graph = {
      edges: new Map(),
      external: new Map([
        [at('core/read/a.ts'), ['node:fs', 'node:path']],
        [at('cli/b.ts'), ['vscode']],
        [at('vscode/c.ts'), ['vscode', 'node:fs']],
        [at('web/d.ts'), ['vscode', 'node:fs']],
      ]),
    };
    assert.deepEqual(platformImports(graph), [
      'core/read/a.ts imports node:fs',
      'cli/b.ts imports vscode',
      'web/d.ts imports node:fs',
    ]);
  });
});
